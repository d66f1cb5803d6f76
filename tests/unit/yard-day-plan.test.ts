/** The yard screen's day (web/src/features/yard/day-plan.ts): what still needs doing in the next two hours first, then the rest of today. */
import { describe, expect, it } from 'vitest';
import type { DaySheetRow } from '../../shared/admin';
import { dayPlan } from '../../web/src/features/yard/day-plan';

const row = (id: string, time: string, status: string): DaySheetRow => ({
  booking_id: id,
  booking_reference: `RP-${id}`,
  time,
  customer_name: 'Aroha Ngata',
  contact_number: '021 555 1234',
  car_registration: 'KTA123',
  parking_bay_number: null,
  flight: null,
  car_wash: false,
  car_cleaning: false,
  car_detailing: false,
  car_servicing: false,
  balance_due: 0,
  status,
  updated_at: 'v',
});

describe('dayPlan', () => {
  it('at 10:00: arrivals to check in and departures to check out up to 12:00 (a late one too) come first, in time order', () => {
    const sheet = {
      date: '2026-07-10',
      arrivals: [row('a1', '09:00', 'reservation'), row('a2', '11:30', 'reservation'), row('a3', '12:01', 'reservation'), row('a4', '10:30', 'checkin')],
      departures: [row('d1', '10:15', 'checkin'), row('d2', '12:00', 'checkin'), row('d3', '08:00', 'checkout'), row('d4', '18:00', 'checkin')],
    };
    const plan = dayPlan(sheet, '10:00');
    expect(plan.soon.map((r) => [r.booking_id, r.kind])).toEqual([
      ['a1', 'arrival'],
      ['d1', 'departure'],
      ['a2', 'arrival'],
      ['d2', 'departure'],
    ]);
    expect(plan.later.map((r) => r.booking_id)).toEqual(['d3', 'a4', 'a3', 'd4']);
  });
});
