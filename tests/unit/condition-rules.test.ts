/**
 * The handover record's rules (shared/condition.ts): what the request schema accepts and the message each refusal
 * gives, and the comparison at collection: new marks, the distance beyond the yard's own moves, the fuel used.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { beyondYardKm, compareConditions, conditionMessages, conditionRequestSchema, currentRecord, formatKm, fuelUsed, PANEL_NAMES, type ConditionRecord } from '../../shared/condition';

const base = { stage: 'drop-off', odometer_km: 45210, fuel: { eighths: 6 }, marks: [], ack: { not_present: 'Left the keys at the desk' }, version: 'v1' };
const issues = (body: unknown) => {
  const r = conditionRequestSchema.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('the request', () => {
  it('takes a full record: marks on panels, items, key tag, a signature', () => {
    const r = conditionRequestSchema.parse({ ...base, marks: [{ panel: 'windscreen', kind: 'chip', photo_id: '0b8e8f6e-4c1f-4a0a-9d55-1f0b1e2a3c4d' }], items: [' Child seat '], key_tag: 'k-7', ack: { name: 'Ana Lee', signature: '0b8e8f6e-4c1f-4a0a-9d55-1f0b1e2a3c4d' } });
    expect(r.items).toEqual(['Child seat']);
    expect(r.key_tag).toBe('K-7');
    expect(r.marks[0]).toMatchObject({ panel: 'windscreen', kind: 'chip' });
  });

  it('refuses each bad field with its own message', () => {
    expect(issues({ ...base, fuel: { eighths: 9 } })).toEqual([['fuel.eighths', conditionMessages.eighthsInvalid]]);
    expect(issues({ ...base, fuel: { eighths: 2.5 } })).toEqual([['fuel', conditionMessages.fuelInvalid]]);
    expect(issues({ ...base, fuel: { charge_percent: -1 } })).toEqual([['fuel.charge_percent', conditionMessages.chargeInvalid]]);
    expect(issues({ ...base, fuel: { eighths: 4, charge_percent: 50 } })).toEqual([['fuel', conditionMessages.fuelInvalid]]);
    expect(issues({ ...base, marks: [{ panel: 'spoiler', kind: 'dent' }] })).toEqual([['marks.0.panel', conditionMessages.panelInvalid]]);
    expect(issues({ ...base, marks: [{ panel: 'roof', kind: 'rust' }] })).toEqual([['marks.0.kind', conditionMessages.kindInvalid]]);
    expect(issues({ ...base, odometer_km: 12.5 })).toEqual([['odometer_km', conditionMessages.odometerInvalid]]);
    expect(issues({ ...base, ack: { not_present: '  ' } })).toEqual([['ack.not_present', conditionMessages.notPresentNeeded]]);
    expect(issues({ ...base, ack: { name: 'Ana', signature: 'data:image/png;base64,AAAA' } })).toEqual([['ack.signature', conditionMessages.signatureNeeded]]);
    expect(issues({ ...base, stage: 'pick-up' })).toEqual([['stage', conditionMessages.stageInvalid]]);
  });

  it('has wheels and glass among the panels', () => {
    expect(PANEL_NAMES).toEqual(expect.arrayContaining(['windscreen', 'rear-window', 'left-windows', 'right-windows', 'left-front-wheel', 'right-rear-wheel']));
  });

  it('says the drop-off reading with a thousands separator', () => {
    expect(conditionMessages.lowerOdometer(45210)).toBe('Lower than at drop-off, 45,210 km: check the reading');
    expect(formatKm(1234567)).toBe('1,234,567 km');
  });
});

describe('the comparison', () => {
  const rec = (odometer_km: number, fuel: ConditionRecord['fuel'], marks: [string, string][] = []) => ({ odometer_km, fuel, marks: marks.map(([panel, kind]) => ({ panel, kind, photo_id: null, note: null })) as ConditionRecord['marks'] });

  it('lists only marks the drop-off did not have (same panel, same kind)', () => {
    const c = compareConditions(rec(100, { eighths: 8 }, [['bonnet', 'chip'], ['roof', 'dent']]), rec(103, { eighths: 7 }, [['bonnet', 'chip'], ['bonnet', 'scratch'], ['roof', 'dent']]), 5);
    expect(c.new_marks.map((m) => [m.panel, m.kind])).toEqual([['bonnet', 'scratch']]);
    expect(c).toMatchObject({ distance_km: 3, beyond_yard_km: 0, fuel_used: { eighths: 1 } });
  });

  it('has no fuel used when one reading is a tank and the other a battery', () => {
    expect(fuelUsed({ eighths: 4 }, { charge_percent: 50 })).toBeNull();
  });

  it('distance beyond the yard: never negative, never more than driven, and everything past the allowance', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: -1000, max: 5000 }), fc.integer({ min: 0, max: 100 }), (start, driven, moves) => {
        const c = compareConditions(rec(start, { eighths: 4 }), rec(start + driven, { eighths: 4 }), moves);
        expect(c.distance_km).toBe(driven);
        expect(c.beyond_yard_km).toBeGreaterThanOrEqual(0);
        expect(c.beyond_yard_km).toBeLessThanOrEqual(Math.max(0, driven));
        if (driven > moves) expect(c.beyond_yard_km + moves).toBe(driven);
        else expect(c.beyond_yard_km).toBe(0);
        expect(beyondYardKm(driven, moves)).toBe(c.beyond_yard_km);
      }),
    );
  });

  it('fuel used is what the gauge fell by, in the unit both readings share', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), (a, b, p, q) => {
        const tank = fuelUsed({ eighths: a }, { eighths: b });
        expect(tank).toEqual({ eighths: a - b });
        expect(fuelUsed({ charge_percent: p }, { charge_percent: q })).toEqual({ charge_percent: p - q });
      }),
    );
  });

  it("a stage's current record is its latest correction", () => {
    const r = (stage: 'drop-off' | 'collection', sequence: number) => ({ id: `${stage}-${sequence}`, stage, sequence }) as ConditionRecord;
    expect(currentRecord([r('drop-off', 1), r('collection', 1), r('drop-off', 3), r('drop-off', 2)], 'drop-off')?.id).toBe('drop-off-3');
    expect(currentRecord([r('drop-off', 1)], 'collection')).toBeNull();
  });
});
