/** GET /api/pass/{token}/invoice.pdf: the tax invoice (and any credit notes) of the booking a pass link signs. */
import { fileReply } from '../lib/file-reply';
import { httpHandler } from '../lib/http';
import { passInvoice } from '../use-cases/invoices/invoice-pdf';

export const handler = httpHandler({ access: 'public' }, async ({ params }) => {
  const file = await passInvoice(params.token ?? '');
  return fileReply(file.bytes, { contentType: 'application/pdf', filename: file.filename });
});
