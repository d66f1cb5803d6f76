/**
 * HTTP at the edge: the error the handler stack answers with. Use cases throw domain errors
 * (functions/domain/errors.ts); `httpErrorOf` maps their codes to statuses here, once. The stack itself throws an
 * HttpError only for what is about the transport (a body too large, a media type, an idempotency key).
 */
import { DomainError, type DomainErrorCode } from '../domain/errors';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    /** Response headers that belong to the error (Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const STATUS_OF: Record<DomainErrorCode, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-many-requests': 429,
  'provider-failed': 502,
  'provider-unavailable': 503,
  busy: 503,
};

/** The HTTP answer for an error a use case or the stack threw on purpose; null for anything else (a 500). */
export function httpErrorOf(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  if (!(error instanceof DomainError)) return null;
  const headers = error.retryAfterSeconds === undefined ? undefined : { 'retry-after': String(error.retryAfterSeconds) };
  return new HttpError(STATUS_OF[error.code], error.message, error.fieldErrors, headers);
}
