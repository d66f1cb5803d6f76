/**
 * The money policy: whatever the sequence of edits and a final cancellation, at whatever
 * moments relative to drop-off, the card never gets back more than cancelling the original booking at that
 * moment would give; money is never negative; the ledger's charge and refunds add up to what is held.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterDecision, decideMoney, decisionLines, isPolicyError, refundDollarsSchema, refundReasonSchema, type MoneyDecision, type MoneyState, type Policy, type PolicyLine } from '../../shared/money-policy';

const HOUR = 3_600_000;
const DROP_OFF = new Date('2030-03-10T09:00:00.000Z');
const at = (hoursBeforeDropOff: number) => new Date(DROP_OFF.getTime() - hoursBeforeDropOff * HOUR);

const paid = (totalCents: number, heldCents = totalCents): MoneyState => ({ totalCents, heldCents, refundedCents: 0, termsDropOffAt: DROP_OFF, dropOffAt: DROP_OFF });

function decide(s: MoneyState, change: Parameters<typeof decideMoney>[1], now: Date, policy: Policy = { actor: 'customer' }): MoneyDecision {
  const d = decideMoney(s, change, policy, now);
  if (isPolicyError(d)) throw new Error(d.error);
  return d;
}

/** Cancelling the original booking at `now`, by the terms as the site states them. */
const originalCancellation = (chargedCents: number, now: Date) => (DROP_OFF.getTime() - now.getTime() >= 48 * HOUR ? Math.max(0, chargedCents - 2000) : 0);

describe("the tester's sequences", () => {
  it('inside 48 hours, shortening a $60 stay to $30 then cancelling gives $0 back in total', () => {
    const start = paid(6000);
    const edit = decide(start, { kind: 'reprice', newTotalCents: 3000 }, at(30));
    expect(edit).toMatchObject({ refundCents: 0, keptCents: 3000, keptReason: 'late', balanceDueCents: 0, heldCents: 6000 });
    const cancel = decide(afterDecision(start, edit), { kind: 'cancel' }, at(29));
    expect(cancel).toMatchObject({ refundCents: 0, keptCents: 6000, keptReason: 'late' });
  });

  it('moving the stay 10 days out inside 48 hours of the original drop-off, then cancelling, gives $0 back', () => {
    const start = paid(6000);
    const move = decide(start, { kind: 'reprice', newTotalCents: 6000 }, at(40));
    const moved = afterDecision(start, move, { dropOffAt: new Date(DROP_OFF.getTime() + 240 * HOUR) });
    expect(decide(moved, { kind: 'cancel' }, at(39))).toMatchObject({ refundCents: 0, keptCents: 6000, keptReason: 'late' });
  });

  it('a 365-day stay of $1,835 shortened inside 48 hours keeps its price, and cancelling gives nothing', () => {
    const start = paid(183_500);
    const edit = decide(start, { kind: 'reprice', newTotalCents: 3000 }, at(20));
    expect(edit.refundCents).toBe(0);
    expect(decide(afterDecision(start, edit), { kind: 'cancel' }, at(19)).refundCents).toBe(0);
  });

  it('48 hours or more ahead: shortening refunds the difference and cancelling the rest less $20, $20 kept in all', () => {
    const start = paid(11_000);
    const edit = decide(start, { kind: 'reprice', newTotalCents: 3000 }, at(100));
    expect(edit).toMatchObject({ refundCents: 8000, keptCents: 0, balanceDueCents: 0 });
    const cancel = decide(afterDecision(start, edit), { kind: 'cancel' }, at(99));
    expect(cancel).toMatchObject({ refundCents: 1000, keptCents: 2000, keptReason: 'fee' });
  });

  it('a $10 deposit cancelled a week ahead is kept as the $20 fee, not as "less than 48 hours"', () => {
    expect(decide(paid(6000, 1000), { kind: 'cancel' }, at(168))).toMatchObject({ refundCents: 0, keptCents: 1000, keptReason: 'fee', balanceDueCents: 0 });
  });

  it('a lower price kept inside 48 hours pays a later extension first', () => {
    const start = paid(6000);
    const shorter = afterDecision(start, decide(start, { kind: 'reprice', newTotalCents: 3000 }, at(30)));
    expect(decide(shorter, { kind: 'reprice', newTotalCents: 6500 }, at(29))).toMatchObject({ balanceDueCents: 500, refundCents: 0, keptCents: 0 });
  });

  it('after the drop-off an early pick-up keeps its price, and says why', () => {
    const start = paid(6000);
    expect(decide(start, { kind: 'reprice', newTotalCents: 3000 }, at(-5))).toMatchObject({ refundCents: 0, keptCents: 3000, keptReason: 'started' });
  });
});

