import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addOn, ADD_ONS } from '../../shared/add-ons';
import { addDays } from '../../shared/nz-time';
import { NO_PRICE_RULES, ruledParking, weekdayOf, WEEKDAYS, type PriceRule, type PriceRuleSet, type StayDemand } from '../../shared/price-rules';
import { priceRuleSetSchema, priceRulesMessages } from '../../shared/price-rules-schema';
import { amountDueNow, DEPOSIT_CENTS, parkingCents, priceFor } from '../../shared/pricing';

const date = fc.integer({ min: 0, max: 800 }).map((n) => addDays('2026-06-01', n));
const pct = fc.integer({ min: -100, max: 100 });
const rule: fc.Arbitrary<PriceRule> = fc.oneof(
  fc.record({ kind: fc.constant('occupancy' as const), atLeast: fc.double({ min: 0.01, max: 1, noNaN: true }), percent: fc.integer({ min: 0, max: 100 }) }),
  fc.record({ kind: fc.constant('leadTime' as const), withinDays: fc.integer({ min: 1, max: 30 }), percent: pct }),
  fc.record({ kind: fc.constant('weekday' as const), days: fc.uniqueArray(fc.constantFrom(...WEEKDAYS), { minLength: 1 }), percent: pct }),
  fc.tuple(date, fc.integer({ min: 0, max: 20 }), pct).map(([from, n, percent]) => ({ kind: 'dates' as const, from, to: addDays(from, n), percent })),
);
const bounds = fc.tuple(fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null }), fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null })).map(([a, b]) =>
  a !== null && b !== null && a > b ? { floorPerDayCents: b, ceilingPerDayCents: a } : { floorPerDayCents: a, ceilingPerDayCents: b },
);
const ruleSet: fc.Arbitrary<PriceRuleSet> = fc.tuple(fc.array(rule, { maxLength: 6 }), bounds).map(([rules, b]) => ({ rules, ...b }));
const demand: fc.Arbitrary<StayDemand> = fc.record({ dropOffDate: date, hoursAhead: fc.double({ min: 0, max: 2000, noNaN: true }), occupancy: fc.double({ min: 0, max: 1.2, noNaN: true }) });
const days = fc.integer({ min: 1, max: 120 });

