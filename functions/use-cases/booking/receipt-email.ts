/**
 * The receipt e-mailed when a booking is confirmed: reference, dates and times, days, add-ons, what was
 * paid and what is left for pick-up, and the GST contained in the total (total x 3/23) with the
 * business's name and GST number. Text and HTML carry the same content; user input is escaped in HTML.
 */
import { formatLongDate, formatTime12, pluralDays } from '../../../shared/format';
import { formatMoney, gstIncluded } from '../../../shared/money';
import { escapeHtml } from '../../../shared/html';
import { keptReasonText, type MoneyDecision } from '../../../shared/money-policy';
import { refundsGrantedCents } from './money-state';
import { formatAddress, site } from '../../../shared/site';
import { sellerSettings } from '../../lib/seller';
import type { OutgoingEmail } from '../../lib/email';
import type { Booking, LedgerLine } from '../../../shared/records';
import { paymentMethodLabels } from '../../../shared/balance';
import { nzToday } from '../../../shared/nz-time';
import { isYardRefund, refundWayText } from '../../../shared/refund-lines';
import { bookedAddOns } from '../../../shared/booked-add-ons';


/** Kept under these names for the checkout session's description; the formats themselves live in shared/format.ts. */
export const formatReceiptDate = formatLongDate;
export const formatReceiptTime = (time: string) => formatTime12(time).toLowerCase();

export interface ReceiptLine {
  label: string;
  value: string;
}

/** The receipt's rows, in order; both renderings are built from these. */
export function receiptLines(b: Booking): { details: ReceiptLine[]; money: ReceiptLine[] } {
  const paid = b.payment?.amountPaidCents ?? 0;
  const balance = b.payment?.balanceDueCents ?? b.totalCents - paid;
  const addOns = bookedAddOns(b);
  const details: ReceiptLine[] = [
    { label: 'Booking reference', value: b.bookingReference ?? '' },
    { label: 'Drop-off', value: `${formatReceiptDate(b.dropOffDate)} at ${formatReceiptTime(b.dropOffTime)}` },
    { label: 'Pick-up', value: `${formatReceiptDate(b.pickUpDate)} at ${formatReceiptTime(b.pickUpTime)}` },
    { label: 'Days', value: String(b.days) },
    { label: 'Car registration', value: b.carRegistration ?? 'Not set' },
    ...(b.departureFlight ? [{ label: 'Departure flight', value: b.departureFlight }] : []),
    ...(b.returnFlight ? [{ label: 'Return flight', value: b.returnFlight }] : []),
    { label: 'Shuttle', value: 'Free shuttle to and from the terminals' },
    { label: 'Add-ons', value: addOns.length ? addOns.map((x) => `${x.addOn.name} (${formatMoney(x.cents)})`).join(', ') : 'None' },
  ];
  const money: ReceiptLine[] = [
    { label: `Parking (${pluralDays(b.days)})`, value: formatMoney(b.parkingCents) },
    ...addOns.map((x) => ({ label: x.addOn.name, value: formatMoney(x.cents) })),
    { label: 'Total (GST inclusive)', value: formatMoney(b.totalCents) },
    { label: 'GST included (3/23 of the total)', value: formatMoney(gstIncluded(b.totalCents)) },
    { label: amountPaidLabel(b), value: formatMoney(paid) },
    { label: 'Balance due at pick-up', value: formatMoney(balance) },
  ];
  return { details, money };
}

/**
 * What the amount paid was, from what was really paid: the deposit alone while nothing else came in, the deposit and
 * the balance once a payment towards the balance did (online or in the yard), otherwise the booking paid in full.
 */
export function amountPaidLabel(b: Pick<Booking, 'paymentType' | 'ledger'>): string {
  if (b.paymentType !== 'deposit') return 'Amount paid';
  return (b.ledger ?? []).some((l) => l.kind === 'payment') ? 'Amount paid (deposit and balance)' : 'Amount paid (deposit)';
}

/**
 * The cancellation's refund by the way it goes back (shared/refund-lines.ts): its own lines, written with the
 * cancellation (their `at` is its `cancelledAt`), to the card, handed back in the yard, or to collect there.
 */
