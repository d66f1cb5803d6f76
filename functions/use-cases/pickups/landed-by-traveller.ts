/**
 * "I've landed" from the traveller: by the pass's signed token (no account) or by the account that owns the booking.
 * A token that does not verify and a booking that does not exist get the same 404, so a token tells nothing about
 * which bookings exist. Both spend the press's budget (limits/pass-budgets.ts) before the booking is read, once the
 * token or the ownership is known to be good.
 */
import { isListed } from '../../../shared/records';
import type { Caller } from '../../lib/auth';
import { notFound } from '../../domain/errors';
import { bookingIdFromPassToken } from '../../lib/pass-token';
import { getBooking } from '../../store/bookings';
import { BOOKING_NOT_FOUND, ownBooking } from '../account/own-booking';
import { spendLandedBudget } from '../limits/pass-budgets';
import { sayLanded, type Landing } from './landing';
import * as clock from '../../lib/clock';

export async function landedByPass(token: string, landing: Landing, clientAddress: string, now = clock.now()) {
  const id = await bookingIdFromPassToken(token);
  if (id) await spendLandedBudget({ clientAddress, bookingId: id }, now);
  const booking = id ? await getBooking(id, true) : null;
  if (!booking || !isListed(booking)) throw notFound(BOOKING_NOT_FOUND);
  return sayLanded(booking, landing, { kind: 'traveller', who: 'Traveller (booking pass)' }, now);
}

export async function landedByOwner(caller: Caller, id: string, landing: Landing, clientAddress: string, now = clock.now()) {
  const booking = await ownBooking(caller, id);
  await spendLandedBudget({ clientAddress, account: caller.sub }, now);
  return sayLanded(booking, landing, { kind: 'traveller', who: caller.email ?? `Traveller (account ${caller.sub})` }, now);
}
