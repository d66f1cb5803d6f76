/** GET /api/checkout/{sessionId}/calendar.ics: the booking a paid session made, as a calendar file (the success page). */
import { apiDownload, type DownloadedFile } from '../../../lib/api-client';

export function downloadCheckoutCalendar(sessionId: string): Promise<DownloadedFile> {
  return apiDownload(`/checkout/${encodeURIComponent(sessionId)}/calendar.ics`, { accept: 'text/calendar' });
}