describe('staff', () => {
  it('get the terms by default, may refund more only with a reason, and never more than is held', () => {
    const start = paid(6000);
    expect(decide(start, { kind: 'cancel' }, at(10), { actor: 'staff' }).refundCents).toBe(0);
    expect(decideMoney(start, { kind: 'cancel' }, { actor: 'staff', refund: { refundCents: 6000 } }, at(10))).toEqual({ error: 'reasonNeeded', termsRefundCents: 0 });
    expect(decideMoney(start, { kind: 'cancel' }, { actor: 'staff', refund: { refundCents: 6000, reason: '  ' } }, at(10))).toEqual({ error: 'reasonNeeded', termsRefundCents: 0 });
    expect(decideMoney(start, { kind: 'cancel' }, { actor: 'staff', refund: { refundCents: 6001, reason: 'x' } }, at(10))).toEqual({ error: 'refundTooLarge', maxCents: 6000 });
    const d = decide(start, { kind: 'cancel' }, at(10), { actor: 'staff', refund: { refundCents: 6000, reason: 'Flight cancelled by the airline' } });
    expect(d).toMatchObject({ refundCents: 6000, keptCents: 0, keptReason: null, overrideReason: 'Flight cancelled by the airline' });
    expect(decisionLines(start, d, { kind: 'cancel' }, 0)).toEqual([{ kind: 'refund', amountCents: -6000, note: 'Booking cancelled; above the terms ($0.00): Flight cancelled by the airline' }]);
    const less = decide(start, { kind: 'cancel' }, at(100), { actor: 'staff', refund: { refundCents: 1000 } });
    expect(less).toMatchObject({ refundCents: 1000, keptCents: 5000, keptReason: 'staff', overrideReason: null });
  });
});

describe('at the edges of the rules', () => {
  it('exactly 48 hours before drop-off still gets the refund less the fee; a millisecond later, nothing', () => {
    expect(decide(paid(6000), { kind: 'cancel' }, at(48))).toMatchObject({ refundCents: 4000, keptReason: 'fee' });
    expect(decide(paid(6000), { kind: 'cancel' }, new Date(at(48).getTime() + 1))).toMatchObject({ refundCents: 0, keptReason: 'late' });
  });

  it('cancelling at the very moment of drop-off counts as after it; a moment before, as late', () => {
    expect(decide(paid(6000), { kind: 'cancel' }, at(0))).toMatchObject({ refundCents: 0, keptReason: 'started' });
    expect(decide(paid(6000), { kind: 'cancel' }, new Date(DROP_OFF.getTime() - 1))).toMatchObject({ refundCents: 0, keptReason: 'late' });
  });

  it('staff refunding exactly the terms need no reason, and the line says no override', () => {
    const start = paid(6000);
    const d = decide(start, { kind: 'cancel' }, at(100), { actor: 'staff', refund: { refundCents: 4000 } });
    expect(d).toMatchObject({ refundCents: 4000, keptCents: 2000, keptReason: 'fee', overrideReason: null });
    const withReason = decide(start, { kind: 'cancel' }, at(100), { actor: 'staff', refund: { refundCents: 4000, reason: 'As the terms say' } });
    expect(withReason.overrideReason).toBeNull();
    expect(decisionLines(start, withReason, { kind: 'cancel' }, 0).find((l) => l.kind === 'refund')!.note).toBe('Booking cancelled');
    // A cent more than the terms is an override: it needs the reason.
    expect(decideMoney(start, { kind: 'cancel' }, { actor: 'staff', refund: { refundCents: 4001 } }, at(100))).toEqual({ error: 'reasonNeeded', termsRefundCents: 4000 });
  });

  it('a second lower price inside 48 hours keeps only its own difference: credit kept by the first is not kept again', () => {
    const start = paid(6000);
    const first = decide(start, { kind: 'reprice', newTotalCents: 3000 }, at(30));
    expect(first).toMatchObject({ keptCents: 3000, heldCents: 6000 });
    expect(decide(afterDecision(start, first), { kind: 'reprice', newTotalCents: 2000 }, at(29))).toMatchObject({ refundCents: 0, keptCents: 1000, keptReason: 'late', heldCents: 6000 });
  });

  it('a booking held for payment review is refunded in full whenever it is cancelled, also after an edit', () => {
    const review: MoneyState = { ...paid(6000), inReview: true };
    expect(decide(review, { kind: 'cancel' }, at(10))).toMatchObject({ refundCents: 6000, keptCents: 0, keptReason: null, termsRefundCents: 6000 });
    const edited = afterDecision(review, decide(review, { kind: 'reprice', newTotalCents: 6000 }, at(10)));
    expect(edited.inReview).toBe(true);
    expect(decide(edited, { kind: 'cancel' }, at(5)).refundCents).toBe(6000);
    expect(afterDecision(paid(6000), decide(paid(6000), { kind: 'reprice', newTotalCents: 6000 }, at(10)))).not.toHaveProperty('inReview');
  });

  it('tells a refusal from a decision', () => {
    expect(isPolicyError(decideMoney(paid(6000), { kind: 'cancel' }, { actor: 'staff', refund: { refundCents: 6001, reason: 'x' } }, at(10)))).toBe(true);
    expect(isPolicyError(decideMoney(paid(6000), { kind: 'cancel' }, { actor: 'customer' }, at(10)))).toBe(false);
  });
});

