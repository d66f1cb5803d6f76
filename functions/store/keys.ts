/**
 * The single table's key and index definition, and every key the product writes. The CDK stack and the
 * local start-up both build the table from TABLE_KEYS, so they cannot drift. docs/data-model.md lists
 * each item type and access pattern with the key that serves it.
 */
import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { phoneIdentity } from '../../shared/booking';
import { IDEMPOTENCY_PREFIX, idempotencyPartition } from '../lib/idempotency-partition';

export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'ttl',
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
} as const;

export type IndexName = (typeof TABLE_KEYS.indexes)[number]['name'];

/**
 * The indexes by what they serve. Their physical names stay gsi1..gsi3 (renaming an index rebuilds it); code and
 * docs/data-model.md call them by purpose.
 */
export const INDEX = {
  /** gsi1: what belongs to an owner: an account's (`USER#<sub>`) or a guest customer's bookings, an account's customers. */
  byOwner: 'gsi1',
  /**
   * gsi2: every confirmed booking by month of creation (`BOOKINGS#<yyyy-mm>`), newest first: the admin's list, the
   * export; and in its own partition (`CUSTOMERS`) every customer in name order: the admin's customer list.
   */
  byMonth: 'gsi2',
  /** gsi3: confirmed bookings of one status by month of creation (`STATUS#<status>#<yyyy-mm>`). */
  byStatusMonth: 'gsi3',
} as const satisfies Record<string, IndexName>;
export type ListIndex = typeof INDEX.byMonth | typeof INDEX.byStatusMonth;

/** Ids the product makes are UUIDs; anything else (a typo, a 2 KB string) names no record and is never sent as a key. */
export const isRecordId = (id: string): boolean => /^[0-9a-f-]{36}$/i.test(id);

/**
 * The partition-key prefixes IAM grants name (`dynamodb:LeadingKeys`): a route that writes only these items is
 * granted only these prefixes (infra/grants.ts), and the local gateway enforces the same (local/table-guard.ts).
 */
/** The request-budget scope of the account e-mails Cognito sends (functions/use-cases/limits/account-email-budget.ts). */
export const ACCOUNT_EMAIL_SCOPE = 'account-email';

export const KEY_PREFIXES = {
  contactMessage: 'CONTACT#',
  occupancy: 'OCCUPANCY',
  settings: 'SETTINGS',
  refundQueue: 'REFUND_QUEUE',
  rateLimit: (scope: string) => `RATE#${scope}#`,
  /** Idempotency-Key records, one partition per route (`IDEMPOTENCY#checkout`, `IDEMPOTENCY#contact`, ...). */
  idempotency: IDEMPOTENCY_PREFIX,
  reminder: 'REMINDER#',
  flightArrival: 'FLIGHT#',
  flightAsks: 'FLIGHT_ASKS#',
  /** The open damage claims, one item each, removed by the decision: the admin's filter and count read it. */
  openClaims: 'OPEN_CLAIMS',
  pickupQueue: 'PICKUP_QUEUE#',
  /** A booking's partition (the booking, its history lines, notes, photos). */
  booking: 'BOOKING#',
} as const;

export interface ItemKey {
  pk: string;
  sk: string;
}

