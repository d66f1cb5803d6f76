/** GET /api/bookings/{id}/photos: the booking's photos, newest first, with short-lived view URLs. */
import { httpHandler } from '../lib/http';
import { listBookingPhotos } from '../use-cases/photos/list-photos';

export const handler = httpHandler({ access: 'user' }, async ({ auth, params }) => ({ body: await listBookingPhotos(auth, params.id ?? '') }));
