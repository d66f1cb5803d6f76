/** The scheduled flight tracker (functions/jobs.ts): one pass over the return flights due an ask now. */
import { trackFlights } from '../use-cases/flights/track-flights';
import { logger } from '../lib/logger';
import { observed } from '../lib/observed';

export const handler = observed(async (): Promise<void> => {
  const summary = await trackFlights();
  // Provider failures do not fail the pass: they are counted (the FlightStatusFailures alarm) and asked again later.
  if (summary.asked > 0 || summary.refused > 0) logger.info('Flight tracking pass', { ...summary });
});
