/**
 * The public pages the build renders to static HTML (web/prerender-plugin.ts), so text paints before the
 * script runs and crawlers see each page's own title and description. Every other path is answered with
 * the SPA shell (spa.html), locally and by the CloudFront function. Held here, plain data, because both the
 * web build and the CDK app read it; a unit test keeps it equal to the sitemap's pages plus /booking.
 */
export const PRERENDERED_PATHS = [
  '/',
  '/how-it-works',
  '/about',
  '/services',
  '/blog',
  '/contact',
  '/faq',
  '/privacy',
  '/terms',
  '/articles/first-time-parking-tips',
  '/articles/save-money-airport-parking',
  '/articles/airport-parking-security',
  '/booking',
] as const;

/** The SPA shell: an empty root the client renders into, for client-only routes and unknown paths (404). */
export const SPA_SHELL_FILE = 'spa.html';

/** Where a pre-rendered path's HTML lives in the build: / is index.html, /faq is faq/index.html. */
export const prerenderedFile = (p: string): string => (p === '/' ? 'index.html' : `${p.slice(1)}/index.html`);
