/**
 * The re-index's pure parts: which derived items a booking should have (built by the store's builders) and the
 * puts and deletes that get there from what a scan found; the counters and the occupancy recounted as the app's
 * transactions keep them; and the operator's report. The writes themselves are tested against the emulators
 * (tests/integration/reindex.test.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planBooking, derivedItemsOf, type BookingPlan } from '../../functions/maintenance/reindex-bookings';
import { counterChanges, isStatsCounter, recountCounters, recountedDayItems, recountedStatsItem, revenueOf } from '../../functions/maintenance/reindex-counters';
import { occupancyStays, recountedOccupancy } from '../../functions/maintenance/reindex-occupancy';
import { reportLines } from '../../functions/maintenance/reindex-report';
import { addToSnapshot, emptySnapshot, fingerprint, type DerivedRef, type ScannedBooking } from '../../functions/maintenance/reindex-snapshot';
import type { PassReport } from '../../functions/maintenance/reindex';
import { confirmedIndexKeys } from '../../functions/store/bookings';
import { keys } from '../../functions/store/keys';
import type { Item } from '../../functions/store/table';
import type { Booking, BookingStatus } from '../../shared/records';
import { bookingRecord } from '../support/booking-record';

const ID = '11111111-2222-4333-8444-555555555555';
const AT = '2030-03-05T00:00:00.000Z';

function scanned(overrides: Partial<Booking> = {}, index?: Record<string, unknown>): ScannedBooking {
  const booking = bookingRecord({ id: ID, ...overrides });
  return { booking, seen: { exists: true, updatedAt: booking.updatedAt }, index: index ?? confirmedIndexKeys(booking) };
}

/** The derived items as a scan of a table where they are all right would find them. */
const foundFor = (b: Booking): DerivedRef[] => derivedItemsOf(b).map((d) => ({ kind: d.kind, key: { pk: d.item.pk, sk: d.item.sk }, bookingId: b.id, fingerprint: fingerprint(d.item) }));

describe('a booking\'s derived items', () => {
  it('are its two day-sheet entries, its search tokens and its bay entry, built by the store', () => {
    const b = bookingRecord({ id: ID, parkingBayNumber: 'A7' });
    const items = derivedItemsOf(b);
    expect(items.filter((i) => i.kind === 'dayEntry').map((i) => i.item.sk)).toEqual([`DROPOFF#09:00#${ID}`, `PICKUP#11:30#${ID}`]);
    expect(items.find((i) => i.kind === 'dayEntry')!.item).toMatchObject({ pk: 'DAY#2030-03-10', status: 'reservation', dropOffAt: '2030-03-10T09:00', pickUpAt: '2030-03-17T11:30', createdAt: b.createdAt, parkingBayNumber: 'A7', balanceDueCents: 0 });
    expect(items.filter((i) => i.kind === 'searchToken').map((i) => i.item.sk)).toEqual(expect.arrayContaining([`ngata#${ID}`, `aroha ngata#${ID}`, `kta123#${ID}`, `rp-7k3m9q#${ID}`]));
    expect(items.filter((i) => i.kind === 'bayEntry').map((i) => i.item)).toEqual([expect.objectContaining({ ...keys.bayEntry('A7', '2030-03-10T09:00', ID), status: 'reservation' })]);
  });

  it("and its payment intent's pointer to it, for charge.refunded", () => {
    const b = bookingRecord({ id: ID });
    expect(derivedItemsOf(b).filter((i) => i.kind === 'paymentIntent').map((i) => i.item)).toEqual([{ ...keys.paymentIntent(b.payment!.paymentIntent!), type: 'payment_intent', bookingId: ID, createdAt: b.confirmedAt ?? b.payment!.paidAt }]);
  });

  it('and a pointer for each balance paid online (its own payment intent), none for cash or a refund', () => {
    const b = bookingRecord({
      id: ID,
      ledger: [
        { id: 'l1', at: '2030-03-01T00:00:00.000Z', by: 'customer', kind: 'payment', amountCents: 5000, note: 'Balance paid online', method: 'online', sessionId: 'cs_bal', paymentIntent: 'pi_bal' },
        { id: 'l2', at: '2030-03-02T00:00:00.000Z', by: 'admin', kind: 'payment', amountCents: 1000, note: 'Cash', method: 'cash' },
        { id: 'l3', at: '2030-03-03T00:00:00.000Z', by: 'admin', kind: 'refund', amountCents: -1000, note: 'Refund', status: 'succeeded' },
      ],
    });
    expect(derivedItemsOf(b).filter((i) => i.kind === 'paymentIntent').map((i) => i.item)).toEqual([
      { ...keys.paymentIntent(b.payment!.paymentIntent!), type: 'payment_intent', bookingId: ID, createdAt: b.confirmedAt ?? b.payment!.paidAt },
      { ...keys.paymentIntent('pi_bal'), type: 'payment_intent', bookingId: ID, createdAt: '2030-03-01T00:00:00.000Z' },
    ]);
  });

  it("of a cancelled booking are its cancelled day entries (off the sheet), search tokens and payment pointer, no bay; a booking never paid has none", () => {
    const kinds = (b: Booking) => [...new Set(derivedItemsOf(b).map((i) => i.kind))];
    const cancelled = bookingRecord({ id: ID, status: 'cancelled', parkingBayNumber: 'A7' });
    expect(kinds(cancelled)).toEqual(['dayEntry', 'searchToken', 'paymentIntent']);
    expect(derivedItemsOf(cancelled).filter((i) => i.kind === 'dayEntry').map((i) => i.item.sk)).toEqual([`CANCELLED#DROPOFF#09:00#${ID}`, `CANCELLED#PICKUP#11:30#${ID}`]);
    for (const status of ['pending_payment', 'expired', 'payment_failed'] as BookingStatus[]) expect(derivedItemsOf(bookingRecord({ status }))).toEqual([]);
  });
});

