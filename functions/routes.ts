/**
 * Every API route, once. The CDK stack makes one Lambda function and one HTTP API route per entry and
 * grants it exactly what `needs` lists; the local gateway mounts the same handler modules. Keep AWS CDK
 * imports out of this file so the local server stays light.
 */
import type { Access } from './lib/auth';
import { ACCOUNT_EMAIL_SCOPE, KEY_PREFIXES } from './store/keys';

export type { Access };

/**
 * What a route's function may touch; the stack turns each into a least-privilege grant (infra/grants.ts), and
 * the local gateway refuses a table call the route's needs do not allow, as IAM would (local/table-guard.ts).
 * - table:get: items by key (GetItem, BatchGetItem, ConditionCheckItem), never an index.
 * - table:read: table:get and Query, on the table and its indexes.
 * - table:write: PutItem, UpdateItem, DeleteItem, ConditionCheckItem on the table.
 * - contact:write: PutItem and UpdateItem on contact messages and the contact form's request budgets only.
 * - occupancy:read: GetItem and Query on the yard's occupancy months and settings only (quotes, availability, the
 *   checkout's capacity check).
 * - account-email:write: UpdateItem on the account e-mails' budgets only (the Custom Message trigger).
 * - idempotency: GetItem, PutItem, UpdateItem, DeleteItem on Idempotency-Key records only (IDEMPOTENCY#: the POSTs
 *   that start things, functions/lib/idempotency.ts).
 * - stripe: the Stripe API key's secret; stripe:webhook: the webhook signing secret's (only the webhook).
 * - userpool:get-user: AdminGetUser on the user pool only (the security notice finds whom to e-mail).
 * - pass:sign: the booking pass signing key's secret (functions/lib/pass-token.ts): signs and checks pass links and
 *   the pass's QR code.
 * - reminders:write: GetItem and UpdateItem on the travel-day reminders' records only (REMINDER#).
 * - flights:write: GetItem and UpdateItem on the tracked flights and their daily request counts only (FLIGHT#,
 *   FLIGHT_ASKS#: functions/store/flight-tracking.ts).
 * - pickups:queue: PutItem on the pickup queue's entries and booking partitions only (PICKUP_QUEUE#, BOOKING#): the
 *   flight tracker puts a landed flight's bookings in the queue, each entry with its history line, in one transaction.
 * - flight-status: the flight-status provider's key (functions/lib/flights/flight-provider.ts); granted only in an
 *   environment that names one (cdk.json flightStatusSecretName).
 * - sms: SNS Publish straight to phone numbers (no topic), for the reminders; granted only in an environment whose
 *   settings turn SMS on (infra/jobs.ts).
 * - wallet: the operator's wallet pass secret (functions/lib/wallet-config.ts: Apple's signing certificate, Google's
 *   service account key); granted only in an environment that names one (cdk.json walletSecretName).
 */
export type Need =
  | 'table:get'
  | 'table:read'
  | 'table:write'
  | 'contact:write'
  | 'occupancy:read'
  | 'account-email:write'
  | 'idempotency'
  | 'photos:read'
  | 'photos:write'
  | 'photos:delete'
  | 'email'
  | 'stripe'
  | 'stripe:webhook'
  | 'userpool:read'
  | 'userpool:get-user'
  | 'pass:sign'
  | 'reminders:write'
  | 'flights:write'
  | 'pickups:queue'
  | 'flight-status'
  | 'sms'
  | 'wallet';

export type TableAction = 'GetItem' | 'BatchGetItem' | 'Query' | 'ConditionCheckItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem';

export interface TableGrant {
  actions: readonly TableAction[];
  /** Also on the table's indexes (Query only makes sense there). */
  indexes: boolean;
  /** Only items whose partition key starts with one of these (IAM dynamodb:LeadingKeys). */
  leadingKeys?: readonly string[];
}

