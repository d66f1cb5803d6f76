/**
 * Changing a confirmed booking: the booking item is rewritten with its index keys, and everything that copies
 * it moves with it in one transaction: its day-sheet entries, its search tokens, its parking-bay entry (with
 * the bay's lock when the bay or the stay changes), the revenue and status counters, the yard's occupancy
 * (dates left give their place back, dates added need one), the end of its balance checkout when what is due
 * changes (balance-checkouts.ts; the caller expires its Stripe session after), and the audit entry
 * saying who changed what, and the refund queue's requests: one for each refund line newly pending, the removal of
 * each for a line it settles (refund-requests.ts). It holds only
 * if nobody changed the booking since it was read (`updatedAt`) and its status still allows the change.
 */
import { randomUUID } from 'node:crypto';
import type { Booking } from '../../shared/records';
import { bayEntryDelete, bayEntryPut, bayLockBump } from './bays';
import { confirmedIndexKeys } from './bookings';
import { changeCounterUpdate, countedMoney } from './counters';
import { dayEntry, dayEntryKey } from './day-sheet';
import { keys } from './keys';
import { bookingSearchTokens } from './search-tokens';
import { movePlaces } from './occupancy';
import { refundRequestWrites } from './refund-requests';
import { stale } from '../lib/retry-on-stale';
import { transactRetrying, type TransactItem } from './table';
import { yardCapacity } from './yard-settings';
import { stayChange } from '../../shared/capacity';
import { balanceSessionSurvives } from '../../shared/balance-checkout';
import * as clock from '../lib/clock';

/** A change's time: after the one it follows, so `updatedAt` always moves (it is the booking's version the writes are conditional on). */
export const changeTime = (b: Pick<Booking, 'updatedAt'>, now = clock.now()): string => new Date(Math.max(now.getTime(), Date.parse(b.updatedAt) + 1)).toISOString();

export type ChangeOutcome = 'changed' | 'stale' | 'bay-busy' | 'full';

export interface FieldChange {
  field: string;
  old: string | null;
  new: string | null;
}

export interface ChangeOptions {
  /** The statuses the booking must still have when the change lands (a customer: reservation only). */
  editableStatuses: readonly string[];
  /** Who changed what, kept next to the booking (staff changes). */
  audit?: { by: string; changes: FieldChange[] };
  /** The new bay's lock version as read before its clash check; needed when the bay or the stay changes. */
  bayVersion?: number;
  /** What the change does to revenue when it is not the change of total (a cancellation keeps only what was not refunded). */
  revenueDeltaCents?: number;
  /** Items that must land with the change (a payment intent's pointer, a note), unconditional. */
  alsoWrite?: TransactItem[];
}

const stayOf = (b: Booking) => `${b.dropOffDate}T${b.dropOffTime}/${b.pickUpDate}T${b.pickUpTime}`;

function tokenMoves(before: Booking, after: Booking): TransactItem[] {
  const ref = after.bookingReference ?? '';
  const old = new Set(bookingSearchTokens(before, before.bookingReference ?? ''));
  const next = new Set(bookingSearchTokens(after, ref));
  return [
    ...[...old].filter((t) => !next.has(t)).map((t): TransactItem => ({ Delete: { Key: keys.searchToken('booking', t, after.id) } })),
    ...[...next].filter((t) => !old.has(t)).map((t): TransactItem => ({ Put: { Item: { ...keys.searchToken('booking', t, after.id), type: 'search_token', kind: 'booking', bookingId: after.id } } })),
  ];
}

function bayMoves(before: Booking, after: Booking, options: ChangeOptions): TransactItem[] {
  const stayMoved = stayOf(before) !== stayOf(after);
  const bayMoved = before.parkingBayNumber !== after.parkingBayNumber;
  const holds = after.status !== 'cancelled';
  const items: TransactItem[] = [];
  if (before.parkingBayNumber && (bayMoved || stayMoved || !after.parkingBayNumber || !holds)) items.push(bayEntryDelete(before));
  if (after.parkingBayNumber && holds) {
    items.push(bayEntryPut(after));
    if (bayMoved || stayMoved) items.push(bayLockBump(after.parkingBayNumber, options.bayVersion ?? 0, after.updatedAt));
  }
  return items;
}

/** A booking not cancelled takes a place on each date of its stay. */
const placesOf = (b: Booking) => (b.status === 'cancelled' ? null : b);

interface ChangeItems {
  items: TransactItem[];
  lockIndex: number;
  /** Positions of the occupancy items, whose conditions fail when a new date is full. */
  places: [number, number];
}

