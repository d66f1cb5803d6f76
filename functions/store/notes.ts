/**
 * Staff notes on a booking: each under the booking's partition (`NOTE#<at>#<id>`), and, when flagged for
 * a date, a copy in that date's day-sheet partition so the sheet lists it with its two other reads. Both land in
 * one transaction with the booking's note count (`NOTE_COUNT`), whose condition bounds the notes a booking holds;
 * nothing here is reachable from a customer route.
 *
 * The count starts with the first note written since it was kept: that write counts the notes the booking already
 * had (one Query, Select COUNT) and sets it only if no other write set it meanwhile, so notes written before it are
 * counted too.
 */
import { keys, queries } from './keys';
import { retryOnStale, stale } from '../lib/retry-on-stale';
import { cancellationCodes, getItem, query, queryAll, transact, type TransactItem } from './table';

export interface NoteRecord {
  id: string;
  bookingId: string;
  bookingReference: string;
  text: string;
  /** Who wrote it, as the token said: the e-mail, or the user id when the token carried no e-mail. */
  author: string;
  /** How staff see the author, from the token at write time (name, else e-mail); absent on notes written before it was kept. */
  authorName?: string | null;
  at: string;
  flagDate: string | null;
}

const NOTES_LIMIT = 100;

/** The note's items: the booking's copy, and the flagged date's. */
export function notePuts(n: NoteRecord): TransactItem[] {
  const item = { type: 'booking_note', ...n };
  return [
    { Put: { Item: { ...keys.bookingNote(n.bookingId, n.at, n.id), ...item }, ConditionExpression: 'attribute_not_exists(pk)' } },
    ...(n.flagDate ? [{ Put: { Item: { ...keys.dayNote(n.flagDate, n.at, n.id), ...item } } }] : []),
  ];
}

/** How many notes the booking holds, and whether that is its counter (false: counted, the counter not yet kept). */
export interface NoteCount {
  count: number;
  kept: boolean;
}

export async function noteCount(bookingId: string): Promise<NoteCount> {
  const item = await getItem<{ count?: number }>(keys.noteCount(bookingId), true);
  if (item) return { count: item.count ?? 0, kept: true };
  const { count } = await query({ ...queries.bookingNotes(bookingId), Select: 'COUNT', ConsistentRead: true });
  return { count, kept: false };
}

/**
 * The count's update for one more note, holding only while the booking has fewer than `max`: an ADD on a kept
 * counter, or its first SET from what was counted (only if no other write set it first).
 */
export function noteCountUpdate(bookingId: string, seen: NoteCount, max: number, at: string): TransactItem {
  const Key = keys.noteCount(bookingId);
  const names = { '#count': 'count', '#type': 'type', '#at': 'updatedAt' };
  return seen.kept
    ? { Update: { Key, UpdateExpression: 'ADD #count :one SET #type = :type, #at = :at', ConditionExpression: '#count < :max', ExpressionAttributeNames: names, ExpressionAttributeValues: { ':one': 1, ':max': max, ':type': 'note_count', ':at': at } } }
    : { Update: { Key, UpdateExpression: 'SET #count = :count, #type = :type, #at = :at', ConditionExpression: 'attribute_not_exists(#count)', ExpressionAttributeNames: names, ExpressionAttributeValues: { ':count': seen.count + 1, ':type': 'note_count', ':at': at } } };
}

/** Tries this many times when another note's write changed the count between the read and the write. */
const ATTEMPTS = 4;

/** Saves the note unless the booking already holds `max` notes (`full`: nothing written). */
export async function saveNote(n: NoteRecord, max: number): Promise<'saved' | 'full'> {
  return retryOnStale<'saved' | 'full'>(
    { tries: ATTEMPTS },
    async () => {
      const seen = await noteCount(n.bookingId);
      if (seen.count >= max) return 'full';
      const items = [...notePuts(n), noteCountUpdate(n.bookingId, seen, max, n.at)];
      try {
        await transact(items);
        return 'saved';
      } catch (error) {
        const codes = cancellationCodes(error);
        // The count's condition failed (full now, or first set by another note): read it again and decide anew.
        if (!codes || codes[items.length - 1] !== 'ConditionalCheckFailed') throw error;
      }
      return stale();
    },
    () => 'full',
  );
}

const fields = ({ id, bookingId, bookingReference, text, author, authorName, at, flagDate }: NoteRecord): NoteRecord => ({ id, bookingId, bookingReference, text, author, authorName: authorName ?? null, at, flagDate: flagDate ?? null });

/** A booking's notes, newest first (one partition read, the latest 100: more than a booking may hold). */
export async function bookingNotes(bookingId: string): Promise<NoteRecord[]> {
  const { items } = await query<NoteRecord>({
    ...queries.bookingNotes(bookingId),
    ScanIndexForward: false,
    Limit: NOTES_LIMIT,
    ConsistentRead: true,
  });
  return items.map(fields);
}

/** The notes flagged for a date, oldest first (the day-sheet partition, every page). */
export async function dayNotes(date: string): Promise<NoteRecord[]> {
  return (await queryAll<NoteRecord>(queries.dayNotes(date))).map(fields);
}
