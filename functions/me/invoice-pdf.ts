/** GET /api/me/bookings/{id}/invoice.pdf: the tax invoice (and any credit notes) of one of the caller's bookings. */
import { fileReply } from '../lib/file-reply';
import { httpHandler } from '../lib/http';
import { myInvoice } from '../use-cases/invoices/invoice-pdf';

export const handler = httpHandler({ access: 'user' }, async ({ auth, params }) => {
  const file = await myInvoice(auth.user!, params.id ?? '');
  return fileReply(file.bytes, { contentType: 'application/pdf', filename: file.filename });
});
