/**
 * The product's records as it stores and reasons about them (the domain types the use cases, the store and the
 * tests share): a booking with its lifecycle, price and payment in integer cents, and a customer. The API
 * answers with snake_case field names instead (docs/product-rules.md, Field names).
 */
import type { Cents } from './money';
import type { PaymentMethod } from './balance';
import type { PaymentType } from './pricing';
import type { ServiceId } from './add-ons';

export type BookingStatus = 'pending_payment' | 'reservation' | 'checkin' | 'checkout' | 'payment_review' | 'cancelled' | 'expired' | 'payment_failed';

/** Paid and still on: the statuses a booking can be changed in. */
export const CONFIRMED_STATUSES: readonly BookingStatus[] = ['reservation', 'checkin', 'checkout'];
/** Paid at some point: what the customer's and the admin's lists show (a cancelled booking stays listed). */
export const LISTED_STATUSES: readonly BookingStatus[] = [...CONFIRMED_STATUSES, 'payment_review', 'cancelled'];
/** Statuses whose stay takes a place in the yard: a payment held for review keeps its places until staff decide. */
export const OCCUPYING_STATUSES: readonly BookingStatus[] = [...CONFIRMED_STATUSES, 'payment_review'];

export interface Payment {
  type: PaymentType;
  amountPaidCents: Cents;
  balanceDueCents: Cents;
  currency: string;
  paymentIntent: string | null;
  sessionId: string;
  paidAt: string;
  /**
   * Why a payment is held for review (status `payment_review`): it did not match what the checkout asked
   * (`amount`: amount or currency), or it arrived after the booking's checkout had ended (`ended`: expired or
   * failed, its places given back). Absent on a payment that was not held.
   */
  reviewReason?: PaymentReviewReason;
}

export type PaymentReviewReason = 'amount' | 'ended';

/** One change of money on a booking (docs/payments.md: every money change is recorded with who and when). */
export interface LedgerLine {
  id: string;
  at: string;
  /** Who made the change: the customer (their account), staff, or the payment provider. */
  by: 'customer' | 'admin' | 'system';
  /**
   * `balance`: the balance due at pick-up changed; `refund`: money back (to the card, or, with a yard `method`, handed
   * back in the yard: shared/refund-lines.ts); `kept`: paid beyond the total,
   * not refunded; `payment`: a payment towards the balance (amount positive), taken by staff in the yard, or paid online
   * through a balance checkout (`method` `online`, with its `sessionId` and `paymentIntent`).
   */
  kind: 'balance' | 'refund' | 'kept' | 'payment';
  amountCents: Cents;
  note: string;
  /**
   * Payments: how it was paid, and the member of staff who took it (their e-mail, or their user id). Refunds with a
   * yard method: handed back that way in the yard (never through Stripe), and who handed it back.
   */
  method?: PaymentMethod | 'online';
  takenBy?: string;
  /**
   * Online balance payments: the Stripe Checkout session and payment intent that took it. Each session is on the
   * ledger once (balance-payment.ts); reconcile checks the line against that payment intent. On a refund line: the
   * payment it goes back to (a balance paid online that was not needed, balance-payment.ts; one part of a refund split
   * across payments, refund.ts), instead of the first payment with room.
   */
  sessionId?: string;
  paymentIntent?: string;
  /**
   * A refund line made by splitting another (its id) across the booking's payments, when no one payment had room for
   * all of it (refund.ts): one decision, one Stripe refund per payment, each line aimed at its payment.
   */
  splitFrom?: string;
  /**
   * Refunds: pending until the provider confirms, then succeeded (or failed, to retry). A refund handed back in the
   * yard is succeeded when staff record it, and pending while it is still to hand back (a customer's cancellation).
   */
  status?: 'pending' | 'succeeded' | 'failed';
  /** A failed refund: why (Stripe's answer, or that it never answered), for staff to see. */
  failure?: string;
  /** Stripe's refund id: each Stripe refund is on the ledger once, by this id (refund-sync.ts). */
  refundId?: string;
  /** When Stripe's answer (made, or refused) was recorded. */
  settledAt?: string;
  /** A refund made outside the app (Stripe's dashboard), recorded from Stripe's list of the payment's refunds. */
  outside?: true;
  /**
   * The refund the app's decision granted, when less was sent because a refund made outside the app had paid
   * part or all of it (the headroom rule, docs/payments.md); `amountCents` is what was sent. On an online balance
   * payment: the balance the session was made for, when Stripe took another amount (`amountCents` is what it took).
   */
  askedCents?: Cents;
}