describe('the ledger lines of a decision', () => {
  it('a lower price 48 hours or more ahead: the balance change with both prices, then the refund', () => {
    const start = paid(11_000);
    const d = decide(start, { kind: 'reprice', newTotalCents: 3000 }, at(100));
    expect(decisionLines(start, d, { kind: 'reprice', newTotalCents: 3000 }, 0)).toEqual([
      { kind: 'balance', amountCents: 0, note: 'Price $110.00 -> $30.00' },
      { kind: 'refund', amountCents: -8000, note: 'Lower price' },
    ]);
  });

  it('a higher price on a deposit: the balance goes up by the difference, nothing refunded or kept', () => {
    const start = paid(6000, 1000);
    const d = decide(start, { kind: 'reprice', newTotalCents: 8000 }, at(100));
    expect(decisionLines(start, d, { kind: 'reprice', newTotalCents: 8000 }, 5000)).toEqual([{ kind: 'balance', amountCents: 2000, note: 'Price $60.00 -> $80.00' }]);
  });

  it('new dates at the same price write no line', () => {
    const start = paid(6000);
    const d = decide(start, { kind: 'reprice', newTotalCents: 6000 }, at(100));
    expect(decisionLines(start, d, { kind: 'reprice', newTotalCents: 6000 }, 0)).toEqual([]);
  });

  it('what is kept, with the reason the customer reads for each rule', () => {
    const lines = (hours: number, policy?: Policy) => {
      const d = decide(paid(6000), { kind: 'cancel' }, at(hours), policy);
      return decisionLines(paid(6000), d, { kind: 'cancel' }, 0);
    };
    expect(lines(100)).toEqual([
      { kind: 'refund', amountCents: -4000, note: 'Booking cancelled' },
      { kind: 'kept', amountCents: 2000, note: 'The $20 cancellation fee, 48 hours or more before drop-off' },
    ]);
    expect(lines(10)).toEqual([{ kind: 'kept', amountCents: 6000, note: 'Less than 48 hours before drop-off: not refunded' }]);
    expect(lines(-5)).toEqual([{ kind: 'kept', amountCents: 6000, note: 'After drop-off: early pick-ups get no refund' }]);
    expect(lines(100, { actor: 'staff', refund: { refundCents: 1000 } })).toEqual([
      { kind: 'refund', amountCents: -1000, note: 'Booking cancelled' },
      { kind: 'kept', amountCents: 5000, note: 'Kept by our team' },
    ]);
  });
});

describe("staff's refund as typed", () => {
  it('dollars and cents from $0 up, whole cents only', () => {
    for (const ok of [0, 0.01, 12.34, 100_000]) expect(refundDollarsSchema.safeParse(ok).success).toBe(true);
    for (const bad of [-0.01, 100_000.01, 12.345, Number.NaN, '12']) {
      const parsed = refundDollarsSchema.safeParse(bad);
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues[0]!.message).toBe('Enter a refund in dollars and cents, $0 or more');
    }
  });

  it('a reason is trimmed and kept under 300 characters', () => {
    expect(refundReasonSchema.parse('  Flight cancelled  ')).toBe('Flight cancelled');
    expect(refundReasonSchema.safeParse(`${'x'.repeat(300)}  `).success).toBe(true);
    const long = refundReasonSchema.safeParse('x'.repeat(301));
    expect(long.success).toBe(false);
    expect(long.error!.issues[0]!.message).toBe('Keep the reason under 300 characters');
  });
});

