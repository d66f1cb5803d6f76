/**
 * The CloudFront Function (viewer request). Plain ES5-style JavaScript: the CloudFront JS 2.0 runtime is not
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
