/**
 * Each query builder of functions/store/keys.ts finds the items the matching key builders write, and not the items
 * stored beside them in the same partition (a booking's photos beside its notes, a day's drop-offs beside its
 * pick-ups and cancelled entries). The key conditions are evaluated here as DynamoDB would.
 */
import { describe, expect, it } from 'vitest';
import { INDEX, keys, queries, type KeyCondition } from '../../functions/store/keys';

type Keyed = { [attribute: string]: string | undefined };

/** Whether DynamoDB's key condition selects an item with these attributes. */
function selects(q: KeyCondition, keyed: object): boolean {
  const item = keyed as Keyed;
  const names = q.IndexName ? { pk: `${q.IndexName}pk`, sk: `${q.IndexName}sk` } : { pk: 'pk', sk: 'sk' };
  const v = q.ExpressionAttributeValues as Record<string, string>;
  const [pkPart, skPart] = q.KeyConditionExpression.split(' AND ', 2) as [string, string | undefined];
  expect(pkPart).toBe(`${names.pk} = :pk`);
  if (item[names.pk] !== v[':pk']) return false;
  const sk = item[names.sk];
  if (skPart === undefined) return true;
  if (sk === undefined) return false;
  if (skPart === `begins_with(${names.sk}, :prefix)`) return sk.startsWith(v[':prefix']!);
  if (skPart.startsWith(`${names.sk} BETWEEN`)) return sk >= v[':from']! && sk <= v[':to']!;
  throw new Error(`unexpected key condition ${q.KeyConditionExpression}`);
}

const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
const other = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const bookingItems: object[] = [
  keys.booking(id),
  keys.photo(id, '2026-12-01T10:00:00Z', other),
  keys.photoUpload(id, other),
  keys.photoCount(id),
  keys.bookingNote(id, '2026-12-01T10:00:00Z', other),
  keys.bookingAudit(id, '2026-12-01T10:00:00Z', other),
];

