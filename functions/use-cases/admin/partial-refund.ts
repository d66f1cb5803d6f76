/**
 * An admin refunds part of a booking without cancelling it: a goodwill discount. The total falls by
 * the amount and the staff money policy refunds exactly that, with the reason, through the one booking change: back the
 * way it came (what came in online to the card; what was paid in the yard handed back there by the admin, recorded
 * with its method, who and when, no Stripe call). The card's part takes the durable path (a pending ledger line and its queue request in the booking's transaction, then sent
 * with the line's id as idempotency key: functions/use-cases/booking/refund.ts). Never more than what is held beyond
 * what the booking still needs (a deposit booking's balance is lowered by an edit, not refunded).
 */
import { adminMessages } from '../../../shared/admin';
import { balanceMessages, type PartialRefund } from '../../../shared/balance';
import { dollarsToCents, formatMoney } from '../../../shared/money';
import { decideMoney, isPolicyError } from '../../../shared/money-policy';
import { partRefundHeadroomCents } from '../../../shared/refund-lines';
import { CONFIRMED_STATUSES, type Booking, type LedgerLine } from '../../../shared/records';
import { getBooking } from '../../store/bookings';
import type { Caller } from '../../lib/auth';
import { conflict, badRequest } from '../../domain/errors';
import { logger } from '../../lib/logger';
import { bookingHistory, type AuditRecord } from '../../store/audit';
import { changeBooking } from '../booking/change-booking';
import { moneyStateOf } from '../booking/money-state';
import { confirmedBooking } from './booking-detail';
import * as clock from '../../lib/clock';

export interface PartialRefundDone {
  booking: Booking;
  history: AuditRecord[];
  refundCents: number;
  /** The lines the refund wrote, as they stand once it was sent: to the card (made, on its way, failed) or handed back. */
  lines: LedgerLine[];
}

export async function partialRefund(caller: Caller, id: string, req: PartialRefund, now = clock.now()): Promise<PartialRefundDone> {
  const before = await confirmedBooking(id);
  if (!CONFIRMED_STATUSES.includes(before.status) || !before.payment) throw conflict(balanceMessages.refundNotAllowed);
  if (req.version !== before.updatedAt) throw conflict(adminMessages.stale);
  const amountCents = dollarsToCents(req.amount);
  const maxCents = largestRefund(before);
  const tooLarge = () => badRequest(balanceMessages.refundTooLarge(maxCents), { amount: balanceMessages.refundTooLarge(maxCents) });
  if (amountCents > maxCents) throw tooLarge();
  const proposed: Booking = { ...before, totalCents: before.totalCents - amountCents };
  const policy = { actor: 'staff' as const, refund: { refundCents: amountCents, reason: req.reason } };
  if (isPolicyError(decideMoney(moneyStateOf(before), { kind: 'reprice', newTotalCents: proposed.totalCents }, policy, now))) throw tooLarge();
  const by = caller.email ?? caller.sub;
  const done = await changeBooking(before, {
    proposed,
    policy,
    by: 'admin',
    balanceNote: `Refund of part of the booking: ${req.reason}`,
    save: { editableStatuses: CONFIRMED_STATUSES },
    audit: {
      by,
      changes: () => [
        { field: 'total_cost', old: formatMoney(before.totalCents), new: formatMoney(proposed.totalCents) },
        { field: 'refund', old: null, new: `${formatMoney(amountCents)} (part refund: ${req.reason})` },
      ],
    },
    now,
  });
  if (done.outcome !== 'changed') throw conflict(adminMessages.stale);
  logger.info('Part of a booking refunded by staff', { bookingId: id, refundCents: amountCents });
  // Read again: the send to Stripe has settled the card's line by now, made or failed (or left it on its way).
  const known = new Set((before.ledger ?? []).map((l) => l.id));
  const booking = (await getBooking(id, true)) ?? done.booking;
  const lines = (booking.ledger ?? []).filter((l) => l.kind === 'refund' && !known.has(l.id));
  return { booking, history: await bookingHistory(id), refundCents: done.decision.refundCents, lines };
}

/** The most a part refund can give back (shared/refund-lines.ts, so the admin's form shows the same figure). */
const largestRefund = (b: Booking): number => partRefundHeadroomCents(b.payment?.amountPaidCents ?? 0, b.totalCents);
