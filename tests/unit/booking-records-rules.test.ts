/**
 * Small rules several screens and the API share: the add-ons a booking keeps with what each cost it
 * (shared/booked-add-ons.ts), the pick-up slots, the occupancy chart's numbers and the capacity staff may set
 * (shared/occupancy.ts), the availability range (shared/availability.ts), the manage-my-booking form
 * (shared/manage-booking.ts), a part refund's headroom (shared/refund-lines.ts) and the CSV export's notices
 * (shared/bookings-export.ts). Figures are the product's: car wash $60, cleaning $75, detailing and servicing $250.
 */
import { describe, expect, it } from 'vitest';
import { availabilityQuerySchema } from '../../shared/availability';
import { addOnFlagsOf, addOnRecordOf, bookedAddOns, bookedAddOnsCents, choicesOf } from '../../shared/booked-add-ons';
import { exportMessages, isExportCut } from '../../shared/bookings-export';
import { manageLinkOpenSchema, manageLinkRequestSchema, manageBookingMessages, normaliseReference } from '../../shared/manage-booking';
import { freePlaces, isFullDay, isValidCapacity, occupancyMessages, occupancyQuerySchema } from '../../shared/occupancy';
import { priceFor } from '../../shared/pricing';
import { partRefundHeadroomCents } from '../../shared/refund-lines';
import { firstEnabled, pickUpOptions } from '../../shared/slots';
import { firstMessage } from '../support/first-message';


describe('the add-ons a booking keeps', () => {
  it('writes each add-on from the price: chosen with what it cost, and a dropped service as not chosen', () => {
    expect(addOnRecordOf(priceFor(3, { carWash: true, carDetailing: true }))).toEqual({
      carWash: true,
      carWashCents: 6000,
      carCleaning: false,
      carCleaningCents: 0,
      carDetailing: true,
      carDetailingCents: 25000,
      carServicing: false,
      carServicingCents: 0,
    });
    expect(addOnRecordOf(priceFor(3, {}))).toMatchObject({ carWash: false, carWashCents: 0, carCleaning: false, carServicing: false });
    // A stay of no chargeable days prices no add-on.
    expect(addOnRecordOf(priceFor(0, { carCleaning: true })).carCleaning).toBe(false);
  });

  it('reads the add-ons back in price-list order with what they cost this booking, not the list price now', () => {
    const b = { carWash: true, carWashCents: 5000, carServicing: true, carServicingCents: 24000, carCleaning: false, carCleaningCents: 7500 };
    expect(bookedAddOns(b).map((x) => [x.addOn.id, x.cents])).toEqual([
      ['carWash', 5000],
      ['carServicing', 24000],
    ]);
    expect(bookedAddOnsCents(b)).toBe(29000);
    expect(choicesOf(b)).toEqual({ carWash: true, carCleaning: false, carDetailing: false, carServicing: true });
    expect(addOnFlagsOf(b)).toEqual({ car_wash: true, car_cleaning: false, car_detailing: false, car_servicing: true });
  });

  it('takes the list price for a service a booking made before its price was kept, and counts only what is chosen', () => {
    expect(bookedAddOns({ carWash: true, carWashCents: 5500, carDetailing: true }).map((x) => x.cents)).toEqual([5500, 25000]);
    expect(bookedAddOnsCents({ carWash: false, carWashCents: 6000 })).toBe(0);
    expect(bookedAddOnsCents({ carWash: false, carWashCents: 0, carServicing: false, carServicingCents: 25000 })).toBe(0);
  });
});

describe('pick-up slots', () => {
  it('are open only strictly after the drop-off on its day, all open on a later day', () => {
    const sameDay = pickUpOptions('2026-12-01', { date: '2026-12-01', time: '09:00' });
    expect(sameDay.find((o) => o.time === '09:00')?.disabled).toBe(true);
    expect(sameDay.find((o) => o.time === '08:30')?.disabled).toBe(true);
    expect(firstEnabled(sameDay)).toBe('09:30');
    expect(firstEnabled(pickUpOptions('2026-12-02', { date: '2026-12-01', time: '09:00' }))).toBe('00:00');
    expect(pickUpOptions('2026-12-01', null).every((o) => !o.disabled)).toBe(true);
  });

  it('leave no first choice on a day that is closed', () => {
    expect(firstEnabled(pickUpOptions('2026-12-01', { date: '2026-12-01', time: '23:30' }))).toBeNull();
    expect(firstEnabled([])).toBeNull();
  });
});

