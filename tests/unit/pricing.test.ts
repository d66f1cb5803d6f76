import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gstIncluded, formatMoney } from '../../shared/money';
import { amountDueNow, parkingCents, priceFor } from '../../shared/pricing';

describe('parking price', () => {
  it.each([
    [1, 3000],
    [4, 3000],
    [5, 3500],
    [8, 5000],
    [30, 16000],
  ])('%i day(s) cost %i cents', (days, cents) => {
    expect(parkingCents(days)).toBe(cents);
  });

  it('is $30 for 1-4 days and rises by exactly $5 for each day beyond', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3650 }), (days) => {
        const price = parkingCents(days);
        if (days <= 4) expect(price).toBe(3000);
        else expect(price - parkingCents(days - 1)).toBe(500);
      }),
    );
  });

  it('totals parking, free shuttle and car wash, with GST as 3/23 of the total', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3650 }), fc.boolean(), (days, carWash) => {
        const p = priceFor(days, carWash);
        expect(p.shuttleCost).toBe(0);
        expect(p.carWashCost).toBe(carWash ? 6000 : 0);
        expect(p.total).toBe(p.parkingCost + p.carWashCost);
        expect(p.gst).toBe(Math.round((p.total * 3) / 23));
        expect(Number.isInteger(p.total)).toBe(true);
      }),
    );
  });

  it('adds each chosen service at its list price (wash $60, cleaning $75, detailing $250, servicing $250), GST 3/23 of the whole', () => {
    const LIST = { carWash: 6000, carCleaning: 7500, carDetailing: 25000, carServicing: 25000 } as const;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3650 }), fc.record({ carWash: fc.boolean(), carCleaning: fc.boolean(), carDetailing: fc.boolean(), carServicing: fc.boolean() }), (days, chosen) => {
        const p = priceFor(days, chosen);
        const services = Object.entries(LIST).reduce((sum, [id, cents]) => sum + (chosen[id as keyof typeof LIST] ? cents : 0), 0);
        expect(p.carCleaningCost).toBe(chosen.carCleaning ? 7500 : 0);
        expect(p.carDetailingCost).toBe(chosen.carDetailing ? 25000 : 0);
        expect(p.carServicingCost).toBe(chosen.carServicing ? 25000 : 0);
        expect(p.total).toBe(parkingCents(days) + services);
        expect(p.gst).toBe(Math.round((p.total * 3) / 23));
      }),
    );
  });

  it('costs nothing for a duration that cannot be priced', () => {
    expect(priceFor(0, true).total).toBe(0);
  });
});

describe('deposit', () => {
  it('charges $10.00 now and leaves the rest for pick-up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3000, max: 1_000_000 }), (total) => {
        const { now, balance } = amountDueNow(total, 'deposit');
        // docs/product-rules.md, Price: the deposit is $10.00 now, the remainder at pick-up.
        expect(now).toBe(1000);
        expect(now + balance).toBe(total);
      }),
    );
  });
  it('charges everything now when paying in full', () => {
    expect(amountDueNow(11000, 'full')).toEqual({ now: 11000, balance: 0 });
  });
});

describe('money', () => {
  it('formats cents as NZ dollars', () => {
    expect(formatMoney(3000)).toBe('$30.00');
    expect(formatMoney(123456)).toBe('$1,234.56');
  });
  it('rounds GST to the cent', () => {
    expect(gstIncluded(11000)).toBe(1435);
  });
});
