/**
 * Staff notes on a booking (issue 22): each under the booking's partition (`NOTE#<at>#<id>`), and, when flagged for
 * a date, a copy in that date's day-sheet partition so the sheet lists it with its two other reads. Both land in
 * one transaction; nothing here is reachable from a customer route.
 */
import { keys, queries } from './keys';
import { query, queryAll, transact, type TransactItem } from './table';

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

export async function saveNote(n: NoteRecord): Promise<void> {
  await transact(notePuts(n));
}

const fields = ({ id, bookingId, bookingReference, text, author, authorName, at, flagDate }: NoteRecord): NoteRecord => ({ id, bookingId, bookingReference, text, author, authorName: authorName ?? null, at, flagDate: flagDate ?? null });

/** A booking's notes, newest first (one partition read, the latest 100). */
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
