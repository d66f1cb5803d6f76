/**
 * Refunds that survive a crash. A refund line is written `pending` on the booking's ledger together with a refund
 * request item (one transaction, store/booking-changes.ts), so the intent to refund is durable before Stripe is
 * asked. Whoever settles it (the sender, or the webhook that finds Stripe's refund of it) rewrites the booking, and the
 * same transaction deletes the request, conditional on the booking being unchanged since it was read and the line
 * pending in what was read (use-cases/booking/refund-settlement.ts), so a line is settled once however many race.
 * Which requests a change writes or removes follows from the line's status before and after (`refundRequestWrites`),
 * so no caller lists them. The queue is one partition holding only refunds in flight.
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

/** The request item for a pending refund line; `askedAt` is when it was (last) asked for. */
function refundRequestPut(bookingId: string, line: LedgerLine, askedAt: string): TransactItem {
  const item: RefundRequest = { bookingId, lineId: line.id, amountCents: -line.amountCents, attempts: 0, nextAttemptAt: new Date(Date.parse(askedAt) + FIRST_WORKER_DELAY_MS).toISOString(), createdAt: askedAt };
  return { Put: { Item: { ...keys.refundRequest(line.id), type: 'refund_request', ...item }, ConditionExpression: 'attribute_not_exists(pk)' } };
}

const refundRequestDelete = (lineId: string): TransactItem => ({ Delete: { Key: keys.refundRequest(lineId) } });

/** A refund line the worker sends: to the card, still pending. Money to hand back in the yard is never sent to Stripe. */
const toSend = (l: LedgerLine) => l.kind === 'refund' && l.status === 'pending' && !isYardRefund(l);

/**
 * The queue's items that move with a change of the booking, so a line's request lives exactly while the line waits to
 * be sent: a request for each card refund line `after` has pending that `before` did not (a new line, asked for at
 * its own time; a failed line retried, asked for at the retry's time, `after.updatedAt`), and the removal of the
 * request of each line `before` had pending that `after` settled (made or failed).
 */
export function refundRequestWrites(before: Booking, after: Booking): TransactItem[] {
  const was = new Map((before.ledger ?? []).map((l) => [l.id, l]));
  const waiting = new Set((before.ledger ?? []).filter(toSend).map((l) => l.id));
  const now = new Set((after.ledger ?? []).filter(toSend).map((l) => l.id));
  const asked = (after.ledger ?? []).filter((l) => toSend(l) && !waiting.has(l.id)).map((l) => refundRequestPut(after.id, l, was.has(l.id) ? after.updatedAt : l.at));
  const settled = [...waiting].filter((id) => !now.has(id)).map(refundRequestDelete);
  return [...asked, ...settled];
}

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
