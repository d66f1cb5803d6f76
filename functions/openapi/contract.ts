/**
 * What each route of functions/routes.ts takes and answers, as the shared zod schemas say: the source of the
 * OpenAPI document (document.ts). Request schemas are the very objects the handlers parse with (tests/unit/openapi.test.ts
 * checks each handler's declared `query` and `body` against this table, and that every route has an entry), so the
 * document cannot drift from what the API accepts. Response schemas are the ones the web app parses each answer with.
 */
import * as z from 'zod';
import { conditionRequestSchema, conditionResponseSchema, conditionViewSchema } from '../../shared/condition';
import { claimDecisionSchema, claimRequestSchema, claimWindowSchema, staffClaimSchema, travellerClaimSchema, travellerClaimsSchema } from '../../shared/claims';
import { checkInSchema, checkOutSchema, noteRequestSchema, noteResponseSchema, yardBookingSchema, yardScanSchema } from '../../shared/yard';
import { adminBookingDetailSchema, historyPageSchema, historyQuerySchema, recordPaymentResponseSchema, adminBookingEditResponseSchema, adminBookingEditSchema, adminBookingsQuerySchema, adminBookingsResponseSchema, adminCheckoutRequestSchema, adminCustomerEditSchema, adminCustomerResponseSchema, adminSummarySchema, customerSearchQuerySchema, customerSearchResponseSchema, daySheetQuerySchema, daySheetSchema, partialRefundResponseSchema, refundRetryResponseSchema } from '../../shared/admin';
import { balanceCheckoutResponseSchema } from '../../shared/balance-checkout';
import { availabilityQuerySchema, availabilitySchema } from '../../shared/availability';
import { partialRefundSchema, recordPaymentSchema } from '../../shared/balance';
import { checkoutRequestSchema, checkoutResponseSchema, createdBookingSchema, endedCheckoutSchema } from '../../shared/booking';
import { customerBookingEditSchema } from '../../shared/booking-edit';
import { adminCancellationSchema, cancellationTermsSchema, cancelledBookingResponseSchema } from '../../shared/cancellation';
import { contactAcceptedSchema, contactMessageSchema } from '../../shared/contact';
import { customerBookingEditResponseSchema, customerBookingsResponseSchema } from '../../shared/customer-bookings';
import { myCheckoutRequestSchema } from '../../shared/my-checkout';
import { capacityRequestSchema, capacityResponseSchema, occupancyQuerySchema, occupancySchema } from '../../shared/occupancy';
import { pickupSettingsRequestSchema, pickupSettingsSchema } from '../../shared/kerb-time';
import { landedRequestSchema, landedResponseSchema, pickupEntryResponseSchema, pickupQueueSchema, shuttleRunRequestSchema, shuttleRunsSchema, staffPickupRequestSchema } from '../../shared/pickups';
import { photoCompleteResponseSchema, photoUploadRequestSchema, photoUploadResponseSchema, vehiclePhotosResponseSchema } from '../../shared/photos';
import { profileResponseSchema, profileUpdateSchema } from '../../shared/profile';
import { quoteRequestSchema, quoteResponseSchema } from '../../shared/schemas';
import { pricingAnswerSchema, pricingPreviewRequestSchema, pricingPreviewSchema, pricingSaveSchema } from '../../shared/pricing-admin';
import { messageResponseSchema, passCancellationResponseSchema, passSchema } from '../../shared/pass';
import { manageLinkOpenSchema, manageLinkOpenedSchema, manageLinkRequestSchema } from '../../shared/manage-booking';
import { walkInRequestSchema, walkInResponseSchema } from '../../shared/walk-in';
import { customerBookingsViewSchema, customerListQuerySchema, customerListResponseSchema } from '../../shared/admin-customers';

/** A success answer: a JSON schema, or another media type described in words. */
export type SuccessBody = z.ZodType | { mediaType: string; description: string };

export interface RouteContract {
  summary: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The handler reads its body itself rather than through the handler stack (it maps every issue to a field). */
  bodyParsedByHandler?: true;
  /** 200 unless said. */
  status?: 200 | 201 | 202;
  response: SuccessBody;
}

