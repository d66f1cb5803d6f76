/** GET /api/me/bookings/{id}/calendar.ics: one's own booking as a calendar file (drop-off and pick-up events). */
import { apiDownload, type DownloadedFile } from '../../../lib/api-client';

export function downloadMyCalendar(id: string): Promise<DownloadedFile> {
  return apiDownload(`/me/bookings/${encodeURIComponent(id)}/calendar.ics`, { auth: true, accept: 'text/calendar' });
}
