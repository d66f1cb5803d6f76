/** GET /api/pass/{token}/calendar.ics: the pass's booking as a calendar file; a bad token and a missing booking answer the same 404. */
import { httpHandler } from '../lib/http';
import { calendarResponse } from '../lib/calendar-response';
import { passBookingCalendar } from '../use-cases/calendar/calendar-file';

export const handler = httpHandler({ access: 'public' }, async ({ params }) => calendarResponse(await passBookingCalendar(params.token ?? '')));
