/**
 * The admin dashboard's contract (docs/admin.md: the dashboard, the edit dialog, New Booking for a customer;
 * docs/data-model.md, how each admin request is bounded): the list's query and answer, the summary, the edit bodies with snake_case
 * field names, customer search and the booking-for-a-customer request. Pure zod, shared by the SPA and the API.
 */
import * as z from 'zod';
import { checkoutOverrideSchema, paymentMethods } from './balance';
import { customerDetailsSchema } from './booking';
import { clearableFlightNumber } from './flight-number';
import { refundDollarsSchema, refundReasonSchema } from './money-policy';
import { customerBookingSchema, settlementSchema } from './customer-bookings';
import { myCheckoutRequestSchema } from './my-checkout';
import { profileMessages } from './profile';
import { bayText } from './bays';
import { refundLineSchema, refundRoomSchema } from './refund-lines';
import { isoDate } from './schemas';
import { statusOverrideSchema } from './status-transitions';
import { editVersion, typedText } from './text';
import { serviceEditShape, serviceFlagsShape } from './add-on-schemas';

export const ADMIN_PAGE_SIZE = 25;
/** A date filter covers at most this many days (each day is one small partition read). */
export const MAX_RANGE_DAYS = 93;
/** A search reads at most this many matches; more asks the admin to add to the search. */
export const SEARCH_MATCH_LIMIT = 200;

export const adminMessages = {
  loadFailed: 'Failed to load bookings',
  noBookings: 'No bookings found for this category',
  pageInvalid: 'Page must be a whole number of 1 or more',
  pageSizeInvalid: 'Page size must be between 1 and 100',
  fromAfterTo: 'The From date must be on or before the To date',
  rangeTooLong: `A date range can cover at most ${MAX_RANGE_DAYS} days`,
  searchTooLong: 'Search text can be at most 100 characters',
  searchTruncated: `More than ${SEARCH_MATCH_LIMIT} bookings match. Add more of the name, e-mail, phone or registration to narrow the search.`,
  customerSearchShort: 'Type at least 2 characters to search customers',
  bookingNotFound: 'Booking not found',
  customerNotFound: 'Customer not found',
  bookingUpdated: 'Booking updated successfully',
  bookingUpdateFailed: 'Failed to update booking',
  customerUpdated: 'Customer updated successfully',
  customerUpdateFailed: 'Failed to update customer',
  emailTaken: profileMessages.emailTaken,
  phoneTaken: profileMessages.phoneTaken,
  bayTaken: 'That parking bay is taken by another booking on these dates',
  stale: 'Someone else saved this booking first. Reload it to see their changes, then save again.',
  customerStale: 'Someone else saved this customer first. Reload to see their changes, then save again.',
  notEditable: 'A cancelled booking can no longer be edited',
  nameRequired: 'Please enter the customer name',
  nameInvalid: 'Please enter a valid name',
  redirecting: 'Redirecting to Payment...',
  historyCursorInvalid: 'That part of the history is no longer available. Reload the booking.',
  historyLoadFailed: 'Failed to load the older history',
  olderHistory: 'Show older changes',
} as const;

export const adminStatuses = ['reservation', 'checkin', 'checkout'] as const;
export type AdminStatus = (typeof adminStatuses)[number];
/**
 * The list's status filter: the three a booking can be edited to, a paid booking held because the payment did not
 * match what it asked, and cancelled.
 */
export const statusFilters = [...adminStatuses, 'payment_review', 'cancelled'] as const;
export type StatusFilter = (typeof statusFilters)[number];
export const statusLabels: Record<StatusFilter, string> = { reservation: 'Reservation', checkin: 'Check-in', checkout: 'Check-out', payment_review: 'Payment review', cancelled: 'Cancelled' };

export const adminTabs = ['pickups', 'dropoffs', 'all'] as const;
export type AdminTab = (typeof adminTabs)[number];

export const adminSorts = ['dropoff_asc', 'dropoff_desc', 'pickup_asc', 'pickup_desc'] as const;
export type AdminSort = (typeof adminSorts)[number];

const positiveInt = (message: string, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string(message)
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, message);

const dateParam = isoDate.optional();

