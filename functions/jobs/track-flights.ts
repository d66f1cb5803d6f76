/** The scheduled flight tracker (functions/jobs.ts): one pass over the return flights due an ask now. */
import { trackFlights } from '../use-cases/flights/track-flights';
import { logger } from '../lib/logger';
import { observed } from '../lib/observed';

export const handler = observed(async (): Promise<void> => {
  const summary = await trackFlights();
  // Provider failures do not fail the pass: they are counted (the FlightStatusFailures alarm) and asked again later.
  if (summary.asked > 0 || summary.refused > 0) logger.info('Flight tracking pass', { ...summary });
  // More flights due at once than a pass has time for: the rest are asked by the next pass, a few minutes late.
  if (summary.deferred > 0) logger.warn('Flight tracking pass ran out of time', { deferred: summary.deferred });
});
