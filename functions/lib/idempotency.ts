/**
 * `Idempotency-Key` on the POSTs that start things (checkouts, the contact form), with Powertools' idempotency
 * utility and its DynamoDB persistence layer on the single table (`IDEMPOTENCY#<scope>` / `<scope>#<md5 of the key>`).
 * The first request with a key claims it (in progress until the function's own deadline); the same key with the
 * same body and caller then gets the first answer again, stored with its status and headers; the same key with
 * another body or caller is 422; a key still in progress is 409. A request that fails (any 4xx or 5xx) wrote
 * nothing, so its claim is dropped and a retry runs afresh. Without the header a request runs as before.
 */
import { IdempotencyConfig } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { makeHandlerIdempotent } from '@aws-lambda-powertools/idempotency/middleware';
import type middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { dynamoClient, tableName } from './aws';
import { checkIdempotencyKey, idempotencyHttpError, IDEMPOTENCY_HEADER } from './idempotency-key';
import { idempotencyPartition } from './idempotency-partition';

export { IDEMPOTENCY_HEADER, checkIdempotencyKey, idempotencyHttpError, idempotencyMessages } from './idempotency-key';

/** How long a finished request's answer is kept for retries: well past any client's retry. */
const ANSWER_KEPT_SECONDS = 60 * 60;

/** The middleware a route's `idempotency` option takes (lib/http.ts): its module alone brings Powertools' idempotency. */
export type IdempotencyMiddleware = middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>;

type Middleware = IdempotencyMiddleware;

/** The middy middleware for one route's scope (its records' partition). */
export function idempotent(scope: string): Middleware {
  let inner: ReturnType<typeof makeHandlerIdempotent> | undefined;
  // Built on first use: TABLE_NAME and the endpoint are set by then (locally, after the stack has started).
  const middleware = () =>
    (inner ??= makeHandlerIdempotent({
      persistenceStore: new DynamoDBPersistenceLayer({
        tableName: tableName(),
        keyAttr: 'pk',
        sortKeyAttr: 'sk',
        staticPkValue: idempotencyPartition(scope),
        expiryAttr: 'ttl',
        awsSdkV3Client: dynamoClient(),
      }),
      keyPrefix: scope,
      config: new IdempotencyConfig({
        eventKeyJmesPath: `headers."${IDEMPOTENCY_HEADER}"`,
        // The same key from another caller, or with another body, is not a retry of this request.
        payloadValidationJmesPath: '[body, requestContext.authorizer.jwt.claims.sub]',
        expiresAfterSeconds: ANSWER_KEPT_SECONDS,
        throwOnNoIdempotencyKey: false,
      }),
    }) as ReturnType<typeof makeHandlerIdempotent>);
  return {
    before: async (request) => {
      checkIdempotencyKey(request.event);
      return (middleware().before as (r: typeof request) => Promise<unknown>)(request);
    },
    after: async (request) => {
      // Only a success is kept: a refused request wrote nothing, so its retry may run again.
      if ((request.response?.statusCode ?? 200) >= 400) return (middleware().onError as (r: typeof request) => Promise<void>)(request);
      return (middleware().after as (r: typeof request) => Promise<void>)(request);
    },
    onError: async (request) => {
      // A key refused as in use or used for another request is someone else's claim: leave it alone.
      if (idempotencyHttpError(request.error)) return;
      return (middleware().onError as (r: typeof request) => Promise<void>)(request);
    },
  };
}
