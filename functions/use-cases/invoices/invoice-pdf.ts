/**
 * A booking's tax invoice PDF for each of its three callers: the account holder (their own booking), whoever holds
 * the booking's pass link (the signed token), and staff. Each finds the booking its own way and answers 404 with
 * one message whatever the reason, then the same document is made. An invoice over $1,000 names the buyer (New
 * Zealand's rules): the account holder and staff download it as it is; the pass link, which is made to be forwarded,
 * does not hand it out, and the pass e-mails it to the booking's own address instead (invoice-email.ts).
 */
import { isListed, type Booking } from '../../../shared/records';
import type { Caller } from '../../lib/auth';
import { passMessages } from '../../../shared/pass-texts';
import { forbidden, notFound } from '../../domain/errors';
import { bookingIdFromPassToken } from '../../lib/pass-token';
import { sellerSettings } from '../../lib/seller';
import { getBooking } from '../../store/bookings';
import { BOOKING_NOT_FOUND, ownBooking } from '../account/own-booking';
import { renderTaxDocuments } from './render-pdf';
import { namesBuyer, taxDocumentsFor } from './tax-documents';

export interface InvoiceFile {
  filename: string;
  bytes: Uint8Array;
}

export async function invoiceFile(b: Booking): Promise<InvoiceFile> {
  const docs = taxDocumentsFor(b, sellerSettings());
  return { filename: `${docs.invoice.number}-tax-invoice.pdf`, bytes: await renderTaxDocuments(docs) };
}

/** A paid booking (cancelled ones too) by id, or 404 alike for unknown, unpaid and ended bookings. */
async function listedBooking(id: string): Promise<Booking> {
  const booking = await getBooking(id, true);
  if (!booking || !isListed(booking)) throw notFound(BOOKING_NOT_FOUND);
  return booking;
}

export async function myInvoice(caller: Caller, id: string): Promise<InvoiceFile> {
  return invoiceFile(await ownBooking(caller, id));
}

/**
 * A token that does not verify and one whose booking is gone answer the same 404: nothing says which. An invoice that
 * names the buyer is refused (403) with what to do instead: the pass e-mails it.
 */
export async function passInvoice(token: string): Promise<InvoiceFile> {
  const id = await bookingIdFromPassToken(token);
  if (!id) throw notFound(BOOKING_NOT_FOUND);
  const booking = await listedBooking(id);
  if (namesBuyer(booking)) throw forbidden(passMessages.invoiceByEmail);
  return invoiceFile(booking);
}

export async function staffInvoice(id: string): Promise<InvoiceFile> {
  return invoiceFile(await listedBooking(id));
}
