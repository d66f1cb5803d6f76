/**
 * The account's query keys (docs/architecture.md, "Data"): one per thing read, so a change invalidates exactly what
 * it changed. All start with 'me': the signed-in person's own data, dropped when someone else signs in.
 */
export const accountKeys = {
  all: ['me'] as const,
  bookings: ['me', 'bookings'] as const,
  profile: ['me', 'profile'] as const,
};
