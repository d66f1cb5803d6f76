/** GET /api/yard/bookings/{id}: one booking as the yard sees it (due now, a free bay, the next step, notes). */
import { httpHandler } from '../lib/http';
import { confirmedBooking } from '../use-cases/admin/booking-detail';
import { yardView } from '../use-cases/yard/yard-booking';

export const handler = httpHandler({ access: 'staff' }, async ({ params }) => ({ body: await yardView(await confirmedBooking(params.id ?? '')) }));
