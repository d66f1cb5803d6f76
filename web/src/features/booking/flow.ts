/**
 * What moves between the booking screens as navigation state (docs/payments.md, Flow): the quote data, the
 * cost in dollars, and later the customer. The server re-prices everything; these are for display.
 * Pure: no React, no storage, so the rules here are unit-tested directly.
 */
import { customerDetailsSchema, paymentMessages, type CheckoutRequestInput, type CustomerDetails } from '@shared/booking';
import { dollarsToCents, type Cents } from '@shared/money';
import { amountDueNow, type PaymentType } from '@shared/pricing';
import type { QuoteResponse } from '@shared/schemas';
import { serviceChoicesOf } from '@shared/add-ons';

export type { CustomerDetails, PaymentType };

export interface QuoteData {
  dropOffDate: string;
  dropOffTime: string;
  pickUpDate: string;
  pickUpTime: string;
  needsShuttle: boolean;
  carWash: boolean;
  /** The Services page's services (shared/add-ons.ts); absent on a flow saved before them. */
  carCleaning?: boolean;
  carDetailing?: boolean;
  carServicing?: boolean;
  departureFlightNumber: string;
  returnFlightNumber: string;
  carRegistration: string;
  parkingBayNumber: string;
  parkingType: 'open';
}

/** The quote as the API states it (dollars), carried for display. */
export type QuoteCost = QuoteResponse;

export type CustomerField = keyof CustomerDetails;
export const CUSTOMER_FIELDS: readonly CustomerField[] = ['firstName', 'lastName', 'email', 'contactNumber', 'carRegistration'];

export interface BookingFlowState {
  quoteData: QuoteData;
  cost: QuoteCost;
  customer?: CustomerDetails;
}

/** The payment screens need the customer as well as the quote. */
export interface PaymentFlowState extends BookingFlowState {
  customer: CustomerDetails;
}

/** Kept in sessionStorage while the browser is away at the hosted checkout, so the way back can find it. */
export interface PendingBooking extends PaymentFlowState {
  paymentType: PaymentType;
  bookingId: string;
  /** The checkout session: what ends the checkout (and frees its places) when the traveller comes back unpaid. */
  sessionId?: string;
}

export const PENDING_BOOKING_KEY = 'pendingBooking';

/** Navigation state /booking accepts: a flow (possibly with the customer, from Back to Details) and/or a notice. */
export interface BookingPageState extends Partial<BookingFlowState> {
  notice?: string;
}

export const BOOKING_CANCELLED_NOTICE = 'Booking cancelled. You can start a new booking anytime.';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function isBookingFlowState(value: unknown): value is BookingFlowState {
  const v = value as BookingFlowState | null;
  return !!v && typeof v === 'object' && !!v.quoteData && !!v.cost && typeof v.cost.total === 'number';
}

export function isCustomerDetails(value: unknown): value is CustomerDetails {
  return isObject(value) && CUSTOMER_FIELDS.every((f) => typeof value[f] === 'string');
}

export function isPaymentFlowState(value: unknown): value is PaymentFlowState {
  return isBookingFlowState(value) && isCustomerDetails(value.customer);
}

export const isPaymentType = (v: unknown): v is PaymentType => v === 'full' || v === 'deposit';

/** Reads a stored pending booking; anything malformed counts as none. */
export function parsePendingBooking(text: string | null): PendingBooking | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isPaymentFlowState(value)) return null;
  const v = value as unknown as Record<string, unknown>;
  if (!isPaymentType(v.paymentType) || typeof v.bookingId !== 'string') return null;
  return value as PendingBooking;
}

/** The flow part of a pending booking, as navigation state for the screens. */
export function flowOf(pending: PendingBooking): PaymentFlowState {
  const { quoteData, cost, customer } = pending;
  return { quoteData, cost, customer };
}

/** Registration plates are shown and stored in capitals, so the field upper-cases as the user types. */
export const normaliseRegistration = (value: string): string => value.toUpperCase();

export const emptyCustomer = (): CustomerDetails => ({ firstName: '', lastName: '', email: '', contactNumber: '', carRegistration: '' });

export const INCOMPLETE_FIELDS_TITLE = paymentMessages.required;
export const INCOMPLETE_FIELDS_DESCRIPTION = 'All fields are required to proceed.';

const REQUIRED_MESSAGES: Record<CustomerField, string> = {
  firstName: 'Enter your first name',
  lastName: 'Enter your last name',
  email: 'Enter your email address',
  contactNumber: 'Enter your contact number',
  carRegistration: "Enter your car's registration",
};

