/**
 * The checkout contract both sides code against: the customer-details and checkout request schemas (the
 * booking screens validate with the same rules the API enforces), the created-booking response, and the
 * payment texts. Pure zod, no AWS, no React.
 */
import * as z from 'zod';
import { returnedPaymentSchema } from './returned-payment-schema';
import { flightNumberMessage, optionalFlightNumber } from './flight-number';
import { messages } from './messages';
import { typedText } from './text';
import { bookedAddOnsSchema, serviceFlagsShape, serviceQuoteShape } from './add-on-schemas';

export const paymentMessages = {
  required: 'Please complete all fields',
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Please enter a valid phone number',
  invalidRegistration: 'Please enter a valid car registration',
  invalidFlightNumber: flightNumberMessage,
  nameTooLong: 'Names can be at most 50 characters',
  invalidName: 'Please enter a valid name',
  choosePaymentType: 'Please choose how you want to pay',
  carWashChoice: 'Please choose whether you want a car wash',
  checkoutFailed: 'Failed to create checkout session',
  /** A checkout stopped before its time ran out (many at once for the last places, or a slow payment provider): 503 with Retry-After. */
  checkoutBusy: 'Many travellers are booking at the same moment and we could not start your payment in time. Please try again in a few seconds.',
  sessionNotFound: 'Payment session not found',
  paymentNotCompleted: 'Payment has not been completed for this session',
  /** A success link for a checkout that ended unpaid (expired, failed): final, nothing to wait for. */
  checkoutEnded: 'This checkout ended without a payment, so no booking was made and you have not been charged. You can book again from the home page.',
  /** A payment that did not match what the booking asked (amount or currency): kept, held for staff. */
  paymentUnderReview: 'We received your payment, but it did not match the booking, so our team is checking it. We will e-mail you as soon as your booking is confirmed.',
  invalidSignature: 'Invalid webhook signature',
} as const;

/** A message for a value that is missing or not text, so a missing field reads like an empty one. */
const textRequired = { error: (issue: { input?: unknown }) => (issue.input === undefined ? paymentMessages.required : 'Expected text') };

/** Required typed text (shared/text.ts): `invalid` for characters the field does not take. */
const requiredText = (max: number, tooLong: string, invalid: string, upperCase = false) =>
  typedText({ max, tooLong, invalid, required: paymentMessages.required, upperCase, notText: textRequired.error });

const PHONE_CHARS = /^[0-9 +()-]+$/;
export const MIN_PHONE_DIGITS = 7;

export const customerDetailsSchema = z.strictObject({
  firstName: requiredText(50, paymentMessages.nameTooLong, paymentMessages.invalidName),
  lastName: requiredText(50, paymentMessages.nameTooLong, paymentMessages.invalidName),
  email: requiredText(254, paymentMessages.invalidEmail, paymentMessages.invalidEmail).pipe(z.email(paymentMessages.invalidEmail)),
  contactNumber: requiredText(20, paymentMessages.invalidPhone, paymentMessages.invalidPhone)
    .min(7, paymentMessages.invalidPhone)
    .regex(PHONE_CHARS, paymentMessages.invalidPhone)
    .refine((v) => v.replace(/\D/g, '').length >= MIN_PHONE_DIGITS, paymentMessages.invalidPhone),
  // Upper-cased before its length is judged: 'ß' is stored as 'SS'.
  carRegistration: requiredText(10, paymentMessages.invalidRegistration, paymentMessages.invalidRegistration, true)
    .regex(/^[A-Z0-9 ]+$/, paymentMessages.invalidRegistration),
});
export type CustomerDetailsInput = z.input<typeof customerDetailsSchema>;
export type CustomerDetails = z.infer<typeof customerDetailsSchema>;


const dateField = z.string({ error: messages.invalidDateTime });

/** The selection being booked. Other keys the quote card carries are dropped, never used for the price. */
export const checkoutQuoteSchema = z.object({
  dropOffDate: dateField,
  dropOffTime: dateField,
  pickUpDate: dateField,
  pickUpTime: dateField,
  carWash: z.boolean({ error: paymentMessages.carWashChoice }),
  ...serviceQuoteShape,
  departureFlightNumber: optionalFlightNumber,
  returnFlightNumber: optionalFlightNumber,
});
export type CheckoutQuote = z.infer<typeof checkoutQuoteSchema>;

export const paymentTypeSchema = z.enum(['full', 'deposit'], { error: paymentMessages.choosePaymentType });

/**
 * Paying twice for one trip (shared/duplicate-stay.ts): `confirm_duplicate` goes on although a paid booking of the same
 * e-mail, car and dates exists; `paid_sessions` are the checkout sessions this browser paid, the proof that lets an
 * anonymous caller be told about them.
 */
export const duplicateTripFields = {
  confirm_duplicate: z.boolean('Expected true or false').optional(),
  paid_sessions: z.array(z.string('Expected text').max(255), 'Expected a list').max(10, 'At most 10 sessions').optional(),
};

