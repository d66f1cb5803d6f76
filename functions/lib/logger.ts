import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@aws-lambda-powertools/logger';
import { maskToken } from '../../shared/mask';
import { SERVICE_NAME } from './metric-names';

/**
 * One structured JSON logger for every function (CloudWatch in AWS, stdout locally). The handler stack
 * (lib/observed.ts) gives it each invocation's Lambda context, so every line carries `function_name`,
 * `function_request_id` and `cold_start`.
 *
 * Powertools keeps that context, and the keys a use case appends, on the Logger instance. Lambda runs one invocation
 * at a time per process, but the local stack runs every route, trigger and job in one process, many at once: with one
 * instance, an invocation's lines carried whatever context another had set last (a checkout's lines labelled
 * `webhooks/stripe.ts`, or a request id not its own). So each invocation logs through a child of the process's logger
 * of its own, held in AsyncLocalStorage for the invocation's whole async life (`inInvocation`, which the handler stack
 * runs every handler in); `logger` below is whichever instance the running invocation has, and the process's own
 * outside any invocation (start-up, a command, a test calling a use case). In Lambda this is one child per invocation,
 * with the same lines as before.
 */
class RunwayLogger extends Logger {
  /** Whether this is the first invocation of an on-demand Lambda environment (Powertools' cold start), asked once. */
  takeColdStart(): boolean {
    return this.getColdStart();
  }

  protected override createLogger(options?: ConstructorParameters<typeof Logger>[0]): RunwayLogger {
    return new RunwayLogger(options);
  }
}

const processLogger = new RunwayLogger({
  serviceName: SERVICE_NAME,
  logLevel: (process.env.LOG_LEVEL as 'INFO' | 'WARN' | 'ERROR' | 'DEBUG' | 'SILENT' | undefined) ?? 'INFO',
});

const invocations = new AsyncLocalStorage<Logger>();

/** The logger of the invocation this code runs in, else the process's. */
const current = (): Logger => invocations.getStore() ?? processLogger;

export const logger: Logger = new Proxy(processLogger, {
  get(_target, property) {
    const target = current();
    // A method set on the process's logger itself (a test's spy: Logger's methods live on its prototype) still sees
    // the invocation's calls, and runs them as the invocation's logger.
    const patched: unknown = Object.prototype.hasOwnProperty.call(processLogger, property) ? Reflect.get(processLogger, property) : undefined;
    const value: unknown = typeof patched === 'function' ? patched : Reflect.get(target, property, target);
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
  },
});

/**
 * Runs one invocation with a logger of its own: a child of the process's (its level and persistent keys), whose
 * Lambda context and appended keys no other invocation sees or clears. The child reports a cold start only for the
 * process's first invocation, as the process's own logger would.
 */
export function inInvocation<T>(fn: () => T): T {
  const child = processLogger.createChild() as RunwayLogger;
  // A child starts "cold"; the process's logger knows whether this is its first invocation.
  if (!processLogger.takeColdStart()) child.takeColdStart();
  return invocations.run(child, fn);
}

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
