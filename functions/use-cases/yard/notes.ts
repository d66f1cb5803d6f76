/** Staff notes on a booking (issue 22): who wrote it and when from the token and the clock, optionally flagged for a day's sheet. */
import { randomUUID } from 'node:crypto';
import type { BookingNote, NoteRequest } from '../../../shared/yard';
import type { Caller } from '../../lib/auth';
import { bookingNotes, saveNote, type NoteRecord } from '../../store/notes';
import { confirmedBooking } from '../admin/booking-detail';

export const toNote = (n: NoteRecord): BookingNote => ({ id: n.id, text: n.text, author: n.author, at: n.at, flag_date: n.flagDate });

export async function addNote(caller: Caller, bookingId: string, req: NoteRequest, now = new Date()): Promise<BookingNote> {
  const booking = await confirmedBooking(bookingId);
  const note: NoteRecord = { id: randomUUID(), bookingId: booking.id, bookingReference: booking.bookingReference ?? '', text: req.text, author: caller.email ?? caller.sub, at: now.toISOString(), flagDate: req.flag_date ?? null };
  await saveNote(note);
  return toNote(note);
}

export const notesOf = async (bookingId: string): Promise<BookingNote[]> => (await bookingNotes(bookingId)).map(toNote);
