/**
 * The money paths as fast-check commands. Each step acts on the real stack (reading the model only for its own
 * figures), then says purely what the model becomes given the API's answer; the runner compares that with what the
 * API shows afterwards. A concurrent pair acts at once and must agree with the model in one order or the other.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { addDays, chargeableDays } from '../../shared/nz-time';
import { termsRefund } from '../../shared/money-policy';
import { priceFor } from '../../shared/pricing';
import { sendDueRefunds } from '../../functions/use-cases/booking/refund-worker';
import * as clock from '../../functions/lib/clock';
import { moveClock } from '../support/clock';
import type { JsonResponse } from '../support/http';
import { applyPolicy, dueCents, mismatch, moneyState, observedOf, supersede, type MoneyModel, type Observed } from './model';
import type { Real } from './world';

export type { Real } from './world';

/** Stripe's smallest charge in NZD: a smaller balance is paid at pick-up, not online. */
const MIN_ONLINE_CENTS = 50;
const dollars = (c: number) => c / 100;
const cents = (d: number) => Math.round(d * 100);

/** One money path: what it does on the stack, and what the model becomes given the answer. */
export interface Step<O = JsonResponse> {
  label: string;
  act(real: Real, m: MoneyModel): Promise<O>;
  next(m: MoneyModel, outcome: O, real: Real): MoneyModel;
}

const refusedWith = (res: JsonResponse, ...statuses: number[]) => statuses.includes(res.status) && typeof (res.body as { message?: unknown })?.message === 'string';
const unchangedUnless = (res: JsonResponse, ok: () => MoneyModel, m: MoneyModel, label: string, ...refusals: number[]): MoneyModel => {
  if (res.status >= 200 && res.status < 300) return ok();
  if (refusedWith(res, ...refusals)) return m;
  return mismatch(`${label} answered ${res.status}: ${JSON.stringify(res.body)}`);
};

const openBalance = (via: 'pass' | 'dashboard'): Step => ({
  label: `open a balance checkout (${via})`,
  act: (real) =>
    via === 'pass'
      ? real.world.call('POST', `/api/pass/${encodeURIComponent(real.passToken)}/balance-checkout`, {})
      : real.world.call('POST', `/api/me/bookings/${real.bookingId}/balance-checkout`, {}, real.owner),
  next(m, res) {
    const due = dueCents(m);
    if (m.cancelled || due < MIN_ONLINE_CENTS) {
      if (res.status !== 409) mismatch(`a balance checkout with ${due} cents due${m.cancelled ? ' on a cancelled booking' : ''} answered ${res.status}`);
      return m;
    }
    // Two at once: the one that loses the claim is told to try again, and nothing is written for it.
    if (res.status === 409 || res.status === 429) return m;
    if (res.status !== 201) mismatch(`a balance checkout answered ${res.status}: ${JSON.stringify(res.body)}`);
    const body = res.body as { session_id: string; amount: number };
    if (cents(body.amount) !== due) mismatch(`a balance checkout asked ${cents(body.amount)} cents with ${due} due`);
    const session = { id: body.session_id, amountCents: due };
    const known = m.sessions.some((s) => s.id === session.id);
    return { ...m, live: session, sessions: known ? m.sessions : [...m.sessions, session] };
  },
});

/**
 * Paying a session: a booking still on keeps what is due now of it and no more; the rest (a session paid twice over,
 * one made before the balance fell, anything paid on a cancelled booking) is refunded by the refund worker with a line
 * of its own (docs/payments.md, "Late and extra payments"). Which session it was does not change what is kept.
 */
