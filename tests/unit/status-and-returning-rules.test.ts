/**
 * The texts and edges of three shared rules: how a status move that needs an admin is explained and recorded
 * (shared/status-transitions.ts), what a returning customer need not type again (shared/returning-customer.ts), and
 * when a new trip is the same trip as a paid booking (shared/duplicate-stay.ts).
 */
import { describe, expect, it } from 'vitest';
import { isSameTrip, registrationIdentity, type Trip } from '../../shared/duplicate-stay';
import { knownDetails, lastRegistration } from '../../shared/returning-customer';
import { exceptionMessage, overrideHistoryValue, statusMove, statusOverrideSchema } from '../../shared/status-transitions';

describe('status moves that need an admin', () => {
  it('are explained with the status the booking is in', () => {
    expect(exceptionMessage('cancelled', 'reopen', '2026-12-01')).toBe("A booking in Cancelled does not move to another status without an admin's confirmation and reason.");
    expect(exceptionMessage('payment_review', 'reopen', '2026-12-01')).toBe("A booking in Payment review does not move to another status without an admin's confirmation and reason.");
    expect(exceptionMessage('reservation', 'early', '2026-12-01')).toBe('This booking can be checked in from its drop-off day, 2026-12-01. An admin can check it in early with a reason.');
    expect(exceptionMessage('checkout', 'backwards', '2026-12-01')).toBe('A status moves forward only. An admin can move it back with a confirmation and a reason.');
    expect(exceptionMessage('reservation', 'skip', '2026-12-01')).toBe('A booking is checked in before it is checked out. An admin can skip the step with a confirmation and a reason.');
  });

  it('go on the history with both statuses, the kind and the reason', () => {
    expect(overrideHistoryValue('reservation', 'checkout', 'skip', "car collected by the owner's son")).toBe("Reservation -> Check-out (skip): car collected by the owner's son");
    expect(overrideHistoryValue('cancelled', 'reservation', 'reopen', 'cancelled by mistake')).toBe('Cancelled -> Reservation (reopen): cancelled by mistake');
  });

  it('need the confirmation and a reason', () => {
    expect(statusOverrideSchema.safeParse({ confirmed: true, reason: 'Owner asked' }).success).toBe(true);
    expect(statusOverrideSchema.safeParse({ confirmed: false, reason: 'Owner asked' }).error?.issues[0]?.message).toBe('Confirm the status change');
    expect(statusOverrideSchema.safeParse({ confirmed: true, reason: '' }).error?.issues[0]?.message).toBe('Give the reason for this status change');
  });

  it('move forward one step at a time; the same status or a step back one step is still an exception', () => {
    expect(statusMove('checkin', 'checkin', '2026-12-01', '2026-12-01')).toEqual({ kind: 'same' });
    expect(statusMove('checkout', 'checkin', '2026-12-01', '2026-12-05')).toEqual({ kind: 'exception', why: 'backwards' });
    expect(statusMove('checkin', 'checkout', '2026-12-01', '2026-12-05')).toEqual({ kind: 'step' });
  });
});

describe('what a returning customer need not type', () => {
  const booking = (created_at: string, name: string, car_registration: string | null) => ({
    created_at,
    car_registration,
    customer: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com`, contact_number: '021 555 0100' },
    drop_off_time: '09:00',
    pick_up_time: '10:00',
    car_wash: false,
  });

  it("takes the newest booking's car that names one, trimmed and in capitals", () => {
    expect(lastRegistration([booking('2026-01-01', 'Kim Lee', ' abc123 '), booking('2026-06-01', 'Kim Lee', '  '), booking('2025-01-01', 'Kim Lee', 'OLD1')])).toBe('ABC123');
    expect(lastRegistration([booking('2026-01-01', 'Kim Lee', null)])).toBeUndefined();
  });

  it("takes the profile's name whole, or the newest booking's, never half of each", () => {
    const bookings = [booking('2026-01-01', 'Ana Maria Smith', 'ABC123')];
    expect(knownDetails({ profile: { first_name: ' Kim ', last_name: ' Lee ', phone: '' }, accountEmail: null, bookings })).toMatchObject({ firstName: 'Kim', lastName: 'Lee' });
    expect(knownDetails({ profile: { first_name: 'Kim', last_name: '  ', phone: '' }, accountEmail: null, bookings })).toMatchObject({ firstName: 'Ana', lastName: 'Maria Smith' });
    expect(knownDetails({ profile: null, accountEmail: null, bookings })).toMatchObject({ firstName: 'Ana', lastName: 'Maria Smith' });
  });

  it("prefers the account's e-mail and the profile's phone, and leaves out what nobody gave", () => {
    const bookings = [booking('2026-01-01', 'Ana Smith', null)];
    expect(knownDetails({ profile: { first_name: '', last_name: '', phone: ' 027 000 1111 ' }, accountEmail: ' kim@example.com ', bookings })).toEqual({
      firstName: 'Ana',
      lastName: 'Smith',
      email: 'kim@example.com',
      contactNumber: '027 000 1111',
    });
    expect(knownDetails({ profile: null, accountEmail: null, bookings: [] })).toEqual({});
  });
});

describe('the same trip', () => {
  const trip: Trip = { email: 'Kim@Example.com ', carRegistration: 'abc 123', dropOffDate: '2026-12-01', dropOffTime: '09:00', pickUpDate: '2026-12-05', pickUpTime: '10:00' };
  const paid = { status: 'reservation' as const, customer: { email: 'kim@example.com' }, carRegistration: 'ABC123', dropOffDate: '2026-12-03', dropOffTime: '09:00', pickUpDate: '2026-12-08', pickUpTime: '10:00' };

  it('is a paid, live booking of the same e-mail and car, any case or spacing, whose stay overlaps', () => {
    expect(registrationIdentity(' a b\tc 1 2 3 ')).toBe('ABC123');
    expect(isSameTrip(paid as never, trip)).toBe(true);
    expect(isSameTrip({ ...paid, status: 'checkin' } as never, trip)).toBe(true);
  });

  it('is not a cancelled or finished booking, another e-mail or car, or a stay that only touches it', () => {
    expect(isSameTrip({ ...paid, status: 'cancelled' } as never, trip)).toBe(false);
    expect(isSameTrip({ ...paid, status: 'checkout' } as never, trip)).toBe(false);
    expect(isSameTrip({ ...paid, customer: { email: 'ana@example.com' } } as never, trip)).toBe(false);
    expect(isSameTrip({ ...paid, carRegistration: 'XYZ999' } as never, trip)).toBe(false);
    expect(isSameTrip({ ...paid, carRegistration: null } as never, trip)).toBe(false);
    expect(isSameTrip({ ...paid, dropOffDate: '2026-12-05', dropOffTime: '10:00' } as never, trip)).toBe(false);
    expect(isSameTrip({ ...paid, dropOffDate: '2026-11-28', pickUpDate: '2026-12-01', pickUpTime: '09:00' } as never, trip)).toBe(false);
  });
});