describe('price rules on top of the tariff', () => {
  it('with no rules the price is the tariff', () => {
    fc.assert(
      fc.property(days, demand, (n, d) => {
        expect(ruledParking(n, parkingCents(n), NO_PRICE_RULES, d)).toEqual({ parkingCents: parkingCents(n), tariffCents: parkingCents(n), appliedRules: [] });
      }),
    );
  });

  it('never prices a day under the floor or over the ceiling', () => {
    fc.assert(
      fc.property(days, ruleSet, demand, (n, set, d) => {
        const { parkingCents: p } = ruledParking(n, parkingCents(n), set, d);
        if (set.floorPerDayCents != null) expect(p).toBeGreaterThanOrEqual(set.floorPerDayCents * n);
        if (set.ceilingPerDayCents != null) expect(p).toBeLessThanOrEqual(set.ceilingPerDayCents * n);
        expect(p).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('a higher occupancy never lowers the price', () => {
    fc.assert(
      fc.property(days, ruleSet, demand, fc.double({ min: 0, max: 1, noNaN: true }), (n, set, d, more) => {
        const low = ruledParking(n, parkingCents(n), set, d).parkingCents;
        const high = ruledParking(n, parkingCents(n), set, { ...d, occupancy: d.occupancy + more }).parkingCents;
        expect(high).toBeGreaterThanOrEqual(low);
      }),
    );
  });

  it('keeps the deposit at $10 and the add-ons at their list prices whatever the rules', () => {
    fc.assert(
      fc.property(days, ruleSet, demand, fc.boolean(), (n, set, d, chosen) => {
        const choices = Object.fromEntries(ADD_ONS.map((a) => [a.id, chosen]));
        const p = priceFor(n, choices, { ruleSet: set, demand: d });
        for (const a of ADD_ONS) expect(p[`${a.id}Cost`]).toBe(chosen ? addOn(a.id).cents : 0);
        expect(p.total).toBe(p.parkingCost + ADD_ONS.reduce((s, a) => s + p[`${a.id}Cost`], 0));
        expect(amountDueNow(p.total, 'deposit').now).toBe(Math.min(DEPOSIT_CENTS, p.total));
        expect(DEPOSIT_CENTS).toBe(1000);
      }),
    );
  });

  it('adds up the rules that apply and prices weekday and date rules per day', () => {
    // Thu 2026-12-17 to Mon 2026-12-21: 4 chargeable days, Thu Fri Sat Sun; the tariff is $30, $7.50 a day.
    expect(weekdayOf('2026-12-17')).toBe('Thu');
    const set: PriceRuleSet = { rules: [{ kind: 'weekday', days: ['Fri', 'Sat'], percent: 10 }, { kind: 'leadTime', withinDays: 3, percent: 20 }, { kind: 'dates', from: '2026-12-20', to: '2027-01-05', percent: 40 }] };
    const r = ruledParking(4, 3000, set, { dropOffDate: '2026-12-17', hoursAhead: 24, occupancy: 0 });
    // Thu +20%, Fri +30%, Sat +30%, Sun +60%: 750 x (1.2 + 1.3 + 1.3 + 1.6) = 4050.
    expect(r.parkingCents).toBe(4050);
    expect(r.appliedRules).toEqual([
      { kind: 'weekday', name: 'Fri, Sat', percent: 10, days: 2 },
      { kind: 'leadTime', name: 'Booked within 3 days', percent: 20, days: 4 },
      { kind: 'dates', name: '2026-12-20 to 2027-01-05', percent: 40, days: 1 },
    ]);
  });

  it('applies an occupancy rule from its threshold and bounds the day by the ceiling', () => {
    const set: PriceRuleSet = { rules: [{ kind: 'occupancy', atLeast: 0.8, percent: 20 }], ceilingPerDayCents: 2500 };
    const stay = { dropOffDate: '2026-12-01', hoursAhead: 200 };
    expect(ruledParking(1, 3000, set, { ...stay, occupancy: 0.79 }).parkingCents).toBe(2500);
    expect(ruledParking(2, 3000, set, { ...stay, occupancy: 0.79 }).parkingCents).toBe(3000);
    expect(ruledParking(2, 3000, set, { ...stay, occupancy: 0.8 }).parkingCents).toBe(3600);
    expect(ruledParking(2, 3000, set, { ...stay, occupancy: 0.8 }).appliedRules.map((r) => r.kind)).toEqual(['occupancy']);
  });
});

describe('the rule set document', () => {
  const example = {
    rules: [
      { kind: 'occupancy', atLeast: 0.8, percent: 20 },
      { kind: 'leadTime', withinDays: 3, percent: 10 },
      { kind: 'weekday', days: ['Fri', 'Sat'], percent: 10 },
      { kind: 'dates', from: '2026-12-20', to: '2027-01-05', percent: 25 },
    ],
    floorPerDayCents: 500,
    ceilingPerDayCents: 2500,
    saverPercentOff: 15,
    saverChangeFeeCents: 2000,
  };
  const firstError = (doc: unknown) => {
    const r = priceRuleSetSchema.safeParse(doc);
    return r.success ? null : { path: r.error.issues[0]!.path.join('.'), message: r.error.issues[0]!.message };
  };

  it('takes the example document whole', () => {
    expect(priceRuleSetSchema.parse(example)).toEqual(example);
  });

  it.each([
    ['overlapping date rules', { ...example, rules: [...example.rules, { kind: 'dates', from: '2027-01-05', to: '2027-01-10', percent: 5 }] }, 'rules.4.from', priceRulesMessages.datesOverlap],
    ['a floor above the ceiling', { ...example, floorPerDayCents: 3000 }, 'floorPerDayCents', priceRulesMessages.floorAboveCeiling],
    ['a percentage beyond 100', { ...example, rules: [{ kind: 'leadTime', withinDays: 3, percent: 101 }] }, 'rules.0.percent', priceRulesMessages.percent],
    ['a percentage beyond -100', { ...example, rules: [{ kind: 'weekday', days: ['Fri'], percent: -150 }] }, 'rules.0.percent', priceRulesMessages.percent],
    ['an occupancy rule lowering the price', { ...example, rules: [{ kind: 'occupancy', atLeast: 0.5, percent: -10 }] }, 'rules.0.percent', priceRulesMessages.occupancyNegative],
    ['an unknown weekday', { ...example, rules: [{ kind: 'weekday', days: ['Fry'], percent: 5 }] }, 'rules.0.days.0', priceRulesMessages.days],
    ['dates in the wrong order', { ...example, rules: [{ kind: 'dates', from: '2027-01-05', to: '2027-01-01', percent: 5 }] }, 'rules.0.to', priceRulesMessages.dateOrder],
    ['a Saver discount over 100', { ...example, saverPercentOff: 120 }, 'saverPercentOff', priceRulesMessages.saverPercent],
  ])('refuses %s with the field and its message', (_name, doc, path, message) => {
    expect(firstError(doc)).toEqual({ path, message });
  });
});