const paySession = (pick: number): Step<{ res: JsonResponse; sessionId: string; amountCents: number }> => ({
  label: `pay session #${pick}`,
  async act(real, m) {
    const s = m.sessions[pick % m.sessions.length]!;
    const res = await real.world.pay(s.id);
    if (res.status === 200) real.events.push((res.body as { eventId: string }).eventId);
    return { res, sessionId: s.id, amountCents: s.amountCents };
  },
  next(m, { res, sessionId, amountCents }) {
    // Already paid, or expired at Stripe (superseded): no money moved.
    if (res.status === 409) return m;
    if (res.status !== 200) return mismatch(`paying a session answered ${res.status}: ${JSON.stringify(res.body)}`);
    const kept = m.cancelled ? 0 : Math.min(amountCents, dueCents(m));
    const after = { ...m, heldCents: m.heldCents + kept, refundedCents: m.refundedCents + amountCents - kept };
    return m.live?.id === sessionId ? { ...after, live: null } : after;
  },
});

const staffPayment = (method: 'cash' | 'eftpos', fraction: number): Step<JsonResponse | null> => ({
  label: `staff record a ${method} payment (${Math.round(fraction * 100)}% of the balance)`,
  async act(real, m) {
    const amount = Math.max(1, Math.floor(dueCents(m) * fraction));
    const { version } = await real.world.detail(real.bookingId);
    const res = await real.world.call('POST', `/api/admin/bookings/${real.bookingId}/payments`, { amount: dollars(amount), method, version }, real.world.staff);
    return Object.assign(res, { amount });
  },
  next(m, res) {
    const amount = (res as JsonResponse & { amount: number }).amount;
    if (m.cancelled || dueCents(m) === 0) {
      if (res!.status < 400) mismatch(`staff recorded a payment with nothing due (${res!.status})`);
      return m;
    }
    return unchangedUnless(res!, () => supersede({ ...m, heldCents: m.heldCents + amount }), m, 'a staff payment', 409);
  },
});

/** Chargeable days of the stay with this pick-up date (both ends at 09:00, as the sequences book them). */
function stayDays(m: MoneyModel, pickUpDate: string): number {
  return chargeableDays({ date: m.dropOffDate, time: '09:00' }, { date: pickUpDate, time: '09:00' });
}

const edit = (by: 'customer' | 'admin', shift: number): Step<JsonResponse & { pickUpDate: string }> => ({
  label: `${by} moves the pick-up by ${shift} day(s)`,
  async act(real, m) {
    const pickUpDate = addDays(m.pickUpDate, shift);
    const { version } = await real.world.detail(real.bookingId);
    const res =
      by === 'customer'
        ? await real.world.call('PATCH', `/api/me/bookings/${real.bookingId}`, { pick_up_date: pickUpDate, version }, real.owner)
        : await real.world.call('PATCH', `/api/admin/bookings/${real.bookingId}`, { pick_up_date: pickUpDate, version }, real.world.admin);
    return Object.assign(res, { pickUpDate });
  },
  next(m, res) {
    if (m.cancelled || res.pickUpDate <= m.dropOffDate) {
      if (res.status < 400) mismatch(`a ${m.cancelled ? 'cancelled booking was' : 'pick-up before the drop-off was'} saved (${res.status})`);
      return m;
    }
    return unchangedUnless(
      res,
      () => {
        const newTotalCents = priceFor(stayDays(m, res.pickUpDate), false).total;
        const moved = newTotalCents === m.totalCents ? m : applyPolicy(m, { kind: 'reprice', newTotalCents }, clock.now());
        return { ...moved, pickUpDate: res.pickUpDate };
      },
      m,
      `the ${by}'s edit`,
      400,
      409,
    );
  },
});

const cancel = (by: 'customer' | 'pass' | 'admin'): Step => ({
  label: `cancel (${by})`,
  async act(real, m) {
    if (by === 'customer') return real.world.call('POST', `/api/me/bookings/${real.bookingId}/cancellation`, {}, real.owner);
    if (by === 'pass') return real.world.call('POST', `/api/pass/${encodeURIComponent(real.passToken)}/cancellation`, {});
    // Staff give what the terms give (the dialog's default).
    const refund = termsRefund(moneyState(m), m.heldCents, clock.now()).cents;
    return real.world.call('POST', `/api/admin/bookings/${real.bookingId}/cancellation`, { refund: dollars(refund) }, real.world.admin);
  },
  next(m, res) {
    if (m.cancelled) {
      if (res.status !== 409) mismatch(`cancelling a cancelled booking answered ${res.status}`);
      return m;
    }
    if (res.status !== 200) return mismatch(`cancelling (${by}) answered ${res.status}: ${JSON.stringify(res.body)}`);
    return applyPolicy(m, { kind: 'cancel' }, clock.now());
  },
});

