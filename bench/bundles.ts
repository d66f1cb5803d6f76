/**
 * Sizes that decide load and cold-start time: the gzip JS that `/` needs before first render (the entry
 * chunk plus its static imports, as index.html loads them), and each handler bundled as CDK bundles it.
 */
import { build, type BuildOptions } from 'esbuild';
import { readFileSync } from 'node:fs';
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

const bundles: BenchModule = {
  title: 'Bundle sizes',
  async run(ctx) {
    ctx.buildWeb();
    const dist = path.join(ctx.root, 'web/dist');
    const files = initialScripts(dist);
    const all = Buffer.concat(files.map((f) => readFileSync(f)));
    ctx.report(`JS before first render of / (${files.length} files), gzip`, gzipKb(all), 'KB');
    for (const r of routes) {
      const out = await build({ ...HANDLER_BUNDLE_OPTIONS, entryPoints: [path.join(ctx.root, 'functions', r.entry)] });
      const code = out.outputFiles[0]!.contents;
      ctx.report(`handler ${r.method} ${r.path} (minified / gzip)`, `${(code.length / 1024).toFixed(0)} / ${gzipKb(code)}`, 'KB');
    }
  },
};
export default bundles;
