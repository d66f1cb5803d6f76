/**
 * The local server's static site answers as CloudFront does: every page of the site, from the same
 * lists the CloudFront function and the route table are held to (shared/prerendered-paths.ts), with 200; any other
 * path with the SPA shell and HTTP 404, so the 404 page shows and crawlers see the status.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteFiles } from '../../local/site-files';
import { CLIENT_ONLY_PATHS, PRERENDERED_PATHS } from '../../shared/prerendered-paths';

const SHELL = '<!doctype html><div id="root"></div><!-- shell -->';
const PASS_SHELL = '<!doctype html><div id="root"><h1>Booking pass</h1></div><!-- pass shell -->';
let dist: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'runway-site-'));
  writeFileSync(path.join(dist, 'spa.html'), SHELL);
  writeFileSync(path.join(dist, 'pass-shell.html'), PASS_SHELL);
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><h1>home</h1>');
  mkdirSync(path.join(dist, 'faq'));
  writeFileSync(path.join(dist, 'faq/index.html'), '<!doctype html><h1>faq</h1>');
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets/app.js'), 'console.log(1)');
  const files = siteFiles(dist);
  server = createServer((req, res) => files(req, res, () => res.writeHead(404).end('next')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

describe('the local static site', () => {
  it.each(['/payment-test', '/test-route', '/articles/no-such-article', '/no/such/page', '/admin/nothing'])('%s answers 404 with the SPA shell', async (p) => {
    const res = await fetch(`${base}${p}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toBe(SHELL);
  });

  it('answers every page of the site with 200', async () => {
    for (const p of [...PRERENDERED_PATHS, ...CLIENT_ONLY_PATHS, '/faq/', '/pass/p1.abc.def', '/payment?canceled=true']) {
      const res = await fetch(`${base}${p}`);
      expect(res.status, p).toBe(200);
    }
    expect(await (await fetch(`${base}/faq`)).text()).toContain('<h1>faq</h1>');
    expect(await (await fetch(`${base}/customer-dashboard`)).text()).toBe(SHELL);
    expect(await (await fetch(`${base}/admin/customers/0f8fad5b-d9cb-469f-a165-70867728950e`)).text()).toBe(SHELL);
    // The pass has a shell of its own: its pre-rendered skeleton.
    expect(await (await fetch(`${base}/pass/p1.abc.def`)).text()).toBe(PASS_SHELL);
    expect((await fetch(`${base}/assets/app.js`)).status).toBe(200);
  });

  it('caches the hashed assets for a year and has every page revalidated, as CloudFront does', async () => {
    const asset = await fetch(`${base}/assets/app.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const p of ['/', '/faq', '/payment?canceled=true']) {
      const page = await fetch(`${base}${p}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    }
  });

  it('answers HEAD of an unknown path with 404 and no body', async () => {
    const res = await fetch(`${base}/nowhere`, { method: 'HEAD' });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('');
  });
});
