/** Staff notes as the API shows them (staff responses only). */
import type { BookingNote } from '../../../shared/yard';
import { bookingNotes, type NoteRecord } from '../../store/notes';

export const toNote = (n: NoteRecord): BookingNote => ({ id: n.id, text: n.text, author: n.author, at: n.at, flag_date: n.flagDate });

export const notesOf = async (bookingId: string): Promise<BookingNote[]> => (await bookingNotes(bookingId)).map(toNote);