export const keys = {
  customer: (id: string): ItemKey => ({ pk: `CUSTOMER#${id}`, sk: 'CUSTOMER' }),
  customerByUser: (sub: string, createdAt: string) => ({ gsi1pk: `USER#${sub}`, gsi1sk: `CUSTOMER#${createdAt}` }),
  /**
   * Every customer in the admin's customer list (gsi2, its own partition beside the booking months), in name order:
   * `sortName` is the normalised name (functions/store/customers.ts), the id keeps equal names apart. The space before
   * `#` sorts a name before its longer forms ('ann' before 'ann lee' and 'anna'): a space is the lowest character a
   * normalised name holds, and what follows one in a name ('+', '-', digits, letters) sorts after '#'.
   */
  customerListEntry: (sortName: string, id: string) => ({ gsi2pk: 'CUSTOMERS', gsi2sk: `${sortName} #${id}` }),
  emailGuard: (email: string): ItemKey => ({ pk: `CUSTOMER_EMAIL#${email.trim().toLowerCase()}`, sk: 'GUARD' }),
  phoneGuard: (phone: string): ItemKey => ({ pk: `CUSTOMER_PHONE#${phoneIdentity(phone)}`, sk: 'GUARD' }),
  booking: (id: string): ItemKey => ({ pk: `BOOKING#${id}`, sk: 'BOOKING' }),
  bookingByUser: (sub: string, dropOffDate: string, dropOffTime: string, id: string) => ({
    gsi1pk: `USER#${sub}`,
    gsi1sk: `DROPOFF#${dropOffDate}T${dropOffTime}#${id}`,
  }),
  /** A booking paid without signing in, listed under its customer until an account claims the customer. */
  bookingByCustomer: (customerId: string, dropOffDate: string, dropOffTime: string, id: string) => ({
    gsi1pk: `CUSTOMER_BOOKINGS#${customerId}`,
    gsi1sk: `DROPOFF#${dropOffDate}T${dropOffTime}#${id}`,
  }),
  bookingByMonth: (createdAt: string, id: string) => ({ gsi2pk: `BOOKINGS#${createdAt.slice(0, 7)}`, gsi2sk: `${createdAt}#${id}` }),
  /** The admin's list filtered by status: confirmed bookings of one status by month of creation, newest first. */
  bookingByStatus: (status: string, createdAt: string, id: string) => ({ gsi3pk: `STATUS#${status}#${createdAt.slice(0, 7)}`, gsi3sk: `${createdAt}#${id}` }),
  bookingReference: (reference: string): ItemKey => ({ pk: `REF#${reference}`, sk: 'GUARD' }),
  dayDropOff: (date: string, time: string, id: string): ItemKey => ({ pk: `DAY#${date}`, sk: `DROPOFF#${time}#${id}` }),
  dayPickUp: (date: string, time: string, id: string): ItemKey => ({ pk: `DAY#${date}`, sk: `PICKUP#${time}#${id}` }),
  /**
   * A cancelled booking's entry on its drop-off or pick-up date, beside the sheet but under its own prefix: the day
   * sheet, the upcoming tabs and their counts never see it; a date range filtered to Cancelled (or All) reads it.
   */
  dayCancelled: (kind: 'dropoff' | 'pickup', date: string, time: string, id: string): ItemKey => ({ pk: `DAY#${date}`, sk: `CANCELLED#${kind === 'dropoff' ? 'DROPOFF' : 'PICKUP'}#${time}#${id}` }),
  searchToken: (kind: 'booking' | 'customer', token: string, id: string): ItemKey => ({ pk: `SEARCH#${kind}`, sk: `${token}#${id}` }),
  checkoutSession: (sessionId: string): ItemKey => ({ pk: `CHECKOUT#${sessionId}`, sk: 'SESSION' }),
  /** The booking a Stripe payment intent paid for: how a `charge.refunded` event finds its booking. */
  paymentIntent: (paymentIntent: string): ItemKey => ({ pk: `PAYMENT#${paymentIntent}`, sk: 'BOOKING' }),
  photo: (bookingId: string, createdAt: string, photoId: string): ItemKey => ({ pk: `BOOKING#${bookingId}`, sk: `PHOTO#${createdAt}#${photoId}` }),
  profile: (sub: string): ItemKey => ({ pk: `USER#${sub}`, sk: 'PROFILE' }),
  contactMessage: (createdAt: string, id: string): ItemKey => ({ pk: `${KEY_PREFIXES.contactMessage}${createdAt.slice(0, 7)}`, sk: `${createdAt}#${id}` }),
  /**
   * One window of a request budget (functions/use-cases/limits): `scope` is the budget (contact, checkout),
   * `subject` who spends it (a hash of a client address or an e-mail, or `all`), `windowStart` epoch seconds.
   */
  rateLimit: (scope: string, subject: string, windowStart: number): ItemKey => ({ pk: `${KEY_PREFIXES.rateLimit(scope)}${subject}`, sk: `WINDOW#${windowStart}` }),
  /**
   * The partition of one route's Idempotency-Key records (functions/lib/idempotency.ts; Powertools writes the items:
   * sk `<scope>#<md5 of the key>`, status, the first answer, a hash of the request, `ttl`).
   */
  idempotencyPartition,
  stats: (): ItemKey => ({ pk: 'STATS', sk: 'BOOKINGS' }),
  /** Bookings created on one NZ date (the admin's 'Today's Bookings'), next to the all-time counters. */
  statsDay: (date: string): ItemKey => ({ pk: 'STATS', sk: `DAY#${date}` }),
  /** A parking bay's bookings by drop-off (to refuse overlaps), and the bay's lock that serialises assignments. */
  bayEntry: (bay: string, dropOffAt: string, bookingId: string): ItemKey => ({ pk: `BAY#${bay}`, sk: `${dropOffAt}#${bookingId}` }),
  bayLock: (bay: string): ItemKey => ({ pk: `BAY#${bay}`, sk: 'LOCK' }),
  /** One change to a booking or customer (who, when, fields old -> new), next to the thing it changed. */
  bookingAudit: (bookingId: string, at: string, id: string): ItemKey => ({ pk: `BOOKING#${bookingId}`, sk: `AUDIT#${at}#${id}` }),
  customerAudit: (customerId: string, at: string, id: string): ItemKey => ({ pk: `CUSTOMER#${customerId}`, sk: `AUDIT#${at}#${id}` }),
  /** A presigned photo upload not yet checked (ttl); its sk does not begin with `PHOTO#`, so lists never see it. */
  photoUpload: (bookingId: string, photoId: string): ItemKey => ({ pk: `BOOKING#${bookingId}`, sk: `PHOTO_UPLOAD#${photoId}` }),
  /** The yard's places taken per date of one month (see occupancy.ts); all months share a partition, read by range. */
  occupancyMonth: (month: string): ItemKey => ({ pk: KEY_PREFIXES.occupancy, sk: `MONTH#${month}` }),
  /** Settings staff change at run time (the yard's capacity). */
  yardSettings: (): ItemKey => ({ pk: KEY_PREFIXES.settings, sk: 'YARD' }),
  /** The pickup settings beside them (walk-out times, shuttle seats): an item of their own, so neither save overwrites the other. */
  pickupSettings: (): ItemKey => ({ pk: KEY_PREFIXES.settings, sk: 'PICKUP' }),
  /** The operator's price rules in force (shared/price-rules.ts); beside the capacity, so the quote's grant reads both. */
  priceRules: (): ItemKey => ({ pk: KEY_PREFIXES.settings, sk: 'PRICING' }),
  /** One saved change of the price rules (who, when, before and after), newest last by its time and version. */
  priceRulesChange: (at: string, version: number): ItemKey => ({ pk: 'PRICING_HISTORY', sk: `CHANGE#${at}#${String(version).padStart(8, '0')}` }),
  /** How many photos a booking holds: the 30-photo limit is a condition on it, in the photo's own transaction. */
  photoCount: (bookingId: string): ItemKey => ({ pk: `BOOKING#${bookingId}`, sk: 'PHOTO_COUNT' }),
  noteCount: (bookingId: string): ItemKey => ({ pk: `BOOKING#${bookingId}`, sk: 'NOTE_COUNT' }),
  /** A handover record: the stage and its place among the stage's records (1, then each correction), so a second record for one place cannot be written. */
  /** A damage claim (functions/store/claims.ts), keyed by the id its form made, so a double-submit writes one. */
  damageClaim: (bookingId: string, claimId: string): ItemKey => ({ pk: `BOOKING#${bookingId}`, sk: `CLAIM#${claimId}` }),
  /** How many claims a booking holds: the limit is a condition on it, in the claim's own transaction. */
  claimCount: (bookingId: string): ItemKey => ({ pk: `BOOKING#${bookingId}`, sk: 'CLAIM_COUNT' }),
  /** An open claim in the list of open claims, oldest first; deleted in the decision's transaction. */
  openClaim: (submittedAt: string, bookingId: string, claimId: string): ItemKey => ({ pk: KEY_PREFIXES.openClaims, sk: `${submittedAt}#${bookingId}#${claimId}` }),
  conditionRecord: (bookingId: string, stage: string, sequence: number): ItemKey => ({ pk: `BOOKING#${bookingId}`, sk: `CONDITION#${stage}#${String(sequence).padStart(3, '0')}` }),
  /**
   * A refund line not yet confirmed by Stripe (refund-requests.ts): written in the transaction that writes the line,
   * deleted in the one that settles it; the refund worker reads the one partition (only refunds in flight).
   */
  refundRequest: (lineId: string): ItemKey => ({ pk: KEY_PREFIXES.refundQueue, sk: `LINE#${lineId}` }),
  /**
   * A traveller in the pickup queue of one NZ date (the day they said they landed, or staff added them): the yard's
   * queue is one Query of the day's partition; one entry per booking and day, so saying it twice updates it.
   */
  pickupQueueEntry: (date: string, bookingId: string): ItemKey => ({ pk: `PICKUP_QUEUE#${date}`, sk: `BOOKING#${bookingId}` }),
  /** A one-time manage-my-booking link (store/manage-links.ts), by the SHA-256 of its secret: the table never holds the secret. */
  manageLink: (secretHash: string): ItemKey => ({ pk: `MANAGE_LINK#${secretHash}`, sk: 'LINK' }),
  /** A staff note on a booking, next to it; never read by a customer route. */
  bookingNote: (bookingId: string, at: string, id: string): ItemKey => ({ pk: `BOOKING#${bookingId}`, sk: `NOTE#${at}#${id}` }),
  /** A copy of a note flagged for a date, in that date's day-sheet partition (the sheet lists it). */
  dayNote: (date: string, at: string, id: string): ItemKey => ({ pk: `DAY#${date}`, sk: `NOTE#${at}#${id}` }),
  /**
   * A travel-day reminder of one booking (functions/store/reminders.ts): written before it is sent, on the condition
   * that it is absent, so a reminder goes at most once. Its own partition prefix, so the job is granted only these.
   */
  reminder: (bookingId: string, kind: string): ItemKey => ({ pk: `${KEY_PREFIXES.reminder}${bookingId}`, sk: `KIND#${kind}` }),
  /**
   * What is known of one return flight's arrival on one NZ date (functions/store/flight-tracking.ts): one item however
   * many bookings are on the flight, so one provider request serves them all. The flight is the stored (normalised)
   * flight number, the date the booking's pick-up date.
   */
  flightArrival: (flight: string, date: string): ItemKey => ({ pk: `${KEY_PREFIXES.flightArrival}${flight}#${date}`, sk: 'ARRIVAL' }),
  /** The provider requests made on one NZ date (by the clock), counted against the day's cap. */
  flightAsksDay: (date: string): ItemKey => ({ pk: `${KEY_PREFIXES.flightAsks}${date}`, sk: 'COUNT' }),
} as const;

