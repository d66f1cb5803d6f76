/**
 * CloudFront Functions (viewer request). Plain ES5-style JavaScript: the CloudFront JS 2.0 runtime is not
 * Node, and the code ships inline in the template.
 */

/** Client-side routes (/booking, /articles/...) get the SPA; anything that looks like a file is fetched as is. */
export const SPA_FALLBACK_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/**
 * The API sees API Gateway's host, not the site's; this passes the viewer's host on so links and Stripe
 * redirects point back at the site (functions/lib/site-url.ts). Always overwritten, so a caller cannot
 * choose it, and the functions still accept only hosts they know.
 */
export const SITE_ORIGIN_HEADER_CODE = `function handler(event) {
  var request = event.request;
  request.headers['x-site-origin'] = { value: request.headers.host ? request.headers.host.value : '' };
  return request;
}`;