export type CustomerErrors = Partial<Record<CustomerField, string>>;

/** Which of the five required fields are blank (spaces alone count as blank), in form order. */
export function missingCustomerFields(c: CustomerDetails): CustomerErrors {
  const errors: CustomerErrors = {};
  for (const f of CUSTOMER_FIELDS) if (c[f].trim() === '') errors[f] = REQUIRED_MESSAGES[f];
  return errors;
}

export const trimCustomer = (c: CustomerDetails): CustomerDetails => ({
  firstName: c.firstName.trim(),
  lastName: c.lastName.trim(),
  email: c.email.trim(),
  contactNumber: c.contactNumber.trim(),
  carRegistration: normaliseRegistration(c.carRegistration.trim()),
});

/** The first field, in form order, that has an error: it takes the focus. */
export const firstInvalidField = (errors: CustomerErrors): CustomerField | undefined => CUSTOMER_FIELDS.find((f) => errors[f]);

/** What is charged now and what is left for pick-up, in cents, for the total shown on the quote. */
export function paymentAmounts(cost: Pick<QuoteCost, 'total'>, paymentType: PaymentType): { total: Cents; now: Cents; balance: Cents } {
  const total = dollarsToCents(cost.total);
  return { total, ...amountDueNow(total, paymentType) };
}

/** What the checkout request sends as `cost` (a deposit sends a total of 10); the server ignores it and prices the booking itself. */
export interface CheckoutCost {
  days: number;
  total: number;
  paymentType: PaymentType;
}

/** Paying twice for one trip: the tab's paid checkouts (the proof), and whether the traveller chose to book anyway. */
export interface DuplicateTripOptions {
  paidSessions?: readonly string[];
  confirmDuplicate?: boolean;
}

/** The POST /api/checkout body for a flow: only the fields the API takes, flight numbers only when given. */
export function checkoutRequest(state: PaymentFlowState, paymentType: PaymentType, duplicate: DuplicateTripOptions = {}): CheckoutRequestInput & { cost: CheckoutCost } {
  const q = state.quoteData;
  const quote: CheckoutRequestInput['quote'] = {
    dropOffDate: q.dropOffDate,
    dropOffTime: q.dropOffTime,
    pickUpDate: q.pickUpDate,
    pickUpTime: q.pickUpTime,
    carWash: q.carWash,
    ...serviceChoicesOf(q),
  };
  if (q.departureFlightNumber.trim()) quote.departureFlightNumber = q.departureFlightNumber.trim();
  if (q.returnFlightNumber.trim()) quote.returnFlightNumber = q.returnFlightNumber.trim();
  const { now } = paymentAmounts(state.cost, paymentType);
  return {
    quote,
    customer: trimCustomer(state.customer),
    paymentType,
    cost: { days: state.cost.days, total: paymentType === 'deposit' ? now / 100 : state.cost.total, paymentType },
    ...(duplicate.paidSessions?.length ? { paid_sessions: [...duplicate.paidSessions] } : {}),
    ...(duplicate.confirmDuplicate ? { confirm_duplicate: true } : {}),
  };
}

/** Server messages that say nothing beyond 'it failed', so the screen does not repeat them. */
const GENERIC_MESSAGES = [
  /^Failed to create checkout session$/i,
  /^Something went wrong/i,
  /^Please check the highlighted fields$/i,
  /^The request body is not valid JSON$/i,
  /^Request failed \(\d+\)$/,
  /^Internal server error$/i,
  /^Not found$/i,
];

/**
 * The detail worth showing under 'Payment failed. Please try again.': a field's message (the lead time,
 * the date order, an invalid e-mail) or a specific server message; nothing for generic failures.
 */
export function checkoutFailureDetail(error: { message?: string; fieldErrors?: Record<string, string> }): string | undefined {
  const fieldMessages = Object.values(error.fieldErrors ?? {}).filter((m) => m.trim() !== '');
  const unique = [...new Set(fieldMessages)];
  if (unique.length) return unique.join(' ');
  const message = error.message?.trim();
  if (!message || GENERIC_MESSAGES.some((re) => re.test(message))) return undefined;
  return message;
}

/**
 * Format checks once every field is filled, with the API's own schema so the form and the server agree
 * (a valid e-mail, a phone number with enough digits, a registration of letters and digits).
 */
export function customerFormatErrors(c: CustomerDetails): CustomerErrors {
  const result = customerDetailsSchema.safeParse(c);
  const errors: CustomerErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (CUSTOMER_FIELDS as readonly string[]).includes(field)) errors[field as CustomerField] ??= issue.message;
  }
  return errors;
}