function refundWayLines(b: Booking, refundCents: number): ReceiptLine[] {
  const own = (b.ledger ?? []).filter((l) => l.kind === 'refund' && l.at === b.cancelledAt);
  if (own.length === 0) return [{ label: 'Refund to your card', value: formatMoney(refundCents) }];
  const card = own.filter((l) => !isYardRefund(l)).reduce((sum, l) => sum - l.amountCents, 0);
  const yard = own.filter(isYardRefund).map((l) => ({
    label: l.status === 'succeeded' ? `Handed back ${refundWayText[l.method as keyof typeof paymentMethodLabels]}` : `To collect ${refundWayText[l.method as keyof typeof paymentMethodLabels]} at the yard`,
    value: formatMoney(-l.amountCents),
  }));
  return [...(card > 0 || yard.length === 0 ? [{ label: 'Refund to your card', value: formatMoney(card) }] : []), ...yard];
}

/** What a change did to the money, for the e-mail that tells the customer (customer and staff edits). */
export function moneyChangeLines(before: Booking, d: MoneyDecision): ReceiptLine[] {
  const lines: ReceiptLine[] = [];
  if (d.totalCents !== before.totalCents) lines.push({ label: 'New total', value: `${formatMoney(d.totalCents)} (was ${formatMoney(before.totalCents)})` });
  if (d.refundCents > 0) lines.push({ label: 'Refund to your card', value: formatMoney(d.refundCents) });
  if (d.keptCents > 0 && d.keptReason) lines.push({ label: 'Not refunded', value: `${formatMoney(d.keptCents)} (${keptReasonText[d.keptReason]})` });
  lines.push({ label: 'Balance due at pick-up', value: formatMoney(d.balanceDueCents) });
  return lines;
}

/** The confirmation, with the booking pass's address when it could be signed (docs/pass.md) and where to pay a balance. */
export function receiptEmail(b: Booking, passUrl?: string, payBalance?: PayBalanceLinks): OutgoingEmail {
  return bookingEmail(b, { subject: `Booking confirmed: ${b.bookingReference} | ${site.brand}`, intro: `Thank you for booking with ${site.brand}. Your booking is confirmed.`, ...(passUrl ? { passUrl } : {}), payBalance });
}

/** How a payment line was paid, in the receipt's words. */
function paidHow(l: LedgerLine): string {
  if (l.method === 'online') return 'paid online by card';
  return l.method ? `paid in the yard by ${paymentMethodLabels[l.method]}` : 'paid';
}

/**
 * The receipt of one payment towards a booking (staff-recorded in the yard, or the balance paid online): what was
 * paid, how and when, then the booking with what is paid in all and what is still due. Every payment gets one.
 */
export function paymentReceiptEmail(b: Booking, line: LedgerLine, passUrl?: string): OutgoingEmail {
  const when = `${formatReceiptDate(nzToday(new Date(line.at)))}`;
  const intro = `Thank you: we have received your payment of ${formatMoney(line.amountCents)}, ${paidHow(line)}, on ${when}.`;
  return bookingEmail(b, { subject: `Payment received: ${b.bookingReference} | ${site.brand}`, intro, ...(passUrl ? { passUrl } : {}) });
}

/** Where a balance can be paid online: the booking's pass (works without signing in) and, for an account holder, the dashboard. */
export interface PayBalanceLinks {
  passUrl: string;
  dashboardUrl: string | null;
}

/** The sentence that says where to pay, when the e-mail states a balance still due. */
export function payBalanceText(b: Booking, links: PayBalanceLinks | undefined): string | null {
  const due = b.payment?.balanceDueCents ?? 0;
  if (!links || due <= 0 || b.status === 'cancelled') return null;
  return `Pay the balance of ${formatMoney(due)} online before pick-up: ${links.passUrl}${links.dashboardUrl ? ` (or from My Bookings: ${links.dashboardUrl})` : ''}`;
}

function payBalanceHtml(b: Booking, links: PayBalanceLinks | undefined): string {
  if (!payBalanceText(b, links) || !links) return '';
  const due = formatMoney(b.payment!.balanceDueCents);
  const dashboard = links.dashboardUrl ? ` or from <a href="${escapeHtml(links.dashboardUrl)}">My Bookings</a>` : '';
  return `<p><strong>Pay the balance of ${escapeHtml(due)} online before pick-up:</strong> <a href="${escapeHtml(links.passUrl)}">your booking pass</a>${dashboard}.</p>\n`;
}