/** A query's key condition: the partition, and the sort-key range or prefix it reads. */
export type KeyCondition = Required<Pick<QueryCommandInput, 'KeyConditionExpression' | 'ExpressionAttributeValues'>> & Pick<QueryCommandInput, 'IndexName'>;

const keyNames = (index?: IndexName) => (index ? { pk: `${index}pk`, sk: `${index}sk` } : { pk: 'pk', sk: 'sk' });
const partition = (pk: string, index?: IndexName): KeyCondition => ({
  ...(index ? { IndexName: index } : {}),
  KeyConditionExpression: `${keyNames(index).pk} = :pk`,
  ExpressionAttributeValues: { ':pk': pk },
});
const startingWith = (pk: string, prefix: string, index?: IndexName): KeyCondition => ({
  ...(index ? { IndexName: index } : {}),
  KeyConditionExpression: `${keyNames(index).pk} = :pk AND begins_with(${keyNames(index).sk}, :prefix)`,
  ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
});
const between = (pk: string, from: string, to: string, index?: IndexName): KeyCondition => ({
  ...(index ? { IndexName: index } : {}),
  KeyConditionExpression: `${keyNames(index).pk} = :pk AND ${keyNames(index).sk} BETWEEN :from AND :to`,
  ExpressionAttributeValues: { ':pk': pk, ':from': from, ':to': to },
});