/** GET /api/admin/bookings: query parameters (strings, as a URL carries them). Unknown ones are refused. */
export const adminBookingsQuerySchema = z
  .strictObject({
    tab: z.enum(adminTabs, 'Unknown tab').default('all'),
    q: z.string().trim().max(100, adminMessages.searchTooLong).optional(),
    status: z.enum(['all', ...statusFilters], 'Unknown status').default('all'),
    dropOffFrom: dateParam,
    dropOffTo: dateParam,
    pickUpFrom: dateParam,
    pickUpTo: dateParam,
    sort: z.enum(adminSorts, 'Unknown sort').optional(),
    /** `open`: only bookings with a damage claim not yet decided (docs/yard.md, Damage claims). */
    claims: z.enum(['open'], 'Unknown claims filter').optional(),
    page: positiveInt(adminMessages.pageInvalid).default(1),
    pageSize: positiveInt(adminMessages.pageSizeInvalid, 100).default(ADMIN_PAGE_SIZE),
  })
  .superRefine((q, ctx) => {
    for (const [from, to] of [
      ['dropOffFrom', 'dropOffTo'],
      ['pickUpFrom', 'pickUpTo'],
    ] as const) {
      const a = q[from];
      const b = q[to];
      if (a && b && a > b) ctx.addIssue({ code: 'custom', path: [from], message: adminMessages.fromAfterTo });
    }
  });
export type AdminBookingsQuery = z.infer<typeof adminBookingsQuerySchema>;
export type AdminBookingsQueryInput = z.input<typeof adminBookingsQuerySchema>;

/**
 * A row of the list: the customer-facing booking object (snake_case field names) as staff see it, with what the yard
 * recorded at check-in (absent from the list's rows, which show what customers see).
 */
