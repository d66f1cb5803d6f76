/**
 * The occupancy counters (functions/store/occupancy.ts) against DynamoDB Local, one stay at a time: what a hold, a
 * payment keeping it, a release, a paid checkout without a hold and a change of dates leave in the month items, read
 * back as the admin's occupancy reads them; that a full day (or a day whose unpaid holds are all taken) refuses the
 * write that would take one more place and leaves every counter as it was; and which dates count as full. The
 * capacity integration tests drive the same writes through checkouts; this file reaches the edges in a few
 * milliseconds a case, so a mutation run can afford it.
 * Each test counts in a month of its own centuries ahead, which no other file books.
 */
import { randomInt } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type * as Occupancy from '../../functions/store/occupancy';
import type * as Table from '../../functions/store/table';
import { keys } from '../../functions/store/keys';
import { env, item } from './payment-support';

let occ: typeof Occupancy;
let table: typeof Table;

beforeAll(async () => {
  process.env.TABLE_NAME = env.tableName;
  process.env.DYNAMODB_ENDPOINT = env.dynamodbEndpoint;
  occ = await import('../../functions/store/occupancy');
  table = await import('../../functions/store/table');
});

const holdsSetting = process.env.UNPAID_HOLDS_PER_DAY;
afterEach(() => {
  if (holdsSetting === undefined) delete process.env.UNPAID_HOLDS_PER_DAY;
  else process.env.UNPAID_HOLDS_PER_DAY = holdsSetting;
});

const AT = '2026-11-26T00:00:00.000Z';
/** A year no booking reaches; January and February of it are this test's. */
const year = () => String(randomInt(2200, 9000));
const stay = (dropOffDate: string, pickUpDate: string) => ({ dropOffDate, pickUpDate });

/** The write that succeeds, or the name of the error that refused it. */
async function write(items: Table.TransactItem[]): Promise<'written' | string> {
  try {
    await table.transact(items);
    return 'written';
  } catch (error) {
    return (error as { name?: string }).name ?? 'error';
  }
}

/** taken/held per date, as the admin's occupancy reads them. */
async function counts(from: string, to: string): Promise<string[]> {
  return (await occ.readOccupancy(from, to, true)).map((d) => `${d.date} ${d.taken}/${d.held}`);
}

