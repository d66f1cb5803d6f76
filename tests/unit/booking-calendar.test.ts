/** The booking's calendar file, read back with an independent parser: two events at the booked NZ times, stable UIDs, the right METHOD. */
import { describe, expect, it } from 'vitest';
import { bookingCalendar } from '../../functions/use-cases/calendar/booking-calendar';
import { bookingRecord } from '../support/booking-record';
import { nzWallClock, parseCalendar } from '../support/ics';

const PASS = 'https://runwayparking.example/pass/p1.b-1.abcdefghijklmnopqrstuv';

describe('bookingCalendar', () => {
  it('has a drop-off and a pick-up event at the booked NZ times, with the yard address and the pass link', () => {
    // 10 March 2030 is NZ daylight time (UTC+13); 17 March too.
    const file = bookingCalendar(bookingRecord({ dropOffDate: '2030-03-10', dropOffTime: '09:00', pickUpDate: '2030-03-17', pickUpTime: '11:30', departureFlight: 'NZ101' }), { passUrl: PASS, method: 'PUBLISH' });
    expect(file.filename).toBe('RP-7K3M9Q-parking.ics');
    expect(file.contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    const cal = parseCalendar(file.content);
    expect(cal.method).toBe('PUBLISH');
    expect(cal.events).toHaveLength(2);
    const [drop, pick] = cal.events;
    expect(drop!.start.toISOString()).toBe('2030-03-09T20:00:00.000Z');
    expect(nzWallClock(drop!.start)).toBe('2030-03-10 09:00');
    expect(nzWallClock(pick!.start)).toBe('2030-03-17 11:30');
    expect(pick!.end.getTime() - pick!.start.getTime()).toBe(30 * 60_000);
    expect(drop!.summary).toBe('Drop off your car at Runway Parking (RP-7K3M9Q)');
    expect(pick!.summary).toBe('Pick up your car from Runway Parking (RP-7K3M9Q)');
    for (const e of cal.events) {
      expect(e.location).toBe('Runway Parking, 10 Airport Park Drive, Mangere, Auckland 2022');
      expect(e.url).toBe(PASS);
      expect(e.description).toContain(`Your booking pass: ${PASS}`);
      expect(e.status).toBe('CONFIRMED');
      expect(e.attendees).toEqual([]);
    }
    expect(drop!.description).toContain('Departure flight: NZ101');
  });

  it('uses NZ standard time in winter (UTC+12) and survives the change in between', () => {
    // Daylight saving ends on 7 April 2030: drop-off in summer, pick-up in winter.
    const file = bookingCalendar(bookingRecord({ dropOffDate: '2030-04-05', dropOffTime: '06:30', pickUpDate: '2030-04-09', pickUpTime: '22:00' }), { passUrl: PASS, method: 'PUBLISH' });
    const [drop, pick] = parseCalendar(file.content).events;
    expect(drop!.start.toISOString()).toBe('2030-04-04T17:30:00.000Z');
    expect(pick!.start.toISOString()).toBe('2030-04-09T10:00:00.000Z');
  });

  it('keeps the UIDs across versions, raises SEQUENCE with each change, and cancels with the same UIDs', () => {
    const confirmed = bookingRecord();
    const first = parseCalendar(bookingCalendar(confirmed, { passUrl: PASS, method: 'REQUEST' }).content);
    const changed = parseCalendar(bookingCalendar({ ...confirmed, pickUpTime: '15:00', calendarSequence: 1 }, { passUrl: PASS, method: 'REQUEST' }).content);
    const cancelled = parseCalendar(bookingCalendar({ ...confirmed, status: 'cancelled', calendarSequence: 2 }, { passUrl: PASS, method: 'CANCEL' }).content);
    expect(first.method).toBe('REQUEST');
    expect(cancelled.method).toBe('CANCEL');
    const uids = (c: typeof first) => c.events.map((e) => e.uid);
    expect(uids(first)).toEqual(['b-1-dropoff@runwayparking.example', 'b-1-pickup@runwayparking.example']);
    expect(uids(changed)).toEqual(uids(first));
    expect(uids(cancelled)).toEqual(uids(first));
    expect(first.events.map((e) => e.sequence)).toEqual([0, 0]);
    expect(changed.events.map((e) => e.sequence)).toEqual([1, 1]);
    expect(cancelled.events.map((e) => e.sequence)).toEqual([2, 2]);
    expect(nzWallClock(changed.events[1]!.start)).toBe('2030-03-17 15:00');
    expect(cancelled.events.map((e) => e.status)).toEqual(['CANCELLED', 'CANCELLED']);
    // An invitation names the traveller, so their calendar applies it.
    expect(first.events[0]!.attendees).toEqual(['mailto:aroha@example.com']);
  });

  it('a different booking has different UIDs', () => {
    const a = parseCalendar(bookingCalendar(bookingRecord({ id: 'b-1' }), { passUrl: PASS, method: 'PUBLISH' }).content);
    const b = parseCalendar(bookingCalendar(bookingRecord({ id: 'b-2' }), { passUrl: PASS, method: 'PUBLISH' }).content);
    expect(a.events[0]!.uid).not.toBe(b.events[0]!.uid);
  });
});
