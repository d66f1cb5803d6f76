/**
 * What the pass says about the return flight (functions/use-cases/flights/flight-notice.ts): the plain sentence when the
 * tracker found the provider does not know the flight on the pick-up date, and nothing otherwise: before it asked,
 * when it was found, for another flight or date than the booking's now, or once the booking is over or cancelled.
 */
import { describe, expect, it } from 'vitest';
import { unknownFlightText } from '../../shared/flights';
import { returnFlightNotice, returnFlightView } from '../../functions/use-cases/flights/flight-notice';

const booking = { status: 'reservation', returnFlight: 'NZ1234', pickUpDate: '2026-12-24' } as const;
const unknown = { flight: 'NZ1234', date: '2026-12-24', known: 'unknown' } as const;

describe('the return flight notice', () => {
  it("says the product's words: We can't find NZ1234 arriving on 24 Dec: please check it", () => {
    expect(unknownFlightText('NZ1234', '2026-12-24')).toBe("We can't find NZ1234 arriving on 24 Dec: please check it");
    expect(returnFlightNotice(booking, unknown)).toBe("We can't find NZ1234 arriving on 24 Dec: please check it");
    expect(returnFlightNotice({ ...booking, status: 'checkin' }, unknown)).toBe("We can't find NZ1234 arriving on 24 Dec: please check it");
    expect(unknownFlightText('JQ7', '2027-01-05')).toBe("We can't find JQ7 arriving on 5 Jan: please check it");
  });

  it('says nothing before the tracker asked, when the flight was found, or for a flight or date the booking no longer has', () => {
    expect(returnFlightNotice(booking, null)).toBeNull();
    expect(returnFlightNotice(booking, { ...unknown, known: undefined })).toBeNull();
    expect(returnFlightNotice(booking, { ...unknown, known: 'found' })).toBeNull();
    expect(returnFlightNotice({ ...booking, returnFlight: 'NZ1235' }, unknown)).toBeNull();
    expect(returnFlightNotice({ ...booking, pickUpDate: '2026-12-25' }, unknown)).toBeNull();
    expect(returnFlightNotice({ ...booking, returnFlight: null }, unknown)).toBeNull();
  });

  it('says nothing once the car is collected or the booking cancelled', () => {
    for (const status of ['checkout', 'cancelled', 'payment_review'] as const) expect(returnFlightNotice({ ...booking, status }, unknown), status).toBeNull();
  });

  it('once found: the landing and the shuttle; landed only when it has, never for another flight or a cancelled one', () => {
    const found = { flight: 'NZ1234', date: '2026-12-24', known: 'found', scheduledOn: '2026-12-24T01:35:00.000Z', estimatedOn: '2026-12-24T02:15:00.000Z', terminal: 'D' } as const;
    const settings = { domesticWalkOutMinutes: 20, internationalWalkOutMinutes: 40, shuttleSeats: 14 };
    const coming = returnFlightView(booking, found, settings);
    expect(coming).toEqual({ notice: 'NZ1234 lands 3:15 PM, 40 min late; the shuttle meets you at the domestic stop at about 3:35 PM', landed: false, disrupted: false });
    expect(returnFlightView(booking, { ...found, terminal: 'I' }, settings).notice).toBe('NZ1234 lands 3:15 PM, 40 min late; the shuttle meets you at the international stop at about 3:55 PM');
    // A terminal the provider did not name: no guessed kerb time.
    expect(returnFlightView(booking, { ...found, terminal: null }, settings).notice).toBe('NZ1234 lands 3:15 PM, 40 min late');
    expect(returnFlightView(booking, { ...found, actualOn: '2026-12-24T02:20:00.000Z' })).toMatchObject({ landed: true, disrupted: false });
    expect(returnFlightView(booking, { ...found, cancelled: true, actualOn: null })).toMatchObject({ landed: false, disrupted: true });
    expect(returnFlightView({ ...booking, returnFlight: 'NZ1235' }, { ...found, actualOn: '2026-12-24T02:20:00.000Z' })).toEqual({ notice: null, landed: false, disrupted: false });
  });
});
