/**
 * The local stack is reachable by any web page the developer opens (it is on localhost). Its state-changing
 * endpoints accept requests from the site itself and from non-browser clients (tests, the CLI), never from
 * another site, whether by fetch or by a plain form post (Origin and Sec-Fetch-Site say which).
 */
import type { IncomingMessage } from 'node:http';

/** True when the request comes from the site's own pages or from a non-browser client (tests, CLIs). */
export function fromSiteOrNonBrowser(req: IncomingMessage, siteOrigin: string): boolean {
  const fetchSite = req.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  const allowed = new Set([siteOrigin, siteOrigin.replace('//localhost:', '//127.0.0.1:')]);
  return allowed.has(origin);
}
