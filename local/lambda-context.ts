/**
 * The Lambda context the local stack hands the handler modules it runs in-process (the gateway's routes, the Cognito
 * trigger, the scheduled jobs), as Lambda would: a request id for every invocation, so local log lines carry one
 * (functions/lib/observed.ts), and the time left before the function's timeout. Many of these run at once in the
 * local process; the handler stack keeps each one's log context to itself (functions/lib/logger.ts, inInvocation).
 */
import type { Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';

export function lambdaContext(name: string, timeoutSeconds: number, requestId: string = randomUUID()): Context {
  // A duration, on the monotonic clock: the local clock may be moved while a handler runs.
  const deadline = performance.now() + timeoutSeconds * 1000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${name}`,
    memoryLimitInMB: '256',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - performance.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
