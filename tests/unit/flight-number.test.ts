/** The one flight-number rule (shared/flight-number.ts) the booking forms and the API share. */
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { adminBookingEditSchema } from '../../shared/admin';
import { checkoutQuoteSchema } from '../../shared/booking';
import { customerBookingEditSchema } from '../../shared/booking-edit';
import { clearableFlightNumber, flightNumberError, flightNumberMessage, optionalFlightNumber } from '../../shared/flight-number';
import { myCheckoutRequestSchema } from '../../shared/my-checkout';
import { walkInRequestSchema } from '../../shared/walk-in';

describe('flight numbers', () => {
  it.each([
    ['NZ123', 'NZ123'],
    [' nz 123 ', 'NZ123'],
    ['jq4', 'JQ4'],
    ['3K21', '3K21'],
    ['ANZ1', 'ANZ1'],
    ['NZ1234A', 'NZ1234A'],
  ])('takes %j as %s', (typed, stored) => {
    expect(optionalFlightNumber.parse(typed)).toBe(stored);
    expect(clearableFlightNumber.parse(typed)).toBe(stored);
    expect(flightNumberError(typed)).toBeUndefined();
  });

  it.each(['NZ', '123', '12345', 'NZ12345', 'NZ-123', 'N', 'NZ123<', 'Auckland', 'NZ 12 34 56'])('refuses %j with the message', (typed) => {
    const r = optionalFlightNumber.safeParse(typed);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Please enter a flight number like NZ123 (the airline code, then the number)');
    expect(flightNumberError(typed)).toBe(flightNumberMessage);
  });

  it('empty is not given: undefined on a new booking, null (cleared) on an edit', () => {
    expect(optionalFlightNumber.parse('  ')).toBeUndefined();
    expect(optionalFlightNumber.parse(undefined)).toBeUndefined();
    expect(clearableFlightNumber.parse('')).toBeNull();
    expect(clearableFlightNumber.parse(null)).toBeNull();
    expect(flightNumberError('')).toBeUndefined();
  });

  it('every booking request uses it: checkout, dashboard and staff bookings, walk-ins, both edits', () => {
    const bad = 'NZ-1';
    const issues = (schema: z.ZodType, value: unknown) => (schema.safeParse(value).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
    const base = { dropOffDate: '2030-03-01', dropOffTime: '09:00', pickUpDate: '2030-03-08', pickUpTime: '09:00', carWash: false };
    expect(issues(checkoutQuoteSchema, { ...base, departureFlightNumber: bad })).toEqual([`departureFlightNumber: ${flightNumberMessage}`]);
    expect(issues(checkoutQuoteSchema, { ...base, returnFlightNumber: bad })).toEqual([`returnFlightNumber: ${flightNumberMessage}`]);
    const mine = { car_registration: 'ABC123', drop_off_date: '2030-03-01', drop_off_time: '09:00', pick_up_date: '2030-03-08', pick_up_time: '09:00' };
    expect(issues(myCheckoutRequestSchema, { ...mine, departure_flight: bad })).toEqual([`departure_flight: ${flightNumberMessage}`]);
    const walkIn = { name: 'Ana Ngata', email: 'a@example.com', contact_number: '021 555 0100', car_registration: 'ABC123', pick_up_date: '2030-03-08', pick_up_time: '09:00', payment: 'cash' };
    expect(issues(walkInRequestSchema, { ...walkIn, return_flight: bad })).toEqual([`return_flight: ${flightNumberMessage}`]);
    expect(walkInRequestSchema.parse({ ...walkIn, departure_flight: 'nz 5', return_flight: '' })).toMatchObject({ departure_flight: 'NZ5', return_flight: undefined });
    expect(issues(adminBookingEditSchema, { departure_flight: bad, version: 'v' })).toEqual([`departure_flight: ${flightNumberMessage}`]);
    expect(adminBookingEditSchema.parse({ departure_flight: 'nz101', return_flight: '', version: 'v' })).toMatchObject({ departure_flight: 'NZ101', return_flight: null });
    expect(issues(customerBookingEditSchema, { return_flight: bad, version: 'v' })).toEqual([`return_flight: ${flightNumberMessage}`]);
  });
});
