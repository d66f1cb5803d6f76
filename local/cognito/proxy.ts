/**
 * /_cognito: the browser's way to the Cognito emulator, on the site's own origin (as Amplify's
 * `userPoolEndpoint`). It forwards only the operations the SPA makes (never an Admin* one), only from the
 * site itself (a cross-site page gets 403, even as a form post), and strips the emulator's wildcard CORS. It
 * forwards only the headers the operations need: the emulator's port refuses anything that looks like a
 * browser (local/cognito/http-gate.cjs), and no browser header (nor an admin secret) passes through here.
 */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { fromSiteOrNonBrowser } from '../same-site';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/** What Amplify Auth calls for the SPA's account pages; anything else is refused. */
export const SPA_COGNITO_OPERATIONS = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'RevokeToken',
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'ChangePassword',
  'GetUser',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
]);

/** What the JSON 1.1 protocol needs; everything else stays here. */
const FORWARDED_HEADERS = ['content-type', 'x-amz-user-agent', 'accept'] as const;

function refuse(res: ServerResponse, status: number, type: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
  res.end(JSON.stringify({ __type: type, message }));
}

export function proxyCognito(target: string, siteOrigin: string, req: IncomingMessage, res: ServerResponse, body: Buffer): void {
  if (!fromSiteOrNonBrowser(req, siteOrigin)) return refuse(res, 403, 'AccessDeniedException', 'Cross-site requests are not accepted');
  const operation = String(req.headers['x-amz-target'] ?? '');
  const name = operation.startsWith(TARGET_PREFIX) ? operation.slice(TARGET_PREFIX.length) : '';
  if (req.method !== 'POST' || !SPA_COGNITO_OPERATIONS.has(name)) {
    return refuse(res, 400, 'UnsupportedOperationException', `Operation not available to the web app: ${name || req.method}`);
  }
  const url = new URL(target);
  const headers: Record<string, string> = { host: url.host, 'content-length': String(body.length), 'x-amz-target': operation };
  for (const name of FORWARDED_HEADERS) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const upstream = httpRequest({ hostname: url.hostname, port: url.port, method: 'POST', path: '/', headers }, (up) => {
    const out = Object.fromEntries(Object.entries(up.headers).filter(([k]) => !k.startsWith('access-control-')));
    res.writeHead(up.statusCode ?? 502, out);
    up.pipe(res);
  });
  upstream.on('error', () => refuse(res, 502, 'ServiceUnavailableException', 'Cognito emulator unavailable'));
  upstream.end(body);
}
