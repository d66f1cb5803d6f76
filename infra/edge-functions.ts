/**
 * The CloudFront Function (viewer request). Plain ES5-style JavaScript: the CloudFront JS 2.0 runtime is not
 * Node, and the code ships inline in the template.
 */

import { PRERENDERED_PATHS, prerenderedFile, SPA_SHELL_FILE } from '../shared/prerendered-paths';
import { EDGE_HEADERS } from '../functions/routes';

const prerendered = Object.fromEntries(PRERENDERED_PATHS.map((p) => [p, `/${prerenderedFile(p)}`]));

/**
 * Pre-rendered public pages (/faq, with or without a trailing slash) get their own HTML (faq/index.html);
 * every other client-side route (/payment, /admin, an unknown path for the 404 page) gets the SPA shell;
 * anything that looks like a file is fetched as is.
 */
export const SPA_FALLBACK_CODE = `var PAGES = ${JSON.stringify(prerendered)};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    var path = uri.length > 1 ? uri.replace(/\\/+$/, '') : uri;
    request.uri = PAGES[path || '/'] || '/${SPA_SHELL_FILE}';
  }
  return request;
}`;

/**
 * /api/* (viewer request): the viewer's own address, as CloudFront saw it, in the header the functions read
 * (EDGE_HEADERS.viewerAddress), replacing whatever the viewer sent under that name. Behind
 * CloudFront the API sees an edge server's address, so request budgets need this to tell visitors apart.
 */
export const VIEWER_ADDRESS_CODE = `function handler(event) {
  var request = event.request;
  request.headers['${EDGE_HEADERS.viewerAddress}'] = { value: event.viewer.ip };
  return request;
}`;
