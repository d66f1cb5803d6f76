/**
 * Pre-renders the public pages at build time: after the browser build, the same React tree is built for
 * Node (src/app/entry-server.tsx), rendered once per path in shared/prerendered-paths.ts with
 * react-dom/server, and written into dist as faq/index.html (and so on) around the built index.html, with
 * the page's own <title>, description and Open Graph tags. The browser hydrates that HTML. dist/spa.html
 * keeps the empty shell for every other path. One build still serves every environment: nothing here
 * depends on the environment (runtime settings still come from /config.json).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { PRERENDERED_PATHS, prerenderedFile, SPA_SHELL_FILE } from '../shared/prerendered-paths.ts';
import { siteOrigin } from './seo-plugin.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT_MARKER = '<div id="root"></div>';

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface Rendered {
  html: string;
  meta: { title: string; description: string } | null;
}

/** The built index.html with a page's markup in its root and the page's own head tags. */
export function fillTemplate(template: string, page: Rendered, url: string): string {
  if (!template.includes(ROOT_MARKER)) throw new Error(`index.html has no ${ROOT_MARKER} to fill`);
  let out = template.replace(ROOT_MARKER, () => `<div id="root">${page.html}</div>`);
  const setAttr = (re: RegExp, value: string) => {
    out = out.replace(re, (_m, before: string) => `${before}"${attr(value)}"`);
  };
  if (page.meta) {
    out = out.replace(/<title>[^<]*<\/title>/, () => `<title>${attr(page.meta!.title)}</title>`);
    setAttr(/(<meta\s+name="description"\s+content=)"[^"]*"/, page.meta.description);
    setAttr(/(<meta\s+property="og:title"\s+content=)"[^"]*"/, page.meta.title);
    setAttr(/(<meta\s+property="og:description"\s+content=)"[^"]*"/, page.meta.description);
  }
  setAttr(/(<meta\s+property="og:url"\s+content=)"[^"]*"/, url);
  return out;
}

export default function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'runway-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return; // the Node build below runs this plugin too
      const outDir = path.resolve(config.root, config.build.outDir);
      // Inside web/ so the Node build's bare imports (react, react-router) resolve from the project's node_modules.
      const ssrDir = path.join(here, '.prerender');
      try {
        await build({
          configFile: path.join(here, 'vite.config.ts'),
          logLevel: 'warn',
          build: { ssr: path.join(here, 'src/app/entry-server.tsx'), outDir: ssrDir, emptyOutDir: true, sourcemap: false, manifest: false, copyPublicDir: false },
        });
        const entry = pathToFileURL(path.join(ssrDir, 'entry-server.js')).href;
        const { render } = (await import(entry)) as { render(url: string): Promise<Rendered> };
        const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        writeFileSync(path.join(outDir, SPA_SHELL_FILE), template);
        const origin = siteOrigin();
        for (const p of PRERENDERED_PATHS) {
          const page = await render(p);
          const file = path.join(outDir, prerenderedFile(p));
          mkdirSync(path.dirname(file), { recursive: true });
          writeFileSync(file, fillTemplate(template, page, `${origin}${p === '/' ? '/' : p}`));
        }
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };
}
