/**
 * "E-mail invoice" on the pass: the tax invoice (with its credit notes) as a PDF, e-mailed to the e-mail address on
 * the booking only (never one the caller names), within its budget. The pass offers it for an invoice that names the
 * buyer (over $1,000), which its link does not hand out; sent to the buyer's own address, the buyer's details go
 * nowhere they were not already.
 */
import { site } from '../../../shared/site';
import type { Booking } from '../../../shared/records';
import { escapeHtml } from '../../../shared/html';
import { sendEmail, type OutgoingEmail } from '../../lib/email';
import { logger } from '../../lib/logger';
import { spendInvoiceEmailBudget } from '../limits/pass-budgets';
import { bookingForPassToken } from '../pass/pass-booking';
import { invoiceFile, type InvoiceFile } from './invoice-pdf';
import { taxDocumentsFor } from './tax-documents';
import { sellerSettings } from '../../lib/seller';
import * as clock from '../../lib/clock';

export function invoiceEmail(b: Booking, file: InvoiceFile): OutgoingEmail {
  const reference = b.bookingReference ?? '';
  const lines = [
    `Kia ora ${b.customer.name},`,
    `Attached is the tax invoice for booking ${reference}, with a credit note for any refund made.`,
    `It was asked for from the booking pass. Questions? Call ${site.phone} or reply to this e-mail.`,
  ];
  return {
    to: [b.customer.email],
    subject: `Tax invoice for booking ${reference} | ${site.brand}`,
    text: lines.join('\n\n'),
    html: `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1a2433;line-height:1.5">${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}</body></html>`,
    replyTo: [site.email],
    attachments: [{ filename: file.filename, contentType: 'application/pdf', content: Buffer.from(file.bytes).toString('base64'), encoding: 'base64' }],
  };
}

export async function emailPassInvoice(token: string, clientAddress: string, now = clock.now()): Promise<void> {
  const b = await bookingForPassToken(token);
  // A booking with no invoice (yet) answers why before anything is spent or sent.
  taxDocumentsFor(b, sellerSettings());
  await spendInvoiceEmailBudget({ clientAddress, bookingId: b.id }, now);
  await sendEmail(invoiceEmail(b, await invoiceFile(b)));
  logger.info('Tax invoice e-mailed from the pass', { bookingId: b.id });
}
