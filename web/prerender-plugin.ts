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
import { PASS_SHELL_FILE, PRERENDERED_PATHS, prerenderedFile, SPA_SHELL_FILE } from '../shared/prerendered-paths.ts';
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

/** The pass shell's early-request entry, relative to web/ (its key in the build's manifest; vite.config.ts builds it). */
export const PASS_EARLY_ENTRY = 'src/features/pass/pass-early.ts';

/** The parts of Vite's build manifest (dist/.vite/manifest.json) read here. */
export type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }>;

/**
 * A client route's pre-rendered shell: its loading state rendered at a stand-in address, with tags that start its
 * route chunk, its static imports and CSS, and its early script (an entry of the build) as the HTML arrives,
 * rather than after the app's code has run and asked for them.
 */
export const SHELLS = [{ file: PASS_SHELL_FILE, url: '/pass/shell', route: 'src/app/PassRoute.tsx', early: PASS_EARLY_ENTRY }] as const;

/** The chunk files a manifest entry loads: itself and its static imports, not the app's entry (index.html loads it). */
function chunkClosure(manifest: Manifest, key: string, files = new Set<string>(), css = new Set<string>()): { files: Set<string>; css: Set<string> } {
  const item = manifest[key];
  if (!item) throw new Error(`the build manifest has no ${key}`);
  if (key === 'index.html' || files.has(item.file)) return { files, css };
  files.add(item.file);
  for (const c of item.css ?? []) css.add(c);
  for (const i of item.imports ?? []) chunkClosure(manifest, i, files, css);
  return { files, css };
}

/**
 * The built index.html with a shell's tags: first, ahead of the app's own script so the browser asks for them first,
 * the early script (async, so it runs as soon as its few small files are in) and its imports; then, at the end of the
 * head, the route's CSS (render-blocking, so the skeleton paints styled) and a modulepreload for each of the route's
 * chunks. A file index.html already names gets no second tag.
 */
export function withShellTags(template: string, manifest: Manifest, route: string, early: string): string {
  const named = (f: string) => template.includes(`"/${f}"`);
  const earlyFile = manifest[early]!.file;
  const earlyChunks = [...chunkClosure(manifest, early).files].filter((f) => f !== earlyFile && !named(f));
  const routeChunks = chunkClosure(manifest, route);
  const preload = (f: string) => `<link rel="modulepreload" crossorigin href="/${f}">`;
  const head = [`<script type="module" async crossorigin src="/${earlyFile}"></script>`, ...earlyChunks.map(preload)];
  const tail = [...[...routeChunks.css].map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`), ...[...routeChunks.files].filter((f) => !named(f) && !earlyChunks.includes(f)).map(preload)];
  const entry = template.indexOf('<script type="module"');
  if (entry < 0 || !template.includes('</head>')) throw new Error('index.html has no module script or </head> to put the shell tags by');
  const withHead = `${template.slice(0, entry)}${head.join('\n    ')}\n    ${template.slice(entry)}`;
  return withHead.replace('</head>', () => `  ${tail.join('\n    ')}\n  </head>`);
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
        const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
        for (const shell of SHELLS) {
          const page = await render(shell.url);
          writeFileSync(path.join(outDir, shell.file), fillTemplate(withShellTags(template, manifest, shell.route, shell.early), page, `${origin}${shell.url}`));
        }
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };
}
