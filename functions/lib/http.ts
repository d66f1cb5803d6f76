/**
 * The handler stack every route uses (middy): a body only as application/json (415 otherwise),
 * body parsing, zod validation -> 400 {message, fieldErrors},
 * the route's access rule from the JWT claims, typed errors -> their status, anything unexpected -> 500
 * with a generic message and a structured log line. Every line of the invocation carries its request ids and
 * route (lib/observed.ts).
 */
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import { messages } from '../../shared/messages';
import { authContext, isStaff, type Access, type AuthContext } from './auth';
import { badRequest, forbidden, unauthorized } from '../domain/errors';
import { HttpError, httpErrorOf } from './errors';
import type { IdempotencyMiddleware } from './idempotency';
import { idempotencyHttpError } from './idempotency-key';
import { inInvocation, logger } from './logger';
import { observability } from './observed';
import { cameThroughCloudFront } from './origin';
import { fieldErrorsOf } from './field-errors';

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RequestInput<B, Q> {
  body: B;
  query: Q;
  params: Record<string, string>;
  auth: AuthContext;
  event: APIGatewayProxyEventV2;
  /** The body exactly as received (for signature checks). */
  rawBody: string;
  /** Milliseconds until the function's timeout (Lambda's context; unbounded where there is none). */
  remainingMs: () => number;
}

export interface HandlerOptions<B extends z.ZodType | undefined, Q extends z.ZodType | undefined> {
  access: Access;
  body?: B;
  query?: Q;
  /**
   * What a request body must be sent as: 'json' (every route but one) or 'any' for the Stripe webhook, which
   * checks Stripe's signature over the raw bytes and takes them as Stripe sends them.
   */
  accepts?: 'json' | 'any';
  /**
   * A POST that starts something honours `Idempotency-Key`: `idempotent('<scope>')` of lib/idempotency.ts, whose
   * name scopes its records. The handler passes it, so only these routes' bundles carry Powertools' idempotency.
   */
  idempotency?: IdempotencyMiddleware;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

/**
 * JSON, with at most a UTF-8 charset. A page on another site can make a browser post only text/plain, a form or
 * multipart without asking first (CORS), so a route that takes nothing else cannot be driven from another site.
 */
const JSON_MEDIA_TYPE = /^application\/json\s*(;\s*charset\s*=\s*("utf-8"|utf-8)\s*)?$/i;

/** The largest request body any route accepts. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function json(status: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 {
  return { statusCode: status, headers: { ...JSON_HEADERS, ...headers }, body: body === undefined ? '' : JSON.stringify(body) };
}

export function rawBodyOf(event: APIGatewayProxyEventV2): string {
  if (!event.body) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

function contentTypeOf(event: APIGatewayProxyEventV2): string {
  const headers = event.headers ?? {};
  // HTTP API hands headers over in lower case; any case is read in case a test or tool does not.
  const name = Object.keys(headers).find((k) => k.toLowerCase() === 'content-type');
  return name ? (headers[name] ?? '').trim() : '';
}


function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  // zod 4 leaves the input off its issues unless asked, and fieldErrorsOf tells a missing field ('Required') from a
  // value of the wrong type (the field's own message) by it.
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const { _: whole, ...fieldErrors } = fieldErrorsOf(result.error);
  throw badRequest(whole ?? summaryOf(fieldErrors), Object.keys(fieldErrors).length ? fieldErrors : undefined);
}

/**
 * The top-level message for field errors: when every field has the same specific problem (say each date is
 * 'Invalid date or time format') that text is the message, so a page can show it as is; otherwise the generic one.
 */
function summaryOf(fieldErrors: Record<string, string>): string {
  const distinct = new Set(Object.values(fieldErrors));
  const [only] = distinct;
  const specific = only !== undefined && only !== 'Required' && !only.startsWith('Unknown field');
  return distinct.size === 1 && specific ? only : messages.invalidRequest;
}

function checkAccess(access: Access, auth: AuthContext): void {
  if (access === 'public') return;
  if (!auth.user) throw unauthorized();
  if (access === 'admin' && !auth.admin) throw forbidden(messages.forbidden);
  if (access === 'staff' && !isStaff(auth)) throw forbidden(messages.forbidden);
}

function toResponse(reply: Reply | APIGatewayProxyStructuredResultV2): APIGatewayProxyStructuredResultV2 {
  if ('statusCode' in reply) return reply as APIGatewayProxyStructuredResultV2;
  const r = reply as Reply;
  return json(r.status ?? 200, r.body, r.headers);
}

export function httpHandler<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
  options: HandlerOptions<B, Q>,
  fn: (input: RequestInput<Infer<B>, Infer<Q>>) => Promise<Reply | APIGatewayProxyStructuredResultV2>,
) {
  const stack = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>()
    .use(observability())
    .use({
      // API Gateway's request id, which its access log records: a 5xx there leads to the function's lines here.
      before: ({ event }) => {
        logger.setCorrelationId(event.requestContext?.requestId);
        logger.appendKeys({ routeKey: event.routeKey });
      },
    })
    .use({
      onError: (request) => {
        const error = idempotencyHttpError(request.error) ?? httpErrorOf(request.error) ?? request.error;
        if (error instanceof HttpError) {
          request.response = json(error.status, { message: error.message, ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}) }, error.headers);
          return;
        }
        logger.error('Unhandled error', {
          error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
          routeKey: request.event.routeKey,
          requestId: request.event.requestContext?.requestId,
        });
        request.response = json(500, { message: messages.unexpected });
      },
    });
  if (options.idempotency) stack.use(options.idempotency);
  const handler = stack.handler(async (event, context) => {
      // In AWS: only what came through CloudFront (and its WAF) is answered; see origin.ts.
      if (!cameThroughCloudFront(event)) throw forbidden(messages.notThroughSite);
      const auth = authContext(event);
      checkAccess(options.access, auth);
      const rawBody = rawBodyOf(event);
      // No route takes more than a few KB of JSON; a larger body is refused before it is parsed (in AWS too).
      if (Buffer.byteLength(rawBody, 'utf8') > MAX_JSON_BODY_BYTES) throw new HttpError(413, messages.bodyTooLarge);
      if (rawBody !== '' && options.accepts !== 'any' && !JSON_MEDIA_TYPE.test(contentTypeOf(event))) throw new HttpError(415, messages.unsupportedMediaType);
      let body: unknown = undefined;
      if (options.body) {
        let parsed: unknown;
        try {
          parsed = rawBody === '' ? undefined : JSON.parse(rawBody);
        } catch {
          throw badRequest(messages.malformedJson);
        }
        if (parsed === undefined || parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
          throw badRequest(messages.malformedJson);
        }
        body = parse(options.body, parsed);
      }
      const query = options.query ? parse(options.query, event.queryStringParameters ?? {}) : undefined;
      const reply = await fn({
        body: body as Infer<B>,
        query: query as Infer<Q>,
        params: (event.pathParameters ?? {}) as Record<string, string>,
        auth,
        event,
        rawBody,
        remainingMs: () => (typeof context?.getRemainingTimeInMillis === 'function' ? context.getRemainingTimeInMillis() : Number.POSITIVE_INFINITY),
      });
      return toResponse(reply);
    });
  // Each invocation logs with its own context, however many run at once in one process (lib/logger.ts).
  const invoke = (event: APIGatewayProxyEventV2, context: Context) => inInvocation(() => handler(event, context));
  // What the handler parses, for the check that the OpenAPI contract is the same (tests/unit/openapi.test.ts).
  return Object.assign(invoke, { contract: { access: options.access, body: options.body, query: options.query } as const });
}