const partRefund = (fraction: number): Step<(JsonResponse & { amount: number }) | null> => ({
  label: `admin refunds part (${Math.round(fraction * 100)}% of what may be)`,
  async act(real) {
    const { version, partRefundMaxCents } = await real.world.detail(real.bookingId);
    const amount = Math.floor(partRefundMaxCents * fraction);
    if (amount < 1) return null;
    const res = await real.world.call('POST', `/api/admin/bookings/${real.bookingId}/refunds`, { amount: dollars(amount), reason: 'Goodwill (model test)', version }, real.world.admin);
    return Object.assign(res, { amount });
  },
  next(m, res) {
    if (!res) return m;
    // The total falls by the amount and the card gets it back.
    return unchangedUnless(res, () => supersede({ ...m, totalCents: m.totalCents - res.amount, heldCents: m.heldCents - res.amount, refundedCents: m.refundedCents + res.amount, unsentCents: m.unsentCents + res.amount }), m, 'a part refund', 409);
  },
});

/** A refund made in Stripe's dashboard against the booking's own checkout payment. */
const dashboardRefund = (fraction: number): Step<(JsonResponse & { amount: number }) | null> => ({
  label: `refund ${Math.round(fraction * 100)}% in Stripe's dashboard`,
  async act(real, m) {
    const amount = Math.floor(Math.min(m.heldCents, m.sessions[0]!.amountCents) * fraction);
    if (amount < 1) return null;
    const res = await real.world.call('POST', `/_local/stripe/sessions/${encodeURIComponent(m.sessions[0]!.id)}/refund?amount=${amount}`);
    return Object.assign(res, { amount });
  },
  next(m, res) {
    if (!res) return m;
    // Stripe refuses more than is left of that payment (earlier refunds against it): nothing moved.
    if (res.status >= 400) return m;
    // A refund the app decided and has not sent yet takes it instead, as far as it goes (the headroom rule).
    const absorbed = Math.min(res.amount, m.unsentCents);
    const beyond = res.amount - absorbed;
    // On a booking still on it is a part refund made outside the app: the total falls with it, as a part refund's
    // does, so what is due stays what it was. On a cancelled one it gives back part of what was kept.
    const totalCents = m.cancelled ? m.totalCents : m.totalCents - beyond;
    return supersede({ ...m, totalCents, heldCents: m.heldCents - beyond, refundedCents: m.refundedCents + beyond, unsentCents: m.unsentCents - absorbed });
  },
});

const runWorker: Step<unknown> = {
  label: 'the refund worker runs (it was stopped)',
  // Hours on for the worker alone, so every request in its queue is due.
  act: () => sendDueRefunds(() => new Date(clock.nowMs() + 3 * 3_600_000)),
  next: (m) => m,
};

const deliverAgain = (pick: number): Step<JsonResponse> => ({
  label: `a webhook delivered again (#${pick})`,
  act(real) {
    const id = real.events[pick % real.events.length]!;
    return real.world.call('POST', `/_local/stripe/events/${encodeURIComponent(id)}/deliver`);
  },
  next: (m) => m,
});

/**
 * Time moves on (the local clock): past the 48 hours, the drop-off or a session's expiry. Nothing about the money
 * moves by itself; what the next steps may do does (the terms, an expired session that can no longer be paid).
 */
const timePasses = (hours: number): Step<unknown> => ({
  label: `${hours} hours pass`,
  act: (real) => moveClock(real.world.env.baseUrl, { advance: `${hours}h` }),
  next: (m) => m,
});