describe('planBooking', () => {
  it('leaves a booking alone when everything found is right', () => {
    const s = scanned({ parkingBayNumber: 'B2', status: 'checkin' });
    expect(planBooking(ID, s, foundFor(s.booking))).toBeNull();
  });

  it('puts entries missing or written before their newer fields, and sets index keys written before the status index', () => {
    const s = scanned({ status: 'checkout' }, { ...confirmedIndexKeys(bookingRecord({ id: ID })), gsi3pk: undefined, gsi3sk: undefined });
    const found = foundFor(s.booking);
    const oldEntry = derivedItemsOf(s.booking)[0]!.item;
    const { status: _s, dropOffAt: _d, pickUpAt: _p, createdAt: _c, parkingBayNumber: _b, balanceDueCents: _bal, ...stripped } = oldEntry;
    found[0] = { ...found[0]!, fingerprint: fingerprint(stripped) };
    const withoutPickUp = found.filter((f) => !f.key.sk.startsWith('PICKUP#'));
    const plan = planBooking(ID, s, withoutPickUp)!;
    expect(plan.puts.map((p) => p.sk)).toEqual([`DROPOFF#09:00#${ID}`, `PICKUP#11:30#${ID}`]);
    expect(plan.puts[0]).toMatchObject({ status: 'checkout' });
    expect(plan.deletes).toEqual([]);
    expect(plan.indexKeys).toEqual(confirmedIndexKeys(s.booking));
    expect(plan.indexKeys!.gsi3pk).toBe('STATUS#checkout#2030-03');
    expect(plan.counts.dayEntry).toEqual({ put: 2, deleted: 0 });
    expect(plan.seen).toEqual({ exists: true, updatedAt: s.booking.updatedAt });
  });

  it('deletes what points at the booking but no longer matches: an old date, an old registration, a cancelled booking\'s sheet and bay', () => {
    const now = scanned({ dropOffDate: '2030-03-11', carRegistration: 'NEW1' });
    const before = bookingRecord({ id: ID, parkingBayNumber: null });
    const plan = planBooking(ID, now, foundFor(before))!;
    expect(plan.deletes).toEqual(expect.arrayContaining([keys.dayDropOff('2030-03-10', '09:00', ID), keys.searchToken('booking', 'kta123', ID)]));
    expect(plan.puts.map((p) => p.sk)).toEqual(expect.arrayContaining([`DROPOFF#09:00#${ID}`, `new1#${ID}`]));

    const cancelled = scanned({ status: 'cancelled', parkingBayNumber: 'C3' });
    const wasOn = foundFor(bookingRecord({ id: ID, parkingBayNumber: 'C3' }));
    const gone = planBooking(ID, cancelled, wasOn)!;
    expect(gone.deletes.map((d) => `${d.pk} ${d.sk}`).sort()).toEqual([`BAY#C3 2030-03-10T09:00#${ID}`, `DAY#2030-03-10 DROPOFF#09:00#${ID}`, `DAY#2030-03-17 PICKUP#11:30#${ID}`]);
    expect(gone.puts.filter((p) => p.type === 'day_sheet_entry').map((p) => p.sk)).toEqual([`CANCELLED#DROPOFF#09:00#${ID}`, `CANCELLED#PICKUP#11:30#${ID}`]);
    expect(gone.counts).toMatchObject({ dayEntry: { put: 2, deleted: 2 }, bayEntry: { put: 0, deleted: 1 } });
    expect(gone.listed).toBe(true);
  });

  it('deletes every item left by a booking that is gone, guarded by its absence', () => {
    const found = foundFor(bookingRecord({ id: ID }));
    const plan = planBooking(ID, undefined, found)!;
    expect(plan).toMatchObject({ seen: { exists: false }, puts: [], listed: false });
    expect(plan.deletes).toHaveLength(found.length);
    expect(plan.indexKeys).toBeUndefined();
  });

  it('after its writes, a booking has exactly its items and plans nothing more, whatever was damaged', () => {
    const status = fc.constantFrom<BookingStatus>('reservation', 'checkin', 'checkout', 'cancelled');
    const bay = fc.option(fc.constantFrom('A1', 'B2'), { nil: null });
    const date = fc.integer({ min: 1, max: 24 }).map((d) => `2030-04-${String(d).padStart(2, '0')}`);
    fc.assert(
      fc.property(status, bay, date, fc.integer({ min: 0, max: 5 }), status, bay, fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }), (st, b, drop, nights, oldStatus, oldBay, keep) => {
        const now = scanned({ status: st, parkingBayNumber: b, dropOffDate: drop, pickUpDate: drop.replace(/\d\d$/, (d) => String(Number(d) + nights).padStart(2, '0')) }, {});
        // What a scan might find: the items of an older version of the booking, some of them missing.
        let found = foundFor(bookingRecord({ id: ID, status: oldStatus, parkingBayNumber: oldBay, carRegistration: 'OLD9' })).filter((_, i) => keep[i] ?? true);
        const plan = planBooking(ID, now, found) as BookingPlan;
        const deleted = new Set(plan.deletes.map((k) => `${k.pk}|${k.sk}`));
        found = found.filter((f) => !deleted.has(`${f.key.pk}|${f.key.sk}`));
        for (const put of plan.puts) {
          found = found.filter((f) => !(f.key.pk === put.pk && f.key.sk === put.sk));
          found.push({ kind: 'dayEntry', key: { pk: put.pk, sk: put.sk }, bookingId: ID, fingerprint: fingerprint(put) });
        }
        // What is left is exactly what the booking should have, and planning again finds nothing to do.
        expect(found.map((f) => `${f.key.pk}|${f.key.sk}`).sort()).toEqual(derivedItemsOf(now.booking).map((d) => `${d.item.pk}|${d.item.sk}`).sort());
        const again = planBooking(ID, { ...now, index: { ...now.index, ...plan.indexKeys } }, found);
        expect(again).toBeNull();
      }),
    );
  });
});

