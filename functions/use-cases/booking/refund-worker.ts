/**
 * The refund worker's pass: every refund request whose next attempt is due is sent once (refund.ts). Run every
 * minute by a schedule in AWS (functions/jobs/send-refunds.ts) and on an interval inside `npm start`; safe to run
 * twice at once (settling is conditional on the line being pending, the idempotency key stops a second refund).
 */
import { logger } from '../../lib/logger';
import { recordOldestPendingRefund } from '../../lib/metrics';
import { refundQueue } from '../../store/refund-requests';
import { sendRefund, type SendOutcome } from './refund';
import * as clock from '../../lib/clock';

export type PassSummary = Record<SendOutcome | 'error', number>;

export async function sendDueRefunds(now: () => Date = clock.now): Promise<PassSummary> {
  const summary: PassSummary = { succeeded: 0, absorbed: 0, failed: 0, retry: 0, 'settled-elsewhere': 0, error: 0 };
  const queue = await refundQueue(now());
  // Every pass reports the age of the oldest refund still in flight (0 for none): the 'refund pending too long'
  // alarm, and a pass that stops reporting is a worker that stopped running.
  recordOldestPendingRefund(queue.oldestCreatedAt ? (now().getTime() - Date.parse(queue.oldestCreatedAt)) / 1000 : 0);
  for (const request of queue.due) {
    try {
      summary[await sendRefund(request.bookingId, request.lineId, { attempts: request.attempts, now })]++;
    } catch (error) {
      // The request stays; the next pass tries it again.
      summary.error++;
      logger.error('Refund worker could not send a refund', { bookingId: request.bookingId, ledgerLine: request.lineId, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return summary;
}
