/**
 * The yard screen's query keys (docs/architecture.md, "Data"). Its own, not the admin's: features share no code, and
 * a change made in the yard invalidates what the yard shows; the admin pages read again when they open.
 */
export const yardKeys = {
  all: ['yard'] as const,
  daySheet: (date: string) => ['yard', 'day-sheet', date] as const,
};
