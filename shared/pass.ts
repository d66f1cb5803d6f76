/**
 * The booking pass: one page per booking that a guest opens by a signed link and an account holder from
 * the dashboard. Its answer carries no more than the success page shows, and less: no name, e-mail or phone, since
 * the link is made to be forwarded (docs/pass.md). What the traveller may do is decided by the server and sent as
 * flags; the page only shows or hides the buttons.
 */
import * as z from 'zod';
import { cancellationTermsSchema } from './cancellation';
import { walletOffersSchema } from './wallet';
import { serviceFlagsShape } from './add-on-schemas';
import { passInvoiceWays, passStatuses } from './pass-texts';
import { returnedPaymentSchema } from './returned-payment-schema';

// The texts and statuses live apart from the schema so that the pass's first load carries no zod.
export { passInvoiceWays, passMessages, passStatusLabels, passStatuses, type PassInvoiceWay, type PassStatus } from './pass-texts';

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
  /**
   * What the pass says plainly about the return flight, or null: "We can't find NZ1234 arriving on 24 Dec: please
   * check it" once the flight tracker has asked and the provider does not know the flight on the pick-up date;
   * once it knows the flight, its landing and the shuttle: "NZ102 lands 2:35 PM, 40 min late; the shuttle meets you
   * at the domestic stop at about 2:55 PM"; a cancelled or diverted flight said plainly (shared/flights.ts).
   */
  return_flight_notice: z.string().nullable(),
  /** The tracker saw the return flight land: the yard is told, so "I've landed" is not offered. */
  return_flight_landed: z.boolean(),
  car_registration: z.string().nullable(),
  parking_bay_number: z.string().nullable(),
  car_wash: z.boolean(),
  ...serviceFlagsShape,
  /** Dollars. */
  total_cost: z.number(),
  amount_paid: z.number(),
  balance_due: z.number(),
  /**
   * What the traveller may do now, as the server decides it. A cancelled pass offers none of these: nothing to pay,
   * cancel, announce or add to a calendar (its calendar file answers 409), and no confirmation to resend.
   */
  can: z.object({ pay_balance: z.boolean(), cancel: z.boolean(), say_landed: z.boolean(), resend_confirmation: z.boolean(), add_to_calendar: z.boolean() }),
  /** The cancellation terms now: what cancelling would refund and keep, or why it cannot be done online. */
  cancellation: cancellationTermsSchema,
  /** The wallet passes offered (shared/wallet.ts): none until the operator configures one. */
  wallet: walletOffersSchema,
  /** `download` (GET /api/pass/{token}/invoice.pdf), or `email` when the invoice names the buyer (over $1,000). */
  invoice: z.enum(passInvoiceWays),
  /** Balances paid online that the booking did not keep, with what went back to the card and why (shared/returned-payment.ts). */
  returned_payments: z.array(returnedPaymentSchema),
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
