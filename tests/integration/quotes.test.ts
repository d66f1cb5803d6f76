import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { messages } from '../../shared/messages';
import { addDays, nzNow } from '../../shared/nz-time';
import { quoteSelection } from '../../shared/quote';
import { toQuoteResponse } from '../../shared/quote-response';
import { ALL_SLOTS, slotsFor } from '../../shared/slots';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';

const baseUrl = inject('baseUrl');
const quote = (body: unknown) => request(baseUrl, 'POST', '/api/quotes', body);

/**
 * The next slot at least 2 hours from now in NZ: always inside the 4-hour lead time. Only slots that exist on that
 * date: on the day clocks go forward, 02:00 and 02:30 do not, and a quote for them is refused for that instead.
 */
function soonerThanLeadTime() {
  const at = nzNow(new Date(Date.now() + 2 * 60 * 60_000));
  const next = slotsFor(at.date).find((t) => t >= at.time);
  const dropOff = next ? { dropOffDate: at.date, dropOffTime: next } : { dropOffDate: addDays(at.date, 1), dropOffTime: '00:00' };
  return { ...dropOff, pickUpDate: addDays(dropOff.dropOffDate, 2) };
}

const valid = () => ({ dropOffDate: daysFromToday(3), dropOffTime: '09:00', pickUpDate: daysFromToday(10), pickUpTime: '11:00', carWash: true });

describe('POST /api/quotes', () => {
  it('prices a selection: 8 started days with a car wash is $110.00 incl. $14.35 GST', async () => {
    const res = await quote(valid());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ days: 8, parkingCost: 50, shuttleCost: 0, carWashCost: 60, carCleaningCost: 0, carDetailingCost: 0, carServicingCost: 0, total: 110, gst: 14.35, parkingType: 'open', tariffParkingCost: 50, appliedRules: [] });
  });

  it('gives the same numbers as the shared function the quote card uses', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom(...ALL_SLOTS),
        fc.integer({ min: 0, max: 40 }),
        fc.constantFrom(...ALL_SLOTS),
        fc.boolean(),
        async (d0, t0, n, t1, carWash) => {
          const sel = { dropOffDate: daysFromToday(d0), dropOffTime: t0, pickUpDate: daysFromToday(d0 + n), pickUpTime: t1, carWash };
          const local = quoteSelection(sel, { now: new Date(), pricing: 'tariff' });
          const res = await quote(sel);
          if (local.ok) {
            expect(res.status).toBe(200);
            expect(res.body).toEqual(toQuoteResponse(local.price));
          } else {
            expect(res.status).toBe(400);
            expect(res.body.message).toBe(local.message);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  describe('bad input gets a 400 with a message, never a 500', () => {
    it.each([
      ['malformed JSON', '{"dropOffDate":', messages.malformedJson],
      ['an array', '[]', messages.malformedJson],
      ['an empty body', '', messages.malformedJson],
    ])('%s', async (_name, raw, message) => {
      const res = await request(baseUrl, 'POST', '/api/quotes', raw, { 'content-type': 'application/json' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it('a missing field', async () => {
      const { pickUpTime: _omit, ...rest } = valid();
      const res = await quote(rest);
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors).toEqual({ pickUpTime: 'Required' });
    });

    it('an extra field (a price sent by the browser is not accepted)', async () => {
      const res = await quote({ ...valid(), total: 1 });
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors.total).toBe("Unknown field 'total'");
    });

    it('a wrong type', async () => {
      const res = await quote({ ...valid(), carWash: 'yes' });
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors.carWash).toBeTruthy();
    });

    it.each([
      ['an impossible date', { dropOffDate: '2027-02-31' }, 'dropOffDate', messages.invalidDateTime],
      ['a time off the 30-minute grid', { dropOffTime: '09:10' }, 'dropOffTime', messages.timeNotOnGrid],
      ['a time that does not exist in NZ', { dropOffDate: '2027-09-26', dropOffTime: '02:00', pickUpDate: '2027-09-28' }, 'dropOffTime', messages.timeDoesNotExist],
      ['pick-up not after drop-off', { pickUpDate: daysFromToday(3), pickUpTime: '09:00' }, 'pickUpTime', messages.pickUpAfterDropOff],
      ['drop-off on a past day', { dropOffDate: daysFromToday(-1) }, 'dropOffTime', messages.leadTime],
      ['drop-off less than 4 hours ahead', soonerThanLeadTime(), 'dropOffTime', messages.leadTime],
      ['a date not in YYYY-MM-DD form', { dropOffDate: '31/02/2027', pickUpDate: '03/03/2027' }, 'dropOffDate', messages.invalidDateTime],
    ])('%s', async (_name, change, field, message) => {
      const res = await quote({ ...valid(), ...change });
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors[field]).toBe(message);
      expect(res.body.message).toBe(message);
    });
  });

  describe('priceOnly: the price the booking dialogs show', () => {
    it('prices a drop-off inside the lead time (an edit, a walk-in) with its services: 2 days, car wash and detailing is $340.00', async () => {
      const res = await quote({ ...soonerThanLeadTime(), pickUpTime: '09:00', carWash: true, carDetailing: true, priceOnly: true });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ parkingCost: 30, carWashCost: 60, carDetailingCost: 250, total: 340 });
      // Without it, the same stay is refused for the lead time.
      expect((await quote({ ...soonerThanLeadTime(), pickUpTime: '09:00', carWash: true, carDetailing: true })).status).toBe(400);
    });

    it('still refuses a stay that cannot be priced', async () => {
      const res = await quote({ ...valid(), pickUpDate: daysFromToday(3), pickUpTime: '09:00', priceOnly: true });
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors.pickUpTime).toBe(messages.pickUpAfterDropOff);
      expect((await quote({ ...valid(), priceOnly: 'yes' })).status).toBe(400);
    });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await request(baseUrl, 'GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.message).toBeTruthy();
  });
});
