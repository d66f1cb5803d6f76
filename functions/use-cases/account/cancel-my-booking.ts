/**
 * A customer cancels their own booking from the dashboard (issue 14): the terms say the refund (48 hours or
 * more before drop-off: what was paid less $20; less: none; from the drop-off time: not online). The server
 * works the refund out again at the moment of cancelling; the dialog's figure is never sent.
 */
import { customerCancellation, type CancellationTerms } from '../../../shared/cancellation';
import type { CustomerBooking } from '../../../shared/customer-bookings';
import type { Caller } from '../../lib/auth';
import { conflict } from '../../lib/errors';
import { cancelBooking } from '../booking/cancel-booking';
import { toCustomerBooking } from './my-bookings';
import { ownBooking } from './own-booking';

export async function myCancellationTerms(caller: Caller, id: string, now = new Date()): Promise<CancellationTerms> {
  const b = await ownBooking(caller, id);
  return customerCancellation({ ...b, paidCents: b.payment?.amountPaidCents ?? 0 }, now);
}

export async function cancelMyBooking(caller: Caller, id: string, now = new Date()): Promise<{ booking: CustomerBooking; refundCents: number }> {
  const b = await ownBooking(caller, id);
  const terms = customerCancellation({ ...b, paidCents: b.payment?.amountPaidCents ?? 0 }, now);
  if (!terms.cancellable) throw conflict(terms.reason ?? 'This booking cannot be cancelled');
  const after = await cancelBooking(b, { refundCents: terms.refundCents, by: 'customer', from: ['reservation'], now });
  return { booking: toCustomerBooking(after), refundCents: terms.refundCents };
}
