/**
 * The `Idempotency-Key` header's rules and answers, apart from the Powertools middleware (lib/idempotency.ts): the
 * handler stack maps a claimed key's errors for every route, while only the routes that take the header load the
 * middleware and its persistence layer.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { HttpError } from './errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const idempotencyMessages = {
  otherRequest: 'This Idempotency-Key was already used for a different request. Start again with a new key.',
  inProgress: 'This request is still being processed. Please wait a moment, then try again.',
  badKey: 'The Idempotency-Key header must be 1 to 128 letters, digits, dashes or underscores.',
} as const;

/** Only well-formed keys are stored (a UUID from the SPA fits; a 10 KB header does not). */
export function checkIdempotencyKey(event: APIGatewayProxyEventV2): void {
  const key = event.headers?.[IDEMPOTENCY_HEADER];
  if (key !== undefined && !/^[A-Za-z0-9_-]{1,128}$/.test(key)) throw new HttpError(400, idempotencyMessages.badKey);
}

/** The Powertools errors a claimed key answers with, as the API's statuses. */
export function idempotencyHttpError(error: unknown): HttpError | null {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'IdempotencyValidationError') return new HttpError(422, idempotencyMessages.otherRequest);
  // Marked, so a client can tell it from a 409 that is a definite answer (a full date) and retry with the same key.
  if (name === 'IdempotencyAlreadyInProgressError') return new HttpError(409, idempotencyMessages.inProgress, undefined, { 'x-idempotency-state': 'in-progress' });
  return null;
}

