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
import { isContentPage, PASS_SHELL_FILE, PRERENDERED_PATHS, prerenderedFile, SPA_SHELL_FILE } from '../shared/prerendered-paths.ts';
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

/** The pass's own app entry (src/app/pass-main.tsx): the pass without the SPA's route table. */
export const PASS_ENTRY = 'src/app/pass-main.tsx';

/** The information pages' entry (src/app/content-main.tsx): only their islands are hydrated. */
export const CONTENT_ENTRY = 'src/app/content-main.tsx';

/** The parts of Vite's build manifest (dist/.vite/manifest.json) read here. */
export type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }>;

/**
 * A client route's pre-rendered shell: its loading state rendered at a stand-in address, loaded by an app entry of its
 * own (an entry of the build) in place of index.html's, with its early script, so the page asks for nothing the route
 * does not need.
 */
export const SHELLS = [{ file: PASS_SHELL_FILE, url: '/pass/shell', entry: PASS_ENTRY, early: PASS_EARLY_ENTRY }] as const;

/** The chunk files a manifest entry loads: itself and its static imports, with their CSS. */
function chunkClosure(manifest: Manifest, key: string, files = new Set<string>(), css = new Set<string>()): { files: Set<string>; css: Set<string> } {
  const item = manifest[key];
  if (!item) throw new Error(`the build manifest has no ${key}`);
  if (files.has(item.file)) return { files, css };
  files.add(item.file);
  for (const i of item.imports ?? []) chunkClosure(manifest, i, files, css);
  // After the imports': a chunk's own CSS comes after what it builds on (the site's styles before the pass's).
  for (const c of item.css ?? []) css.add(c);
  return { files, css };
}

// index.html's own script, preloads and stylesheets (Vite writes each on a line of its own).
const BUILT_TAG = /^\s*(<script type="module"[^>]*\bsrc="\/assets\/[^"]+"[^>]*><\/script>|<link rel="(modulepreload|stylesheet)"[^>]*\bhref="\/assets\/[^"]+"[^>]*>)\s*$/;

/**
 * The built index.html with a shell's tags in place of index.html's script, preloads and stylesheets: first the early
 * script, when the shell has one (async, so it runs as soon as its few small files are in) and its imports, then the
 * shell's entry and a modulepreload for each chunk it imports, then its CSS (render-blocking, so the page paints styled).
 */
export function withShellTags(template: string, manifest: Manifest, entry: string, early?: string): string {
  const lines = template.split('\n');
  const at = lines.findIndex((l) => BUILT_TAG.test(l));
  if (at < 0) throw new Error("index.html has no module script to put the shell's tags in place of");
  const earlyFiles = early ? [...chunkClosure(manifest, early).files] : [];
  const app = chunkClosure(manifest, entry);
  const [entryFile, ...entryChunks] = [...app.files];
  const preload = (f: string) => `<link rel="modulepreload" crossorigin href="/${f}">`;
  const indent = /^\s*/.exec(lines[at]!)![0];
  const tags = [
    ...earlyFiles.slice(0, 1).map((f) => `<script type="module" async crossorigin src="/${f}"></script>`),
    ...earlyFiles.slice(1).map(preload),
    `<script type="module" crossorigin src="/${entryFile}"></script>`,
    ...entryChunks.filter((f) => !earlyFiles.includes(f)).map(preload),
    ...[...app.css].map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
  ].map((t) => indent + t);
  const kept = lines.filter((l, i) => i < at || !BUILT_TAG.test(l));
  kept.splice(at, 0, ...tags);
  return kept.join('\n');
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
        const { render, renderIslands } = (await import(entry)) as { render(url: string): Promise<Rendered>; renderIslands(url: string): Promise<Rendered> };
        const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        writeFileSync(path.join(outDir, SPA_SHELL_FILE), template);
        const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
        // An information page loads the islands' entry instead of the app's (docs/architecture.md, "How pages hydrate").
        const contentTemplate = withShellTags(template, manifest, CONTENT_ENTRY);
        const origin = siteOrigin();
        for (const p of PRERENDERED_PATHS) {
          const islands = isContentPage(p);
          const page = await (islands ? renderIslands : render)(p);
          const file = path.join(outDir, prerenderedFile(p));
          mkdirSync(path.dirname(file), { recursive: true });
          writeFileSync(file, fillTemplate(islands ? contentTemplate : template, page, `${origin}${p === '/' ? '/' : p}`));
        }
        for (const shell of SHELLS) {
          const page = await render(shell.url);
          writeFileSync(path.join(outDir, shell.file), fillTemplate(withShellTags(template, manifest, shell.entry, shell.early), page, `${origin}${shell.url}`));
        }
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };
}
