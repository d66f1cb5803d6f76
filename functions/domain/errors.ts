/**
 * The errors a use case throws on purpose: a code saying what went wrong in the domain's terms and the message the
 * person sees (with per-field messages where a form can show them). The use cases know nothing of HTTP; the handler
 * stack (functions/lib/http.ts) maps each code to its status once (functions/lib/errors.ts, `httpErrorOf`).
 */
export type DomainErrorCode =
  /** The request breaks a rule of the product (a date, an amount, a missing choice). */
  | 'invalid'
  /** Nobody is signed in, or the sign-in is not good enough for this. */
  | 'unauthenticated'
  /** The caller may not do this (a role, a rule about who acts). */
  | 'forbidden'
  /** No such record for this caller (another customer's record is "not found" too). */
  | 'not-found'
  /** The record is in a state that refuses this (taken, changed meanwhile, full). */
  | 'conflict'
  /** A request budget is spent; `retryAfterSeconds` says when it renews. */
  | 'too-many-requests'
  /** The payment provider or mail sender answered with a failure. */
  | 'provider-failed'
  /** The payment provider could not be reached or did not answer in time. */
  | 'provider-unavailable'
  /** Too much at once to finish this within the time it has (a burst for the last places); `retryAfterSeconds` says when to try again. */
  | 'busy';

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  /** The same error with its field names renamed (a route that speaks the snake_case field names, docs/product-rules.md). */
  withFieldNames(rename: (field: string) => string): DomainError {
    if (!this.fieldErrors) return this;
    const fields = Object.fromEntries(Object.entries(this.fieldErrors).map(([field, message]) => [rename(field), message]));
    return new DomainError(this.code, this.message, fields, this.retryAfterSeconds);
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string>) => new DomainError('invalid', message, fieldErrors);
export const unauthorized = (message = 'Unauthorized') => new DomainError('unauthenticated', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const notFound = (message: string) => new DomainError('not-found', message);
export const conflict = (message: string, fieldErrors?: Record<string, string>) => new DomainError('conflict', message, fieldErrors);
export const tooManyRequests = (message: string, retryAfterSeconds: number) => new DomainError('too-many-requests', message, undefined, retryAfterSeconds);
export const providerFailed = (message: string) => new DomainError('provider-failed', message);
export const providerUnavailable = (message: string, retryAfterSeconds?: number) => new DomainError('provider-unavailable', message, undefined, retryAfterSeconds);
export const busy = (message: string, retryAfterSeconds: number) => new DomainError('busy', message, undefined, retryAfterSeconds);

/** The one answer to a booking the caller may not see or that does not exist (the caller's own, its calendar file): it never says which. */
export const BOOKING_NOT_FOUND = 'Booking not found';
