/** The daily reconcile (functions/jobs.ts): every paid booking's ledger against Stripe; each difference is logged for the alarm. */
import { logger } from '../lib/logger';
import { observed } from '../lib/observed';
import { reconcileBookings } from '../use-cases/booking/reconcile';

export const handler = observed(async (): Promise<void> => {
  const report = await reconcileBookings();
  logger.info('Reconcile done', { checked: report.checked, differences: report.differences.length });
});