describe('the snapshot of a scan', () => {
  it('keeps bookings without their ledger, derived items by booking, customers, sessions and the daily counters', () => {
    const s = emptySnapshot();
    const b = bookingRecord({ id: ID, ledger: [{ id: 'l', at: AT, by: 'admin', kind: 'balance', amountCents: 100, note: 'x' }] });
    addToSnapshot(s, [
      { ...keys.booking(ID), type: 'booking', ...b, ...confirmedIndexKeys(b) } as Item,
      { ...keys.searchToken('booking', 'ngata', ID), type: 'search_token', kind: 'booking', bookingId: ID },
      { ...keys.searchToken('customer', 'ngata', 'c-1'), type: 'search_token', kind: 'customer', customerId: 'c-1' },
      { ...keys.customer('c-1'), type: 'customer', id: 'c-1', name: 'Hemi Ngata', userId: 'sub-1', updatedAt: 'u1', gsi2pk: 'CUSTOMERS', gsi2sk: 'old' },
      { ...keys.checkoutSession('cs_1'), type: 'checkout_session', sessionId: 'cs_1', expiresAt: 123 },
      { ...keys.statsDay('2030-03-01'), type: 'stats_day', date: '2030-03-01', bookings: 2 },
      { ...keys.photoCount(ID), type: 'photo_count', count: 1 },
    ]);
    expect(s.items).toBe(7);
    expect(s.bookings.get(ID)!.booking.ledger).toBeUndefined();
    expect(s.bookings.get(ID)!.index).toEqual(confirmedIndexKeys(b));
    expect(s.derived.get(ID)!.map((d) => d.kind)).toEqual(['searchToken']);
    expect(s.customers.get('c-1')).toEqual({ name: 'Hemi Ngata', hasAccount: true, listed: { gsi2pk: 'CUSTOMERS', gsi2sk: 'old' }, seen: { exists: true, updatedAt: 'u1' } });
    expect(s.sessions.get('cs_1')).toBe(123);
    expect(s.statsDays.get('2030-03-01')!.bookings).toBe(2);
  });

  it('fingerprints items the same whatever their attribute order', () => {
    expect(fingerprint({ a: 1, b: { d: [1, { y: 1, x: 2 }], c: null } })).toBe(fingerprint({ b: { c: null, d: [1, { x: 2, y: 1 }] }, a: 1 }));
    expect(fingerprint({ a: 1 })).not.toBe(fingerprint({ a: 2 }));
  });
});

