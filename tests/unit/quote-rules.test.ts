import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { addDays, nzNow } from '../../shared/nz-time';
import { priceFor } from '../../shared/pricing';
import { MAX_STAY_DAYS, quoteSelection } from '../../shared/quote';
import { ALL_SLOTS } from '../../shared/slots';

const now = new Date('2026-11-22T07:30:00Z'); // 20:30 NZDT
const base = { dropOffDate: '2026-12-01', dropOffTime: '09:00', pickUpDate: '2026-12-08', pickUpTime: '11:00', carWash: true };

describe('quote rules', () => {
  it('prices a valid selection', () => {
    const r = quoteSelection(base, { pricing: 'tariff', now });
    expect(r).toEqual({ ok: true, price: priceFor(8, true) });
  });

  it.each([
    [{ dropOffDate: '2027-02-31' }, 'dropOffDate', messages.invalidDateTime],
    [{ dropOffTime: '09:15' }, 'dropOffTime', messages.timeNotOnGrid],
    [{ dropOffTime: '24:00' }, 'dropOffTime', messages.invalidDateTime],
    [{ dropOffDate: '2027-09-26', dropOffTime: '02:30', pickUpDate: '2027-09-30' }, 'dropOffTime', messages.timeDoesNotExist],
    [{ pickUpDate: '2026-12-01', pickUpTime: '09:00' }, 'pickUpTime', messages.pickUpAfterDropOff],
    [{ pickUpDate: '2026-11-30' }, 'pickUpTime', messages.pickUpAfterDropOff],
    [{ dropOffDate: '2026-11-23', dropOffTime: '00:00', pickUpDate: '2026-11-24' }, 'dropOffTime', messages.leadTime],
    [{ pickUpDate: '2027-12-01', pickUpTime: '09:30' }, 'pickUpDate', messages.stayTooLong],
    [{ pickUpDate: '2999-12-31' }, 'pickUpDate', messages.stayTooLong],
  ])('refuses %o on %s with the spec message', (change, field, message) => {
    const r = quoteSelection({ ...base, ...change }, { pricing: 'tariff', now });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.fieldErrors[field as keyof typeof r.fieldErrors]).toBe(message);
      expect(r.message).toBeTruthy();
    }
  });

  it('takes stays up to MAX_STAY_DAYS, the longest priced at $1,835.00', () => {
    const r = quoteSelection({ ...base, pickUpDate: '2027-12-01', pickUpTime: '09:00', carWash: false }, { pricing: 'tariff', now });
    expect(MAX_STAY_DAYS).toBe(365);
    expect(r).toEqual({ ok: true, price: priceFor(365, false) });
    expect(r.ok && r.price.total).toBe(183_500);
  });

  it('skips the lead time only when asked (edits of fixed drop-offs)', () => {
    const past = { ...base, dropOffDate: '2026-11-22', dropOffTime: '08:00' };
    expect(quoteSelection(past, { pricing: 'tariff', now }).ok).toBe(false);
    expect(quoteSelection(past, { now, enforceLeadTime: false, pricing: 'tariff' }).ok).toBe(true);
  });

  it('accepts exactly the selections whose drop-off is >= now + 4 h (24 h from 19:00 to 04:30) and pick-up is after drop-off', () => {
    const today = nzNow(now).date;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom(...ALL_SLOTS),
        fc.integer({ min: 0, max: 20 }),
        fc.constantFrom(...ALL_SLOTS),
        (d0, t0, n, t1) => {
          const sel = { dropOffDate: addDays(today, d0), dropOffTime: t0, pickUpDate: addDays(today, d0 + n), pickUpTime: t1, carWash: false };
          const r = quoteSelection(sel, { pricing: 'tariff', now });
          const dropOffMs = Date.parse(`${sel.dropOffDate}T${t0}:00+13:00`);
          const leadOk = dropOffMs >= now.getTime() + 4 * 3600_000;
          const lateNight = t0 >= '19:00' || t0 < '05:00';
          const noticeOk = !lateNight || dropOffMs >= now.getTime() + 24 * 3600_000;
          const orderOk = n > 0 || t1 > t0;
          expect(r.ok).toBe(leadOk && noticeOk && orderOk);
        },
      ),
    );
  });
});
