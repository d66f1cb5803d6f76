/** POST /api/admin/bookings/{id}/notes {text, flag_date?}: a staff note, its author from the token. */
import { noteRequestSchema } from '../../shared/yard';
import { httpHandler } from '../lib/http';
import { addNote } from '../use-cases/yard/notes';

export const handler = httpHandler({ access: 'staff', body: noteRequestSchema }, async ({ auth, body, params }) => ({ status: 201, body: { note: await addNote(auth.user!, params.id ?? '', body) } }));
