/** GET /api/admin/bookings.csv with the list's query: the filtered list as a CSV file (every page). */
import type { AdminBookingsQueryInput } from '@shared/admin';
import { apiDownload, type DownloadedFile } from '../../../lib/api-client';

export function exportBookingsCsv(query: AdminBookingsQueryInput): Promise<DownloadedFile> {
  const params = new URLSearchParams();
  // The page is not the export's business: it holds every page.
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '' && key !== 'page' && key !== 'pageSize') params.set(key, String(value));
  return apiDownload(`/admin/bookings.csv?${params}`, { auth: true, accept: 'text/csv' });
}
