/**
 * Sending the traveller the receipt of one payment towards a booking (taken in the yard, or the balance paid online),
 * with the pass. The payment stands whether or not the e-mail goes: a send that fails is logged ('Payment receipt
 * failed') for staff to resend the confirmation from the pass.
 */
import type { Booking, LedgerLine } from '../../../shared/records';
import { sendEmail } from '../../lib/email';
import { logger } from '../../lib/logger';
import { bookingPassUrl } from '../calendar/calendar-email';
import { paymentReceiptEmail } from './receipt-email';

export async function sendPaymentReceipt(b: Booking, line: LedgerLine): Promise<void> {
  try {
    await sendEmail(paymentReceiptEmail(b, line, await bookingPassUrl(b.id)));
  } catch (error) {
    logger.error('Payment receipt failed', { bookingId: b.id, ledgerLine: line.id, error: error instanceof Error ? error.message : String(error) });
  }
}
