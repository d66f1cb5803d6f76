/**
 * The built site as the local server serves it, answering as CloudFront does: a page of the site (pre-rendered, or a
 * client route from the same lists, shared/prerendered-paths.ts) and any file with 200; any other path with the SPA
 * shell and HTTP 404, so the client shows its 404 page and crawlers and link checkers see the status.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sirv from 'sirv';
import { isClientPrefixedPath, isSitePage, prefixShellFile, SPA_SHELL_FILE } from '../shared/prerendered-paths';

/** The Cache-Control CloudFront gives a file of the site (infra/site.ts: the assets behaviour and the upload's own). */
export function cacheControlFor(pathname: string): string {
  return pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate';
}

export type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export function siteFiles(dist: string): Middleware {
  const assets = sirv(dist, {
    single: SPA_SHELL_FILE,
    etag: true,
    gzip: true,
    dev: false,
    // As CloudFront answers (infra/site.ts): the hashed /assets/* for a year, everything else revalidated on each load.
    // Without it sirv sends no Cache-Control, and browsers asked the server about every chunk on every page load.
    setHeaders: (res, pathname) => res.setHeader('cache-control', cacheControlFor(pathname)),
  });
  return (req, res, next) => {
    const pathname = (req.url ?? '/').split('?')[0]!;
    // /pass/<token>: the token's dots would read as a file name; it is its shell (the pass's own), as CloudFront answers it.
    if (isClientPrefixedPath(pathname)) req.url = `/${prefixShellFile(pathname)}`;
    if (isClientPrefixedPath(pathname) || path.extname(pathname) !== '' || isSitePage(pathname)) return assets(req, res, next);
    res.writeHead(404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : readFileSync(path.join(dist, SPA_SHELL_FILE)));
  };
}
