/**
 * The cancellation terms a traveller gets (shared/cancellation.ts), read from a stored booking: what was paid, what
 * earlier changes refunded and the earliest drop-off it has had. The dashboard and the pass both ask it.
 */
import { customerCancellation, type CancellationTerms } from '../../../shared/cancellation';
import type { Booking } from '../../../shared/records';
import { refundsGrantedCents } from './money-state';

export const customerTermsOf = (b: Booking, now: Date): CancellationTerms =>
  customerCancellation({ ...b, paidCents: b.payment?.amountPaidCents ?? 0, refundedCents: refundsGrantedCents(b), termsDropOffAt: b.termsDropOffAt ?? null }, now);
