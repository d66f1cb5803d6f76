/**
 * The status rules (shared/status-transitions.ts): one step forward, Reservation -> Check-in from the
 * drop-off day (NZ date), Check-in -> Check-out; anything else needs an admin's confirmation and reason.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../shared/nz-time';
import { exceptionMessage, statusMove, statusOverrideSchema, type StatusName } from '../../shared/status-transitions';

const statuses: StatusName[] = ['reservation', 'checkin', 'checkout', 'payment_review', 'cancelled'];
const statusArb = fc.constantFrom(...statuses);
const dateArb = fc.integer({ min: 0, max: 365 * 3 }).map((n) => addDays('2026-01-01', n));
const rank: Record<string, number> = { reservation: 0, checkin: 1, checkout: 2 };

describe('statusMove', () => {
  it('examples: the two steps forward, and the exceptions named', () => {
    expect(statusMove('reservation', 'checkin', '2026-07-10', '2026-07-10')).toEqual({ kind: 'step' });
    expect(statusMove('reservation', 'checkin', '2026-07-10', '2026-07-12')).toEqual({ kind: 'step' });
    expect(statusMove('checkin', 'checkout', '2026-07-10', '2026-07-10')).toEqual({ kind: 'step' });
    expect(statusMove('reservation', 'checkin', '2026-07-10', '2026-07-09')).toEqual({ kind: 'exception', why: 'early' });
    expect(statusMove('reservation', 'checkout', '2026-07-10', '2026-07-10')).toEqual({ kind: 'exception', why: 'skip' });
    expect(statusMove('checkout', 'checkin', '2026-07-10', '2026-07-10')).toEqual({ kind: 'exception', why: 'backwards' });
    expect(statusMove('checkin', 'reservation', '2026-07-10', '2026-07-10')).toEqual({ kind: 'exception', why: 'backwards' });
    expect(statusMove('cancelled', 'reservation', '2026-07-10', '2026-07-10')).toEqual({ kind: 'exception', why: 'reopen' });
    expect(statusMove('payment_review', 'reservation', '2026-07-10', '2026-07-10')).toEqual({ kind: 'step' });
    expect(statusMove('payment_review', 'checkin', '2026-07-10', '2026-07-10')).toEqual({ kind: 'exception', why: 'reopen' });
  });

  it('property: a plain step is only Reservation -> Check-in on or after the drop-off day, Check-in -> Check-out, or confirming a held payment', () => {
    fc.assert(
      fc.property(statusArb, statusArb, dateArb, fc.integer({ min: -400, max: 400 }), (from, to, dropOff, offset) => {
        const today = addDays(dropOff, offset);
        const move = statusMove(from, to, dropOff, today);
        const plain = (from === 'reservation' && to === 'checkin' && offset >= 0) || (from === 'checkin' && to === 'checkout') || (from === 'payment_review' && to === 'reservation');
        if (from === to) expect(move.kind).toBe('same');
        else expect(move.kind === 'step').toBe(plain);
      }),
    );
  });

  it('property: every move between the three yard statuses that goes back is "backwards", that jumps is "skip", and early check-in is "early"', () => {
    fc.assert(
      fc.property(fc.constantFrom('reservation', 'checkin', 'checkout' as const), fc.constantFrom('reservation', 'checkin', 'checkout' as const), dateArb, fc.integer({ min: 1, max: 400 }), (from, to, dropOff, daysEarly) => {
        const move = statusMove(from, to, dropOff, addDays(dropOff, -daysEarly));
        const d = rank[to]! - rank[from]!;
        if (d < 0) expect(move).toEqual({ kind: 'exception', why: 'backwards' });
        if (d > 1) expect(move).toEqual({ kind: 'exception', why: 'skip' });
        if (from === 'reservation' && to === 'checkin') expect(move).toEqual({ kind: 'exception', why: 'early' });
        if (from === 'checkin' && to === 'checkout') expect(move).toEqual({ kind: 'step' });
      }),
    );
  });

  it('property: out of Cancelled nothing is a plain step', () => {
    fc.assert(fc.property(statusArb.filter((s) => s !== 'cancelled'), dateArb, dateArb, (to, dropOff, today) => {
          expect(statusMove('cancelled', to, dropOff, today)).toEqual({ kind: 'exception', why: 'reopen' });
        }),
    );
  });

  it('the refusal says what to do: the drop-off day for an early check-in', () => {
    expect(exceptionMessage('reservation', 'early', '2026-07-10')).toBe('This booking can be checked in from its drop-off day, 2026-07-10. An admin can check it in early with a reason.');
    expect(exceptionMessage('checkout', 'backwards', '2026-07-10')).toBe('A status moves forward only. An admin can move it back with a confirmation and a reason.');
  });
});

describe('statusOverrideSchema', () => {
  it('needs the confirmation and a reason', () => {
    expect(statusOverrideSchema.safeParse({ confirmed: true, reason: 'Owner collected early' }).success).toBe(true);
    expect(statusOverrideSchema.safeParse({ confirmed: false, reason: 'x' }).error?.issues[0]?.message).toBe('Confirm the status change');
    expect(statusOverrideSchema.safeParse({ confirmed: true, reason: '  ' }).error?.issues[0]?.message).toBe('Give the reason for this status change');
  });
});
