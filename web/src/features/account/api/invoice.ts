/** GET /api/me/bookings/{id}/invoice.pdf: the tax invoice (and any credit notes) of one's own booking, as a file. */
import { apiDownload, type DownloadedFile } from '../../../lib/api-client';

export function downloadMyInvoice(id: string): Promise<DownloadedFile> {
  return apiDownload(`/me/bookings/${encodeURIComponent(id)}/invoice.pdf`, { auth: true, accept: 'application/pdf' });
}
