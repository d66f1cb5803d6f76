/** GET /api/me/bookings/{id}/calendar.ics: one's own booking as a calendar file (drop-off and pick-up events). */
import { httpHandler } from '../lib/http';
import { calendarResponse } from '../lib/calendar-response';
import { myBookingCalendar } from '../use-cases/account/my-booking-calendar';

export const handler = httpHandler({ access: 'user' }, async ({ auth, params }) => calendarResponse(await myBookingCalendar(auth.user!, params.id ?? '')));
