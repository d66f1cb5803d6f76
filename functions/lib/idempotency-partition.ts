/**
 * The partition of one route's Idempotency-Key records. Here, not in store/keys.ts, because the handler stack
 * (lib/idempotency.ts) writes them and lib imports no store; keys.ts lists it with every other key.
 */
export const IDEMPOTENCY_PREFIX = 'IDEMPOTENCY#';

export const idempotencyPartition = (scope: string): string => `${IDEMPOTENCY_PREFIX}${scope}`;
