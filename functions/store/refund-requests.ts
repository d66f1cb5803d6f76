/**
 * Refunds that survive a crash. A refund line is written `pending` on the booking's ledger together with a refund
 * request item (one transaction, store/booking-changes.ts), so the intent to refund is durable before Stripe is
 * asked. Whoever settles it (the sender, or the webhook that finds Stripe's refund of it) rewrites the booking and
 * deletes the request in one transaction, conditional on the booking being unchanged since it was read and the line
 * pending in what was read (use-cases/booking/refund-sync.ts saveLedgerEdit), so a line is settled once however many
 * race. The queue is one partition holding only refunds in flight.
 */
import type { Booking, LedgerLine } from '../../shared/records';
import { isYardRefund } from '../../shared/refund-lines';
import { keys, queries } from './keys';
import { query, transact, updateIf, type TransactItem } from './table';

export interface RefundRequest {
  bookingId: string;
  lineId: string;
  amountCents: number;
  /** Sends tried that met no answer from Stripe (a timeout, an outage): the next waits longer. */
  attempts: number;
  /** When the worker may next send it (ISO); the request that wrote it tries at once. */
  nextAttemptAt: string;
  createdAt: string;
}

/** The first worker pass waits this long, so it does not race the request that is sending it right now. */
export const FIRST_WORKER_DELAY_MS = 60_000;

/** The request item for a pending refund line, for the transaction that writes the line. */
export function refundRequestPut(bookingId: string, line: LedgerLine): TransactItem {
  const item: RefundRequest = { bookingId, lineId: line.id, amountCents: -line.amountCents, attempts: 0, nextAttemptAt: new Date(Date.parse(line.at) + FIRST_WORKER_DELAY_MS).toISOString(), createdAt: line.at };
  return { Put: { Item: { ...keys.refundRequest(line.id), type: 'refund_request', ...item }, ConditionExpression: 'attribute_not_exists(pk)' } };
}

/**
 * Refund lines to the card `after` adds as pending that `before` did not have: each gets its request in the same
 * transaction. Money to hand back in the yard is never sent to Stripe, so it has none.
 */
export function newRefundRequests(before: Booking, after: Booking): TransactItem[] {
  const known = new Set((before.ledger ?? []).map((l) => l.id));
  return (after.ledger ?? []).filter((l) => l.kind === 'refund' && l.status === 'pending' && !isYardRefund(l) && !known.has(l.id)).map((l) => refundRequestPut(after.id, l));
}

/** The removal of the requests of lines settled (made or failed), for the transaction that settles them. */
export function settledRefundRequestDeletes(lineIds: readonly string[]): TransactItem[] {
  return lineIds.map((id) => refundRequestDelete(id));
}

const refundRequestDelete = (lineId: string): TransactItem => ({ Delete: { Key: keys.refundRequest(lineId) } });

/** The refund queue as one worker pass sees it: what is due now, and when the oldest refund still in flight was asked for. */
export interface RefundQueue {
  /** Requests whose next attempt is due, oldest first. */
  due: RefundRequest[];
  /** The oldest request's `createdAt` (ISO), due or not; null when the queue is empty. */
  oldestCreatedAt: string | null;
}

/**
 * Reads the queue's partition (it holds only refunds in flight). The whole partition is read either way (a filter
 * would not make the read cheaper), so what is due is chosen here and the oldest request's age comes for free.
 */
export async function refundQueue(now: Date, limit = 25): Promise<RefundQueue> {
  const { items } = await query<RefundRequest>({
    ...queries.refundQueue(),
    Limit: 200,
  });
  const oldestFirst = items.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const at = now.toISOString();
  return { due: oldestFirst.filter((r) => r.nextAttemptAt <= at).slice(0, limit), oldestCreatedAt: oldestFirst[0]?.createdAt ?? null };
}

/** A request whose line is settled already (or gone) has nothing left to do. */
export async function dropRefundRequest(lineId: string): Promise<void> {
  await transact([refundRequestDelete(lineId)]);
}

/** After a send that met no answer: try again later (the same idempotency key makes a repeat harmless). */
export async function postponeRefund(lineId: string, attempts: number, nextAttemptAt: Date): Promise<boolean> {
  return updateIf({
    Key: keys.refundRequest(lineId),
    UpdateExpression: 'SET attempts = :n, nextAttemptAt = :next',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':n': attempts, ':next': nextAttemptAt.toISOString() },
  });
}
