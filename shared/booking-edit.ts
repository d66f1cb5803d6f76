/**
 * Changing a paid booking (docs/product-rules.md, 'Changing a booking' and 'Money after payment'):
 * the limited set of fields a customer may send, and what a new price would do to the money (the money policy's
 * decision from the API's copy of the booking). Pure, so the dialog shows exactly what the server will do.
 */
import * as z from 'zod';
import { clearableFlightNumber } from './flight-number';
import { editVersion } from './text';
import type { CustomerBooking } from './customer-bookings';
import { dollarsToCents, type Cents } from './money';
import { decideMoney, type MoneyDecision, type MoneyState, type Policy, type PolicyError } from './money-policy';
import { nzInstant } from './nz-time';
import { site } from './site';
import { serviceEditShape } from './add-on-schemas';

export const bookingEditMessages = {
  updated: 'Booking updated successfully',
  failed: 'Failed to update booking',
  dropOffLocked: 'The drop-off can no longer be changed: its date has passed.',
  notEditable: `This booking can no longer be changed online. Please call us on ${site.phone}.`,
  stale: 'This booking was changed in the meantime. Please check the latest details and save again.',
  noChange: 'Nothing has changed.',
} as const;

const dateText = z.string('Invalid date or time format');

/** PATCH /api/me/bookings/{id}: the limited editing mode's fields (docs/product-rules.md, Changing a booking), all optional. */
export const customerBookingEditSchema = z.strictObject({
  drop_off_date: dateText.optional(),
  drop_off_time: dateText.optional(),
  pick_up_date: dateText.optional(),
  pick_up_time: dateText.optional(),
  return_flight: clearableFlightNumber.optional(),
  car_wash: z.boolean('Please choose whether you want a car wash').optional(),
  ...serviceEditShape,
  /** The booking's `updated_at` as the dialog read it: a save over someone else's change is refused. */
  version: editVersion('Reload the booking and try again'),
});
export type CustomerBookingEdit = z.infer<typeof customerBookingEditSchema>;

/** The booking as the API gives it: enough to see what a change would do to the money. */
export type MoneyView = Pick<CustomerBooking, 'total_cost' | 'amount_paid' | 'refunded' | 'drop_off_date' | 'drop_off_time' | 'terms_drop_off_at'>;

export function moneyStateOfView(b: MoneyView): MoneyState {
  const dropOffAt = nzInstant({ date: b.drop_off_date, time: b.drop_off_time }) ?? new Date(b.terms_drop_off_at);
  const terms = new Date(b.terms_drop_off_at);
  return {
    totalCents: dollarsToCents(b.total_cost),
    heldCents: dollarsToCents(b.amount_paid),
    refundedCents: dollarsToCents(b.refunded),
    termsDropOffAt: terms.getTime() < dropOffAt.getTime() ? terms : dropOffAt,
    dropOffAt,
  };
}

/**
 * What a new price would do to the money under the given policy (the customer's unless staff choose): the
 * dialogs show it before saving, from the same decision the server makes (shared/money-policy.ts).
 */
export function previewSettlement(b: MoneyView, newTotalCents: Cents, now: Date, policy: Policy = { actor: 'customer' }): MoneyDecision | PolicyError {
  return decideMoney(moneyStateOfView(b), { kind: 'reprice', newTotalCents }, policy, now);
}
