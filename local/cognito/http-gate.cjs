/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, loaded by the emulator process (emulator.cjs) */
/**
 * What stands between the Cognito emulator's port and everything else on the machine. cognito-local answers any
 * page in any browser (wildcard CORS) and every operation without credentials; Cognito itself needs AWS
 * credentials for its IAM operations and a browser can only reach it with the site's own requests. So:
 * - a browser request (Origin, or Sec-Fetch-Site other than a typed address) is refused: the SPA goes through
 *   the site's /_cognito proxy, which checks the site and drops the browser's headers before forwarding;
 * - the Host must be this loopback port (a DNS-rebinding page names its own host);
 * - only the client operations (CLIENT_OPERATIONS) are open, as Cognito's unauthenticated and token-authorised
 *   ones are; every other operation (Admin*, pool management, ListUsers) needs the install's admin secret
 *   (local/cognito/local-secrets.ts), as Cognito needs IAM credentials;
 * - only the operations endpoint and the key set are served (no hosted-login pages: the local stack has none);
 * - no CORS headers go out.
 */
const { createHash, timingSafeEqual } = require('node:crypto');

const ADMIN_SECRET_HEADER = 'x-runway-local-admin-secret';
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const KEY_SET_PATH = /^\/[\w-]+\/\.well-known\/jwks\.json$/;

const digest = (value) => createHash('sha256').update(String(value)).digest();

function refuse(res, status, type, message) {
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ __type: type, message }));
}

/**
 * The request listener for the emulator's port: checks, then hands the request to cognito-local's app.
 * @param {{ app: (req: any, res: any) => void, port: number, adminSecret: string, clientOperations: Set<string> }} options
 */
function gate({ app, port, adminSecret, clientOperations }) {
  const secret = digest(adminSecret);
  const hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
  return (req, res) => {
    const fetchSite = req.headers['sec-fetch-site'];
    if (req.headers.origin !== undefined || (fetchSite !== undefined && fetchSite !== 'none')) {
      return refuse(res, 403, 'AccessDeniedException', 'Browsers reach accounts through the site (/_cognito), not this port');
    }
    if (!hosts.has(String(req.headers.host ?? '').toLowerCase())) return refuse(res, 403, 'AccessDeniedException', 'Unknown host');
    const pathname = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && (KEY_SET_PATH.test(pathname) || pathname === '/health')) return serve(app, req, res);
    if (req.method !== 'POST' || pathname !== '/') return refuse(res, 404, 'ResourceNotFoundException', 'Not found');
    const target = String(req.headers['x-amz-target'] ?? '');
    const operation = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
    if (!clientOperations.has(operation)) {
      const given = req.headers[ADMIN_SECRET_HEADER];
      if (typeof given !== 'string') return refuse(res, 403, 'MissingAuthenticationTokenException', 'Missing Authentication Token');
      if (!timingSafeEqual(digest(given), secret)) return refuse(res, 403, 'UnrecognizedClientException', 'The security token included in the request is invalid.');
    }
    return serve(app, req, res);
  };
}

/** cognito-local's app, with its wildcard CORS headers dropped. */
function serve(app, req, res) {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => (/^access-control-/i.test(name) ? res : setHeader(name, value));
  app(req, res);
}

module.exports = { gate, ADMIN_SECRET_HEADER };
