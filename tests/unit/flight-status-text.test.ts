import { describe, expect, it } from 'vitest';
import { flightStatusText, formatMinutes, stopOfTerminal, type TrackedFlightState } from '../../shared/flights';

// 2026-12-31 is NZ summer time (+13:00).
const at = (time: string) => new Date(`2026-12-31T${time}:00+13:00`).toISOString();
const flight: TrackedFlightState = { flight: 'NZ102', scheduledOn: at('14:35'), estimatedOn: null, actualOn: null, cancelled: false, diverted: false, stop: 'domestic', kerbAt: null };

describe('what the traveller is told of a tracked return flight', () => {
  it('says the landing in NZ time against the schedule, and when the shuttle meets them at their stop', () => {
    expect(flightStatusText({ ...flight, estimatedOn: at('15:15'), kerbAt: at('15:35') })).toBe('NZ102 lands 3:15 PM, 40 min late; the shuttle meets you at the domestic stop at about 3:35 PM');
    expect(flightStatusText({ ...flight, estimatedOn: at('14:37') })).toBe('NZ102 lands 2:37 PM, on time');
    expect(flightStatusText({ ...flight, estimatedOn: at('14:20'), stop: null, kerbAt: at('14:50') })).toBe("NZ102 lands 2:20 PM, 15 min early; the shuttle meets you at your terminal's shuttle stop at about 2:50 PM");
    expect(flightStatusText({ ...flight, estimatedOn: at('15:15'), actualOn: at('16:45'), stop: 'international', kerbAt: at('17:15') })).toBe(
      'NZ102 landed 4:45 PM, 2 h 10 min late; the shuttle meets you at the international stop at about 5:15 PM',
    );
  });

  it('says a cancelled or diverted flight plainly, whatever the times', () => {
    expect(flightStatusText({ ...flight, estimatedOn: at('15:15'), cancelled: true })).toMatch(/^NZ102 has been cancelled\. Your car is safe with us/);
    expect(flightStatusText({ ...flight, diverted: true })).toMatch(/^NZ102 has been diverted and will not land at Auckland as planned/);
  });

  it('says nothing without a time', () => {
    expect(flightStatusText({ ...flight, scheduledOn: null })).toBeNull();
  });

  it('reads the provider terminal as a shuttle stop, and stretches of time in hours and minutes', () => {
    expect([stopOfTerminal('D'), stopOfTerminal('i'), stopOfTerminal('International'), stopOfTerminal('T2'), stopOfTerminal(null)]).toEqual(['domestic', 'international', 'international', null, null]);
    expect([formatMinutes(40), formatMinutes(60), formatMinutes(130), formatMinutes(-15)]).toEqual(['40 min', '1 h', '2 h 10 min', '15 min']);
  });
});
