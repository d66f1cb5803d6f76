/**
 * The model of one booking's money, kept apart from the server's: what it costs, what is held for it, what was
 * refunded, whether it is cancelled, and the balance sessions opened for it. Transitions are pure, so a concurrent
 * pair can be tried in either order.
 */
import { decideMoney, type MoneyState } from '../../shared/money-policy';

export interface Session {
  id: string;
  amountCents: number;
}

export interface MoneyModel {
  paymentType: 'full' | 'deposit';
  totalCents: number;
  heldCents: number;
  refundedCents: number;
  cancelled: boolean;
  /** The earliest drop-off the booking has had (the terms' 48 hours count from it) and the drop-off as it stands. */
  termsDropOffAt: number;
  dropOffAt: number;
  dropOffDate: string;
  pickUpDate: string;
  /** The one balance session that may be paid: the newest, while nothing has changed what is due since. */
  live: Session | null;
  /** Every session ever handed out for this booking (the booking's own checkout first), paid or not. */
  sessions: Session[];
  /**
   * Refunds the step in progress decided and has not sent yet: a refund made in Stripe's dashboard that lands before
   * they go gives way to them (the headroom rule, docs/payments.md), so it lowers what is held only beyond them. Always
   * 0 between steps; within a concurrent pair, the runner tries the pair with and without it.
   */
  unsentCents: number;
}

export interface Initial {
  paymentType: 'full' | 'deposit';
  totalCents: number;
  paidCents: number;
  dropOffAt: number;
  dropOffDate: string;
  pickUpDate: string;
  checkoutSessionId: string;
}

export function freshModel(i: Initial): MoneyModel {
  return {
    paymentType: i.paymentType,
    totalCents: i.totalCents,
    heldCents: i.paidCents,
    refundedCents: 0,
    cancelled: false,
    termsDropOffAt: i.dropOffAt,
    dropOffAt: i.dropOffAt,
    dropOffDate: i.dropOffDate,
    pickUpDate: i.pickUpDate,
    live: null,
    sessions: [{ id: i.checkoutSessionId, amountCents: i.paidCents }],
    unsentCents: 0,
  };
}

export const dueCents = (m: MoneyModel): number => (m.cancelled ? 0 : Math.max(0, m.totalCents - m.heldCents));

export const moneyState = (m: MoneyModel): MoneyState => ({
  totalCents: m.totalCents,
  heldCents: m.heldCents,
  refundedCents: m.refundedCents,
  termsDropOffAt: new Date(m.termsDropOffAt),
  dropOffAt: new Date(m.dropOffAt),
});

/** What the API shows of the booking's money (cents), read after every step. */
export interface Observed {
  totalCents: number;
  heldCents: number;
  dueCents: number;
  refundedCents: number;
  cancelled: boolean;
}

export const observedOf = (m: MoneyModel): Observed => ({ totalCents: m.totalCents, heldCents: m.heldCents, dueCents: dueCents(m), refundedCents: m.refundedCents, cancelled: m.cancelled });

/** A step the model says cannot end the way the API said. */
export class ModelMismatch extends Error {}

export function mismatch(what: string): never {
  throw new ModelMismatch(what);
}

/** Anything that changes what is due supersedes the open balance session. */
export const supersede = (m: MoneyModel): MoneyModel => ({ ...m, live: null });

/** A change of price or a cancellation, decided by the money policy as the customer terms (or staff's default) say. */
export function applyPolicy(m: MoneyModel, change: { kind: 'cancel' } | { kind: 'reprice'; newTotalCents: number }, now: Date): MoneyModel {
  const decision = decideMoney(moneyState(m), change, { actor: 'customer' }, now);
  if ('error' in decision) mismatch(`the policy refused the default change: ${decision.error}`);
  return supersede({
    ...m,
    totalCents: decision.totalCents,
    heldCents: decision.heldCents,
    refundedCents: m.refundedCents + decision.refundCents,
    cancelled: m.cancelled || change.kind === 'cancel',
    unsentCents: m.unsentCents + decision.refundCents,
  });
}
