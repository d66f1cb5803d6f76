/** Errors a handler may throw on purpose; the handler stack turns each into its HTTP status and body. */
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

export const badRequest = (message: string, fieldErrors?: Record<string, string>) => new HttpError(400, message, fieldErrors);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, fieldErrors?: Record<string, string>) => new HttpError(409, message, fieldErrors);
/** A request budget is spent: 429 with the seconds until it renews, as Retry-After. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) => new HttpError(429, message, undefined, { 'retry-after': String(retryAfterSeconds) });
