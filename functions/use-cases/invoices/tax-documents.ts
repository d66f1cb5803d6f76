/**
 * What a booking's tax invoice and credit notes say, as data: the PDF renderer only lays it out.
 * New Zealand's taxable supply information rules (Goods and Services Tax Act 1985, s 19F and 19G): the words
 * "Tax invoice" (or "Credit note"), the seller's name and GST number, the date, a description of the supply, the
 * total and the GST in it; for a supply over $1,000 also the buyer's name and an identifier (here their e-mail).
 *
 * The invoice is what was actually charged, read from the booking's money as stored, never a price recomputed: the
 * checkout's online payment (the deposit or the whole price) and every payment on the ledger (the balance taken in
 * the yard, or paid later). Money given back is a credit note per refund line that has been made (status
 * `succeeded`, more than $0), each referring to the invoice by its number, the booking reference.
 */
import { gstIncluded, type Cents } from '../../../shared/money';
import { formatLongDate, formatTime12, pluralDays } from '../../../shared/format';
import { nzToday } from '../../../shared/nz-time';
import type { Booking, LedgerLine } from '../../../shared/records';
import { conflict } from '../../domain/errors';
import type { Seller } from '../../lib/seller';
import { chargedCents } from '../booking/refund-ledger';
import { isYardRefund } from '../../../shared/refund-lines';
import { bookedAddOns } from '../../../shared/booked-add-ons';
import { formatMoney } from '../../../shared/money';

/** The buyer's name and an identifier: on the documents only for a supply over $1,000. */
export interface Buyer {
  name: string;
  email: string;
}

export interface DocumentLine {
  /** NZ calendar date, YYYY-MM-DD. */
  date: string;
  description: string;
  amountCents: Cents;
}

export interface TaxInvoice {
  title: 'Tax invoice';
  number: string;
  date: string;
  seller: Seller;
  buyer: Buyer | null;
  /** The supply: the parking, its dates and the vehicle, and each add-on service booked (shared/add-ons.ts). */
  supply: string[];
  lines: DocumentLine[];
  totalCents: Cents;
  gstCents: Cents;
  /** Still to pay at pick-up: not invoiced until paid, said so the reader is not surprised. */
  balanceDueCents: Cents;
}

export interface CreditNote {
  title: 'Credit note';
  number: string;
  invoiceNumber: string;
  date: string;
  seller: Seller;
  buyer: Buyer | null;
  reason: string;
  amountCents: Cents;
  gstCents: Cents;
}

export interface TaxDocuments {
  invoice: TaxInvoice;
  creditNotes: CreditNote[];
}

/** Supplies above this (GST inclusive) name the buyer (s 19F(2)). */
export const BUYER_DETAILS_ABOVE_CENTS = 100_000;

export const invoiceMessages = {
  notPaid: 'This booking has no tax invoice: nothing has been paid for it',
  inReview: 'The tax invoice is ready once our team has checked the payment',
} as const;

/** The NZ calendar date of an instant. */
const nzDate = (iso: string): string => nzToday(new Date(iso));

/** The charges the invoice lists, oldest first: the online payment at checkout, then each payment on the ledger. */
export function chargesOf(b: Booking): DocumentLine[] {
  const ledgerPayments = (b.ledger ?? []).filter((l) => l.kind === 'payment' && l.amountCents > 0);
  const online = chargedCents(b) - ledgerPayments.reduce((sum, l) => sum + l.amountCents, 0);
  const lines: DocumentLine[] = [];
  if (b.payment && online > 0) {
    lines.push({ date: nzDate(b.payment.paidAt), description: b.payment.type === 'deposit' ? 'Deposit paid online by card' : 'Paid online by card', amountCents: online });
  }
  for (const l of ledgerPayments) lines.push({ date: nzDate(l.at), description: l.note, amountCents: l.amountCents });
  return lines;
}

function supplyOf(b: Booking, seller: Seller): string[] {
  const out = [
    `Airport parking at ${seller.address}, ${pluralDays(b.days)}`,
    `Drop-off ${formatLongDate(b.dropOffDate)} at ${formatTime12(b.dropOffTime)}, pick-up ${formatLongDate(b.pickUpDate)} at ${formatTime12(b.pickUpTime)}`,
    `Vehicle: ${b.carRegistration ?? 'registration not given'}`,
  ];
  // Each add-on service is named with what it cost, so the invoice shows how the total is made up.
  for (const x of bookedAddOns(b)) out.push(`${x.addOn.name}, ${formatMoney(x.cents)}`);
  return out;
}

const invoicedCents = (lines: DocumentLine[]): Cents => lines.reduce((sum, l) => sum + l.amountCents, 0);

/**
 * Whether the booking's documents name the buyer (what was charged is over $1,000): then they are personal data, and
 * the pass, whose link is made to be forwarded, e-mails them to the booking's address instead of handing them out.
 */
export const namesBuyer = (b: Booking): boolean => invoicedCents(chargesOf(b)) > BUYER_DETAILS_ABOVE_CENTS;

/** The invoice and credit notes of a paid booking; a 409 with a message when it has none (yet). */
export function taxDocumentsFor(b: Booking, seller: Seller): TaxDocuments {
  if (b.status === 'payment_review') throw conflict(invoiceMessages.inReview);
  const lines = chargesOf(b);
  if (!b.payment || !b.bookingReference || lines.length === 0) throw conflict(invoiceMessages.notPaid);
  const totalCents = invoicedCents(lines);
  const buyer = totalCents > BUYER_DETAILS_ABOVE_CENTS ? { name: b.customer.name, email: b.customer.email } : null;
  const number = b.bookingReference;
  const invoice: TaxInvoice = {
    title: 'Tax invoice',
    number,
    date: lines[0]!.date,
    seller,
    buyer,
    supply: supplyOf(b, seller),
    lines,
    totalCents,
    gstCents: gstIncluded(totalCents),
    balanceDueCents: b.status === 'cancelled' ? 0 : b.payment.balanceDueCents,
  };
  const ledger = b.ledger ?? [];
  const refunds = ledger.filter((l) => l.kind === 'refund' && l.status === 'succeeded' && l.amountCents < 0);
  // A lower price's refund line says only 'Lower price'; the change that made it (same instant) says what changed.
  const why = (l: LedgerLine) => [l.note, ...ledger.filter((o) => o.kind === 'balance' && o.at === l.at && o.note).map((o) => o.note)].join('; ');
  const creditNotes = refunds.map((l, i): CreditNote => ({
    title: 'Credit note',
    number: `${number}-CN${i + 1}`,
    invoiceNumber: number,
    date: nzDate(l.settledAt ?? l.at),
    seller,
    buyer,
    // Money handed back in the yard says so in its own note ('Handed back in the yard: Cash; ...').
    reason: isYardRefund(l) ? `Refund: ${why(l)}` : `Refund to the card: ${why(l)}`,
    amountCents: -l.amountCents,
    gstCents: gstIncluded(-l.amountCents),
  }));
  return { invoice, creditNotes };
}
