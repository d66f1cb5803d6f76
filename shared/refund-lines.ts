/**
 * A booking's refunds as the admin's booking view shows them: each refund line with its state, so a
 * failed one can be retried, and the most a part refund can give back now (the form's headroom). Pure, so the
 * dialog and the server agree.
 */
import * as z from 'zod';
import { paymentMethodLabels, paymentMethods, type PaymentMethod } from './balance';
import { formatMoney, type Cents } from './money';
import type { LedgerLine } from './records';

/**
 * How money goes back: the way it came. `online`: to the card through Stripe (the checkout and online balance
 * payments); `cash`, `eftpos`, `card` (the yard's card machine): handed back in the yard by staff, who record it (no
 * Stripe call: that money never went through Stripe).
 */
export const refundWays = ['online', ...paymentMethods] as const;
export type RefundWay = (typeof refundWays)[number];

export const refundLineSchema = z.object({
  id: z.string(),
  at: z.string(),
  /** Dollars given back (positive). */
  amount: z.number(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  note: z.string(),
  /** Made in Stripe's dashboard, recorded from Stripe's list: the app neither sends nor retries it. */
  outside: z.boolean(),
  /** How it goes back (refundWays): to the card online, or handed back in the yard (`pending` there: still to hand back). */
  way: z.enum(refundWays),
  /** Who handed it back in the yard; null for a refund to the card. */
  by: z.string().nullable(),
  /** Why a failed refund failed (Stripe's answer, or that it never answered); null otherwise. */
  reason: z.string().nullable(),
});
export type RefundLine = z.infer<typeof refundLineSchema>;

export const refundRetryMessages = {
  notFound: 'Refund not found',
  handedBack: 'Recorded as handed back',
  notToHandBack: 'This refund is not waiting to be handed back',
  outside: 'A refund made in Stripe is retried in Stripe',
  retried: 'Refund sent again',
  notFailed: 'This refund has not failed: nothing to retry',
  failed: 'Failed to retry the refund',
} as const;

/**
 * The most a part refund can give back (POST /api/admin/bookings/{id}/refunds). Lowering the total by x frees x of
 * what is held only when what is held covers the total (held - (total - x) >= x); a booking with a balance due frees
 * nothing (lower its price instead).
 */
export const partRefundHeadroomCents = (heldCents: Cents, totalCents: Cents): Cents => (heldCents >= totalCents ? totalCents : 0);


const inYard = (method: LedgerLine['method']): method is PaymentMethod => !!method && method !== 'online';

/** A ledger line of money handed back in the yard (a refund line with a yard method). */
export const isYardRefund = (l: Pick<LedgerLine, 'kind' | 'method'>): boolean => l.kind === 'refund' && inYard(l.method);

/** What a booking holds now, by the way it came in: online, and in the yard (with the yard's latest method). */
export interface HeldByWay {
  onlineCents: Cents;
  yardCents: Cents;
  yardMethod: PaymentMethod | null;
}

/** Splits what is held (`heldCents`) by the way it came: the yard's payments less what was handed back there; the rest online. */
export function heldByWay(ledger: readonly LedgerLine[], heldCents: Cents): HeldByWay {
  let yardIn = 0;
  let yardMethod: PaymentMethod | null = null;
  for (const l of ledger) {
    if (l.kind === 'payment' && inYard(l.method)) {
      yardIn += l.amountCents;
      yardMethod = l.method;
    } else if (isYardRefund(l)) yardIn += l.amountCents;
  }
  const yardCents = Math.max(0, Math.min(yardIn, heldCents));
  return { onlineCents: heldCents - yardCents, yardCents, yardMethod };
}

/** A refund of `cents` split by the way the money came: online first (nobody has to hand it over), the rest in the yard. */
export interface RefundSplit {
  onlineCents: Cents;
  yardCents: Cents;
  yardMethod: PaymentMethod | null;
}

export function splitRefund(cents: Cents, held: HeldByWay): RefundSplit {
  const onlineCents = Math.min(cents, held.onlineCents);
  return { onlineCents, yardCents: cents - onlineCents, yardMethod: cents > onlineCents ? (held.yardMethod ?? 'cash') : null };
}

export const refundWayText: Record<RefundWay, string> = { online: 'to the card', cash: 'in cash', eftpos: 'by EFTPOS', card: 'on the card machine' };

/** "$5.00 to the card", "$5.00 in cash", "$3.00 to the card and $2.00 in cash". */
export function refundSplitText(s: RefundSplit): string {
  const parts = [
    ...(s.onlineCents > 0 ? [`${formatMoney(s.onlineCents)} ${refundWayText.online}`] : []),
    ...(s.yardCents > 0 ? [`${formatMoney(s.yardCents)} ${refundWayText[s.yardMethod ?? 'cash']}`] : []),
  ];
  return parts.join(' and ') || formatMoney(0);
}

/** The note of a line handed back in the yard, e.g. 'Handed back in the yard: Cash'. */
export const handedBackNote = (method: PaymentMethod): string => `Handed back in the yard: ${paymentMethodLabels[method]}`;

/** What a booking holds by way, in dollars (the admin's booking view: the refund dialogs say where a refund goes). */
export const refundRoomSchema = z.object({ online: z.number(), in_yard: z.number(), yard_method: z.enum(paymentMethods).nullable() });
export type RefundRoom = z.infer<typeof refundRoomSchema>;

export const heldFromRoom = (r: RefundRoom): HeldByWay => ({ onlineCents: Math.round(r.online * 100), yardCents: Math.round(r.in_yard * 100), yardMethod: r.yard_method });