describe('the counters, recounted', () => {
  const paid = (amountPaidCents: number) => ({ type: 'full' as const, amountPaidCents, balanceDueCents: 0, currency: 'nzd', paymentIntent: 'pi', sessionId: 'cs', paidAt: AT });
  const bookings = [
    bookingRecord({ id: 'a', customerId: 'c1', createdAt: '2030-03-01T12:00:00.000Z', confirmedAt: '2030-03-01T12:01:00.000Z' }),
    // A deposit booking: $10 collected, $140 due at pick-up.
    bookingRecord({ id: 'b', customerId: 'c1', status: 'checkin', totalCents: 15000, paymentType: 'deposit', payment: { ...paid(1000), type: 'deposit', balanceDueCents: 14000 }, createdAt: '2030-02-28T09:00:00.000Z', confirmedAt: '2030-02-28T09:01:00.000Z' }),
    // Cancelled: $110 paid, $90 refunded: $20 kept.
    bookingRecord({ id: 'c', customerId: 'c2', status: 'cancelled', payment: paid(2000), createdAt: '2030-03-02T01:00:00.000Z' }),
    bookingRecord({ id: 'd', customerId: 'c3', status: 'pending_payment', payment: undefined }),
    bookingRecord({ id: 'e', customerId: 'c3', status: 'expired', payment: undefined }),
  ];

  it('revenue is the current total, and what a cancellation kept', () => {
    expect(revenueOf(bookings[0]!)).toBe(11000);
    expect(revenueOf(bookings[1]!)).toBe(15000);
    expect(revenueOf(bookings[2]!)).toBe(2000);
    // $30 refunded from Stripe's dashboard (charge.refunded) lowered a live booking's total when it was recorded
    // (totalCents 8000 here): revenue is that total, the outside refund not taken off a second time.
    const refundedOutside = bookingRecord({
      totalCents: 8000,
      ledger: [
        { id: 'l1', at: AT, by: 'system', kind: 'refund', amountCents: -3000, note: 'Refunded in Stripe', status: 'succeeded', outside: true },
      ],
    });
    expect(revenueOf(refundedOutside)).toBe(8000);
  });

  it('counts listed bookings by status and month of creation, customers once, days by NZ date', () => {
    const r = recountCounters(bookings, new Map([['c1', { firstConfirmedAt: AT }], ['c2', {}], ['c3', {}]]));
    expect(r.stats).toEqual({
      bookings: 3,
      revenueCents: 28000,
      collectedCents: 11000 + 1000 + 2000,
      dueCents: 14000,
      customers: 2,
      's#reservation': 1,
      's#checkin': 1,
      's#cancelled': 1,
      'm#2030-03': 2,
      'm#2030-02': 1,
      'm#2030-03#reservation': 1,
      'm#2030-03#cancelled': 1,
      'm#2030-02#checkin': 1,
    });
    // 12:00 UTC on 1 March is 2 March in New Zealand (NZDT, +13); 01:00 UTC on 2 March is 2 March there too.
    expect(Object.fromEntries(r.days)).toEqual({ '2030-03-02': { bookings: 2, revenueCents: 13000 }, '2030-02-28': { bookings: 1, revenueCents: 15000 } });
    expect(Object.fromEntries(r.firstConfirmed)).toEqual({ c2: AT });
  });

  it('the STATS item keeps what is not a counter, zeroes counters with no bookings now and reports the drift', () => {
    const before = { ...keys.stats(), type: 'stats', bookings: 1, revenueCents: 500, 's#checkin': 4, 'm#2029-01': 3, note: 'kept', updatedAt: 'x' } as Item;
    const item = recountedStatsItem(before, { bookings: 2, revenueCents: 900, customers: 1, 's#reservation': 2 }, AT);
    expect(item).toEqual({ ...keys.stats(), type: 'stats', note: 'kept', updatedAt: AT, bookings: 2, revenueCents: 900, customers: 1, 's#reservation': 2, 's#checkin': 0, 'm#2029-01': 0 });
    expect(counterChanges(before, item, isStatsCounter)).toEqual([
      { name: 'bookings', before: 1, after: 2 },
      { name: 'revenueCents', before: 500, after: 900 },
      { name: 'customers', before: 0, after: 1 },
      { name: 'm#2029-01', before: 3, after: 0 },
      { name: 's#checkin', before: 4, after: 0 },
      { name: 's#reservation', before: 0, after: 2 },
    ]);
    expect(counterChanges(item, recountedStatsItem(item, { bookings: 2, revenueCents: 900, customers: 1, 's#reservation': 2 }, 'later'), isStatsCounter)).toEqual([]);
  });

  it('day items: only those that differ, a day with no bookings now set to 0', () => {
    const found = new Map<string, Item>([
      ['2030-01-01', { ...keys.statsDay('2030-01-01'), type: 'stats_day', date: '2030-01-01', bookings: 2, revenueCents: 100, updatedAt: 'u1' }],
      ['2030-01-02', { ...keys.statsDay('2030-01-02'), type: 'stats_day', date: '2030-01-02', bookings: 1, revenueCents: 100, updatedAt: 'u2' }],
    ]);
    const writes = recountedDayItems(found, new Map([['2030-01-02', { bookings: 1, revenueCents: 100 }], ['2030-01-03', { bookings: 1, revenueCents: 50 }]]), AT);
    expect(writes.map((w) => [w.item.date, w.item.bookings, w.item.revenueCents, w.seen])).toEqual([
      ['2030-01-01', 0, 0, { exists: true, updatedAt: 'u1' }],
      ['2030-01-03', 1, 50, { exists: false }],
    ]);
  });
});

