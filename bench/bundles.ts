/**
 * Sizes that decide load and cold-start time: the gzip JS that `/` needs before first render (the entry
 * chunk plus its static imports, as index.html loads them), and each handler bundled as CDK bundles it.
 */
import { build, type BuildOptions } from 'esbuild';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { routes } from '../functions/routes';
import type { BenchModule } from './context';

export const HANDLER_BUNDLE_OPTIONS: BuildOptions & { write: false } = {
  bundle: true,
  minify: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  mainFields: ['module', 'main'],
  write: false,
  logLevel: 'silent',
};

/** JS files index.html loads before first render: the module entry and its modulepreload imports. */
export function initialScripts(distDir: string): string[] {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const srcs = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map((m) => m[1]!);
  return [...new Set(srcs)].map((s) => path.join(distDir, s.replace(/^\//, '')));
}

export const gzipKb = (buf: Buffer | Uint8Array) => (gzipSync(buf, { level: 9 }).length / 1024).toFixed(1);

/**
 * Heavy libraries that must load only where they are used, each found by a string literal of its own that survives
 * minification: the QR encoder (the pass and TOTP pages), the PDF writer (the invoice handlers) and the Apple Wallet
 * pass writer (its one handler).
 */
export const LIBRARY_MARKERS = {
  'uqr (QR code)': 'Mask value out of range',
  'pdf-lib (PDF)': 'pdf-lib (https://github.com/Hopding/pdf-lib)',
  'passkit-generator (Apple Wallet)': 'Cannot set buffers in constructor',
} as const;

/** The marked libraries a file's text holds. */
export const librariesIn = (code: Buffer | Uint8Array | string): string[] => {
  const text = typeof code === 'string' ? code : Buffer.from(code).toString('latin1');
  return Object.entries(LIBRARY_MARKERS)
    .filter(([, marker]) => text.includes(marker))
    .map(([name]) => name);
};

/** The built SPA's JS files that hold each marked library (none of them may be in the first load). */
export function webChunksWith(distDir: string): Record<string, string[]> {
  const dir = path.join(distDir, 'assets');
  const files = readdirSync(dir).filter((f) => f.endsWith('.js'));
  const out: Record<string, string[]> = {};
  for (const f of files) for (const lib of librariesIn(readFileSync(path.join(dir, f)))) (out[lib] ??= []).push(`/assets/${f}`);
  return out;
}

const bundles: BenchModule = {
  title: 'Bundle sizes',
  async run(ctx) {
    ctx.buildWeb();
    const dist = path.join(ctx.root, 'web/dist');
    const files = initialScripts(dist);
    const all = Buffer.concat(files.map((f) => readFileSync(f)));
    ctx.report(`JS before first render of / (${files.length} files), gzip`, gzipKb(all), 'KB');
    const initial = new Set(files.map((f) => '/' + path.relative(dist, f).split(path.sep).join('/')));
    for (const [lib, chunks] of Object.entries(webChunksWith(dist))) {
      const inFirst = chunks.filter((c) => initial.has(c));
      console.log(`  ${lib} in the SPA: ${chunks.join(', ')}${inFirst.length ? `; IN THE FIRST LOAD: ${inFirst.join(', ')}` : ' (not in the first load; bench "Page JS" lists the pages that fetch it)'}`);
    }
    const handlersWith: Record<string, string[]> = {};
    for (const r of routes) {
      const out = await build({ ...HANDLER_BUNDLE_OPTIONS, entryPoints: [path.join(ctx.root, 'functions', r.entry)] });
      const code = out.outputFiles[0]!.contents;
      ctx.report(`handler ${r.method} ${r.path} (minified / gzip)`, `${(code.length / 1024).toFixed(0)} / ${gzipKb(code)}`, 'KB');
      for (const lib of librariesIn(code)) (handlersWith[lib] ??= []).push(`${r.method} ${r.path}`);
    }
    for (const lib of Object.keys(LIBRARY_MARKERS)) console.log(`  handlers bundling ${lib}: ${handlersWith[lib]?.join(', ') ?? 'none'}`);
  },
};
export default bundles;