describe('holds, payments and releases', () => {
  it('a hold takes and holds a place on every date of the stay, across a month end; paid, the places stay taken and stop being held', async () => {
    const y = year();
    const s = stay(`${y}-01-30`, `${y}-02-02`);
    expect(await write(occ.holdPlaces(s, 10, AT))).toBe('written');
    expect(await counts(`${y}-01-29`, `${y}-02-03`)).toEqual([`${y}-01-29 0/0`, `${y}-01-30 1/1`, `${y}-01-31 1/1`, `${y}-02-01 1/1`, `${y}-02-02 1/1`, `${y}-02-03 0/0`]);
    expect(await item(keys.occupancyMonth(`${y}-01`))).toMatchObject({ type: 'occupancy', month: `${y}-01`, updatedAt: AT, d30: 1, h30: 1, d31: 1, h31: 1 });
    expect(await item(keys.occupancyMonth(`${y}-02`))).toMatchObject({ type: 'occupancy', month: `${y}-02`, d01: 1, h01: 1, d02: 1, h02: 1 });

    expect(await write(occ.keepHeldPlaces(s, AT))).toBe('written');
    expect(await counts(`${y}-01-30`, `${y}-02-02`)).toEqual([`${y}-01-30 1/0`, `${y}-01-31 1/0`, `${y}-02-01 1/0`, `${y}-02-02 1/0`]);
    // A month nobody has booked yet has no item: its days read as empty.
    expect(await counts(`${y}-03-30`, `${y}-03-31`)).toEqual([`${y}-03-30 0/0`, `${y}-03-31 0/0`]);
  });

  it('a checkout that will not be paid gives its hold back, also on a full day; a day never counted reads as empty, not negative', async () => {
    const y = year();
    const s = stay(`${y}-01-10`, `${y}-01-11`);
    expect(await write(occ.holdPlaces(s, 1, AT))).toBe('written');
    expect(await occ.fullDatesAmong([`${y}-01-10`, `${y}-01-11`], 1, true)).toEqual([`${y}-01-10`, `${y}-01-11`]);
    expect(await write(occ.releaseHeldPlaces(s, AT))).toBe('written');
    expect(await counts(`${y}-01-10`, `${y}-01-11`)).toEqual([`${y}-01-10 0/0`, `${y}-01-11 0/0`]);
    expect(await occ.fullDatesAmong([`${y}-01-10`, `${y}-01-11`], 1, true)).toEqual([]);
    // Given back twice (a bug elsewhere) the counter goes below zero; the reading never shows fewer than none.
    expect(await write(occ.releaseHeldPlaces(stay(`${y}-01-10`, `${y}-01-10`), AT))).toBe('written');
    expect(await counts(`${y}-01-10`, `${y}-01-10`)).toEqual([`${y}-01-10 0/0`]);
  });

  it('capacity 2: two stays fit, the third is refused and nothing of it is written, on any of its dates', async () => {
    const y = year();
    expect(await write(occ.holdPlaces(stay(`${y}-01-05`, `${y}-01-06`), 2, AT))).toBe('written');
    expect(await write(occ.movePlaces(null, stay(`${y}-01-06`, `${y}-01-07`), 2, AT))).toBe('written');
    // 01-06 is full now; a stay over 01-05..01-06 still has room on 01-05 but not on 01-06.
    expect(await write(occ.holdPlaces(stay(`${y}-01-04`, `${y}-01-06`), 2, AT))).toBe('TransactionCanceledException');
    expect(await write(occ.movePlaces(null, stay(`${y}-01-06`, `${y}-01-06`), 2, AT))).toBe('TransactionCanceledException');
    expect(await counts(`${y}-01-04`, `${y}-01-07`)).toEqual([`${y}-01-04 0/0`, `${y}-01-05 1/1`, `${y}-01-06 2/1`, `${y}-01-07 1/0`]);
    // The last place of 01-05 and 01-07 can still be taken.
    expect(await write(occ.movePlaces(null, stay(`${y}-01-07`, `${y}-01-07`), 2, AT))).toBe('written');
    expect(await write(occ.holdPlaces(stay(`${y}-01-05`, `${y}-01-05`), 2, AT))).toBe('written');
    expect(await occ.fullDatesAmong([`${y}-01-07`, `${y}-01-04`, `${y}-01-06`, `${y}-01-05`], 2, true)).toEqual([`${y}-01-05`, `${y}-01-06`, `${y}-01-07`]);
    expect(await occ.fullDatesAmong([`${y}-01-04`], 2, true)).toEqual([]);
    expect(await occ.fullDatesAmong([], 2, true)).toEqual([]);
  });

  it('a paid checkout that held nothing takes its places even on a full day (the car may come); the day then reads over capacity', async () => {
    const y = year();
    expect(await write(occ.movePlaces(null, stay(`${y}-02-14`, `${y}-02-14`), 1, AT))).toBe('written');
    expect(await write(occ.takePlacesUnconditionally(stay(`${y}-02-13`, `${y}-02-14`), AT))).toBe('written');
    expect(await counts(`${y}-02-13`, `${y}-02-14`)).toEqual([`${y}-02-13 1/0`, `${y}-02-14 2/0`]);
    expect(await occ.fullDatesAmong([`${y}-02-13`, `${y}-02-14`], 1, true)).toEqual([`${y}-02-13`, `${y}-02-14`]);
  });
});

