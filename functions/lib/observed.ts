/**
 * What every function runs inside: the routes (through lib/http.ts), the Cognito trigger and the scheduled jobs.
 * - Powertools' injectLambdaContext gives the logger the invocation's context, so every line carries the request id
 *   (`function_request_id`) and `cold_start`; it drops the keys a use case appended (lib/logger.ts, logAbout) when the
 *   invocation ends, however it ends.
 * - The business events the invocation counted (lib/metrics.ts) are written as one EMF line at its end.
 * Locally the gateway, the trigger endpoint and the job loop pass a Lambda context of their own (local/lambda-context.ts),
 * so local lines carry a request id too; each invocation runs in `inInvocation`, so that context stays its own when
 * many run at once in the one local process.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy, { type MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { inInvocation, logger } from './logger';
import { publishCountedMetrics } from './metrics';

/** First in every handler stack: its `before` runs first and its `after`/`onError` last (middy runs those in reverse). */
export function observability<E, R>(): MiddlewareObj<E, R, Error, Context>[] {
  const metrics: MiddlewareObj<E, R, Error, Context> = { after: publishCountedMetrics, onError: publishCountedMetrics };
  return [metrics, injectLambdaContext(logger, { resetKeys: true }) as MiddlewareObj<E, R, Error, Context>];
}

/** A handler that is not an HTTP route (a trigger, a job), with the same logs and metrics as the routes. */
export function observed<E, R>(fn: (event: E) => Promise<R>): (event: E, context?: Context) => Promise<R> {
  const stack = middy<E, R, Error, Context>()
    .use(observability<E, R>())
    .handler((event) => fn(event));
  // A caller without a context (a unit test) still gets its result; its lines then carry no request id. Each
  // invocation logs with its own context, however many run at once in one process (lib/logger.ts).
  return (event, context) => inInvocation(() => stack(event, context ?? ({} as Context)));
}
