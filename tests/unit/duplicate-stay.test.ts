import { describe, expect, it } from 'vitest';
import { duplicateMessage, isSameTrip, overlapDropOffRange, registrationIdentity } from '../../shared/duplicate-stay';
import type { BookingStatus } from '../../shared/records';

const paid = (over: Partial<{ status: BookingStatus; email: string; reg: string; drop: [string, string]; pick: [string, string] }> = {}) => ({
  status: over.status ?? ('reservation' as BookingStatus),
  customer: { name: 'Aroha Ngata', email: over.email ?? 'aroha@example.nz', contactNumber: '021 555 0100' },
  carRegistration: over.reg ?? 'KTA123',
  dropOffDate: (over.drop ?? ['2027-03-01', '09:00'])[0],
  dropOffTime: (over.drop ?? ['2027-03-01', '09:00'])[1],
  pickUpDate: (over.pick ?? ['2027-03-08', '11:00'])[0],
  pickUpTime: (over.pick ?? ['2027-03-08', '11:00'])[1],
});
const trip = { email: 'Aroha@Example.NZ', carRegistration: 'kta 123', dropOffDate: '2027-03-05', dropOffTime: '09:00', pickUpDate: '2027-03-10', pickUpTime: '09:00' };

describe('the same trip', () => {
  it('is the same e-mail in any case, the same plate however spaced, and an overlapping stay', () => {
    expect(isSameTrip(paid(), trip)).toBe(true);
    expect(registrationIdentity(' ab 12 c ')).toBe('AB12C');
    expect(duplicateMessage('RP-ABCDEF')).toBe('You already have RP-ABCDEF for these dates');
  });

  it('is not another e-mail, another car, a stay that only touches, or a booking cancelled, picked up or unpaid', () => {
    expect(isSameTrip(paid({ email: 'other@example.nz' }), trip)).toBe(false);
    expect(isSameTrip(paid({ reg: 'KTA124' }), trip)).toBe(false);
    expect(isSameTrip(paid({ pick: ['2027-03-05', '09:00'] }), trip)).toBe(false);
    expect(isSameTrip(paid({ pick: ['2027-03-05', '09:30'] }), trip)).toBe(true);
    expect(isSameTrip(paid({ drop: ['2027-03-10', '09:00'], pick: ['2027-03-12', '09:00'] }), trip)).toBe(false);
    for (const status of ['cancelled', 'checkout', 'pending_payment', 'expired'] as BookingStatus[]) expect(isSameTrip(paid({ status }), trip)).toBe(false);
    expect(isSameTrip(paid({ status: 'checkin' }), trip)).toBe(true);
  });

  it('is looked for among drop-offs from 366 days before the drop-off to the pick-up date', () => {
    expect(overlapDropOffRange({ dropOffDate: '2027-03-05', pickUpDate: '2027-03-10' })).toEqual({ from: '2026-03-04', to: '2027-03-10' });
  });
});