describe('unpaid holds per day', () => {
  it('with 2 unpaid holds a day allowed, a third hold is refused even with places free; a paid one makes room again', async () => {
    process.env.UNPAID_HOLDS_PER_DAY = '2';
    const y = year();
    const s = stay(`${y}-01-20`, `${y}-01-21`);
    expect(await write(occ.holdPlaces(s, 10, AT))).toBe('written');
    expect(await write(occ.holdPlaces(stay(`${y}-01-21`, `${y}-01-21`), 10, AT))).toBe('written');
    expect(await occ.holdsFullAmong([`${y}-01-21`, `${y}-01-20`], 10, true)).toEqual([`${y}-01-21`]);
    expect(await write(occ.holdPlaces(stay(`${y}-01-20`, `${y}-01-21`), 10, AT))).toBe('TransactionCanceledException');
    // A stay not yet paid for is no hold limit's business: a staff booking takes the place.
    expect(await write(occ.movePlaces(null, stay(`${y}-01-21`, `${y}-01-21`), 10, AT))).toBe('written');
    expect(await write(occ.keepHeldPlaces(s, AT))).toBe('written');
    expect(await occ.holdsFullAmong([`${y}-01-20`, `${y}-01-21`], 10, true)).toEqual([]);
    expect(await write(occ.holdPlaces(stay(`${y}-01-21`, `${y}-01-21`), 10, AT))).toBe('written');
    expect(await counts(`${y}-01-20`, `${y}-01-21`)).toEqual([`${y}-01-20 1/0`, `${y}-01-21 4/2`]);
    expect(await occ.holdsFullAmong([], 10, true)).toEqual([]);
  });

  it('the limit is 5% of the capacity, at least 3, unless UNPAID_HOLDS_PER_DAY fixes it; a setting that is not a number is refused', () => {
    expect(occ.unpaidHoldLimit(300, {})).toBe(15);
    expect(occ.unpaidHoldLimit(301, {})).toBe(16);
    expect(occ.unpaidHoldLimit(20, {})).toBe(3);
    expect(occ.unpaidHoldLimit(300, { UNPAID_HOLDS_PER_DAY: ' ' })).toBe(15);
    expect(occ.unpaidHoldLimit(300, { UNPAID_HOLDS_PER_DAY: ' 40 ' })).toBe(40);
    for (const bad of ['4.5', '-1', 'ten', '12345678']) expect(() => occ.unpaidHoldLimit(300, { UNPAID_HOLDS_PER_DAY: bad }), bad).toThrow(`UNPAID_HOLDS_PER_DAY must be a whole number of places, not "${bad}"`);
  });
});

describe('moving a stay', () => {
  it('gives back the dates it leaves, takes the ones it newly covers, and is refused only when one of those is full', async () => {
    const y = year();
    const before = stay(`${y}-01-01`, `${y}-01-03`);
    expect(await write(occ.movePlaces(null, before, 2, AT))).toBe('written');
    // Another booking fills 01-03 and 01-05.
    expect(await write(occ.movePlaces(null, stay(`${y}-01-03`, `${y}-01-03`), 2, AT))).toBe('written');
    expect(await write(occ.movePlaces(null, stay(`${y}-01-05`, `${y}-01-05`), 2, AT))).toBe('written');
    expect(await write(occ.movePlaces(null, stay(`${y}-01-05`, `${y}-01-05`), 2, AT))).toBe('written');
    // 01-03 is full but already this stay's: moving to 01-02..01-04 fits.
    const after = stay(`${y}-01-02`, `${y}-01-04`);
    expect(await write(occ.movePlaces(before, after, 2, AT))).toBe('written');
    expect(await counts(`${y}-01-01`, `${y}-01-05`)).toEqual([`${y}-01-01 0/0`, `${y}-01-02 1/0`, `${y}-01-03 2/0`, `${y}-01-04 1/0`, `${y}-01-05 2/0`]);
    // To 01-04..01-05: 01-05 is full, so nothing moves.
    expect(await write(occ.movePlaces(after, stay(`${y}-01-04`, `${y}-01-05`), 2, AT))).toBe('TransactionCanceledException');
    expect(await counts(`${y}-01-01`, `${y}-01-05`)).toEqual([`${y}-01-01 0/0`, `${y}-01-02 1/0`, `${y}-01-03 2/0`, `${y}-01-04 1/0`, `${y}-01-05 2/0`]);
    // The same dates: no write at all. Cancelled: every date given back.
    expect(occ.movePlaces(after, after, 2, AT)).toEqual([]);
    expect(await write(occ.movePlaces(after, null, 2, AT))).toBe('written');
    expect(await counts(`${y}-01-01`, `${y}-01-05`)).toEqual([`${y}-01-01 0/0`, `${y}-01-02 0/0`, `${y}-01-03 1/0`, `${y}-01-04 0/0`, `${y}-01-05 2/0`]);
  });
});

describe('a recount', () => {
  it('counts each date of each stay once, and the open checkouts among them as held, per month item', () => {
    const months = occ.recountedMonths(
      [
        { stay: stay('2300-01-31', '2300-02-01'), held: true },
        { stay: stay('2300-01-31', '2300-01-31'), held: false },
        { stay: stay('2300-01-30', '2300-01-31'), held: true },
      ],
      AT,
    );
    expect(months).toEqual([
      { ...keys.occupancyMonth('2300-01'), type: 'occupancy', month: '2300-01', updatedAt: AT, d31: 3, h31: 2, d30: 1, h30: 1 },
      { ...keys.occupancyMonth('2300-02'), type: 'occupancy', month: '2300-02', updatedAt: AT, d01: 1, h01: 1 },
    ]);
  });
});
