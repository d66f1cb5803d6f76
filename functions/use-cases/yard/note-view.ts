/** Staff notes as the API shows them (staff responses only). */
import type { BookingNote } from '../../../shared/yard';
import { bookingNotes, type NoteRecord } from '../../store/notes';

/** What staff read for an author when the note kept no name: an older note's e-mail, never a bare user id. */
export const UNNAMED_AUTHOR = 'A staff member';

const looksLikeEmail = (text: string) => /^[^@\s]+@[^@\s]+$/.test(text);

/** The author as staff see it: the name or e-mail kept at write time; an older note's e-mail; else UNNAMED_AUTHOR. */
export const authorOf = (n: Pick<NoteRecord, 'author' | 'authorName'>): string => n.authorName || (looksLikeEmail(n.author) ? n.author : UNNAMED_AUTHOR);

export const toNote = (n: NoteRecord): BookingNote => ({ id: n.id, text: n.text, author: authorOf(n), at: n.at, flag_date: n.flagDate });

export const notesOf = async (bookingId: string): Promise<BookingNote[]> => (await bookingNotes(bookingId)).map(toNote);