/** Runs a step (or a pair at once) and checks the model against the API afterwards. */
class StepCommand implements fc.AsyncCommand<MoneyModel, Real> {
  constructor(private readonly steps: readonly Step<any>[]) {}

  check(): boolean {
    return true;
  }

  async run(m: MoneyModel, real: Real): Promise<void> {
    const outcomes = await Promise.all(this.steps.map((s) => s.act(real, m)));
    const seen = await real.world.observe(real.bookingId);
    expect(await real.world.booksFindings(real.bookingId), `${this.toString()}: the books' rules`).toEqual([]);
    // One step: its refunds are sent before it answers. Two at once: either order, and the second may land while the
    // first's refunds are still unsent (a refund made in Stripe then gives way to them).
    const orders = this.steps.length === 2 ? [[0, 1], [1, 0]] : [[0]];
    const interleavings = this.steps.length === 2 ? [false, true] : [false];
    const tried: string[] = [];
    for (const order of orders) {
      for (const beforeSent of interleavings) {
        const name = `${order.map((i) => this.steps[i]!.label).join(' then ')}${beforeSent ? ' (before the first one\'s refunds went)' : ''}`;
        try {
          const after = order.reduce((acc, i) => ({ ...this.steps[i]!.next(beforeSent ? acc : { ...acc, unsentCents: 0 }, outcomes[i], real) }), m);
          const expected = observedOf(after);
          if (sameMoney(expected, seen)) {
            Object.assign(m, after, { unsentCents: 0 });
            return;
          }
          tried.push(`${name}: the model says ${JSON.stringify(expected)}`);
        } catch (error) {
          tried.push(`${name}: ${(error as Error).message}`);
        }
      }
    }
    const answers = outcomes.map((o) => { const r = (o as { res?: JsonResponse } | null)?.res ?? (o as JsonResponse | null); return r && typeof r === 'object' && 'status' in r ? { status: r.status, body: r.body } : o; });
    expect.fail(`${this.toString()}: the API shows ${JSON.stringify(seen)}; ${tried.join('; ')}; the steps were answered ${JSON.stringify(answers)}`);
  }

  toString(): string {
    return this.steps.length === 1 ? this.steps[0]!.label : `at once: ${this.steps.map((s) => s.label).join(' | ')}`;
  }
}

const sameMoney = (a: Observed, b: Observed) => a.totalCents === b.totalCents && a.heldCents === b.heldCents && a.dueCents === b.dueCents && a.refundedCents === b.refundedCents && a.cancelled === b.cancelled;

const fraction = fc.constantFrom(0.25, 0.5, 1);
const anyStep: fc.Arbitrary<Step<any>> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<'pass' | 'dashboard'>('pass', 'dashboard').map(openBalance) },
  { weight: 4, arbitrary: fc.nat(20).map(paySession) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom<'cash' | 'eftpos'>('cash', 'eftpos'), fraction).map(([method, f]) => staffPayment(method, f)) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom<'customer' | 'admin'>('customer', 'admin'), fc.constantFrom(-2, -1, 1, 3)).map(([by, shift]) => edit(by, shift)) },
  { weight: 1, arbitrary: fc.constantFrom<'customer' | 'pass' | 'admin'>('customer', 'pass', 'admin').map(cancel) },
  { weight: 1, arbitrary: fraction.map(partRefund) },
  { weight: 1, arbitrary: fraction.map(dashboardRefund) },
  { weight: 2, arbitrary: fc.constant(runWorker) },
  { weight: 1, arbitrary: fc.nat(10).map(deliverAgain) },
  { weight: 1, arbitrary: fc.constantFrom(6, 30).map(timePasses) },
);

export function allCommands(): fc.Arbitrary<fc.AsyncCommand<MoneyModel, Real>>[] {
  return [
    anyStep.map((s) => new StepCommand([s])),
    // Two at once: the races a double click, two tabs or staff beside the traveller make.
    fc.tuple(anyStep, anyStep).map(([a, b]) => new StepCommand([a, b])),
  ];
}