/**
 * The Services page's services booked with the stay (shared/add-ons.ts), kept like the car wash: chosen or not,
 * and what each cost when priced (`carCleaning`, `carCleaningCents`, ...). Absent on bookings made before
 * them, which means not chosen.
 */
export type BookedServices = Partial<Record<ServiceId, boolean>> & Partial<Record<`${ServiceId}Cents`, Cents>>;

/**
 * The booking's one balance checkout (functions/store/balance-checkouts.ts): claimed (`opening`) by a conditional
 * write before Stripe is asked for a session, `open` once the session is recorded. Only this session is the
 * booking's: any change of what is due removes it (shared/balance-checkout.ts, balanceSessionSurvives), and a
 * payment that still comes for a session that is not this one is a late payment (shared/money-policy.ts,
 * balancePaymentDecision).
 */
export interface BalanceCheckoutClaim {
  claimId: string;
  state: 'opening' | 'open';
  /** When the claim was taken (ISO): a claim still `opening` long after is a request that died, and may be taken over. */
  claimedAt: string;
  /** The balance the session asks (the balance due when it was claimed). */
  amountCents: Cents;
  sessionId?: string;
  url?: string;
  /** Epoch seconds: when Stripe stops taking payment for it. */
  expiresAt?: number;
}

export interface Booking extends BookedServices {
  id: string;
  status: BookingStatus;
  customerId: string;
  /** The signed-in user who booked, if any; their own-bookings list reads it. */
  userId: string | null;
  /** The customer's details as given at checkout (shown on the booking and the receipt). */
  customer: { name: string; email: string; contactNumber: string };
  /** Null when staff cleared it (an empty registration is stored as null, docs/product-rules.md). */
  carRegistration: string | null;
  dropOffDate: string;
  dropOffTime: string;
  pickUpDate: string;
  pickUpTime: string;
  departureFlight: string | null;
  returnFlight: string | null;
  parkingBayNumber: string | null;
  days: number;
  shuttleService: boolean;
  carWash: boolean;
  parkingCents: Cents;
  carWashCents: Cents;
  totalCents: Cents;
  paymentType: PaymentType;
  /** What the checkout session charges: the total, or the deposit. */
  amountDueNowCents: Cents;
  checkoutSessionId: string;
  createdAt: string;
  updatedAt: string;
  bookingReference?: string;
  confirmedAt?: string;
  payment?: Payment;
  endedAt?: string;
  receiptSentAt?: string;
  /** Set while one caller sends the receipt (see claimReceipt). */
  receiptClaimedAt?: string;
  cancelledAt?: string;
  /** When the yard checked the car out (the status moved to `checkout`): damage claims count their 48 hours from it. */
  checkedOutAt?: string;
  /**
   * True when the checkout held the stay's places in the occupancy counters (every checkout since capacity was
   * introduced): payment keeps the hold, expiry gives it back. Absent on older pending bookings.
   */
  placesHeld?: boolean;
  /**
   * The earliest drop-off instant (ISO) the booking has had since it was paid: the cancellation terms' 48 hours
   * count from it, so moving the stay later does not move them (shared/money-policy.ts). Absent until the
   * drop-off first moves.
   */
  termsDropOffAt?: string;
  /**
   * The terms' $5 a day for an unnotified late pick-up, charged so far (at check-out, shared/balance.ts). It is in
   * `totalCents`; a re-priced stay keeps it.
   */
  lateFeeCents?: Cents;
  /** Money changes after payment, oldest first. */
  ledger?: LedgerLine[];
  /** The yard's key tag for the car's keys, given at check-in. */
  keyTag?: string | null;
  /** The car as staff saw it at check-in (optional). */
  carMake?: string | null;
  carColour?: string | null;
  /**
   * How many times the booking has changed since it was confirmed (each change through change-booking.ts adds one):
   * the SEQUENCE of its calendar events, so a calendar applies the latest version. Absent means none yet.
   */
  calendarSequence?: number;
  /** The balance checkout open (or being opened) for the balance due now; absent when none is. */
  balanceCheckout?: BalanceCheckoutClaim;
}

export const isConfirmed = (b: Pick<Booking, 'status'>) => CONFIRMED_STATUSES.includes(b.status);
export const isListed = (b: Pick<Booking, 'status'>) => LISTED_STATUSES.includes(b.status);

/** The business's view of a person, found by e-mail; linked to an account (`userId`) only through its verified e-mail. */
export interface Customer {
  id: string;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  contactNumber: string;
  userId: string | null;
  createdAt: string;
  updatedAt: string;
  /** Set by the first confirmed booking; the 'unique customers' counter counts these. */
  firstConfirmedAt?: string;
}