export const checkoutRequestSchema = z.strictObject({
  quote: checkoutQuoteSchema,
  customer: customerDetailsSchema,
  paymentType: paymentTypeSchema,
  /** The browser's copy of the price (the booking page sends it): accepted and ignored (docs/product-rules.md, Price). */
  cost: z.unknown().optional(),
  ...duplicateTripFields,
});
export type CheckoutRequestInput = z.input<typeof checkoutRequestSchema>;
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const checkoutResponseSchema = z.object({
  url: z.string(),
  sessionId: z.string(),
  bookingId: z.string(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** POST /api/checkout/{sessionId}/cancel: the checkout is over and its places are given back. */
export const endedCheckoutSchema = z.object({ status: z.literal('ended') });

/** GET /api/checkout/{sessionId}: the created-booking response plus the payment; money in dollars. */
export const createdBookingSchema = z.object({
  booking_id: z.string(),
  booking_reference: z.string(),
  parking_bay_number: z.string().nullable(),
  customer: z.object({ name: z.string(), email: z.string(), contact_number: z.string() }),
  car_registration: z.string(),
  drop_off_date: z.string(),
  drop_off_time: z.string(),
  pick_up_date: z.string(),
  pick_up_time: z.string(),
  /** The flights given at checkout (null when not), as the pass and the e-mails show them. */
  departure_flight: z.string().nullable(),
  return_flight: z.string().nullable(),
  days: z.number().int(),
  shuttle_service: z.boolean(),
  car_wash: z.boolean(),
  ...serviceFlagsShape,
  /** Each add-on booked, named, with its price (the receipt's lines). */
  add_ons: bookedAddOnsSchema.optional(),
  total_cost: z.number(),
  payment_type: paymentTypeSchema,
  amount_paid: z.number(),
  balance_due: z.number(),
  status: z.string(),
  /** The booking pass (docs/pass.md): its address and token; GET /api/checkout/{sessionId} adds them. */
  pass_url: z.string().optional(),
  pass_token: z.string().optional(),
  /** A balance session's payment the booking did not keep, all or part (null when it kept it); GET /api/checkout/{sessionId} adds it. */
  returned_payment: returnedPaymentSchema.nullable().optional(),
});
export type CreatedBooking = z.infer<typeof createdBookingSchema>;

/** `RP-` and six characters without the look-alikes 0/O and 1/I. */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const REFERENCE_PATTERN = /^RP-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{6}$/;

/**
 * Search text as stored and as queried: lower case, accents dropped, anything but letters, digits and
 * the e-mail characters `@ . _ + -` removed, spaces collapsed. The admin search normalises its query
 * with the same function and matches with begins_with.
 */
export function normaliseSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9@._+\- ]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * What the admin's search looks up: the normalised text, except that something typed like a phone number
 * ('021 555 0100', '+64 21 555 0100') is searched by its digits, as numbers are indexed.
 */
export function searchNeedle(text: string): string {
  if (/^[\d\s+().-]+$/.test(text.trim()) && text.replace(/\D/g, '').length >= 3) return phoneIdentity(text);
  return normaliseSearchText(text);
}

/**
 * Every form a typed search is looked up in, so that staff need not type it as it was stored: the needle as
 * typed (a name with its space), without spaces ('ABC 123' finds registration ABC123), without spaces or dashes
 * ('ABC-123'), and a booking reference's six characters without its `RP` ('rp 7k3m9q', 'RP7K3M9Q'). A registration
 * that itself starts with RP is still found by the first forms. Empty when nothing searchable was typed.
 */
export function searchNeedles(text: string): string[] {
  const needle = searchNeedle(text);
  if (!needle) return [];
  const compact = needle.replace(/ /g, '');
  const bare = compact.replace(/-/g, '');
  const code = /^rp-?([a-z0-9]{1,6})$/.exec(compact)?.[1];
  return [...new Set([needle, compact, bare, ...(code ? [code] : [])])].filter(Boolean);
}

/** The shortest run of phone digits the search finds a number by ('0100', the last four). */
export const PHONE_RUN_MIN = 4;

export interface Searchable {
  name: string;
  email: string;
  contactNumber: string;
  carRegistration?: string;
  bookingReference?: string;
}

/**
 * A contact number as one customer's number, however it was typed: its digits, with an international
 * New Zealand prefix (+64 or 0064) written in the national 0 form, so '+64 21 555 0100' and '021 555 0100'
 * are the same number.
 */
export function phoneIdentity(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const trimmed = phone.trim();
  if (trimmed.startsWith('+64')) return `0${digits.slice(2)}`;
  if (digits.startsWith('0064')) return `0${digits.slice(4)}`;
  return digits;
}

/**
 * The prefixes a customer or booking can be found by: each word of the name, the whole name and its tails, the
 * e-mail, the registration without spaces, the booking reference with and without its `RP-`, and the phone's
 * digits (as typed, and in the national 0 form when typed with +64) with every run of PHONE_RUN_MIN or more digits
 * that ends the number, so any run of digits inside it is a prefix of one token (a search is a prefix range).
 * At most 6 name words and 20 digits (the number's own limit), so a booking has at most 36 tokens.
 */
export function searchTokensOf(s: Searchable): string[] {
  const tokens = new Set<string>();
  const name = normaliseSearchText(s.name);
  if (name) {
    tokens.add(name);
    const words = name.split(' ').slice(0, 6);
    // Each word, and each tail of the name ('te ata' of 'Mere Te Ata'): a surname of two words is found as typed.
    for (let i = 0; i < words.length; i++) {
      tokens.add(words[i]!);
      tokens.add(words.slice(i).join(' '));
    }
  }
  const email = normaliseSearchText(s.email).replace(/ /g, '');
  if (email) tokens.add(email);
  const registration = normaliseSearchText(s.carRegistration ?? '').replace(/ /g, '');
  if (registration) tokens.add(registration);
  const reference = normaliseSearchText(s.bookingReference ?? '');
  if (reference) {
    tokens.add(reference);
    tokens.add(reference.replace(/^rp-/, ''));
  }
  const digits = s.contactNumber.replace(/\D/g, '').slice(0, 20);
  if (digits) {
    tokens.add(digits);
    tokens.add(phoneIdentity(s.contactNumber).slice(0, 20));
    for (let start = 1; start <= digits.length - PHONE_RUN_MIN; start++) tokens.add(digits.slice(start));
  }
  return [...tokens];
}
