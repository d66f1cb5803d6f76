/**
 * The security headers every response of the site carries, defined once: CloudFront's response headers policies
 * are built from this (infra/security-headers.ts) and the local server sends the same (local/front-door.ts), so a
 * page run with `npm start` can be framed, sniffed or scripted no more than the deployed one. One header differs by
 * path: the yard's pages may use the camera (YARD_PERMISSIONS_POLICY), every other page may not.
 *
 * The Content-Security-Policy allows only what the SPA really talks to: its own origin (pages, /api,
 * /config.json, and locally the /_cognito proxy), Cognito's API and managed login domain in AWS, and the photo
 * bucket for presigned uploads and signed view URLs. Inline styles are allowed because the UI library injects
 * <style> for scroll locking; scripts are never inline (except under Vite's hot reload, see `devServer`).
 */

export interface CspSources {
  /** Where photos are uploaded (presigned POST) and viewed (signed GET URLs): the bucket's origin. */
  photoOrigin: string;
  /** Other origins the SPA calls: Cognito's API and login domain in AWS; none locally (it goes through /_cognito). */
  connectOrigins: readonly string[];
  /** Served over HTTPS (AWS): every request is upgraded. Not locally, where the site and the photo store are plain http on loopback. */
  https: boolean;
  /** `npm run dev` only: Vite's React hot reload injects an inline module script into the page. */
  devServer?: boolean;
}

/** The sources in AWS, from the stack's own values. */
export function awsCspSources(s: { region: string; oauthDomain: string; photoBucketName: string }): CspSources {
  return {
    photoOrigin: `https://${s.photoBucketName}.s3.${s.region}.amazonaws.com`,
    connectOrigins: [`https://cognito-idp.${s.region}.amazonaws.com`, `https://${s.oauthDomain}`],
    https: true,
  };
}

export function contentSecurityPolicy(s: CspSources): string {
  return [
    "default-src 'self'",
    s.devServer ? "script-src 'self' 'unsafe-inline'" : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${s.photoOrigin}`,
    "font-src 'self'",
    ['connect-src', "'self'", ...s.connectOrigins, s.photoOrigin].join(' '),
    `form-action 'self' ${s.photoOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    ...(s.https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** The fixed headers, in the terms CloudFront's policy takes them. */
export const SECURITY_HEADERS = {
  /** Two years, subdomains included, not on the preload list. */
  strictTransportSecurity: { maxAgeSeconds: 730 * 24 * 60 * 60, includeSubdomains: true, preload: false },
  contentTypeOptions: 'nosniff',
  frameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
  // The legacy XSS auditor is off in every current browser and harmful where it is not; CSP does the job.
  xssProtection: { protection: false },
  permissionsPolicy: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  crossOriginOpenerPolicy: 'same-origin',
} as const;

/**
 * The yard's pages scan passes with the phone's camera, so there the site's own origin may use it (and nothing it
 * frames: it frames nothing). Every other page keeps the camera off.
 */
export const YARD_PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()';

/** The yard's pages as CloudFront path patterns: `/yard` itself and everything under `/yard/` (the pickup queue). */
export const CAMERA_PATH_PATTERNS = ['/yard', '/yard/*'] as const;

/** A path (no query) CAMERA_PATH_PATTERNS matches, as CloudFront matches them: `*` is any run of characters. */
export const isCameraPath = (pathname: string): boolean => pathname === '/yard' || pathname.startsWith('/yard/');

/** The Permissions-Policy a response to `pathname` carries. */
export const permissionsPolicyFor = (pathname: string): string => (isCameraPath(pathname) ? YARD_PERMISSIONS_POLICY : SECURITY_HEADERS.permissionsPolicy);

/**
 * The headers as a response carries them (lower-case names). Strict-Transport-Security only over HTTPS: a browser
 * ignores it on plain http, where the local server runs. The Permissions-Policy is the one for pages other than the
 * yard's; a response to a yard page carries `permissionsPolicyFor(path)` instead (CloudFront's yard behaviours, the
 * local front door).
 */
export function securityHeaderValues(sources: CspSources): Record<string, string> {
  const h = SECURITY_HEADERS;
  const hsts = h.strictTransportSecurity;
  return {
    'content-security-policy': contentSecurityPolicy(sources),
    ...(sources.https
      ? { 'strict-transport-security': [`max-age=${hsts.maxAgeSeconds}`, ...(hsts.includeSubdomains ? ['includeSubDomains'] : []), ...(hsts.preload ? ['preload'] : [])].join('; ') }
      : {}),
    'x-content-type-options': h.contentTypeOptions,
    'x-frame-options': h.frameOptions,
    'referrer-policy': h.referrerPolicy,
    'x-xss-protection': h.xssProtection.protection ? '1; mode=block' : '0',
    'permissions-policy': h.permissionsPolicy,
    'cross-origin-opener-policy': h.crossOriginOpenerPolicy,
  };
}
