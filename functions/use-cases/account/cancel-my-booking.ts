/**
 * A customer cancels their own booking from the dashboard: the customer money policy says
 * the refund (48 hours or more before the earliest drop-off: what was paid less $20, less what earlier changes
 * refunded; less: none; from the drop-off time: not online). The server works it out again at the moment of
 * cancelling; the dialog's figure is never sent.
 */
import type { CustomerBooking } from '../../../shared/customer-bookings';
import type { Caller } from '../../lib/auth';
import { conflict } from '../../domain/errors';
import { cancelBooking } from '../booking/cancel-booking';
import { customerTermsOf as termsOf } from '../booking/customer-terms';
import { toCustomerBooking } from '../booking/booking-wire';
import { ownBooking } from './own-booking';
import * as clock from '../../lib/clock';

export async function cancelMyBooking(caller: Caller, id: string, now = clock.now()): Promise<{ booking: CustomerBooking; refundCents: number }> {
  const b = await ownBooking(caller, id);
  const terms = termsOf(b, now);
  if (!terms.cancellable) throw conflict(terms.reason ?? 'This booking cannot be cancelled');
  const { booking, decision } = await cancelBooking(b, { policy: { actor: 'customer' }, by: 'customer', from: ['reservation'], now });
  return { booking: toCustomerBooking(booking), refundCents: decision.refundCents };
}