describe('occupancy and capacity', () => {
  it('counts free places, never below 0, and a day full at capacity or over it', () => {
    expect(freePlaces(300, 120)).toBe(180);
    expect(freePlaces(300, 300)).toBe(0);
    expect(freePlaces(250, 300)).toBe(0);
    expect(isFullDay({ taken: 299 }, 300)).toBe(false);
    expect(isFullDay({ taken: 300 }, 300)).toBe(true);
    expect(isFullDay({ taken: 301 }, 300)).toBe(true);
  });

  it('takes a capacity of 0 to 100,000 whole places', () => {
    for (const ok of [0, 1, 300, 100_000]) expect(isValidCapacity(ok), String(ok)).toBe(true);
    for (const bad of [-1, 100_001, 2.5, '300', null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) expect(isValidCapacity(bad), String(bad)).toBe(false);
  });

  it('shows 30 days unless asked for 1 to 93, and a start date as YYYY-MM-DD', () => {
    expect(occupancyQuerySchema.parse({})).toEqual({ days: 30 });
    expect(occupancyQuerySchema.parse({ days: '1' }).days).toBe(1);
    expect(occupancyQuerySchema.parse({ days: '93', from: '2026-12-01' })).toEqual({ days: 93, from: '2026-12-01' });
    for (const days of ['0', '94', '1000', '7.5', ' 7', 'x', '']) expect(firstMessage(occupancyQuerySchema.safeParse({ days })), days).toBe('Days must be a whole number from 1 to 93');
    expect(firstMessage(occupancyQuerySchema.safeParse({ from: '2026-02-30' }))).toBe(occupancyMessages.dateInvalid);
  });
});

describe('the availability range', () => {
  it('takes From on or before To, at most 370 days counted inclusively', () => {
    expect(availabilityQuerySchema.safeParse({ from: '2026-12-01', to: '2026-12-01' }).success).toBe(true);
    // 2026-12-01 to 2027-12-05 is 370 days, both counted.
    expect(availabilityQuerySchema.safeParse({ from: '2026-12-01', to: '2027-12-05' }).success).toBe(true);
    const tooLong = availabilityQuerySchema.safeParse({ from: '2026-12-01', to: '2027-12-06' });
    expect(firstMessage(tooLong)).toBe('Choose an availability range of at most 370 days, with From on or before To.');
    expect(tooLong.error?.issues[0]?.path).toEqual(['to']);
    expect(availabilityQuerySchema.safeParse({ from: '2026-12-02', to: '2026-12-01' }).success).toBe(false);
  });
});

describe('manage my booking', () => {
  it('reads a reference however it is typed', () => {
    expect(normaliseReference('rp-abc234')).toBe('RP-ABC234');
    expect(normaliseReference(' RP ABC 234 ')).toBe('RP-ABC234');
    expect(normaliseReference('rpabc234')).toBe('RP-ABC234');
    expect(normaliseReference('abc234')).toBe('RP-ABC234');
    // A code that itself starts with RP, typed without the prefix.
    expect(normaliseReference('RPQ234')).toBe('RP-RPQ234');
    expect(normaliseReference('\tr p q 2 3 4\n')).toBe('RP-RPQ234');
  });

  it('asks for a reference like RP-ABC234 and an e-mail address', () => {
    expect(manageLinkRequestSchema.parse({ reference: 'abc234', email: ' kim@example.com ' })).toEqual({ reference: 'RP-ABC234', email: 'kim@example.com' });
    for (const reference of ['RP-ABC23', 'RP-ABC2345', 'RP-ABC10I', 'x'.repeat(21), '']) {
      expect(firstMessage(manageLinkRequestSchema.safeParse({ reference, email: 'kim@example.com' })), reference).toBe(manageBookingMessages.invalidReference);
    }
    for (const email of ['kim', `${'k'.repeat(250)}@x.nz`, '']) {
      expect(firstMessage(manageLinkRequestSchema.safeParse({ reference: 'RP-ABC234', email })), email).toBe('Please enter a valid email address');
    }
  });

  it('opens a link only with a token of 20 to 100 characters', () => {
    expect(manageLinkOpenSchema.safeParse({ token: 't'.repeat(20) }).success).toBe(true);
    expect(manageLinkOpenSchema.safeParse({ token: 't'.repeat(100) }).success).toBe(true);
    for (const token of ['t'.repeat(19), 't'.repeat(101), undefined]) expect(firstMessage(manageLinkOpenSchema.safeParse({ token })), String(token)).toBe(manageBookingMessages.linkUsed);
  });
});

describe("a part refund's headroom", () => {
  it('is the whole total when what is held covers it, and nothing while a balance is due', () => {
    expect(partRefundHeadroomCents(12000, 12000)).toBe(12000);
    expect(partRefundHeadroomCents(15000, 12000)).toBe(12000);
    expect(partRefundHeadroomCents(11999, 12000)).toBe(0);
    expect(partRefundHeadroomCents(1000, 12000)).toBe(0);
  });
});

describe('the CSV export', () => {
  it('knows the three reasons a file stops early, and nothing else', () => {
    for (const cut of ['rows', 'size', 'search']) expect(isExportCut(cut)).toBe(true);
    for (const other of ['', 'none', 'ROWS', null]) expect(isExportCut(other)).toBe(false);
  });

  it('says where it stopped and how many bookings went out', () => {
    expect(exportMessages.rows).toBe('This export stops at 20,000 bookings, the most one file holds. Narrow the filters (a date range or a status) to export the rest.');
    expect(exportMessages.search).toContain('More than 200 bookings match the search');
    expect(exportMessages.exported(1)).toBe('1 booking exported');
    expect(exportMessages.exported(0)).toBe('0 bookings exported');
    expect(exportMessages.exported(20000)).toBe('20000 bookings exported');
  });
});
