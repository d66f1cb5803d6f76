/** The damage claims' window (shared/claims.ts): 48 hours from the check-out, the booked pick-up for older check-outs. */
import { describe, expect, it } from 'vitest';
import { claimMessages, claimRequestSchema, claimWindow, collectedAt } from '../../shared/claims';

const base = { status: 'checkout', pickUpDate: '2026-12-31', pickUpTime: '15:00' };
const out = '2026-12-31T03:10:00.000Z';
const at = (iso: string) => new Date(iso);

describe('claimWindow', () => {
  it('is open from check-out until 48 hours after it, then closed with the contact details', () => {
    const b = { ...base, checkedOutAt: out };
    expect(claimWindow(b, at('2026-12-31T03:10:00.000Z'))).toEqual({ state: 'open', closes_at: '2027-01-02T03:10:00.000Z', message: null });
    expect(claimWindow(b, at('2027-01-02T03:09:59.999Z')).state).toBe('open');
    const closed = claimWindow(b, at('2027-01-02T03:10:00.000Z'));
    expect(closed.state).toBe('closed');
    expect(closed.message).toBe(claimMessages.windowClosed);
    expect(closed.message).toContain('bookings@runwayparking.example');
  });

  it('counts from the booked pick-up (NZ time) for a car checked out before check-outs were kept', () => {
    expect(collectedAt(base)!.toISOString()).toBe('2026-12-31T02:00:00.000Z');
    expect(claimWindow(base, at('2027-01-02T01:59:00.000Z')).state).toBe('open');
    expect(claimWindow(base, at('2027-01-02T02:00:00.000Z')).state).toBe('closed');
  });

  it('is not open before check-out, nor on a cancelled booking', () => {
    expect(claimWindow({ ...base, status: 'checkin' }, at(out))).toMatchObject({ state: 'before', message: claimMessages.notCollected });
    expect(claimWindow({ ...base, status: 'reservation' }, at(out)).state).toBe('before');
    expect(claimWindow({ ...base, status: 'cancelled', checkedOutAt: out }, at(out))).toMatchObject({ state: 'closed', message: claimMessages.cancelled });
  });
});

describe('claimRequestSchema', () => {
  it('takes a panel of the outline, a description and photo ids; the ids lower-cased', () => {
    const parsed = claimRequestSchema.parse({ submission_id: 'AAAAAAAA-BBBB-4CCC-8DDD-EEEEEEEEEEEE', panel: 'roof', description: ' Hail dents ' });
    expect(parsed).toEqual({ submission_id: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee', panel: 'roof', description: 'Hail dents', photo_ids: [] });
    const seven = Array.from({ length: 7 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
    const tooMany = claimRequestSchema.safeParse({ submission_id: seven[0], panel: 'roof', description: 'x', photo_ids: seven });
    expect(tooMany.success).toBe(false);
    expect(tooMany.error?.issues[0]?.message).toBe(claimMessages.tooManyPhotos);
  });
});
