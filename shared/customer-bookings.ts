/**
 * The customer dashboard's bookings (docs/accounts.md): the booking object with the snake_case field
 * names and the joined customer, plus what the page shows beyond them (days, what was paid, the balance due at
 * pick-up), and the page's filter and sort, which are pure so the server and tests agree with the page.
 */
import * as z from 'zod';
import { formatDollars } from './money';
import { serviceFlagsShape } from './add-on-schemas';

export const customerBookingSchema = z.object({
  id: z.string(),
  booking_reference: z.string(),
  user_id: z.string().nullable(),
  customer_id: z.string(),
  customer: z.object({ name: z.string(), email: z.string(), contact_number: z.string() }),
  drop_off_date: z.string(),
  drop_off_time: z.string(),
  pick_up_date: z.string(),
  pick_up_time: z.string(),
  departure_flight: z.string().nullable(),
  return_flight: z.string().nullable(),
  car_registration: z.string().nullable(),
  parking_bay_number: z.string().nullable(),
  status: z.enum(['reservation', 'checkin', 'checkout', 'payment_review', 'cancelled']),
  shuttle_service: z.boolean(),
  car_wash: z.boolean(),
  ...serviceFlagsShape,
  total_cost: z.number(),
  days: z.number().int(),
  amount_paid: z.number(),
  balance_due: z.number(),
  /** Status `payment_review` only: why the payment is held (see records.ts `Payment.reviewReason`). */
  payment_review_reason: z.enum(['amount', 'ended']).nullable(),
  /** Refunded so far (dollars): earlier refunds count against what cancelling gives (shared/money-policy.ts). */
  refunded: z.number(),
  /** The earliest drop-off the booking has had (ISO instant): the cancellation terms' 48 hours count from it. */
  terms_drop_off_at: z.string(),
  created_at: z.string(),
  /** The version an edit must name (a save over someone else's change is refused). */
  updated_at: z.string(),
});
export type CustomerBooking = z.infer<typeof customerBookingSchema>;

export const customerBookingsResponseSchema = z.object({ bookings: z.array(customerBookingSchema) });
export type CustomerBookingsResponse = z.infer<typeof customerBookingsResponseSchema>;

export const customerBookingsMessages = {
  loadFailed: 'Failed to load your bookings',
  noneAtAll: 'No bookings found',
  noneCurrent: 'No current or future bookings found',
  nonePast: 'No past bookings found',
} as const;

export type BookingPeriod = 'current' | 'past';
export type DropOffOrder = 'earliest' | 'latest';

/** Past when the pick-up date is before today in New Zealand; otherwise Current & Future. */
export function periodOf(b: Pick<CustomerBooking, 'pick_up_date'>, today: string): BookingPeriod {
  return b.pick_up_date < today ? 'past' : 'current';
}

/**
 * The period's bookings in drop-off order, the cancelled ones after the rest: a booking still on is what the person
 * came to see (a cancelled one stays listed, below them).
 */
export function selectCustomerBookings(all: readonly CustomerBooking[], period: BookingPeriod, order: DropOffOrder, today: string): CustomerBooking[] {
  const key = (b: CustomerBooking) => `${b.drop_off_date}T${b.drop_off_time}#${b.id}`;
  const cancelled = (b: CustomerBooking) => (b.status === 'cancelled' ? 1 : 0);
  return all
    .filter((b) => periodOf(b, today) === period)
    .sort((a, b) => cancelled(a) - cancelled(b) || (order === 'earliest' ? key(a).localeCompare(key(b)) : key(b).localeCompare(key(a))));
}

/** A cancelled booking's money on its card: what was kept, and what came back. */
export function cancelledMoneyText(b: Pick<CustomerBooking, 'amount_paid' | 'refunded'>): string {
  return b.refunded > 0 ? `${formatDollars(b.refunded)} refunded, ${formatDollars(b.amount_paid)} kept` : `${formatDollars(b.amount_paid)} kept`;
}

/** What a change did to the money (dollars), with the terms' words for what was kept. */
export const settlementSchema = z.object({ total: z.number(), balance_due: z.number(), refund: z.number(), kept: z.number(), kept_reason: z.string().nullable() });

/** PATCH /api/me/bookings/{id}: the booking as it now stands, and what the change did to the money (dollars). */
export const customerBookingEditResponseSchema = z.object({
  booking: customerBookingSchema,
  settlement: settlementSchema,
});
export type CustomerBookingEditResponse = z.infer<typeof customerBookingEditResponseSchema>;