describe('occupancy, recounted', () => {
  const now = Date.parse('2030-03-05T00:00:00Z') / 1000;
  const sessions = new Map([['cs_open', now + 600], ['cs_gone', now - 1]]);
  const stay = { dropOffDate: '2030-03-30', pickUpDate: '2030-04-02' };
  const all = [
    scanned({ id: 'r', ...stay }),
    scanned({ id: 'o', status: 'checkout', ...stay }),
    scanned({ id: 'x', status: 'cancelled', ...stay }),
    scanned({ id: 'h', status: 'pending_payment', placesHeld: true, checkoutSessionId: 'cs_open', ...stay }),
    scanned({ id: 'l', status: 'pending_payment', placesHeld: true, checkoutSessionId: 'cs_gone', ...stay }),
    scanned({ id: 'n', status: 'pending_payment', checkoutSessionId: 'cs_open', ...stay }),
    scanned({ id: 'e', status: 'expired', placesHeld: true, checkoutSessionId: 'cs_open', ...stay }),
  ];

  it('bookings not cancelled take a place each date; open checkouts that held places hold one; expired holds lapse', () => {
    const { stays, lapsed } = occupancyStays(all, sessions, now);
    expect(stays).toEqual([{ stay, held: false }, { stay, held: false }, { stay, held: true }]);
    expect(lapsed.map((s) => s.booking.id)).toEqual(['l']);
  });

  it('writes whole month items that differ, and empties a month with no stays now', () => {
    const { stays } = occupancyStays(all, sessions, now);
    const march = { ...keys.occupancyMonth('2030-03'), type: 'occupancy', month: '2030-03', d30: 3, h30: 1, d31: 3, h31: 1, updatedAt: 'm3' } as Item;
    const may = { ...keys.occupancyMonth('2030-05'), type: 'occupancy', month: '2030-05', d01: 4, updatedAt: 'm5' } as Item;
    const writes = recountedOccupancy([march, may], stays, AT);
    expect(writes.map((w) => w.month)).toEqual(['2030-04', '2030-05']);
    expect(writes[0]).toMatchObject({ seen: { exists: false }, item: { ...keys.occupancyMonth('2030-04'), month: '2030-04', d01: 3, h01: 1, d02: 3, h02: 1 } });
    expect(writes[1]!.item).toEqual({ ...keys.occupancyMonth('2030-05'), type: 'occupancy', month: '2030-05', updatedAt: AT });
    expect(writes[1]!.changes).toEqual([{ date: '2030-05-01', before: { taken: 4, held: 0 }, after: { taken: 0, held: 0 } }]);
    expect(writes[1]!.seen).toEqual({ exists: true, updatedAt: 'm5' });
  });
});