function changeItems(before: Booking, after: Booking, options: ChangeOptions, capacity: number): ChangeItems {
  const reference = after.bookingReference ?? '';
  const [oldDrop, oldPick] = [dayEntryKey('dropoff', before), dayEntryKey('pickup', before)];
  const [newDrop, newPick] = [dayEntryKey('dropoff', after), dayEntryKey('pickup', after)];
  const moved = (a: { sk: string; pk: string }, b: { sk: string; pk: string }) => a.pk !== b.pk || a.sk !== b.sk;
  const statuses = Object.fromEntries(options.editableStatuses.map((s, i) => [`:st${i}`, s]));
  const items: TransactItem[] = [
    {
      Put: {
        Item: { ...keys.booking(after.id), type: 'booking', ...after, ...confirmedIndexKeys(after) },
        ConditionExpression: `updatedAt = :seen AND #status IN (${Object.keys(statuses).join(', ')})`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':seen': before.updatedAt, ...statuses },
      },
    },
    // Every entry is rewritten (it copies what the sheet shows); an entry whose date or time moved goes first.
    // A cancelled booking leaves the day sheet for the date's cancelled entries (the key follows the status).
    ...(moved(oldDrop, newDrop) ? [{ Delete: { Key: oldDrop } }] : []),
    ...(moved(oldPick, newPick) ? [{ Delete: { Key: oldPick } }] : []),
    dayEntry('dropoff', after, reference),
    dayEntry('pickup', after, reference),
    ...tokenMoves(before, after),
  ];
  const bay = bayMoves(before, after, options);
  const lockIndex = bay.some((i) => i.Update) ? items.length + bay.findIndex((i) => i.Update) : -1;
  items.push(...bay);
  const [was, now] = [countedMoney(before), countedMoney(after)];
  const counters = changeCounterUpdate({
    createdAt: after.createdAt,
    fromStatus: before.status,
    toStatus: after.status,
    totalDeltaCents: options.revenueDeltaCents ?? after.totalCents - before.totalCents,
    collectedDeltaCents: now.collectedCents - was.collectedCents,
    dueDeltaCents: now.dueCents - was.dueCents,
    at: after.updatedAt,
  });
  if (counters) items.push(counters);
  if (options.audit && options.audit.changes.length > 0) {
    items.push({ Put: { Item: { ...keys.bookingAudit(after.id, after.updatedAt, randomUUID().slice(0, 8)), type: 'audit', at: after.updatedAt, by: options.audit.by, changes: options.audit.changes } } });
  }
  const placesStart = items.length;
  items.push(...movePlaces(placesOf(before), placesOf(after), capacity, after.updatedAt));
  const placesEnd = items.length;
  // A refund is recorded as an intent to send before Stripe is asked: it survives a crash after this write; a
  // settled line's request goes in the write that settles it.
  items.push(...refundRequestWrites(before, after));
  items.push(...(options.alsoWrite ?? []));
  return { items, lockIndex, places: [placesStart, placesEnd] };
}

const withoutBalanceCheckout = (b: Booking): Booking => {
  const { balanceCheckout: _ended, ...rest } = b;
  return rest;
};

/**
 * Saves `changed` over `before`. `stale` when the booking changed since it was read (or its status no longer
 * allows the change); `bay-busy` when another assignment of the new bay landed first (check the bay again);
 * `full` when a date the stay newly covers has no place left. Dates it leaves, or all of them when it is
 * cancelled, give their places back. A conflict with a concurrent write to a shared item (the counters) is retried.
 */
export async function saveBookingChange(before: Booking, changed: Booking, options: ChangeOptions = { editableStatuses: ['reservation'] }): Promise<ChangeOutcome> {
  // A change of what is due ends the booking's balance checkout in this same write: its session asks a stale amount.
  const after = balanceSessionSurvives(before, changed) ? changed : withoutBalanceCheckout(changed);
  const grows = placesOf(after) !== null && stayChange(placesOf(before), placesOf(after)).added.length > 0;
  const capacity = grows ? (await yardCapacity()).capacity : 0;
  const { items, lockIndex, places } = changeItems(before, after, options, capacity);
  return transactRetrying<ChangeOutcome>(
    items,
    5,
    'changed',
    (codes, error) => {
      if (codes[0] === 'ConditionalCheckFailed') return 'stale';
      if (lockIndex >= 0 && codes[lockIndex] === 'ConditionalCheckFailed') return 'bay-busy';
      if (codes.slice(places[0], places[1]).includes('ConditionalCheckFailed')) return 'full';
      // No condition failed: another transaction touched a shared item (the counters) at the same moment.
      return stale(error);
    },
    () => 'stale',
  );
}
