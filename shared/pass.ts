/**
 * The booking pass (issue 23): one page per booking that a guest opens by a signed link and an account holder from
 * the dashboard. Its answer carries no more than the success page shows, and less: no name, e-mail or phone, since
 * the link is made to be forwarded (docs/pass.md). What the traveller may do is decided by the server and sent as
 * flags; the page only shows or hides the buttons.
 */
import * as z from 'zod';
import { cancellationTermsSchema } from './cancellation';
import { walletOffersSchema } from './wallet';
import { serviceFlagsShape } from './add-on-schemas';

export const passMessages = {
  /** A token that does not verify and a booking that does not exist get the same words (never say which). */
  notFound: 'This booking pass was not found. Check the link, or ask for a new one from Manage my booking.',
  loadFailed: 'Could not load your booking pass. Please try again.',
  resent: 'We have sent the confirmation again to the e-mail address on the booking.',
  resendCancelled: 'There is no confirmation to send: this booking is cancelled or its payment is still being checked.',
  resendFailed: 'Could not send the confirmation. Please try again.',
} as const;

export const passStatuses = ['reservation', 'checkin', 'checkout', 'payment_review', 'cancelled'] as const;
export type PassStatus = (typeof passStatuses)[number];

/** The traveller's words for each status (not the staff's). */
export const passStatusLabels: Record<PassStatus, string> = {
  reservation: 'Booked',
  checkin: 'Your car is with us',
  checkout: 'Collected',
  payment_review: 'Payment being checked',
  cancelled: 'Cancelled',
};

const stayPointSchema = z.object({ date: z.string(), time: z.string() });

export const passSchema = z.object({
  reference: z.string(),
  /** What the QR code holds: the pass's own address (functions/lib/pass-token.ts passUrl). */
  pass_url: z.string(),
  /** The signed token in that address, for the routes under /api/pass/{token}. */
  token: z.string(),
  status: z.enum(passStatuses),
  /** NZ wall-clock date (YYYY-MM-DD) and time (HH:MM). */
  drop_off: stayPointSchema,
  pick_up: stayPointSchema,
  days: z.number().int(),
  departure_flight: z.string().nullable(),
  return_flight: z.string().nullable(),
  car_registration: z.string().nullable(),
  parking_bay_number: z.string().nullable(),
  car_wash: z.boolean(),
  ...serviceFlagsShape,
  /** Dollars. */
  total_cost: z.number(),
  amount_paid: z.number(),
  balance_due: z.number(),
  /** What the traveller may do now, as the server decides it. */
  can: z.object({ pay_balance: z.boolean(), cancel: z.boolean(), say_landed: z.boolean(), resend_confirmation: z.boolean() }),
  /** The cancellation terms now: what cancelling would refund and keep, or why it cannot be done online. */
  cancellation: cancellationTermsSchema,
  /** The wallet passes offered (shared/wallet.ts): none until the operator configures one. */
  wallet: walletOffersSchema,
});
export type Pass = z.infer<typeof passSchema>;

/** POST /api/pass/{token}/cancellation: the pass as it now stands and the refund in dollars. */
export const passCancellationResponseSchema = z.object({ pass: passSchema, refund: z.number() });

export const messageResponseSchema = z.object({ message: z.string() });

/** POST /api/pass/{token}/balance-checkout (the balance's Stripe Checkout): where to send the traveller. */
export const passBalanceCheckoutSchema = z.object({ url: z.string() });

/**
 * "I've landed" is offered on the return day (the NZ date of pick-up) while the car is booked or in the yard. The
 * pickup queue's own route has the final word on when it takes the request.
 */
export function mayOfferLanded(b: { status: string; pickUpDate: string }, today: string): boolean {
  return (b.status === 'reservation' || b.status === 'checkin') && today === b.pickUpDate;
}
