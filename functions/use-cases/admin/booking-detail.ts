/**
 * One booking for the admin's edit dialog, with the latest page of its history (newest first), and the older pages
 * one at a time: every entry stays reachable, however many a booking gathers.
 */
import type { AdminBookingDetail, HistoryPageView } from '../../../shared/admin';
import { adminMessages } from '../../../shared/admin';
import { centsToDollars } from '../../../shared/money';
import { isListed, type Booking, type LedgerLine } from '../../../shared/records';
import { heldByWay, isYardRefund, partRefundHeadroomCents, type RefundLine, type RefundRoom } from '../../../shared/refund-lines';
import { badRequest, notFound } from '../../domain/errors';
import { bookingHistoryPage, isHistoryPosition, type HistoryPage } from '../../store/audit';
import { getBooking } from '../../store/bookings';
import { notesOf } from '../yard/note-view';
import { toAdminBooking } from './admin-booking';

/** A paid booking (cancelled ones too) by id, or 404 (unknown ids, pending and ended bookings alike). */
export async function confirmedBooking(id: string): Promise<Booking> {
  const booking = await getBooking(id, true);
  if (!booking || !isListed(booking)) throw notFound(adminMessages.bookingNotFound);
  return booking;
}

export async function adminBookingDetail(id: string): Promise<AdminBookingDetail> {
  // The history is read only for a booking that exists, so an unknown id reads nothing more.
  const booking = await confirmedBooking(id);
  const [history, notes] = await Promise.all([bookingHistoryPage(booking.id), notesOf(booking.id)]);
  return {
    booking: toAdminBooking(booking),
    ...historyView(history),
    notes,
    refunds: refundLines(booking),
    part_refund_max: centsToDollars(partRefundHeadroomCents(booking.payment?.amountPaidCents ?? 0, booking.totalCents)),
    refund_room: refundRoom(booking),
  };
}

/** The refund lines as the booking view shows them. */
export const refundLines = (b: Booking): RefundLine[] => (b.ledger ?? []).filter((l) => l.kind === 'refund').map(refundLineOf);

export const refundLineOf = (l: LedgerLine): RefundLine => ({
  id: l.id,
  at: l.at,
  amount: centsToDollars(-l.amountCents),
  status: l.status ?? 'succeeded',
  note: l.note,
  outside: l.outside === true,
  way: l.method ?? 'online',
  by: isYardRefund(l) ? (l.takenBy ?? null) : null,
  reason: l.status === 'failed' ? (l.failure ?? null) : null,
});

/** What the booking holds by the way it came (the refund dialogs say where a refund goes). */
export function refundRoom(b: Booking): RefundRoom {
  const held = heldByWay(b.ledger ?? [], b.payment?.amountPaidCents ?? 0);
  return { online: centsToDollars(held.onlineCents), in_yard: centsToDollars(held.yardCents), yard_method: held.yardMethod };
}

/** The cursor is opaque to the browser: the page's last entry's sort key, base64url. */
const historyView = (page: HistoryPage): HistoryPageView => ({ history: page.entries, history_older: page.older ? Buffer.from(page.older).toString('base64url') : null });

function historyPosition(cursor: string): string {
  const sk = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!isHistoryPosition(sk)) throw badRequest(adminMessages.historyCursorInvalid, { before: adminMessages.historyCursorInvalid });
  return sk;
}

/** The page of the booking's history older than `before` (a page's `history_older`), or the latest without it. */
export async function adminBookingHistory(id: string, before?: string): Promise<HistoryPageView> {
  const booking = await confirmedBooking(id);
  return historyView(await bookingHistoryPage(booking.id, before ? historyPosition(before) : null));
}
