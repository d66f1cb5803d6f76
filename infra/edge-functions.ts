/**
 * The CloudFront Function (viewer request). Plain ES5-style JavaScript: the CloudFront JS 2.0 runtime is not
 * Node, and the code ships inline in the template.
 */

import { CLIENT_ONLY_PATHS, CLIENT_ONLY_PREFIXES, NOT_FOUND_FILE, PREFIX_SHELLS, PRERENDERED_PATHS, prerenderedFile, SPA_SHELL_FILE } from '../shared/prerendered-paths';
import { EDGE_HEADERS } from '../functions/routes';

const prerendered = Object.fromEntries(PRERENDERED_PATHS.map((p) => [p, `/${prerenderedFile(p)}`]));

/**
 * Pre-rendered public pages (/faq, with or without a trailing slash) get their own HTML (faq/index.html);
 * the client-side routes (/payment, /admin, /pass/<token> whose token has dots) get the SPA shell, or their prefix's own
 * shell (PREFIX_SHELLS: the pass's pre-rendered skeleton); any other path gets the shell's copy kept for unknown
 * paths (NOT_FOUND_FILE), which NOT_FOUND_STATUS_CODE answers with 404; anything that looks like a file is fetched as is.
 */
export const SPA_FALLBACK_CODE = `var PAGES = ${JSON.stringify(prerendered)};
var CLIENT = ${JSON.stringify(Object.fromEntries(CLIENT_ONLY_PATHS.map((p) => [p, true])))};
var PREFIXES = ${JSON.stringify(CLIENT_ONLY_PREFIXES)};
var SHELLS = ${JSON.stringify(PREFIX_SHELLS)};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  for (var i = 0; i < PREFIXES.length; i++) {
    var rest = uri.substring(PREFIXES[i].length);
    if (uri.indexOf(PREFIXES[i]) === 0 && rest.length > 0 && rest.replace(/\\/$/, '').indexOf('/') === -1) {
      request.uri = '/' + (SHELLS[PREFIXES[i]] || '${SPA_SHELL_FILE}');
      return request;
    }
  }
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    var path = uri.length > 1 ? uri.replace(/\\/+$/, '') : uri;
    request.uri = PAGES[path || '/'] || (CLIENT[path] ? '/${SPA_SHELL_FILE}' : '/${NOT_FOUND_FILE}');
  }
  return request;
}`;

/**
 * The default behaviour's viewer response: the not-found copy of the shell is stored with this metadata (infra/site.ts),
 * so its answer goes out as 404 (the page still renders: the client shows its 404 page). Nothing else is touched.
 */
export const NOT_FOUND_METADATA = { 'not-found': 'true' } as const;
export const NOT_FOUND_STATUS_CODE = `function handler(event) {
  var response = event.response;
  if (response.headers['x-amz-meta-not-found']) {
    delete response.headers['x-amz-meta-not-found'];
    if (response.statusCode === 200) {
      response.statusCode = 404;
      response.statusDescription = 'Not Found';
    }
  }
  return response;
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
