/**
 * Staff notes on a booking: who wrote it and when from the token and the clock, optionally flagged for a
 * day's sheet; at most NOTES_PER_BOOKING a booking (409 with the bound's message past it, nothing written).
 */
import { randomUUID } from 'node:crypto';
import { NOTES_PER_BOOKING, yardMessages, type BookingNote, type NoteRequest } from '../../../shared/yard';
import { conflict } from '../../domain/errors';
import { displayNameOf, type Caller } from '../../lib/auth';
import { saveNote, type NoteRecord } from '../../store/notes';
import { confirmedBooking } from '../admin/booking-detail';
import { toNote } from './note-view';
import * as clock from '../../lib/clock';

export async function addNote(caller: Caller, bookingId: string, req: NoteRequest, now = clock.now()): Promise<BookingNote> {
  const booking = await confirmedBooking(bookingId);
  const note: NoteRecord = { id: randomUUID(), bookingId: booking.id, bookingReference: booking.bookingReference ?? '', text: req.text, author: caller.email ?? caller.sub, authorName: displayNameOf(caller), at: now.toISOString(), flagDate: req.flag_date ?? null };
  if ((await saveNote(note, NOTES_PER_BOOKING)) === 'full') throw conflict(yardMessages.notesFull);
  return toNote(note);
}
