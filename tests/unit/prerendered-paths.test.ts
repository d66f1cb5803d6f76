import { describe, expect, it } from 'vitest';
import { CLIENT_ONLY_PATHS, isSitePage, PRERENDERED_PATHS, prerenderedFile } from '../../shared/prerendered-paths';
import { pageRoutes } from '../../web/src/app/routes';
import { sitemapPaths } from '../../web/src/features/info/content/public-pages';
import { fillTemplate } from '../../web/prerender-plugin';

describe('pre-rendered pages', () => {
  it('are the sitemap pages plus /booking, so every public page paints before its script', () => {
    expect([...PRERENDERED_PATHS].sort()).toEqual([...sitemapPaths(), '/booking'].sort());
  });

  it('live at <path>/index.html, the home page at index.html', () => {
    expect(prerenderedFile('/')).toBe('index.html');
    expect(prerenderedFile('/articles/a')).toBe('articles/a/index.html');
  });

  it('fill the built index.html: the markup in the root and the page own head tags, escaped', () => {
    const template =
      '<title>Home</title><meta name="description" content="home" /><meta property="og:title" content="Home"><meta property="og:description" content="home"><meta property="og:url" content="https://x/"><div id="root"></div>';
    const out = fillTemplate(template, { html: '<h1>FAQ $&</h1>', meta: { title: 'FAQ | "R"', description: 'a < b' } }, 'https://x/faq');
    expect(out).toContain('<div id="root"><h1>FAQ $&</h1></div>');
    expect(out).toContain('<title>FAQ | &quot;R&quot;</title>');
    expect(out).toContain('<meta name="description" content="a &lt; b" />');
    expect(out).toContain('<meta property="og:url" content="https://x/faq">');
  });

  it("with the client-only routes, are every page of the app's route table: any other path is a 404", () => {
    // The route table's own paths, as written in web/src/app/routes.tsx ('*' is the 404 page; articles are by slug).
    const routed = pageRoutes.map((r) => (r.index ? '/' : `/${r.path}`)).filter((p) => p !== '/*' && p !== '/articles/:slug' && p !== '/pass/:token' && p !== '/admin/customers/:id');
    const prerenderedArticles = PRERENDERED_PATHS.filter((p) => p.startsWith('/articles/'));
    expect([...routed].sort()).toEqual([...PRERENDERED_PATHS.filter((p) => !prerenderedArticles.includes(p)), ...CLIENT_ONLY_PATHS].sort());
    expect(isSitePage('/faq/')).toBe(true);
    expect(isSitePage('/admin/day-sheet')).toBe(true);
    expect(isSitePage('/articles/first-time-parking-tips')).toBe(true);
    expect(isSitePage('/articles/no-such-article')).toBe(false);
    expect(isSitePage('/no/such/page')).toBe(false);
    expect(isSitePage('/admin/nothing')).toBe(false);
    expect(isSitePage('/admin/customers/0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
    expect(isSitePage('/admin/customers/a/b')).toBe(false);
    // The pass: one token segment, dots and all (CLIENT_ONLY_PREFIXES).
    expect(pageRoutes.some((r) => r.path === 'pass/:token')).toBe(true);
    expect(isSitePage('/pass/p1.0c6b1a52-7d8e-4d61-9d1f-2b0f3c4d5e6f.AbCdEfGhIjKlMnOpQrStUv')).toBe(true);
    expect(isSitePage('/pass/')).toBe(false);
    expect(isSitePage('/pass/a/b')).toBe(false);
  });
});