/** Whose bookings a gsi1 query reads: an account's, or a guest customer's not yet claimed by an account. */
export type BookingOwner = { userId: string } | { customerId: string };
const ownerPartition = (owner: BookingOwner) =>
  'userId' in owner ? keys.bookingByUser(owner.userId, '', '', '').gsi1pk : keys.bookingByCustomer(owner.customerId, '', '', '').gsi1pk;
const DAY_SHEET_PREFIX = { dropoff: 'DROPOFF#', pickup: 'PICKUP#' } as const;

/**
 * Every access pattern that reads more than one item, by purpose (docs/data-model.md lists them with the same names):
 * the stores pass these to `query`, so no module spells a key prefix or an index of its own.
 */
export const queries = {
  /** An owner's bookings by drop-off (gsi1). */
  bookingsOf: (owner: BookingOwner) => startingWith(ownerPartition(owner), 'DROPOFF#', INDEX.byOwner),
  /** An owner's bookings dropping off between two dates, both included ('~' sorts after every time and id of the last). */
  bookingsOfDroppingOff: (owner: BookingOwner, from: string, to: string) => between(ownerPartition(owner), `DROPOFF#${from}`, `DROPOFF#${to}~`, INDEX.byOwner),
  /** The customers an account has claimed, by creation (gsi1). */
  customersOfAccount: (userId: string) => startingWith(keys.customerByUser(userId, '').gsi1pk, 'CUSTOMER#', INDEX.byOwner),
  /** The admin's customer list, in name order (gsi2's `CUSTOMERS` partition). */
  customerList: () => partition(keys.customerListEntry('', '').gsi2pk, INDEX.byMonth),
  /** One month of the admin's list: every confirmed booking (`byMonth`) or one status's (`byStatusMonth`). */
  listMonth: (index: ListIndex, monthPartition: string) => partition(monthPartition, index),
  /** A date's drop-offs or pick-ups in time order, on the sheet or (cancelled) beside it. */
  daySheet: (date: string, kind: keyof typeof DAY_SHEET_PREFIX, set: 'sheet' | 'cancelled' = 'sheet') =>
    startingWith(`DAY#${date}`, `${set === 'cancelled' ? 'CANCELLED#' : ''}${DAY_SHEET_PREFIX[kind]}`),
  /** The notes flagged for a date, oldest first. */
  dayNotes: (date: string) => startingWith(`DAY#${date}`, 'NOTE#'),
  /** A booking's staff notes. */
  bookingNotes: (bookingId: string) => startingWith(keys.booking(bookingId).pk, 'NOTE#'),
  /** A booking's vehicle photos. */
  bookingPhotos: (bookingId: string) => startingWith(keys.booking(bookingId).pk, 'PHOTO#'),
  /** A booking's handover records, drop-off's before collection's ('c' < 'd' is not relied on: callers group by stage). */
  bookingConditions: (bookingId: string) => startingWith(keys.booking(bookingId).pk, 'CONDITION#'),
  /** A booking's damage claims (not its `CLAIM_COUNT`). */
  bookingClaims: (bookingId: string) => startingWith(keys.booking(bookingId).pk, 'CLAIM#'),
  /** Every open damage claim, oldest first. */
  openClaims: () => partition(KEY_PREFIXES.openClaims),
  /** The changes made to a booking or a customer. */
  bookingHistory: (bookingId: string) => startingWith(keys.booking(bookingId).pk, 'AUDIT#'),
  customerHistory: (customerId: string) => startingWith(keys.customer(customerId).pk, 'AUDIT#'),
  /** Every saved change of the price rules. */
  priceRulesHistory: () => startingWith(keys.priceRulesChange('', 0).pk, 'CHANGE#'),
  /** The refunds in flight. */
  refundQueue: () => startingWith(KEY_PREFIXES.refundQueue, 'LINE#'),
  /** The search tokens starting with `prefix` (as a range: DynamoDB Local reads a whole partition for begins_with). */
  searchTokens: (kind: 'booking' | 'customer', prefix: string) => between(keys.searchToken(kind, '', '').pk, prefix, `${prefix}\uffff`),
  /** The occupancy months from one month to another, both included. */
  occupancyMonths: (fromMonth: string, toMonth: string) => between(KEY_PREFIXES.occupancy, keys.occupancyMonth(fromMonth).sk, keys.occupancyMonth(toMonth).sk),
  /** One date's pickup queue. */
  pickupQueue: (date: string) => partition(keys.pickupQueueEntry(date, '').pk),
  /** A bay's bookings dropping off between two instants (`<date>` or `<date>T<time>` sort as text). */
  bayBookings: (bay: string, fromAt: string, toAt: string) => between(keys.bayLock(bay).pk, fromAt, toAt),
  /** A whole partition (maintenance: a re-count reads all occupancy months). */
  wholePartition: (pk: string) => partition(pk),
} as const;