export const adminBookingSchema = customerBookingSchema.extend({
  key_tag: z.string().nullable().optional(),
  car_make: z.string().nullable().optional(),
  car_colour: z.string().nullable().optional(),
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;

export const adminBookingsResponseSchema = z.object({
  items: z.array(adminBookingSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The search matched more than SEARCH_MATCH_LIMIT bookings; only those were considered. */
  truncated: z.boolean(),
  /** The sort applies within this page only (no date range or search bounds the set). */
  sortedWithinPage: z.boolean(),
});
export type AdminBookingsResponse = z.infer<typeof adminBookingsResponseSchema>;

/** GET /api/admin/summary: the four cards and the two upcoming tabs' counts. Money in dollars. */
export const adminSummarySchema = z.object({
  total_bookings: z.number().int(),
  /** Total Revenue (docs/admin.md): the sum of the bookings' totals (net of refunds), collected or not. */
  total_revenue: z.number(),
  /** Of it, what has been paid and not refunded. */
  revenue_collected: z.number(),
  /** Of it, what is still to be paid at pick-up on bookings not cancelled. */
  revenue_due: z.number(),
  unique_customers: z.number().int(),
  todays_bookings: z.number().int(),
  upcoming_pickups: z.number().int(),
  upcoming_dropoffs: z.number().int(),
  /** Damage claims not yet decided (the list's Open claims filter). */
  open_claims: z.number().int(),
  /** Bookings per status, for the All tab's status filter counts. */
  by_status: z.record(z.string(), z.number().int()),
});
export type AdminSummary = z.infer<typeof adminSummarySchema>;

export const auditEntrySchema = z.object({
  at: z.string(),
  by: z.string(),
  changes: z.array(z.object({ field: z.string(), old: z.string().nullable(), new: z.string().nullable() })),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A staff note on a booking: shown to staff only, never in a customer's response. */
export const bookingNoteSchema = z.object({ id: z.string(), text: z.string(), author: z.string(), at: z.string(), flag_date: z.string().nullable() });
export type BookingNote = z.infer<typeof bookingNoteSchema>;
/**
 * A note flagged for a date, as that date's day sheet lists it: a booking's latest for the date, with how many
 * others it has for the date (`earlier_notes`, not listed: the booking's own view shows them).
 */
export const flaggedNoteSchema = bookingNoteSchema.extend({ booking_id: z.string(), booking_reference: z.string(), earlier_notes: z.number().int() });
export type FlaggedNote = z.infer<typeof flaggedNoteSchema>;

/** The latest page of a booking's history, and where the older page starts (null: nothing older). */
export const historyPageSchema = z.object({
  history: z.array(auditEntrySchema),
  /** Pass back as `before` to GET /api/admin/bookings/{id}/history for the older page; null when there is none. */
  history_older: z.string().nullable(),
});
export type HistoryPageView = z.infer<typeof historyPageSchema>;

/** GET /api/admin/bookings/{id}/history?before=: an older page of the history (`before` is a page's `history_older`). */
export const historyQuerySchema = z.strictObject({
  before: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, adminMessages.historyCursorInvalid)
    .optional(),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** GET /api/admin/bookings/{id}: the booking with the latest page of its history (newest first) for the edit dialog. */
export const adminBookingDetailSchema = z.object({
  booking: adminBookingSchema,
  ...historyPageSchema.shape,
  /** Staff notes, newest first. */
  notes: z.array(bookingNoteSchema).optional(),
  /** The booking's refund lines, oldest first: a failed one offers Retry (shared/refund-lines.ts). */
  refunds: z.array(refundLineSchema),
  /** The most a part refund can give back now (dollars). */
  part_refund_max: z.number(),
  /** What is held by the way it came (dollars): a refund goes back the same way (shared/refund-lines.ts). */
  refund_room: refundRoomSchema,
});
export type AdminBookingDetail = z.infer<typeof adminBookingDetailSchema>;

export const optionalText = (max: number, message: string, pattern: RegExp) =>
  z
    .string('Expected text')
    .trim()
    .toUpperCase()
    .max(max, message)
    .regex(pattern, message)
    .transform((v) => v || null)
    .nullable();

const dateText = z.string('Invalid date or time format');

/** PATCH /api/admin/bookings/{id}: the admin edit form (docs/product-rules.md, Changing a booking), every field optional, plus the version read. */
export const adminBookingEditSchema = z.strictObject({
  drop_off_date: dateText.optional(),
  drop_off_time: dateText.optional(),
  pick_up_date: dateText.optional(),
  pick_up_time: dateText.optional(),
  shuttle_service: z.boolean('Expected true or false').optional(),
  car_wash: z.boolean('Expected true or false').optional(),
  ...serviceEditShape,
  /** Empty is stored as null (docs/product-rules.md, Changing a booking). */
  car_registration: optionalText(10, 'Please enter a valid car registration', /^[A-Z0-9 ]*$/).optional(),
  /** Empty clears it; otherwise a bay from 1 to the yard's capacity (shared/bays.ts). */
  parking_bay_number: bayText.transform((v) => v || null).optional(),
  /** Both flights: staff take them by phone; empty clears one. */
  departure_flight: clearableFlightNumber.optional(),
  return_flight: clearableFlightNumber.optional(),
  status: z.enum(adminStatuses, 'Unknown status').optional(),
  /** Staff's own refund for this change (dollars); without it the customer terms decide. */
  refund: refundDollarsSchema.optional(),
  /** Needed when `refund` is above the customer terms; recorded with it. */
  reason: refundReasonSchema.optional(),
  /** An admin lets the car go with money due (status to Check-out): why, for the history. */
  checkout_override: checkoutOverrideSchema.optional(),
  /** An admin's confirmation and reason for a status move that is not one step forward (shared/status-transitions.ts). */
  status_override: statusOverrideSchema.optional(),
  version: editVersion('Reload the booking and try again'),
});
export type AdminBookingEdit = z.infer<typeof adminBookingEditSchema>;
export type AdminBookingEditInput = z.input<typeof adminBookingEditSchema>;

export const adminBookingEditResponseSchema = z.object({
  booking: adminBookingSchema,
  history: z.array(auditEntrySchema),
  settlement: settlementSchema,
});
export type AdminBookingEditResponse = z.infer<typeof adminBookingEditResponseSchema>;

/** POST /api/admin/bookings/{id}/payments: the booking as it now stands, its history and the payment (dollars). */
export const recordPaymentResponseSchema = z.object({
  booking: adminBookingSchema,
  history: z.array(auditEntrySchema),
  payment: z.object({ amount: z.number(), method: z.enum(paymentMethods), taken_by: z.string(), at: z.string() }),
});
export type RecordPaymentResponse = z.infer<typeof recordPaymentResponseSchema>;

export const adminCustomerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  contact_number: z.string(),
  user_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

/** GET /api/admin/customers?search= : up to 5 matches for 2 or more characters. */
export const customerSearchQuerySchema = z.strictObject({
  search: z.string(adminMessages.customerSearchShort).trim().min(2, adminMessages.customerSearchShort).max(100, adminMessages.searchTooLong),
});
export const customerSearchResponseSchema = z.object({ customers: z.array(adminCustomerSchema) });
export type CustomerSearchResponse = z.infer<typeof customerSearchResponseSchema>;

export const customerName = typedText({ max: 101, tooLong: 'Names can be at most 100 characters', invalid: adminMessages.nameInvalid, required: adminMessages.nameRequired });

/** PATCH /api/admin/customers/{id}: the customer editor's fields (Customer Name, Email Address, Contact Number). */
export const adminCustomerEditSchema = z.strictObject({
  name: customerName,
  email: customerDetailsSchema.shape.email,
  contact_number: customerDetailsSchema.shape.contactNumber,
  /** The customer's `updated_at` as the editor read it. */
  version: editVersion('Reload the customer and try again').optional(),
});
export type AdminCustomerEdit = z.infer<typeof adminCustomerEditSchema>;
/** GET and PATCH /api/admin/customers/{id}. */
export const adminCustomerResponseSchema = z.object({ customer: adminCustomerSchema });

/** POST /api/admin/bookings: a booking for a customer (admin mode of the create-booking dialog) -> {url}. */
export const adminCheckoutRequestSchema = myCheckoutRequestSchema.extend({
  /** The customer picked from the search, if any; otherwise the customer is found or created by e-mail. */
  customer_id: z.string().optional(),
  name: customerName,
  email: customerDetailsSchema.shape.email,
  contact_number: customerDetailsSchema.shape.contactNumber,
  parking_bay_number: bayText.transform((v) => v || null).optional(),
});
export type AdminCheckoutRequest = z.infer<typeof adminCheckoutRequestSchema>;
export type AdminCheckoutRequestInput = z.input<typeof adminCheckoutRequestSchema>;

/** The status badge's variant (docs/admin.md: checkout destructive, checkin default, reservation secondary; cancelled outline). */
export function statusBadgeVariant(status: string): 'destructive' | 'default' | 'secondary' | 'outline' | 'warning' {
  if (status === 'cancelled') return 'outline';
  if (status === 'payment_review') return 'warning';
  if (status === 'checkout') return 'destructive';
  if (status === 'checkin') return 'default';
  return 'secondary';
}

/** Page links: at most 5 numbers around the current page, with an ellipsis where numbers are skipped. */
export function pageLinks(page: number, pageCount: number): (number | 'ellipsis')[] {
  if (pageCount <= 5) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const start = Math.max(1, Math.min(page - 2, pageCount - 4));
  const numbers = Array.from({ length: 5 }, (_, i) => start + i);
  const out: (number | 'ellipsis')[] = [];
  if (numbers[0]! > 1) out.push('ellipsis');
  out.push(...numbers);
  if (numbers[4]! < pageCount) out.push('ellipsis');
  return out;
}

/** 'Showing X to Y of N bookings' */
export function showingLine(page: number, pageSize: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return `Showing 0 to 0 of ${total} bookings`;
  const from = (page - 1) * pageSize + 1;
  return `Showing ${from} to ${from + shown - 1} of ${total} bookings`;
}

/** GET /api/admin/day-sheet?date=: one date's arrivals and departures in time order. */
export const daySheetQuerySchema = z.strictObject({ date: isoDate });
export const daySheetRowSchema = z.object({
  booking_id: z.string(),
  booking_reference: z.string(),
  time: z.string(),
  customer_name: z.string(),
  contact_number: z.string(),
  car_registration: z.string().nullable(),
  parking_bay_number: z.string().nullable(),
  /** The key tag the yard gave the car at check-in, when it has one (written by the yard's check-in). */
  key_tag: z.string().nullable().optional(),
  flight: z.string().nullable(),
  car_wash: z.boolean(),
  ...serviceFlagsShape,
  balance_due: z.number(),
  status: z.string(),
  /** The booking's `updated_at`, for a one-click check-in or check-out from the sheet. */
  updated_at: z.string().nullable(),
});
export type DaySheetRow = z.infer<typeof daySheetRowSchema>;
/** An add-on service the yard does for a booking on the sheet's date (shared/add-ons.ts, `taskDay`). */
export const daySheetTaskSchema = z.object({
  booking_id: z.string(),
  booking_reference: z.string(),
  /** The add-on's field name: `car_wash`, `car_cleaning`, ... */
  service: z.string(),
  /** 'Car cleaning for RP-ABC234' */
  text: z.string(),
  /** The drop-off time (a job done on arrival) or the pick-up time (a job to finish before it). */
  time: z.string(),
  when: z.enum(['after_drop_off', 'before_pick_up']),
  status: z.string(),
});
export type DaySheetTask = z.infer<typeof daySheetTaskSchema>;
export const daySheetSchema = z.object({
  date: z.string(),
  arrivals: z.array(daySheetRowSchema),
  departures: z.array(daySheetRowSchema),
  /** Staff notes flagged for this date: each booking's latest (DAY_SHEET_NOTES_PER_BOOKING), oldest first. */
  notes: z.array(flaggedNoteSchema).optional(),
  /** The add-on services to do on this date, in time order. */
  tasks: z.array(daySheetTaskSchema).optional(),
});
export type DaySheet = z.infer<typeof daySheetSchema>;

/**
 * POST /api/admin/bookings/{id}/refunds: the booking as it now stands, its history, the refund given (dollars), and
 * the refund's lines as they now stand (to the card: made, on its way, or failed with why; handed back in the yard).
 */
export const partialRefundResponseSchema = z.object({ booking: adminBookingSchema, history: z.array(auditEntrySchema), refund: z.number(), refunds: z.array(refundLineSchema) });
export type PartialRefundResponse = z.infer<typeof partialRefundResponseSchema>;

/** POST /api/admin/bookings/{id}/refunds/{lineId}/retry: the booking view, and whether the line was sent again. */
export const refundRetryResponseSchema = adminBookingDetailSchema.extend({ retried: z.boolean() });
