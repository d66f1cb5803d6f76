/** GET /api/admin/bookings/{id}/invoice.pdf: a booking's tax invoice (and any credit notes), as a file. */
import { apiDownload, type DownloadedFile } from '../../../lib/api-client';

export function downloadBookingInvoice(id: string): Promise<DownloadedFile> {
  return apiDownload(`/admin/bookings/${encodeURIComponent(id)}/invoice.pdf`, { auth: true, accept: 'application/pdf' });
}
