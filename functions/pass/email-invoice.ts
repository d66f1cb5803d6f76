/** POST /api/pass/{token}/invoice-email: the tax invoice e-mailed to the booking's own address, within its budget. */
import { passMessages } from '../../shared/pass';
import { httpHandler } from '../lib/http';
import { clientAddress } from '../lib/origin';
import { emailPassInvoice } from '../use-cases/invoices/invoice-email';

export const handler = httpHandler({ access: 'public' }, async ({ params, event }) => {
  await emailPassInvoice(params.token ?? '', clientAddress(event));
  return { status: 202, body: { message: passMessages.invoiceEmailed } };
});
