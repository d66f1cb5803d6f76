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

/**
 * The information pages: pre-rendered pages that hydrate only their islands (web/src/app/content-main.tsx), not the
 * whole app. `/` (the quote card) and `/booking` (the booking form) are the app, hydrated as one tree.
 */
export const APP_PAGES = ['/', '/booking'] as const;
export const isContentPage = (p: string): boolean => (PRERENDERED_PATHS as readonly string[]).includes(p) && !(APP_PAGES as readonly string[]).includes(p);

/** The SPA shell: an empty root the client renders into, for client-only routes and unknown paths (404). */
export const SPA_SHELL_FILE = 'spa.html';

/** Where a pre-rendered path's HTML lives in the build: / is index.html, /faq is faq/index.html. */
export const prerenderedFile = (p: string): string => (p === '/' ? 'index.html' : `${p.slice(1)}/index.html`);

/**
 * The routes the client renders from the SPA shell (web/src/app/routes.tsx; a unit test keeps the two equal). With the
 * pre-rendered pages they are every page the site has: any other path is answered with the shell and HTTP 404, and
 * the client shows its 404 page.
 */
export const CLIENT_ONLY_PATHS = ['/payment', '/payment-success', '/payment-failure', '/login', '/customer-auth', '/auth', '/customer-dashboard', '/admin', '/admin/day-sheet', '/yard/queue', '/manage-booking', '/manage-booking/open', '/yard', '/admin/walk-in', '/admin/customers'] as const;

/**
 * Client routes with one parameter segment after a fixed prefix: the booking pass, `/pass/<token>`. Its token holds
 * dots (`p1.<id>.<mac>`), so it must be recognised before anything treats the path as a file name.
 */
export const CLIENT_ONLY_PREFIXES = ['/pass/', '/admin/customers/'] as const;

/**
 * The pass's own shell: the pass's loading skeleton pre-rendered, with the script that starts its request
 * (web/prerender-plugin.ts), so `/pass/<token>` paints at once and nothing moves when the booking arrives.
 */
export const PASS_SHELL_FILE = 'pass-shell.html';

/** The shell each prefix is answered with where it is not the SPA shell. */
export const PREFIX_SHELLS: Partial<Record<(typeof CLIENT_ONLY_PREFIXES)[number], string>> = { '/pass/': PASS_SHELL_FILE };

/** The file that answers a client route under a prefix (isClientPrefixedPath): its own shell, or the SPA shell. */
export function prefixShellFile(pathname: string): string {
  const prefix = CLIENT_ONLY_PREFIXES.find((p) => pathname.startsWith(p));
  return (prefix && PREFIX_SHELLS[prefix]) ?? SPA_SHELL_FILE;
}

/** `/pass/<one segment>`: a parameterised client route (CLIENT_ONLY_PREFIXES). */
export function isClientPrefixedPath(pathname: string): boolean {
  return CLIENT_ONLY_PREFIXES.some((prefix) => pathname.startsWith(prefix) && /^[^/]+\/?$/.test(pathname.slice(prefix.length)));
}

/** The shell again under its own key, for unknown paths: CloudFront answers it with 404 (infra/edge-functions.ts). */
export const NOT_FOUND_FILE = '404.html';

/** A path (query and hash left off) that is one of the site's pages; a trailing slash is the same page. */
export function isSitePage(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (PRERENDERED_PATHS as readonly string[]).includes(p || '/') || (CLIENT_ONLY_PATHS as readonly string[]).includes(p) || isClientPrefixedPath(p);
}
