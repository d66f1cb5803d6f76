/** The scheduled refund worker (functions/jobs.ts): one pass over the refunds still in flight. */
import { sendDueRefunds } from '../use-cases/booking/refund-worker';
import { logger } from '../lib/logger';
import { observed } from '../lib/observed';

export const handler = observed(async (): Promise<void> => {
  const summary = await sendDueRefunds();
  if (Object.values(summary).some((n) => n > 0)) logger.info('Refund worker pass', { ...summary });
});
