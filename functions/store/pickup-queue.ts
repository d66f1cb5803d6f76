/**
 * The pickup queue's entries (`PICKUP_QUEUE#<NZ date>` / `BOOKING#<id>`, keys.ts): one per booking and day, each
 * written in one transaction with the booking's history entry, so the queue and the history never disagree. An entry
 * is kept for a month (`ttl`): the history keeps the record, the queue needs only today and yesterday.
 */
import { randomUUID } from 'node:crypto';
import type { PickupAdder, Terminal } from '../../shared/pickups';
import { bookingAuditPut } from './audit';
import type { FieldChange } from './booking-changes';
import { keys, queries } from './keys';
import { queryAll, batchGet, isConditionalFailure, transact, type Item } from './table';

export interface QueueEntry {
  bookingId: string;
  /** The NZ date whose queue holds it. */
  date: string;
  terminal: Terminal;
  passengers: number;
  flight: string | null;
  state: 'waiting' | 'picked_up';
  addedBy: PickupAdder;
  /** When they first said they had landed (the queue's order); `updatedAt` when anything last changed. */
  landedAt: string;
  updatedAt: string;
  pickedUpAt: string | null;
  pickedUpBy: string | null;
  /** The shuttle run the driver departed on for them ("on the way"), and when; absent before Depart. */
  runId?: string | null;
  departedAt?: string | null;
}

type EntryItem = Item & QueueEntry & { ttl: number };

const KEEP_SECONDS = 31 * 24 * 3600;

function toEntry(item: EntryItem): QueueEntry {
  const { pk: _pk, sk: _sk, type: _type, ttl: _ttl, ...entry } = item;
  return entry;
}

/** The booking's entry in the first of these days' queues that has one (today, then yesterday), or null. */
export async function findEntry(bookingId: string, dates: readonly string[]): Promise<QueueEntry | null> {
  const found = await batchGet<EntryItem>(dates.map((d) => keys.pickupQueueEntry(d, bookingId)));
  const item = found.find((f) => f !== null);
  return item ? toEntry(item) : null;
}

/** One day's queue: a Query of its partition (a day holds at most the day's pick-ups). */
export async function dayQueue(date: string): Promise<QueueEntry[]> {
  // The yard acts on what it just wrote ("Picked up"): read it back.
  return (await queryAll<EntryItem>({ ...queries.pickupQueue(date), ConsistentRead: true })).map(toEntry);
}

export interface Audit {
  by: string;
  changes: FieldChange[];
}

/**
 * Writes a new entry, or replaces one as read (`updatedAt` unchanged since): false when another write got there
 * first (the caller reads again and decides anew), so two presses at once leave one entry and one history line each.
 */
export async function saveEntry(entry: QueueEntry, before: QueueEntry | null, audit: Audit): Promise<boolean> {
  const item: EntryItem = { ...keys.pickupQueueEntry(entry.date, entry.bookingId), type: 'pickup_queue_entry', ...entry, ttl: Math.floor(Date.parse(entry.updatedAt) / 1000) + KEEP_SECONDS };
  const condition = before
    ? { ConditionExpression: 'updatedAt = :read', ExpressionAttributeValues: { ':read': before.updatedAt } }
    : { ConditionExpression: 'attribute_not_exists(pk)' };
  try {
    await transact([{ Put: { Item: item, ...condition } }, bookingAuditPut(entry.bookingId, entry.updatedAt, audit.by, audit.changes, randomUUID().slice(0, 8))]);
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}