describe('the report', () => {
  const pass = (over: Partial<PassReport> = {}): PassReport => ({
    dryRun: false,
    startedAt: AT,
    scanned: { items: 12345, bookingsByStatus: { reservation: 3, cancelled: 1 } },
    bookings: { rewritten: 4, indexKeys: 2, items: { dayEntry: { put: 6, deleted: 1 }, searchToken: { put: 30, deleted: 0 }, bayEntry: { put: 0, deleted: 0 }, paymentIntent: { put: 2, deleted: 0 } }, leftovers: 0, changedDuringRun: 0 },
    customers: { firstConfirmedAt: 1, listed: 3, changedDuringRun: 0 },
    holds: { lapsed: 0, changedDuringRun: 0 },
    stats: { changes: [{ name: 'bookings', before: 0, after: 4 }], outcome: 'written' },
    days: { changes: [{ date: '2030-03-02', changes: [{ name: 'bookings', before: 0, after: 4 }] }], written: 1, changedDuringRun: 0 },
    occupancy: { changes: [{ date: '2030-03-10', before: { taken: 0, held: 0 }, after: { taken: 3, held: 0 } }], months: 1, written: 1, changedDuringRun: 0 },
    ...over,
  });

  it('counts each kind and shows the counters before -> after', () => {
    const text = reportLines({ passes: [pass()], complete: true }).join('\n');
    expect(text).toContain('Scanned 12,345 items: 4 bookings (cancelled 1, reservation 3)');
    expect(text).toMatch(/day-sheet entries\s+6 put, 1 deleted/);
    expect(text).toMatch(/index keys\s+2 bookings/);
    expect(text).toMatch(/payment intents\s+2 put, 0 deleted/);
    expect(text).toContain('STATS/BOOKINGS: written\n      bookings 0 -> 4');
    expect(text).toContain('2030-03-02  bookings 0 -> 4');
    expect(text).toContain('2030-03-10  taken 0 -> 3, held 0 -> 0');
    expect(text).toContain('Customers put in the customer list: 3');
  });

  it('says when nothing was written, and when live changes were left for another run', () => {
    expect(reportLines({ passes: [pass({ dryRun: true, stats: { changes: [], outcome: 'would write' } })], complete: true }).at(-1)).toBe('Dry run: nothing was written. Run without --dry-run to make these changes.');
    const busy = reportLines({ passes: [pass({ stats: { changes: [], outcome: 'changed during run' } })], complete: false });
    expect(busy).toContain('  STATS/BOOKINGS: changed during the run, not written');
    expect(busy.at(-1)).toMatch(/Run it again in a quieter moment/);
  });

  it('lists at most the given number of dates', () => {
    const many = pass({ occupancy: { changes: Array.from({ length: 5 }, (_, i) => ({ date: `2030-03-0${i + 1}`, before: { taken: 0, held: 0 }, after: { taken: 1, held: 0 } })), months: 1, written: 1, changedDuringRun: 0 } });
    const lines = reportLines({ passes: [many], complete: true }, 2);
    expect(lines.filter((l) => /taken 0 -> 1/.test(l))).toHaveLength(2);
    expect(lines).toContain('      ... and 3 more');
  });
});
