/**
 * "Resend confirmation" on the pass: the confirmation e-mail again, to the e-mail address on the booking only (never
 * one the caller names), within the resend budget. It does not touch the receipt's once-only record.
 */
import { passMessages } from '../../../shared/pass';
import { sendEmail } from '../../lib/email';
import { conflict } from '../../domain/errors';
import { logger } from '../../lib/logger';
import { spendResendBudget } from '../limits/pass-budgets';
import { passLinkFor } from '../booking/pass-link';
import { receiptEmail } from '../booking/receipt-email';
import { bookingForPassToken } from './pass-booking';
import * as clock from '../../lib/clock';

export async function resendConfirmation(token: string, clientAddress: string, now = clock.now()): Promise<void> {
  const b = await bookingForPassToken(token);
  if (b.status === 'cancelled' || b.status === 'payment_review') throw conflict(passMessages.resendCancelled);
  await spendResendBudget({ clientAddress, bookingId: b.id }, now);
  await sendEmail(receiptEmail(b, (await passLinkFor(b.id)).url));
  logger.info('Confirmation sent again', { bookingId: b.id });
}