describe('what each query reads', () => {
  it("a booking's photos, notes and history: each only its own kind of item", () => {
    const only = (q: KeyCondition) => bookingItems.filter((item) => selects(q, item));
    expect(only(queries.bookingPhotos(id))).toEqual([keys.photo(id, '2026-12-01T10:00:00Z', other)]);
    expect(only(queries.bookingNotes(id))).toEqual([keys.bookingNote(id, '2026-12-01T10:00:00Z', other)]);
    expect(only(queries.bookingHistory(id))).toEqual([keys.bookingAudit(id, '2026-12-01T10:00:00Z', other)]);
    expect(selects(queries.customerHistory(id), keys.customerAudit(id, '2026-12-01T10:00:00Z', other))).toBe(true);
    expect(selects(queries.customerHistory(id), keys.customer(id))).toBe(false);
    expect(selects(queries.priceRulesHistory(), keys.priceRulesChange('2026-12-01T10:00:00Z', 3))).toBe(true);
    expect(selects(queries.priceRulesHistory(), keys.priceRules())).toBe(false);
  });

  it("a day's sheet: drop-offs, pick-ups, cancelled entries and flagged notes apart", () => {
    const day = [
      keys.dayDropOff('2026-12-24', '09:00', id),
      keys.dayPickUp('2026-12-24', '17:30', other),
      keys.dayCancelled('dropoff', '2026-12-24', '10:00', other),
      keys.dayNote('2026-12-24', '2026-12-20T01:00:00Z', other),
      keys.dayDropOff('2026-12-25', '09:00', other),
    ];
    const only = (q: KeyCondition) => day.filter((item) => selects(q, item));
    expect(only(queries.daySheet('2026-12-24', 'dropoff'))).toEqual([day[0]]);
    expect(only(queries.daySheet('2026-12-24', 'pickup'))).toEqual([day[1]]);
    expect(only(queries.daySheet('2026-12-24', 'dropoff', 'cancelled'))).toEqual([day[2]]);
    expect(only(queries.dayNotes('2026-12-24'))).toEqual([day[3]]);
  });

  it("an owner's bookings on the by-owner index, and only those dropping off in the window", () => {
    const mine = keys.bookingByUser('sub-1', '2026-12-24', '09:00', id);
    const guest = keys.bookingByCustomer(other, '2026-12-31', '23:30', id);
    expect(queries.bookingsOf({ userId: 'sub-1' }).IndexName).toBe('gsi1');
    expect(INDEX.byOwner).toBe('gsi1');
    expect(selects(queries.bookingsOf({ userId: 'sub-1' }), mine)).toBe(true);
    expect(selects(queries.bookingsOf({ userId: 'sub-2' }), mine)).toBe(false);
    expect(selects(queries.bookingsOf({ customerId: other }), guest)).toBe(true);
    expect(selects(queries.bookingsOf({ userId: 'sub-1' }), keys.customerByUser('sub-1', '2026-01-01T00:00:00Z'))).toBe(false);
    // Both ends of the window count, whatever the time of day on the last date.
    expect(selects(queries.bookingsOfDroppingOff({ customerId: other }, '2026-12-31', '2026-12-31'), guest)).toBe(true);
    expect(selects(queries.bookingsOfDroppingOff({ userId: 'sub-1' }, '2026-12-25', '2027-01-10'), mine)).toBe(false);
    expect(selects(queries.customersOfAccount('sub-1'), keys.customerByUser('sub-1', '2026-01-01T00:00:00Z'))).toBe(true);
    expect(selects(queries.customersOfAccount('sub-1'), mine)).toBe(false);
  });

  it("the admin's lists read one month of the by-month or by-status index", () => {
    const byMonth = keys.bookingByMonth('2026-12-01T00:00:00Z', id);
    const byStatus = keys.bookingByStatus('reservation', '2026-12-01T00:00:00Z', id);
    expect(selects(queries.listMonth('gsi2', byMonth.gsi2pk), byMonth)).toBe(true);
    expect(selects(queries.listMonth('gsi3', byStatus.gsi3pk), byStatus)).toBe(true);
    expect(selects(queries.listMonth('gsi3', keys.bookingByStatus('checkin', '2026-12-01T00:00:00Z', id).gsi3pk), byStatus)).toBe(false);
    // The customer list shares the by-month index in a partition of its own: neither list reads the other's items.
    const listed = keys.customerListEntry('aroha ngata', id);
    expect(selects(queries.customerList(), listed)).toBe(true);
    expect(selects(queries.customerList(), byMonth)).toBe(false);
    expect(selects(queries.listMonth('gsi2', byMonth.gsi2pk), listed)).toBe(false);
  });

  it('search tokens by prefix, occupancy months by range, a bay by drop-off, the queue and refunds in flight', () => {
    expect(selects(queries.searchTokens('booking', 'smi'), keys.searchToken('booking', 'smith', id))).toBe(true);
    expect(selects(queries.searchTokens('booking', 'smi'), keys.searchToken('customer', 'smith', id))).toBe(false);
    expect(selects(queries.searchTokens('booking', 'smi'), keys.searchToken('booking', 'smyth', id))).toBe(false);
    expect(selects(queries.occupancyMonths('2026-11', '2027-01'), keys.occupancyMonth('2026-12'))).toBe(true);
    expect(selects(queries.occupancyMonths('2026-11', '2027-01'), keys.occupancyMonth('2027-02'))).toBe(false);
    expect(selects(queries.occupancyMonths('2026-11', '2027-01'), keys.yardSettings())).toBe(false);
    expect(selects(queries.bayBookings('B12', '2026-12-01', '2026-12-24T09:00'), keys.bayEntry('B12', '2026-12-20T09:00', id))).toBe(true);
    expect(selects(queries.bayBookings('B12', '2026-12-01', '2026-12-24T09:00'), keys.bayEntry('B12', '2026-12-24T10:00', id))).toBe(false);
    expect(selects(queries.pickupQueue('2026-12-24'), keys.pickupQueueEntry('2026-12-24', id))).toBe(true);
    expect(selects(queries.pickupQueue('2026-12-24'), keys.pickupQueueEntry('2026-12-25', id))).toBe(false);
    expect(selects(queries.refundQueue(), keys.refundRequest(id))).toBe(true);
  });
});
