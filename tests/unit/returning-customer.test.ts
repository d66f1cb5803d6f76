/** Returning customers: which details are filled for a signed-in person, and what "Book again" keeps. */
import { describe, expect, it } from 'vitest';
import { bookAgain, filledFields, knownDetails, lastRegistration, prefillCustomer, type PastBooking } from '../../shared/returning-customer';

const past = (overrides: Partial<PastBooking> = {}): PastBooking => ({
  car_registration: 'OLD111',
  created_at: '2030-01-01T00:00:00.000Z',
  customer: { name: 'Aroha Ngata', email: 'aroha@example.com', contact_number: '021 555 0001' },
  drop_off_time: '05:30',
  pick_up_time: '22:00',
  car_wash: true,
  ...overrides,
});
const blank = { firstName: '', lastName: '', email: '', contactNumber: '', carRegistration: '' };
const profile = { first_name: 'Mere', last_name: 'Tane Smith', phone: '027 123 4567' };

describe('knownDetails', () => {
  it('takes name and phone from the profile, the e-mail from the account and the car from the latest booking', () => {
    const bookings = [past(), past({ car_registration: 'new222', created_at: '2030-05-01T00:00:00.000Z' }), past({ car_registration: 'MID333', created_at: '2030-03-01T00:00:00.000Z' })];
    expect(knownDetails({ profile, accountEmail: 'mere@example.com', bookings })).toEqual({
      firstName: 'Mere',
      lastName: 'Tane Smith',
      email: 'mere@example.com',
      contactNumber: '027 123 4567',
      carRegistration: 'NEW222',
    });
  });

  it("falls back to the latest booking's customer record when the profile is empty or half-filled", () => {
    const bookings = [past({ customer: { name: 'Ana Maria Smith', email: 'ana@example.com', contact_number: '09 555 1234' } })];
    expect(knownDetails({ profile: { first_name: '', last_name: '', phone: '' }, accountEmail: null, bookings })).toEqual({
      firstName: 'Ana',
      lastName: 'Maria Smith',
      email: 'ana@example.com',
      contactNumber: '09 555 1234',
      carRegistration: 'OLD111',
    });
    expect(knownDetails({ profile: { first_name: 'Mere', last_name: '', phone: '' }, accountEmail: null, bookings })).toMatchObject({ firstName: 'Ana', lastName: 'Maria Smith' });
  });

  it('knows nothing it was not told: no bookings and no profile leave only the account e-mail', () => {
    expect(knownDetails({ profile: null, accountEmail: 'x@example.com', bookings: [] })).toEqual({ email: 'x@example.com' });
    expect(knownDetails({ profile: null, accountEmail: null, bookings: [] })).toEqual({});
  });

  it('skips bookings without a car for the registration', () => {
    expect(lastRegistration([past({ car_registration: null, created_at: '2031-01-01T00:00:00.000Z' }), past({ car_registration: ' abc123 ' })])).toBe('ABC123');
    expect(lastRegistration([])).toBeUndefined();
  });
});

describe('prefillCustomer', () => {
  const known = { firstName: 'Mere', lastName: 'Tane', email: 'mere@example.com', contactNumber: '027 123 4567', carRegistration: 'NEW222' };

  it('fills every blank field', () => {
    expect(prefillCustomer(blank, known)).toEqual(known);
    expect(filledFields(blank, prefillCustomer(blank, known))).toEqual(['firstName', 'lastName', 'email', 'contactNumber', 'carRegistration']);
  });

  it('never replaces what the person typed (a draft, or Back from payment), and leaves unknown fields blank', () => {
    const typed = { ...blank, firstName: 'Someone', carRegistration: 'TYPED1', email: '  ' };
    const out = prefillCustomer(typed, { email: 'mere@example.com', carRegistration: 'NEW222' });
    expect(out).toEqual({ firstName: 'Someone', lastName: '', email: 'mere@example.com', contactNumber: '', carRegistration: 'TYPED1' });
    expect(filledFields(typed, out)).toEqual(['email']);
  });

  it('leaves the field the person is in blank: a number appearing under the caret would run into the one they type', () => {
    const out = prefillCustomer(blank, known, 'contactNumber');
    expect(out.contactNumber).toBe('');
    expect(filledFields(blank, out)).toEqual(['firstName', 'lastName', 'email', 'carRegistration']);
  });
});

describe('bookAgain', () => {
  it('keeps the car, the times of day, the car wash and the services', () => {
    expect(bookAgain(past({ car_registration: 'abc 123' }))).toEqual({ carRegistration: 'ABC 123', dropOffTime: '05:30', pickUpTime: '22:00', addOns: { carWash: true, carCleaning: false, carDetailing: false, carServicing: false } });
    expect(bookAgain(past({ car_wash: false, car_detailing: true, car_servicing: true })).addOns).toEqual({ carWash: false, carCleaning: false, carDetailing: true, carServicing: true });
  });

  it('starts a time off the 30-minute grid (a walk-in) at 9:00, and a booking without a car with none', () => {
    expect(bookAgain(past({ car_registration: null, drop_off_time: '14:17', car_wash: false }))).toEqual({ carRegistration: '', dropOffTime: '09:00', pickUpTime: '22:00', addOns: { carWash: false, carCleaning: false, carDetailing: false, carServicing: false } });
  });
});
