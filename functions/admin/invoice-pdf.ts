/** GET /api/admin/bookings/{id}/invoice.pdf: any paid booking's tax invoice (and credit notes), for staff. */
import { fileReply } from '../lib/file-reply';
import { httpHandler } from '../lib/http';
import { staffInvoice } from '../use-cases/invoices/invoice-pdf';

export const handler = httpHandler({ access: 'staff' }, async ({ params }) => {
  const file = await staffInvoice(params.id ?? '');
  return fileReply(file.bytes, { contentType: 'application/pdf', filename: file.filename });
});
