/** GET /api/checkout/{sessionId}/calendar.ics: the booking a paid session made, as a calendar file, for the payment-success page. */
import { httpHandler } from '../lib/http';
import { calendarResponse } from '../lib/calendar-response';
import { checkoutBookingCalendar } from '../use-cases/calendar/calendar-file';

export const handler = httpHandler({ access: 'public' }, async ({ params }) => calendarResponse(await checkoutBookingCalendar(params.sessionId ?? '')));