/** The table's part of each need: infra/grants.ts writes these as IAM statements, local/table-guard.ts enforces them. */
export const TABLE_GRANTS: Partial<Record<Need, TableGrant>> = {
  'table:get': { actions: ['GetItem', 'BatchGetItem', 'ConditionCheckItem'], indexes: false },
  'table:read': { actions: ['GetItem', 'BatchGetItem', 'Query', 'ConditionCheckItem'], indexes: true },
  'table:write': { actions: ['PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'], indexes: false },
  'contact:write': { actions: ['PutItem', 'UpdateItem'], indexes: false, leadingKeys: [KEY_PREFIXES.contactMessage, KEY_PREFIXES.rateLimit('contact')] },
  'occupancy:read': { actions: ['GetItem', 'Query'], indexes: false, leadingKeys: [KEY_PREFIXES.occupancy, KEY_PREFIXES.settings] },
  'account-email:write': { actions: ['UpdateItem'], indexes: false, leadingKeys: [KEY_PREFIXES.rateLimit(ACCOUNT_EMAIL_SCOPE)] },
  idempotency: { actions: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], indexes: false, leadingKeys: [KEY_PREFIXES.idempotency] },
  'reminders:write': { actions: ['GetItem', 'UpdateItem'], indexes: false, leadingKeys: [KEY_PREFIXES.reminder] },
  'flights:write': { actions: ['GetItem', 'UpdateItem'], indexes: false, leadingKeys: [KEY_PREFIXES.flightArrival, KEY_PREFIXES.flightAsks] },
  'pickups:queue': { actions: ['PutItem'], indexes: false, leadingKeys: [KEY_PREFIXES.pickupQueue, KEY_PREFIXES.booking] },
};

/** Whether a route's needs include any access to the table (it gets TABLE_NAME). */
export const usesTable = (needs: readonly Need[]): boolean => needs.some((n) => n in TABLE_GRANTS);

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

// The stack puts these on CloudFront's requests to the API (infra/ reads them here, with the route table).
export { EDGE_HEADERS } from './lib/edge-headers';

export interface RouteDef {
  method: Method;
  /** API Gateway path syntax: /api/bookings/{id} */
  path: string;
  access: Access;
  /** Handler module, relative to functions/; it exports `handler`. */
  entry: string;
  needs: readonly Need[];
  memoryMb?: number;
  timeoutSeconds?: number;
}

