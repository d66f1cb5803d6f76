/**
 * Changing a paid booking (spec: 'Customer booking edit dialog'; design: 'Money after a booking is paid'):
 * the limited set of fields a customer may send, and how the money settles when the price changes. Pure, so
 * the dialog shows exactly what the server will do.
 */
import * as z from 'zod';
import { editVersion } from './text';
import type { Cents } from './money';
import { site } from './site';

export const bookingEditMessages = {
  updated: 'Booking updated successfully',
  failed: 'Failed to update booking',
  dropOffLocked: 'The drop-off can no longer be changed: its date has passed.',
  notEditable: `This booking can no longer be changed online. Please call us on ${site.phone}.`,
  stale: 'This booking was changed in the meantime. Please check the latest details and save again.',
  noChange: 'Nothing has changed.',
} as const;

const optionalFlight = z
  .string('Expected text')
  .trim()
  .toUpperCase()
  .max(10, 'Please enter a valid flight number')
  .regex(/^[A-Z0-9 ]*$/, 'Please enter a valid flight number')
  .transform((v) => v || null)
  .nullable();

const dateText = z.string('Invalid date or time format');

/** PATCH /api/me/bookings/{id}: the limited editing mode's fields (spec section 7, 'Data writes'), all optional. */
export const customerBookingEditSchema = z.strictObject({
  drop_off_date: dateText.optional(),
  drop_off_time: dateText.optional(),
  pick_up_date: dateText.optional(),
  pick_up_time: dateText.optional(),
  return_flight: optionalFlight.optional(),
  car_wash: z.boolean('Please choose whether you want a car wash').optional(),
  /** The booking's `updated_at` as the dialog read it: a save over someone else's change is refused. */
  version: editVersion('Reload the booking and try again'),
});
export type CustomerBookingEdit = z.infer<typeof customerBookingEditSchema>;

export interface Settlement {
  /** What the booking now costs. */
  totalCents: Cents;
  /** Left to pay at pick-up. */
  balanceDueCents: Cents;
  /** Given back to the card now. */
  refundCents: Cents;
  /** Paid beyond the new total and kept (a change from the drop-off date on: early pick-ups get no refund). */
  keptCents: Cents;
}

/**
 * The price goes up: the difference is added to the balance due at pick-up. It goes down: the balance falls
 * first; anything paid beyond the new total is refunded when the change is made before the drop-off date,
 * and kept from the drop-off date on.
 */
export function settle(paidCents: Cents, newTotalCents: Cents, beforeDropOffDate: boolean): Settlement {
  const over = Math.max(0, paidCents - newTotalCents);
  return {
    totalCents: newTotalCents,
    balanceDueCents: Math.max(0, newTotalCents - paidCents),
    refundCents: beforeDropOffDate ? over : 0,
    keptCents: beforeDropOffDate ? 0 : over,
  };
}
