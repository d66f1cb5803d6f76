/** The pickup feature's query keys (docs/architecture.md, "Data"): today's queue, invalidated by a change made on the panel. */
export const pickupKeys = {
  all: ['pickups'] as const,
  queue: ['pickups', 'queue'] as const,
};