export const routes: readonly RouteDef[] = [
  { method: 'POST', path: '/api/quotes', access: 'public', entry: 'quotes/create-quote.ts', needs: ['occupancy:read'], memoryMb: 256, timeoutSeconds: 5 },
  { method: 'GET', path: '/api/availability', access: 'public', entry: 'availability/get-availability.ts', needs: ['occupancy:read'], memoryMb: 256, timeoutSeconds: 5 },
  { method: 'POST', path: '/api/contact', access: 'public', entry: 'contact/send-message.ts', needs: ['contact:write', 'idempotency', 'email'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'POST', path: '/api/checkout', access: 'public', entry: 'checkout/create-checkout.ts', needs: ['table:get', 'occupancy:read', 'table:write', 'idempotency', 'stripe'], memoryMb: 512, timeoutSeconds: 20 },
  { method: 'POST', path: '/api/checkout/{sessionId}/cancel', access: 'public', entry: 'checkout/cancel-checkout.ts', needs: ['table:get', 'table:write', 'stripe'], memoryMb: 512, timeoutSeconds: 20 },
  { method: 'GET', path: '/api/checkout/{sessionId}', access: 'public', entry: 'checkout/get-checkout.ts', needs: ['table:get', 'table:write', 'stripe', 'email', 'pass:sign'], memoryMb: 512, timeoutSeconds: 20 },
  { method: 'POST', path: '/api/webhooks/stripe', access: 'public', entry: 'webhooks/stripe.ts', needs: ['table:get', 'table:write', 'stripe', 'stripe:webhook', 'email', 'pass:sign'], memoryMb: 512, timeoutSeconds: 20 },
  { method: 'GET', path: '/api/me/bookings', access: 'user', entry: 'me/list-bookings.ts', needs: ['table:read', 'table:write'], memoryMb: 512, timeoutSeconds: 10 },
  { method: 'PATCH', path: '/api/me/bookings/{id}', access: 'user', entry: 'me/edit-booking.ts', needs: ['table:read', 'table:write', 'stripe', 'email', 'pass:sign'], memoryMb: 512, timeoutSeconds: 20 },
  { method: 'GET', path: '/api/me/bookings/{id}/cancellation', access: 'user', entry: 'me/cancellation-terms.ts', needs: ['table:read'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'POST', path: '/api/me/bookings/{id}/cancellation', access: 'user', entry: 'me/cancel-booking.ts', needs: ['table:read', 'table:write', 'stripe', 'email', 'pass:sign'], memoryMb: 512, timeoutSeconds: 20 },
  { method: 'POST', path: '/api/me/checkout', access: 'user', entry: 'me/start-checkout.ts', needs: ['table:read', 'table:write', 'idempotency', 'stripe'], memoryMb: 512, timeoutSeconds: 20 },
  { method: 'GET', path: '/api/me/profile', access: 'user', entry: 'me/get-profile.ts', needs: ['table:read', 'table:write'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'PUT', path: '/api/me/profile', access: 'user', entry: 'me/put-profile.ts', needs: ['table:read', 'table:write'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'GET', path: '/api/admin/summary', access: 'admin', entry: 'admin/summary.ts', needs: ['table:read'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'GET', path: '/api/admin/bookings', access: 'staff', entry: 'admin/list-bookings.ts', needs: ['table:read'], memoryMb: 512, timeoutSeconds: 15 },
  { method: 'POST', path: '/api/admin/bookings', access: 'admin', entry: 'admin/start-checkout.ts', needs: ['table:read', 'table:write', 'idempotency', 'stripe'], memoryMb: 512, timeoutSeconds: 20 },
  { method: 'GET', path: '/api/admin/bookings/{id}', access: 'staff', entry: 'admin/get-booking.ts', needs: ['table:read'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'GET', path: '/api/admin/bookings/{id}/history', access: 'staff', entry: 'admin/booking-history.ts', needs: ['table:read'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'PATCH', path: '/api/admin/bookings/{id}', access: 'admin', entry: 'admin/edit-booking.ts', needs: ['table:read', 'table:write', 'stripe', 'email', 'pass:sign'], memoryMb: 512, timeoutSeconds: 20 },
  { method: 'POST', path: '/api/admin/bookings/{id}/payments', access: 'staff', entry: 'admin/record-payment.ts', needs: ['table:read', 'table:write', 'stripe', 'email', 'pass:sign'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'POST', path: '/api/admin/bookings/{id}/refunds', access: 'admin', entry: 'admin/partial-refund.ts', needs: ['table:read', 'table:write', 'stripe'], memoryMb: 512, timeoutSeconds: 20 },
  { method: 'POST', path: '/api/admin/bookings/{id}/cancellation', access: 'admin', entry: 'admin/cancel-booking.ts', needs: ['table:read', 'table:write', 'stripe', 'email', 'pass:sign'], memoryMb: 512, timeoutSeconds: 20 },
  { method: 'GET', path: '/api/admin/day-sheet', access: 'staff', entry: 'admin/day-sheet.ts', needs: ['table:read'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'GET', path: '/api/admin/occupancy', access: 'admin', entry: 'admin/occupancy.ts', needs: ['table:read'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'PUT', path: '/api/admin/capacity', access: 'admin', entry: 'admin/set-capacity.ts', needs: ['table:read', 'table:write'], memoryMb: 256, timeoutSeconds: 10 },
  // The operator's price rules (docs/money.md): read, preview on sample stays, save with its history.
  { method: 'GET', path: '/api/admin/pricing', access: 'admin', entry: 'admin/get-pricing.ts', needs: ['table:read'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'PUT', path: '/api/admin/pricing', access: 'admin', entry: 'admin/save-pricing.ts', needs: ['table:read', 'table:write'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'POST', path: '/api/admin/pricing/preview', access: 'admin', entry: 'admin/preview-pricing.ts', needs: ['table:read'], memoryMb: 256, timeoutSeconds: 10 },
  // The export reads up to 20,000 bookings in batches and builds the file in memory (docs/admin.md, CSV export).
  { method: 'GET', path: '/api/admin/bookings.csv', access: 'admin', entry: 'admin/export-bookings.ts', needs: ['table:read'], memoryMb: 1024, timeoutSeconds: 29 },
  { method: 'GET', path: '/api/admin/customers', access: 'admin', entry: 'admin/search-customers.ts', needs: ['table:read'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'GET', path: '/api/admin/customers/{id}', access: 'admin', entry: 'admin/get-customer.ts', needs: ['table:read'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'PATCH', path: '/api/admin/customers/{id}', access: 'admin', entry: 'admin/edit-customer.ts', needs: ['table:read', 'table:write'], memoryMb: 512, timeoutSeconds: 20 },
  // Vehicle photos: admins on any booking, customers on their own (checked in the use case, hence 'user').
  { method: 'POST', path: '/api/bookings/{id}/photos', access: 'user', entry: 'photos/start-upload.ts', needs: ['table:read', 'table:write', 'photos:write'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'POST', path: '/api/bookings/{id}/photos/{photoId}/complete', access: 'user', entry: 'photos/complete-upload.ts', needs: ['table:read', 'table:write', 'photos:read', 'photos:write', 'photos:delete'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'GET', path: '/api/bookings/{id}/photos', access: 'user', entry: 'photos/list-photos.ts', needs: ['table:read', 'photos:read'], memoryMb: 256, timeoutSeconds: 10 },
  // Tax invoices: the invoice with its credit notes as one PDF; pdf-lib is bundled only here.
  { method: 'GET', path: '/api/me/bookings/{id}/invoice.pdf', access: 'user', entry: 'me/invoice-pdf.ts', needs: ['table:read'], memoryMb: 512, timeoutSeconds: 10 },
  { method: 'GET', path: '/api/pass/{token}/invoice.pdf', access: 'public', entry: 'pass/invoice-pdf.ts', needs: ['table:get', 'pass:sign'], memoryMb: 512, timeoutSeconds: 10 },
  // Over $1,000 the invoice names the buyer: the pass e-mails it to the booking's own address instead (docs/pass.md).
  { method: 'POST', path: '/api/pass/{token}/invoice-email', access: 'public', entry: 'pass/email-invoice.ts', needs: ['table:get', 'table:write', 'email', 'pass:sign'], memoryMb: 512, timeoutSeconds: 10 },
  { method: 'GET', path: '/api/admin/bookings/{id}/invoice.pdf', access: 'staff', entry: 'admin/invoice-pdf.ts', needs: ['table:get'], memoryMb: 512, timeoutSeconds: 10 },
  // The yard phone screen (docs/yard.md): staff scan passes, check cars in and out, keep notes.
  { method: 'POST', path: '/api/yard/scan', access: 'staff', entry: 'yard/scan.ts', needs: ['table:read', 'pass:sign'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'GET', path: '/api/yard/bookings/{id}', access: 'staff', entry: 'yard/get-booking.ts', needs: ['table:read'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'POST', path: '/api/yard/bookings/{id}/check-in', access: 'staff', entry: 'yard/check-in.ts', needs: ['table:read', 'table:write'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'GET', path: '/api/yard/bookings/{id}/condition', access: 'staff', entry: 'yard/get-condition.ts', needs: ['table:read'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'POST', path: '/api/yard/bookings/{id}/condition', access: 'staff', entry: 'yard/record-condition.ts', needs: ['table:read', 'table:write'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'POST', path: '/api/yard/bookings/{id}/check-out', access: 'staff', entry: 'yard/check-out.ts', needs: ['table:read', 'table:write', 'stripe'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'POST', path: '/api/admin/bookings/{id}/notes', access: 'staff', entry: 'admin/add-note.ts', needs: ['table:read', 'table:write'], memoryMb: 256, timeoutSeconds: 10 },
  // A booking's calendar file (functions/use-cases/calendar/): the owner's, the pass holder's, and the success page's (its session id).
  { method: 'GET', path: '/api/me/bookings/{id}/calendar.ics', access: 'user', entry: 'me/booking-calendar.ts', needs: ['table:read', 'pass:sign'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'GET', path: '/api/pass/{token}/calendar.ics', access: 'public', entry: 'pass/booking-calendar.ts', needs: ['table:get', 'pass:sign'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'GET', path: '/api/checkout/{sessionId}/calendar.ics', access: 'public', entry: 'checkout/booking-calendar.ts', needs: ['table:get', 'pass:sign'], memoryMb: 256, timeoutSeconds: 10 },
  // Paying the balance online: the owner from the dashboard, anyone with the pass link from the pass page.
  { method: 'POST', path: '/api/me/bookings/{id}/balance-checkout', access: 'user', entry: 'me/balance-checkout.ts', needs: ['table:read', 'table:write', 'stripe', 'email', 'pass:sign'], memoryMb: 512, timeoutSeconds: 20 },
  { method: 'POST', path: '/api/pass/{token}/balance-checkout', access: 'public', entry: 'pass/balance-checkout.ts', needs: ['table:get', 'table:write', 'stripe', 'email', 'pass:sign'], memoryMb: 512, timeoutSeconds: 20 },
  // An admin sends a failed refund line again: recorded on the queue first, then sent.
  { method: 'POST', path: '/api/admin/bookings/{id}/refunds/{lineId}/retry', access: 'admin', entry: 'admin/retry-refund.ts', needs: ['table:read', 'table:write', 'stripe'], memoryMb: 512, timeoutSeconds: 20 },
  // The contract (functions/openapi/): built from this table and the shared schemas; it touches nothing.
  { method: 'GET', path: '/api/openapi.json', access: 'public', entry: 'api-docs/get-openapi.ts', needs: [], memoryMb: 256, timeoutSeconds: 5 },
  { method: 'GET', path: '/api/reference', access: 'public', entry: 'api-docs/get-reference.ts', needs: [], memoryMb: 256, timeoutSeconds: 5 },
  // The pickup queue (docs/yard.md): the traveller says "I've landed" by their pass or account; staff run the queue.
  { method: 'POST', path: '/api/pass/{token}/landed', access: 'public', entry: 'pass/landed.ts', needs: ['table:get', 'table:write', 'pass:sign'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'POST', path: '/api/me/bookings/{id}/landed', access: 'user', entry: 'me/landed.ts', needs: ['table:read', 'table:write'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'GET', path: '/api/admin/pickups', access: 'staff', entry: 'admin/list-pickups.ts', needs: ['table:read'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'POST', path: '/api/admin/pickups', access: 'staff', entry: 'admin/add-pickup.ts', needs: ['table:get', 'table:write'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'POST', path: '/api/admin/pickups/{bookingId}/picked-up', access: 'staff', entry: 'admin/mark-picked-up.ts', needs: ['table:get', 'table:write'], memoryMb: 256, timeoutSeconds: 10 },
  // The pickup settings (docs/yard.md): each terminal's walk-out time and the shuttle's seats, kept with the yard's settings.
  { method: 'GET', path: '/api/yard/pickup-settings', access: 'staff', entry: 'yard/get-pickup-settings.ts', needs: ['table:get'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'PUT', path: '/api/yard/pickup-settings', access: 'staff', entry: 'yard/put-pickup-settings.ts', needs: ['table:get', 'table:write'], memoryMb: 256, timeoutSeconds: 10 },
  // The driver's shuttle runs (docs/yard.md): the waiting parties by terminal within the seats; Depart; Picked up for a run.
  { method: 'GET', path: '/api/yard/shuttle-runs', access: 'staff', entry: 'yard/list-shuttle-runs.ts', needs: ['table:read'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'POST', path: '/api/yard/shuttle-runs/depart', access: 'staff', entry: 'yard/depart-shuttle-run.ts', needs: ['table:read', 'table:write'], memoryMb: 256, timeoutSeconds: 15 },
  { method: 'POST', path: '/api/yard/shuttle-runs/picked-up', access: 'staff', entry: 'yard/pick-up-shuttle-run.ts', needs: ['table:read', 'table:write'], memoryMb: 256, timeoutSeconds: 15 },
  // The booking pass (docs/pass.md): opened by its signed token without an account, or by the owner.
  { method: 'GET', path: '/api/pass/{token}', access: 'public', entry: 'pass/get-pass.ts', needs: ['table:get', 'pass:sign', 'wallet'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'POST', path: '/api/pass/{token}/cancellation', access: 'public', entry: 'pass/cancel-booking.ts', needs: ['table:read', 'table:write', 'stripe', 'email', 'pass:sign'], memoryMb: 512, timeoutSeconds: 20 },
  { method: 'POST', path: '/api/pass/{token}/confirmation-email', access: 'public', entry: 'pass/resend-confirmation.ts', needs: ['table:get', 'table:write', 'email', 'pass:sign'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'GET', path: '/api/me/bookings/{id}/pass', access: 'user', entry: 'me/get-pass.ts', needs: ['table:read', 'pass:sign', 'wallet'], memoryMb: 256, timeoutSeconds: 10 },
  // Manage my booking without an account: a one-time link by e-mail, then the pass.
  { method: 'POST', path: '/api/manage-booking', access: 'public', entry: 'manage/request-link.ts', needs: ['table:get', 'table:write', 'email'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'POST', path: '/api/manage-booking/open', access: 'public', entry: 'manage/open-link.ts', needs: ['table:get', 'table:write', 'pass:sign'], memoryMb: 256, timeoutSeconds: 10 },
  // Walk-ins (docs/admin.md): staff book a car at the gate; a card link is a checkout e-mailed to the traveller.
  { method: 'POST', path: '/api/admin/walk-ins', access: 'staff', entry: 'admin/walk-in.ts', needs: ['table:read', 'table:write', 'idempotency', 'stripe', 'email', 'pass:sign'], memoryMb: 512, timeoutSeconds: 20 },
  // The customer list (docs/admin.md): every customer in name order or a search's matches, and one customer's bookings.
  { method: 'GET', path: '/api/admin/customer-list', access: 'admin', entry: 'admin/list-customers.ts', needs: ['table:read'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'GET', path: '/api/admin/customer-bookings/{id}', access: 'admin', entry: 'admin/customer-bookings.ts', needs: ['table:read'], memoryMb: 256, timeoutSeconds: 10 },
  // Damage claims (docs/yard.md): for 48 hours after collection the traveller reports damage by the pass or the account
  // (the pass uploads its own photos through the same presign and completion check); staff read them beside the
  // handover records, and an admin decides, as accepting damage commits money like a refund.
  { method: 'GET', path: '/api/pass/{token}/claims', access: 'public', entry: 'pass/list-claims.ts', needs: ['table:read', 'pass:sign', 'photos:read'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'POST', path: '/api/pass/{token}/claims', access: 'public', entry: 'pass/submit-claim.ts', needs: ['table:read', 'table:write', 'pass:sign', 'photos:read'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'POST', path: '/api/pass/{token}/photos', access: 'public', entry: 'pass/start-photo-upload.ts', needs: ['table:read', 'table:write', 'pass:sign', 'photos:write'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'POST', path: '/api/pass/{token}/photos/{photoId}/complete', access: 'public', entry: 'pass/complete-photo-upload.ts', needs: ['table:read', 'table:write', 'pass:sign', 'photos:read', 'photos:write', 'photos:delete'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'GET', path: '/api/me/bookings/{id}/claims', access: 'user', entry: 'me/list-claims.ts', needs: ['table:read', 'photos:read'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'POST', path: '/api/me/bookings/{id}/claims', access: 'user', entry: 'me/submit-claim.ts', needs: ['table:read', 'table:write', 'photos:read'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'GET', path: '/api/admin/bookings/{id}/claims', access: 'staff', entry: 'admin/booking-claims.ts', needs: ['table:read', 'photos:read'], memoryMb: 256, timeoutSeconds: 10 },
  { method: 'POST', path: '/api/admin/bookings/{id}/claims/{claimId}/decision', access: 'admin', entry: 'admin/decide-claim.ts', needs: ['table:read', 'table:write', 'photos:read', 'email', 'pass:sign'], memoryMb: 256, timeoutSeconds: 10 },
  // Wallet passes (docs/operations.md): the Apple Wallet file by the pass token; passkit-generator is bundled only here.
  { method: 'GET', path: '/api/pass/{token}/wallet.pkpass', access: 'public', entry: 'pass/apple-wallet.ts', needs: ['table:get', 'pass:sign', 'wallet'], memoryMb: 512, timeoutSeconds: 10 },
];

/** A stable identifier for a route, used for construct ids and function names (letters only: `bookings.csv` is `BookingsCsv`). */
export function routeId(r: Pick<RouteDef, 'method' | 'path'>): string {
  const words = r.path
    .replace(/^\/api\//, '')
    .split(/[/{}.-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1));
  return r.method[0] + r.method.slice(1).toLowerCase() + words.join('');
}

/** Matches a concrete path against a route path; returns the path parameters or null. */
export function matchPath(routePath: string, actual: string): Record<string, string> | null {
  const want = routePath.split('/');
  const got = actual.replace(/\/+$/, '').split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    const param = /^\{(\w+)\}$/.exec(w);
    if (param) {
      if (g === '') return null;
      try {
        params[param[1]!] = decodeURIComponent(g);
      } catch {
        // A malformed escape (say %E0%A4%A) matches no route rather than crashing the caller.
        return null;
      }
    } else if (w !== g) return null;
  }
  return params;
}
