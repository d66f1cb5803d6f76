import { Logger } from '@aws-lambda-powertools/logger';
import { maskToken } from '../../shared/mask';
import { SERVICE_NAME } from './metric-names';

/**
 * One structured JSON logger for every function (CloudWatch in AWS, stdout locally). The handler stack
 * (lib/observed.ts) gives it each invocation's Lambda context, so every line carries `function_request_id` and
 * `cold_start`.
 */
export const logger = new Logger({
  serviceName: SERVICE_NAME,
  logLevel: (process.env.LOG_LEVEL as 'INFO' | 'WARN' | 'ERROR' | 'DEBUG' | 'SILENT' | undefined) ?? 'INFO',
});

/**
 * What every later line of this invocation is about: the booking and the Stripe session (masked, as every session id
 * in a log: it is a bearer secret and logs are kept for a year). The handler stack drops these keys when the
 * invocation ends, so the next request on a warm function starts without them.
 */
export function logAbout(about: { bookingId?: string | null; sessionId?: string | null }): void {
  logger.appendKeys({
    ...(about.bookingId ? { bookingId: about.bookingId } : {}),
    ...(about.sessionId ? { sessionId: maskToken(about.sessionId) } : {}),
  });
}