/** `METHOD path`, as in functions/routes.ts. */
export type RouteKey = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /api/${string}`;

const webhookReceivedSchema = z.object({ received: z.literal(true) });
const openApiDocumentSchema = z.object({ openapi: z.string(), info: z.object({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) });

export const API_CONTRACT: Record<RouteKey, RouteContract> = {
  'POST /api/quotes': { summary: 'Price a stay (and say whether the yard has room, unless priceOnly).', body: quoteRequestSchema, response: quoteResponseSchema },
  'GET /api/availability': { summary: 'The dates with no place left, between two dates.', query: availabilityQuerySchema, response: availabilitySchema },
  'POST /api/contact': { summary: "Send the contact form's message to the yard.", body: contactMessageSchema, status: 202, response: contactAcceptedSchema },
  'POST /api/checkout': { summary: 'Start paying for a booking: holds the places and opens a Stripe Checkout session.', body: checkoutRequestSchema, bodyParsedByHandler: true, status: 201, response: checkoutResponseSchema },
  'POST /api/checkout/{sessionId}/cancel': { summary: 'The traveller left the payment step: the session ends and its places are given back.', response: endedCheckoutSchema },
  'GET /api/checkout/{sessionId}': { summary: 'The booking a paid session made (e-mail and phone masked), confirming it if the webhook has not yet.', response: createdBookingSchema },
  'POST /api/webhooks/stripe': { summary: "Stripe's signed events (payments, expiries, refunds).", response: webhookReceivedSchema },
  'GET /api/me/bookings': { summary: "The signed-in customer's bookings.", response: customerBookingsResponseSchema },
  'PATCH /api/me/bookings/{id}': { summary: "Change one's own booking (dates and the car wash), priced by the money policy.", body: customerBookingEditSchema, response: customerBookingEditResponseSchema },
  'GET /api/me/bookings/{id}/cancellation': { summary: 'What cancelling one of one’s own bookings now would refund and keep.', response: cancellationTermsSchema },
  'POST /api/me/bookings/{id}/cancellation': { summary: 'Cancel one of one’s own bookings under the terms.', response: cancelledBookingResponseSchema },
  'POST /api/me/checkout': { summary: 'Start paying for a booking as the signed-in customer.', body: myCheckoutRequestSchema, status: 201, response: checkoutResponseSchema },
  'GET /api/me/profile': { summary: "The signed-in customer's profile.", response: profileResponseSchema },
  'PUT /api/me/profile': { summary: "Save the signed-in customer's profile.", body: profileUpdateSchema, response: profileResponseSchema },
  'GET /api/admin/summary': { summary: "The dashboard's figures.", response: adminSummarySchema },
  'GET /api/admin/bookings': { summary: 'Bookings by tab, search, status and drop-off dates, a page at a time.', query: adminBookingsQuerySchema, response: adminBookingsResponseSchema },
  'POST /api/admin/bookings': { summary: 'Book for a customer through the hosted checkout.', body: adminCheckoutRequestSchema, status: 201, response: checkoutResponseSchema },
  'GET /api/admin/bookings/{id}': { summary: 'One booking with the latest page of its history.', response: adminBookingDetailSchema },
  'GET /api/admin/bookings/{id}/history': { summary: "An older page of a booking's history (`before`: a page's `history_older`).", query: historyQuerySchema, response: historyPageSchema },
  'PATCH /api/admin/bookings/{id}': { summary: "Edit a booking's dates, status, bay and notes (priced by the money policy).", body: adminBookingEditSchema, response: adminBookingEditResponseSchema },
  'POST /api/admin/bookings/{id}/cancellation': { summary: 'Cancel a booking with a refund (above the terms only with a reason).', body: adminCancellationSchema, response: cancelledBookingResponseSchema },
  'POST /api/admin/bookings/{id}/payments': { summary: 'Record a payment towards the balance (cash, EFTPOS or card), taken by the caller.', body: recordPaymentSchema, status: 201, response: recordPaymentResponseSchema },
  'POST /api/admin/bookings/{id}/refunds': { summary: 'Refund part of a booking without cancelling it, with a reason.', body: partialRefundSchema, status: 201, response: partialRefundResponseSchema },
  'GET /api/admin/day-sheet': { summary: "One day's arrivals and departures.", query: daySheetQuerySchema, response: daySheetSchema },
  'GET /api/admin/occupancy': { summary: 'Places taken per day over a period, against the capacity.', query: occupancyQuerySchema, response: occupancySchema },
  'PUT /api/admin/capacity': { summary: "Set the yard's capacity.", body: capacityRequestSchema, response: capacityResponseSchema },
  'GET /api/admin/pricing': { summary: 'The price rules in force, their version and their latest changes.', response: pricingAnswerSchema },
  'PUT /api/admin/pricing': { summary: 'Save the price rules (409 when another save came since the version read).', body: pricingSaveSchema, response: pricingAnswerSchema },
  'POST /api/admin/pricing/preview': { summary: 'Ten sample stays priced under the rules in force and the proposed ones; saves nothing.', body: pricingPreviewRequestSchema, response: pricingPreviewSchema },
  'GET /api/admin/bookings.csv': { summary: 'The filtered bookings as a CSV file (at most 20,000 rows).', query: adminBookingsQuerySchema, response: { mediaType: 'text/csv', description: 'One row per booking; X-Row-Count says how many, X-Truncated when the cap cut the list.' } },
  'GET /api/admin/customers': { summary: 'Customers by name, e-mail, phone or registration.', query: customerSearchQuerySchema, response: customerSearchResponseSchema },
  'GET /api/admin/customers/{id}': { summary: 'One customer.', response: adminCustomerResponseSchema },
  'PATCH /api/admin/customers/{id}': { summary: "Edit a customer's details.", body: adminCustomerEditSchema, response: adminCustomerResponseSchema },
  'POST /api/bookings/{id}/photos': { summary: 'Start a vehicle photo upload: a presigned POST for the photo store.', body: photoUploadRequestSchema, status: 201, response: photoUploadResponseSchema },
  'POST /api/bookings/{id}/photos/{photoId}/complete': { summary: 'Check an uploaded photo and file it with the booking.', status: 201, response: photoCompleteResponseSchema },
  'GET /api/bookings/{id}/photos': { summary: "A booking's vehicle photos, newest first, with view URLs.", response: vehiclePhotosResponseSchema },
  'GET /api/me/bookings/{id}/invoice.pdf': { summary: "The tax invoice of one of one's own paid bookings, with a credit note page per refund made.", response: { mediaType: 'application/pdf', description: 'A download (Content-Disposition attachment, RP-XXXXXX-tax-invoice.pdf): the tax invoice, then one page per credit note.' } },
  'GET /api/pass/{token}/invoice.pdf': { summary: 'The tax invoice of the booking a pass link signs, with its credit notes, when it does not name the buyer ($1,000 or less).', response: { mediaType: 'application/pdf', description: 'As the account route; a token that does not verify is a 404; an invoice that names the buyer (over $1,000) is a 403: POST invoice-email sends it to the booking\'s own e-mail instead.' } },
  'POST /api/pass/{token}/invoice-email': { summary: "E-mail the tax invoice (PDF, with its credit notes) to the booking's own e-mail (rate-limited).", status: 202, response: messageResponseSchema },
  'GET /api/admin/bookings/{id}/invoice.pdf': { summary: "A paid booking's tax invoice with its credit notes (staff).", response: { mediaType: 'application/pdf', description: 'As the account route.' } },
  'POST /api/yard/scan': { summary: "The booking a pass's QR code belongs to, as the yard sees it (a made-up code is 404).", body: yardScanSchema, response: yardBookingSchema },
  'GET /api/yard/bookings/{id}': { summary: 'One booking as the yard sees it: what is due, a free bay, the next step, notes.', response: yardBookingSchema },
  'POST /api/yard/bookings/{id}/check-in': { summary: 'Check a car in: registration, bay, key tag, a note; the status moves to Check-in.', body: checkInSchema, response: yardBookingSchema },
  'GET /api/yard/bookings/{id}/condition': { summary: "The booking's handover records (drop-off, collection, corrections) and, once both stages have one, what changed.", response: conditionViewSchema },
  'POST /api/yard/bookings/{id}/condition': { summary: "Record the car's condition at drop-off or collection, acknowledged by the traveller; a record never changes, a correction names it.", body: conditionRequestSchema, status: 201, response: conditionResponseSchema },
  'GET /api/pass/{token}/claims': { summary: "The pass's booking's damage reports with their decisions, and whether one can be made now (48 hours after collection).", response: travellerClaimsSchema },
  'POST /api/pass/{token}/claims': { summary: 'Report damage by the pass within 48 hours of collection; the same submission_id again answers the first claim (200).', body: claimRequestSchema, status: 201, response: z.object({ claim: travellerClaimSchema }) },
  'POST /api/pass/{token}/photos': { summary: "A presigned POST for one photo of a damage report, by the pass, while reports are taken.", body: photoUploadRequestSchema, status: 201, response: photoUploadResponseSchema },
  'POST /api/pass/{token}/photos/{photoId}/complete': { summary: 'The completion check of a photo the pass started; 400/409 with the reason after deleting it.', status: 201, response: photoCompleteResponseSchema },
  'GET /api/me/bookings/{id}/claims': { summary: "One's own booking's damage reports with their decisions, and whether one can be made now.", response: travellerClaimsSchema },
  'POST /api/me/bookings/{id}/claims': { summary: "Report damage on one's own booking within 48 hours of collection; the same submission_id again answers the first claim (200).", body: claimRequestSchema, status: 201, response: z.object({ claim: travellerClaimSchema }) },
  'GET /api/admin/bookings/{id}/claims': { summary: "A booking's damage claims beside its handover records and their differences (staff).", response: z.object({ claims: z.array(staffClaimSchema), window: claimWindowSchema, condition: conditionViewSchema }) },
  'POST /api/admin/bookings/{id}/claims/{claimId}/decision': { summary: 'Accept or decline a damage claim with the reason the traveller reads (admins); the version read, else 409; the traveller is e-mailed.', body: claimDecisionSchema, response: z.object({ claim: staffClaimSchema }) },
  'POST /api/yard/bookings/{id}/check-out': { summary: 'Check a car out; refused while money is due unless an admin gives a reason.', body: checkOutSchema, response: yardBookingSchema },
  'POST /api/admin/bookings/{id}/notes': { summary: 'A staff note on a booking, optionally flagged for a day sheet.', body: noteRequestSchema, status: 201, response: noteResponseSchema },
  'GET /api/me/bookings/{id}/calendar.ics': { summary: "One's own booking as a calendar file (drop-off and pick-up).", response: { mediaType: 'text/calendar', description: 'Two events in UTC (the booked NZ times), the yard as location, the pass link; a download (METHOD:PUBLISH).' } },
  'GET /api/pass/{token}/calendar.ics': { summary: "The pass's booking as a calendar file; a bad token and a missing booking answer the same 404.", response: { mediaType: 'text/calendar', description: 'Two events in UTC (the booked NZ times), the yard as location, the pass link; a download (METHOD:PUBLISH).' } },
  'GET /api/checkout/{sessionId}/calendar.ics': { summary: 'The booking a paid session made, as a calendar file (the success page).', response: { mediaType: 'text/calendar', description: 'Two events in UTC (the booked NZ times), the yard as location, the pass link; a download (METHOD:PUBLISH).' } },
  'POST /api/me/bookings/{id}/balance-checkout': { summary: "Pay one's own booking's balance by card: a Stripe Checkout session for the balance due now.", status: 201, response: balanceCheckoutResponseSchema },
  'POST /api/pass/{token}/balance-checkout': { summary: "Pay a booking's balance by card with its pass link: a Stripe Checkout session for the balance due now.", status: 201, response: balanceCheckoutResponseSchema },
  'POST /api/admin/bookings/{id}/refunds/{lineId}/retry': { summary: 'Send a failed refund line again (a line pending or made already: nothing happens).', response: refundRetryResponseSchema },
  'GET /api/openapi.json': { summary: 'This document.', response: openApiDocumentSchema },
  'GET /api/reference': { summary: 'This document as a web page.', response: { mediaType: 'text/html', description: 'The routes, what each takes and answers, and who may call it.' } },
  'POST /api/pass/{token}/landed': { summary: "\"I've landed\" by the booking pass: joins (or updates) today's pickup queue; 201 the first time, 200 after.", body: landedRequestSchema, status: 201, response: landedResponseSchema },
  'POST /api/me/bookings/{id}/landed': { summary: "\"I've landed\" for one's own booking: joins (or updates) today's pickup queue; 201 the first time, 200 after.", body: landedRequestSchema, status: 201, response: landedResponseSchema },
  'GET /api/admin/pickups': { summary: "Today's pickup queue (NZ date), newest landing last.", response: pickupQueueSchema },
  'POST /api/admin/pickups': { summary: 'Add a traveller who phoned to the pickup queue, by booking id or reference; 201 the first time, 200 after.', body: staffPickupRequestSchema, status: 201, response: pickupEntryResponseSchema },
  'POST /api/admin/pickups/{bookingId}/picked-up': { summary: 'The driver has picked the traveller up: their car is to be brought forward.', response: pickupEntryResponseSchema },
  'GET /api/yard/pickup-settings': { summary: "The walk-out times (landing to kerb) per terminal and the shuttle's seats, with their version.", response: pickupSettingsSchema },
  'PUT /api/yard/pickup-settings': { summary: "Change the walk-out times and the shuttle's seats, over the version read (409 when a colleague saved since).", body: pickupSettingsRequestSchema, response: pickupSettingsSchema },
  'GET /api/yard/shuttle-runs': { summary: "Today's waiting parties in shuttle runs: by terminal, within the shuttle's seats, in kerb order.", response: shuttleRunsSchema },
  'POST /api/yard/shuttle-runs/depart': { summary: "The shuttle leaves for a run's parties: they are on the way, and the run stays as it left.", body: shuttleRunRequestSchema, response: shuttleRunsSchema },
  'POST /api/yard/shuttle-runs/picked-up': { summary: "Every party of a run picked up (each once): their cars are to be brought forward.", body: shuttleRunRequestSchema, response: shuttleRunsSchema },
  'GET /api/pass/{token}': { summary: 'The booking pass a signed link opens (no name, e-mail or phone); a bad token or no booking: the same 404.', response: passSchema },
  'POST /api/pass/{token}/cancellation': { summary: 'Cancel the booking from its pass under the terms.', response: passCancellationResponseSchema },
  'POST /api/pass/{token}/confirmation-email': { summary: "Send the confirmation again to the booking's own e-mail (rate-limited).", status: 202, response: messageResponseSchema },
  'GET /api/me/bookings/{id}/pass': { summary: "One of one's own bookings as its pass.", response: passSchema },
  'POST /api/manage-booking': { summary: 'Reference and e-mail ask for a one-time link by e-mail; the same answer whether or not they match.', body: manageLinkRequestSchema, status: 202, response: messageResponseSchema },
  'POST /api/manage-booking/open': { summary: "Open a one-time link (once, within 30 minutes): the pass's token.", body: manageLinkOpenSchema, response: manageLinkOpenedSchema },
  'POST /api/admin/walk-ins': { summary: 'Book a car at the gate from now: paid in the yard (cash or EFTPOS, recorded) or by a card link e-mailed to the traveller.', body: walkInRequestSchema, status: 201, response: walkInResponseSchema },
  'GET /api/admin/customer-list': { summary: 'Every customer in name order, a page at a time, or the customers a search finds (name, e-mail, phone).', query: customerListQuerySchema, response: customerListResponseSchema },
  'GET /api/admin/customer-bookings/{id}': { summary: 'One customer with their bookings, the latest drop-off first.', response: customerBookingsViewSchema },
  'GET /api/pass/{token}/wallet.pkpass': { summary: "The booking as an Apple Wallet pass where the operator offers one (the pass's wallet.apple); a bad token: the pass's 404.", response: { mediaType: 'application/vnd.apple.pkpass', description: 'A signed .pkpass: the reference, NZ drop-off and pick-up times, the QR code (the pass link) and the yard address. 404 where Apple Wallet is not configured, 409 for a cancelled booking.' } },
};