/** The pass paragraph: what the link opens and that it is the traveller's to keep (and forward) for the day. */
export const PASS_LINK_TEXT = 'Your booking pass has the QR code to show at the yard, directions, the shuttle stops, and lets you pay, cancel or get help:';

/**
 * A cancelled booking's money, from the policy's decision: what was paid, what comes back, what is kept and why,
 * and the GST contained in what is kept (the business keeps only that; nothing is left to pay).
 */
export function cancellationMoneyLines(b: Booking, d: MoneyDecision): ReceiptLine[] {
  const earlier = refundsGrantedCents(b) - d.refundCents;
  const paid = d.refundCents + d.keptCents + earlier;
  return [
    { label: amountPaidLabel(b), value: formatMoney(paid) },
    ...(earlier > 0 ? [{ label: 'Refunded earlier', value: formatMoney(earlier) }] : []),
    ...refundWayLines(b, d.refundCents),
    ...(d.keptCents > 0 && d.keptReason ? [{ label: 'Kept', value: `${formatMoney(d.keptCents)} (${keptReasonText[d.keptReason]})` }] : []),
    { label: 'GST included (3/23 of what was kept)', value: formatMoney(gstIncluded(d.keptCents)) },
  ];
}

/**
 * A booking's e-mail: the receipt, or the same details after a change with what the change did to the money, or
 * after a cancellation with the cancellation's money instead of the booking's price.
 */
export function bookingEmail(
  b: Booking,
  { subject, intro, change = [], cancellation, passUrl, payBalance }: { subject: string; intro: string; change?: ReceiptLine[]; cancellation?: MoneyDecision; passUrl?: string; payBalance?: PayBalanceLinks },
): OutgoingEmail {
  const payText = cancellation ? null : payBalanceText(b, payBalance);
  const { details } = receiptLines(b);
  const money = cancellation ? cancellationMoneyLines(b, cancellation) : receiptLines(b).money;
  const firstName = b.customer.name.split(' ')[0] ?? b.customer.name;
  const { legalName, gstNumber } = sellerSettings();
  const business = `${legalName}, GST number ${gstNumber}`;
  const contact = `Questions? Call ${site.phone} or e-mail ${site.email}.`;
  const address = `${site.brand}, ${formatAddress()}`;

  const text = [
    `Hi ${firstName},`,
    '',
    intro,
    '',
    ...change.flatMap((l) => [`${l.label}: ${l.value}`]),
    ...(change.length ? [''] : []),
    ...(passUrl ? [PASS_LINK_TEXT, passUrl, ''] : []),
    ...details.map((l) => `${l.label}: ${l.value}`),
    '',
    ...money.map((l) => `${l.label}: ${l.value}`),
    '',
    ...(payText ? [payText, ''] : []),
    `Receipt from ${business}.`,
    address,
    contact,
  ].join('\n');

  const rows = (lines: ReceiptLine[]) =>
    lines.map((l) => `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;font-weight:600">${escapeHtml(l.label)}</th><td style="padding:4px 0">${escapeHtml(l.value)}</td></tr>`).join('');
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1a2433;line-height:1.5">
<p>Hi ${escapeHtml(firstName)},</p>
<p>${escapeHtml(intro)}</p>
${change.length ? `<h2 style="font-size:18px">What changed</h2>\n<table style="border-collapse:collapse">${rows(change)}</table>\n` : ''}${passUrl ? `<p>${escapeHtml(PASS_LINK_TEXT)}<br><a href="${escapeHtml(passUrl)}">Open your booking pass</a></p>\n` : ''}<h2 style="font-size:18px">Your booking</h2>
<table style="border-collapse:collapse">${rows(details)}</table>
<h2 style="font-size:18px">Payment</h2>
<table style="border-collapse:collapse">${rows(money)}</table>
${cancellation ? '' : payBalanceHtml(b, payBalance)}<p>Receipt from ${escapeHtml(business)}.<br>${escapeHtml(address)}</p>
<p>${escapeHtml(contact)}</p>
</body></html>`;

  return { to: [b.customer.email], subject, text, html, replyTo: [site.email] };
}
