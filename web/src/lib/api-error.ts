/**
 * The API client's error (lib/api-client.ts) and its friendly messages, apart from the client and its schemas, so a
 * page whose first request does not go through the client (the booking pass's, features/pass/api/first-pass.ts) throws
 * and recognises the same error without loading zod.
 */
export const NETWORK_ERROR_MESSAGE = 'We could not reach the server. Check your connection and try again.';
export const INVALID_RESPONSE_MESSAGE = 'Something went wrong on our side. Please try again.';

/** 'http': the server said no; 'network': no answer; 'invalid-response': an answer that is not what the call expects. */
export type ApiErrorKind = 'http' | 'network' | 'invalid-response';

export class ApiError extends Error {
  constructor(
    /** The HTTP status, 0 when the server could not be reached. */
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
    readonly kind: ApiErrorKind = 'http',
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What to tell the person about a failed call: the API's own message (it is written for them), else the caller's text. */
export function errorMessage(e: unknown, fallback: string): string;
export function errorMessage(e: unknown, fallback?: string): string | undefined;
export function errorMessage(e: unknown, fallback?: string): string | undefined {
  return e instanceof ApiError ? e.message : fallback;
}
