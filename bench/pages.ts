/**
 * The gzip JS each public page needs, measured for real: every route of the SPA's own route table
 * (web/src/app/routes.tsx, with each blog article for `articles/:slug` and an unknown path for `*`) is loaded
 * in headless Chromium against the built site on the local stack, in a fresh browser context (empty
 * cache), and the JS responses it fetched are summed, each gzipped at level 9 as `Bundle sizes` does.
 * "Route" is what the page fetched beyond the JS index.html loads before first render.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import type { RouteObject } from 'react-router-dom';
import { articlePath, BLOG_POSTS } from '../web/src/features/info/content/blog-posts';
import { pageRoutes } from '../web/src/app/routes';
import { initialScripts, librariesIn } from './bundles';
import type { BenchModule } from './context';
import { benchPassPath } from './pass-page';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const NOT_FOUND_PATH = '/no-such-page';

/**
 * The URL paths to visit, one per route (every article for a `:slug` route, a real booking's pass for `pass/:token`),
 * from the route table itself.
 */
export function publicPaths(routes: RouteObject[] = pageRoutes, passPath?: string): { label: string; path: string }[] {
  const out: { label: string; path: string }[] = [];
  for (const r of routes) {
    if (r.index) out.push({ label: '/', path: '/' });
    else if (r.path === '*') out.push({ label: `404 (${NOT_FOUND_PATH})`, path: NOT_FOUND_PATH });
    else if (r.path === 'articles/:slug') for (const p of BLOG_POSTS) out.push({ label: articlePath(p), path: articlePath(p) });
    else if (r.path === 'pass/:token' && passPath) out.push({ label: '/pass/<token> (a paid booking)', path: passPath });
    // An admin page: signed out, any id shows the sign-in prompt, which is what an empty cache fetches for it.
    else if (r.path === 'admin/customers/:id') out.push({ label: '/admin/customers/<id>', path: '/admin/customers/00000000-0000-4000-8000-000000000000' });
    else if (r.path?.includes(':')) throw new Error(`bench/pages.ts does not know what to put in route ${r.path}`);
    else if (r.path) out.push({ label: `/${r.path}`, path: `/${r.path}` });
  }
  return out;
}

/** BENCH_PAGES=/,pass measures only those pages (`pass` is the paid booking's pass), e.g. beside Lighthouse's two. */
function chosenPages(all: { label: string; path: string }[], passPath: string): { label: string; path: string }[] {
  const only = process.env.BENCH_PAGES?.split(',').map((p) => p.trim()).filter(Boolean);
  if (!only?.length) return all;
  return all.filter((p) => only.includes(p.path) || (only.includes('pass') && p.path === passPath));
}

const gz = (buf: Buffer) => gzipSync(buf, { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const pages: BenchModule = {
  title: 'Page JS: gzip JS each public page fetches (headless Chromium, built site, empty cache)',
  async run(ctx) {
    const stack = await ctx.stack();
    const dist = path.join(ctx.root, 'web/dist');
    // The first-load set, by URL path (/assets/x.js), to split each page's total into shared + route.
    const initial = new Set(initialScripts(dist).map((f) => '/' + path.relative(dist, f).split(path.sep).join('/')));
    const initialBytes = initialScripts(dist).reduce((sum, f) => sum + gz(readFileSync(f)), 0);
    ctx.report(`first load (index.html's ${initial.size} scripts), gzip`, kb(initialBytes), 'KB');
    const passPath = await benchPassPath(ctx);
    console.log(`  ${'page'.padEnd(40)} ${'files'.padStart(5)} ${'total KB'.padStart(9)} ${'route KB'.padStart(9)}  heavy libraries fetched`);

    let browser: Browser | undefined;
    try {
      browser = await chromium.launch({ executablePath: CHROME_PATH, headless: true, timeout: 30_000 });
      for (const { label, path: p } of chosenPages(publicPaths(pageRoutes, passPath), passPath)) {
        const context = await browser.newContext();
        try {
          const page = await context.newPage();
          const scripts: Promise<{ url: string; bytes: number; libs: string[] }>[] = [];
          page.on('response', (res) => {
            if (res.request().resourceType() !== 'script' || !res.ok()) return;
            // A body still arriving when the page is given up (a timeout) is counted as empty, never left to reject unhandled.
            scripts.push(res.body().then((b) => ({ url: new URL(res.url()).pathname, bytes: gz(b), libs: librariesIn(b) }), () => ({ url: new URL(res.url()).pathname, bytes: 0, libs: [] })));
          });
          await page.goto(stack.url + p, { waitUntil: 'networkidle', timeout: 30_000 });
          await page.locator('h1').first().waitFor({ timeout: 10_000 });
          const got = await Promise.all(scripts);
          const foreign = got.filter((s) => !s.url.startsWith('/assets/'));
          const total = got.reduce((s, x) => s + x.bytes, 0);
          const route = got.filter((s) => !initial.has(s.url)).reduce((s, x) => s + x.bytes, 0);
          const note = foreign.length ? `  (incl. ${foreign.map((f) => f.url).join(', ')})` : '';
          const libs = [...new Set(got.flatMap((s) => s.libs))].join(', ') || '-';
          console.log(`  ${label.padEnd(40)} ${String(got.length).padStart(5)} ${kb(total).padStart(9)} ${kb(route).padStart(9)}  ${libs}${note}`);
        } catch (e) {
          console.log(`  ${label.padEnd(40)} not measured: ${(e as Error).message.split('\n')[0]}`);
        } finally {
          await context.close();
        }
      }
    } finally {
      await browser?.close();
    }
  },
};
export default pages;
