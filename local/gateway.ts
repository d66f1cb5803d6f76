/**
 * The local stand-in for API Gateway's HTTP API: it turns each request into the same payload 2.0 event,
 * verifies bearer tokens the way the JWT authorizer does (signature against the pool's JWKS, issuer,
 * client id, expiry) on non-public routes, and calls the very handler module Lambda runs, holding its table
 * calls to the route's needs as its IAM role would (table-guard.ts).
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { JWTPayload } from 'jose';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import * as clock from '../functions/lib/clock';
import { cognitoTokenVerifier } from '../functions/lib/jwt';
import { matchPath, routes as allRoutes, type RouteDef } from '../functions/routes';
import { handlerLoader } from './handler-modules';
import { lambdaContext } from './lambda-context';
import { asRoute, installTableGuard } from './table-guard';
import { messages } from '../shared/messages';

export interface JwtAuthorizerConfig {
  issuer: string;
  jwksUrl: string;
  /** App client ids accepted in `aud` (id tokens) or `client_id` (access tokens). */
  audience: string[];
}

type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2 | string | object>;

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml|javascript)|text\/)/i;

/** HTTP API hands claims to the function as strings; lists look like "[a b]". */
export function flattenClaims(payload: JWTPayload): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(payload)) {
    out[k] = Array.isArray(v) ? `[${v.join(' ')}]` : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
  }
  return out;
}

export interface Gateway {
  /** Handles the request when it is for /api; returns false when it is not. */
  handle(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<boolean>;
  /**
   * Loads every route's handler module, one after another, as Lambda has a function's module loaded before its first
   * request is answered. Locally a module is compiled (tsx) on its first request otherwise: that first request waited
   * 0.5 to 1.5 s more on 2 cores (bench/README.md, "Signed-in flows"). A module that fails to load is left for its
   * first request to report.
   */
  warm(): Promise<void>;
}

/**
 * Where a caller's address comes from: 'socket' (npm start) takes the connection's, like API Gateway. 'simulated'
 * (the test stacks only) lets a test act as a visitor of its choosing with X-Forwarded-For and otherwise gives
 * every request an address of its own, so tests that share one stack never share a request budget.
 */
export type ClientAddresses = 'socket' | 'simulated';

let simulated = 0;
function simulatedAddress(req: IncomingMessage): string {
  const named = String(req.headers['x-forwarded-for'] ?? '').split(',')[0]!.trim();
  if (isIP(named)) return named;
  simulated = (simulated + 1) % 2 ** 24;
  // 10.0.0.0/8: never a real visitor's address.
  return `10.${(simulated >> 16) & 255}.${(simulated >> 8) & 255}.${simulated & 255}`;
}

export function createGateway(options: { jwt: JwtAuthorizerConfig; routes?: readonly RouteDef[]; clientAddresses?: ClientAddresses }): Gateway {
  const table = options.routes ?? allRoutes;
  const verify = cognitoTokenVerifier({ issuer: options.jwt.issuer, jwksUrl: options.jwt.jwksUrl, clientIds: options.jwt.audience });
  const load = handlerLoader<LambdaHandler>();
  const sourceIpOf = (req: IncomingMessage): string =>
    options.clientAddresses === 'simulated' ? simulatedAddress(req) : (req.socket.remoteAddress ?? '127.0.0.1');

  async function authorize(req: IncomingMessage): Promise<Record<string, string> | null> {
    const header = req.headers.authorization ?? '';
    const token = /^Bearer\s+(.+)$/i.exec(header)?.[1];
    if (!token) return null;
    try {
      const payload = await verify(token);
      return payload ? flattenClaims(payload) : null;
    } catch {
      // Like the authorizer: a key set that cannot be read lets no one in.
      return null;
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://local');
    if (!url.pathname.startsWith('/api/') && url.pathname !== '/api') return false;
    const method = (req.method ?? 'GET').toUpperCase();
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (method === 'OPTIONS') {
      res.writeHead(204);
      res.end();
      return true;
    }
    try {
      decodeURIComponent(url.pathname);
    } catch {
      send(400, { message: messages.malformedPath });
      return true;
    }
    let route: RouteDef | undefined;
    let params: Record<string, string> | null = null;
    for (const r of table) {
      if (r.method !== method) continue;
      params = matchPath(r.path, url.pathname);
      if (params) {
        route = r;
        break;
      }
    }
    if (!route || !params) {
      send(404, { message: 'Not Found' });
      return true;
    }
    let claims: Record<string, string> | null = null;
    if (route.access !== 'public') {
      claims = await authorize(req);
      if (!claims) {
        res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' });
        res.end(JSON.stringify({ message: 'Unauthorized' }));
        return true;
      }
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(',') : v;
    const contentType = headers['content-type'] ?? '';
    const textual = body.length === 0 || TEXT_TYPES.test(contentType);
    const requestId = randomUUID();
    // As API Gateway stamps it, on the clock the handlers read.
    const now = clock.now();
    const routeKey = `${route.method} ${route.path}`;
    const query = Object.fromEntries(url.searchParams.entries());
    const event: APIGatewayProxyEventV2 = {
      version: '2.0',
      routeKey,
      rawPath: url.pathname,
      rawQueryString: url.search.replace(/^\?/, ''),
      headers,
      ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
      ...(Object.keys(params).length ? { pathParameters: params } : {}),
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: headers.host ?? 'localhost',
        domainPrefix: 'local',
        http: { method, path: url.pathname, protocol: 'HTTP/1.1', sourceIp: sourceIpOf(req), userAgent: headers['user-agent'] ?? '' },
        requestId,
        routeKey,
        stage: '$default',
        time: now.toISOString(),
        timeEpoch: now.getTime(),
        ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}),
      } as APIGatewayProxyEventV2['requestContext'],
      ...(body.length ? { body: textual ? body.toString('utf8') : body.toString('base64') } : {}),
      isBase64Encoded: !textual,
    };
    let result: APIGatewayProxyStructuredResultV2 | string | object;
    try {
      const handler = await load(route.entry);
      // As its own role would in AWS: table calls outside the route's needs are refused.
      installTableGuard();
      result = await asRoute(route, () => handler(event, lambdaContext(route.entry, route.timeoutSeconds ?? 10, requestId)));
    } catch (error) {
      console.error(JSON.stringify({ level: 'ERROR', message: 'Handler crashed', routeKey, error: String(error) }));
      send(500, { message: 'Internal Server Error' });
      return true;
    }
    // Like HTTP API: anything that is not a structured result is a 200 JSON body.
    const structured = typeof result === 'object' && result !== null && 'statusCode' in result;
    const r: APIGatewayProxyStructuredResultV2 = structured
      ? (result as APIGatewayProxyStructuredResultV2)
      : { statusCode: 200, headers: { 'content-type': 'application/json' }, body: typeof result === 'string' ? result : JSON.stringify(result) };
    const outHeaders: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(r.headers ?? {})) outHeaders[k] = String(v);
    if (r.cookies?.length) outHeaders['set-cookie'] = r.cookies;
    res.writeHead(r.statusCode ?? 200, outHeaders);
    res.end(r.body === undefined ? undefined : r.isBase64Encoded ? Buffer.from(r.body, 'base64') : r.body);
    return true;
  }

  async function warm(): Promise<void> {
    for (const entry of new Set(table.map((r) => r.entry))) {
      await load(entry).catch(() => undefined);
      // Requests that arrive meanwhile are answered between two modules.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  return { handle, warm };
}
