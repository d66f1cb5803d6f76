/**
 * Staff record a payment towards a booking's balance: cash, EFTPOS or card taken in the yard.
 * The amount is at most the balance due; who took it is the caller (the token), when is the server's clock. The
 * balance falls, the amount paid rises, a `payment` ledger line and a history entry are written, and the collected
 * and due counters move, all in the booking's one conditional transaction: a save over a newer version (or a
 * second send of the same request) is refused, so a payment is never recorded twice. The traveller is e-mailed a
 * receipt of the payment, with the pass.
 */
import { randomUUID } from 'node:crypto';
import { adminMessages } from '../../../shared/admin';
import { balanceMessages, paymentMethodLabels, type RecordPayment } from '../../../shared/balance';
import { dollarsToCents, formatMoney } from '../../../shared/money';
import { CONFIRMED_STATUSES, type Booking, type LedgerLine } from '../../../shared/records';
import type { Caller } from '../../lib/auth';
import { conflict, badRequest } from '../../domain/errors';
import { logger } from '../../lib/logger';
import { bookingHistory, type AuditRecord } from '../../store/audit';
import { saveBookingChange } from '../../store/booking-changes';
import { withdrawSupersededSession } from '../booking/balance-session';
import { confirmedBooking } from './booking-detail';
import * as clock from '../../lib/clock';
import { sendPaymentReceipt } from '../booking/payment-receipt';

export interface RecordedPayment {
  booking: Booking;
  history: AuditRecord[];
  line: LedgerLine;
}

export async function recordPayment(caller: Caller, id: string, req: RecordPayment, now = clock.now(), options: { receipt?: boolean } = {}): Promise<RecordedPayment> {
  const before = await confirmedBooking(id);
  if (!CONFIRMED_STATUSES.includes(before.status) || !before.payment) throw conflict(balanceMessages.notPayable);
  if (req.version !== before.updatedAt) throw conflict(adminMessages.stale);
  const dueCents = before.payment.balanceDueCents;
  if (dueCents <= 0) throw conflict(balanceMessages.nothingDue);
  const amountCents = dollarsToCents(req.amount);
  if (amountCents > dueCents) throw badRequest(balanceMessages.amountTooLarge(dueCents), { amount: balanceMessages.amountTooLarge(dueCents) });

  const at = now.toISOString();
  const takenBy = caller.email ?? caller.sub;
  const method = paymentMethodLabels[req.method];
  const line: LedgerLine = { id: randomUUID(), at, by: 'admin', kind: 'payment', amountCents, note: `Paid in the yard: ${method}`, method: req.method, takenBy };
  const after: Booking = {
    ...before,
    payment: { ...before.payment, amountPaidCents: before.payment.amountPaidCents + amountCents, balanceDueCents: dueCents - amountCents },
    ledger: [...(before.ledger ?? []), line],
    updatedAt: at,
  };
  const saved = await saveBookingChange(before, after, {
    editableStatuses: CONFIRMED_STATUSES,
    audit: {
      by: takenBy,
      changes: [
        { field: 'payment', old: null, new: `${formatMoney(amountCents)} ${method}` },
        { field: 'balance_due', old: formatMoney(dueCents), new: formatMoney(dueCents - amountCents) },
      ],
    },
  });
  if (saved !== 'changed') throw conflict(adminMessages.stale);
  logger.info('Payment recorded by staff', { bookingId: id, amountCents, method: req.method });
  // The balance moved: a balance session open online for the old amount is withdrawn (a payment that still comes is refunded beyond what is due).
  await withdrawSupersededSession(before, after);
  if (options.receipt !== false) await sendPaymentReceipt(after, line);
  return { booking: after, history: await bookingHistory(id), line };
}