// Random sequences: a booking paid in full or by deposit, then edits (new prices, drop-offs moved earlier or later)
// at moments that only move forward, from a fortnight before drop-off to a day after, then maybe a cancellation.
const step = fc.record({
  advanceHours: fc.integer({ min: 0, max: 72 }),
  newTotalCents: fc.integer({ min: 3000, max: 183_500 }),
  moveHours: fc.integer({ min: -72, max: 720 }),
});
const scenario = fc.record({
  totalCents: fc.integer({ min: 3000, max: 183_500 }),
  deposit: fc.boolean(),
  startHoursBefore: fc.integer({ min: -24, max: 340 }),
  steps: fc.array(step, { maxLength: 8 }),
  cancel: fc.boolean(),
  cancelAdvanceHours: fc.integer({ min: 0, max: 100 }),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

interface Run {
  charged: number;
  refunds: number[];
  ledger: PolicyLine[];
  held: number;
  checks: { now: Date; refundedSoFar: number }[];
  decisions: MoneyDecision[];
}

function run(sc: Scenario): Run {
  const charged = sc.deposit ? 1000 : sc.totalCents;
  let s = paid(sc.totalCents, charged);
  let balance = sc.totalCents - charged;
  let now = at(sc.startHoursBefore);
  const out: Run = { charged, refunds: [], ledger: [], held: charged, checks: [], decisions: [] };
  const apply = (change: Parameters<typeof decideMoney>[1], dropOffAt?: Date) => {
    const d = decide(s, change, now);
    out.ledger.push(...decisionLines(s, d, change, balance));
    out.refunds.push(d.refundCents);
    out.decisions.push(d);
    balance = d.balanceDueCents;
    s = afterDecision(s, d, dropOffAt ? { dropOffAt } : undefined);
    out.checks.push({ now, refundedSoFar: out.refunds.reduce((a, b) => a + b, 0) });
  };
  for (const st of sc.steps) {
    now = new Date(now.getTime() + st.advanceHours * HOUR);
    apply({ kind: 'reprice', newTotalCents: st.newTotalCents }, new Date(DROP_OFF.getTime() + st.moveHours * HOUR));
  }
  if (sc.cancel) {
    now = new Date(now.getTime() + sc.cancelAdvanceHours * HOUR);
    apply({ kind: 'cancel' });
  }
  out.held = s.heldCents;
  return out;
}

describe('properties over random sequences of edits and a cancellation', () => {
  // Refunds only add up and what cancelling would give only falls, so the promise is checked when money moves:
  // each refund brings the total refunded to at most what cancelling the original booking then would give.
  it('the card never gets back more than cancelling the original booking at that moment would give', () => {
    fc.assert(
      fc.property(scenario, (sc) => {
        const r = run(sc);
        r.checks.forEach((c, i) => {
          if (r.refunds[i]! > 0) expect(c.refundedSoFar).toBeLessThanOrEqual(originalCancellation(r.charged, c.now));
        });
        expect(r.refunds.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(Math.max(0, r.charged - 2000));
      }),
      { numRuns: 2000 },
    );
  });

  it('money is never negative', () => {
    fc.assert(
      fc.property(scenario, (sc) => {
        const r = run(sc);
        for (const d of r.decisions) {
          for (const v of [d.heldCents, d.refundCents, d.keptCents, d.balanceDueCents, d.totalCents]) expect(v).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("the charge and the ledger's refunds add up to what is held; a cancellation settles everything held", () => {
    fc.assert(
      fc.property(scenario, (sc) => {
        const r = run(sc);
        const refunded = r.ledger.filter((l) => l.kind === 'refund').reduce((sum, l) => sum + l.amountCents, 0);
        expect(r.charged + refunded).toBe(r.held);
        if (sc.cancel) {
          const last = r.decisions.at(-1)!;
          expect(last.refundCents + last.keptCents).toBe(last.refundCents + last.heldCents);
          expect(last.balanceDueCents).toBe(0);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('cancelling straight away gives exactly the terms', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 183_500 }), fc.integer({ min: -24, max: 400 }), (charged, hours) => {
        expect(decide(paid(charged), { kind: 'cancel' }, at(hours)).refundCents).toBe(originalCancellation(charged, at(hours)));
      }),
    );
  });
});
