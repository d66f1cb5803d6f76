/** The admin list's state in the address: read forgivingly, written without defaults, page reset on change. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adminBookingsQuerySchema, adminSorts, adminTabs, statusFilters } from '../../shared/admin';
import { ariaSort, changeList, nextSort, readListState, toQuery, writeListState, type ListState } from '../../web/src/features/admin/list-params';

const read = (search: string) => readListState(new URLSearchParams(search));

describe('admin list address', () => {
  it('a bare /admin is the All tab, page 1, nothing filtered', () => {
    expect(read('')).toEqual({ tab: 'all', q: '', status: 'all', dropOffFrom: null, dropOffTo: null, pickUpFrom: null, pickUpTo: null, sort: null, openClaims: false, page: 1 });
    expect(writeListState(read('')).toString()).toBe('');
  });

  it('falls back to defaults for values it does not know', () => {
    const state = read('tab=nope&status=closed&sort=sideways&page=0&dropOffFrom=2026-02-30&pickUpTo=tomorrow');
    expect(state).toEqual(read(''));
    expect(read('page=2.5').page).toBe(1);
    expect(read('page=-3').page).toBe(1);
    expect(read('claims=closed').openClaims).toBe(false);
  });

  it('keeps the open-claims filter in the address and asks for it only on the All tab', () => {
    const state = read('claims=open');
    expect(state.openClaims).toBe(true);
    expect(writeListState(state).toString()).toBe('claims=open');
    expect(toQuery(state).claims).toBe('open');
    expect(toQuery({ ...state, tab: 'pickups' }).claims).toBeUndefined();
  });

  it('keeps what the list does not own (the checkout return) and drops defaults', () => {
    const state: ListState = { ...read(''), tab: 'pickups', q: ' smith ', status: 'checkin', dropOffFrom: '2026-03-01', sort: 'pickup_desc', page: 3 };
    const out = writeListState(state, new URLSearchParams('session_id=cs_1&page=9'));
    expect(Object.fromEntries(out)).toEqual({ session_id: 'cs_1', tab: 'pickups', q: 'smith', status: 'checkin', dropOffFrom: '2026-03-01', sort: 'pickup_desc', page: '3' });
  });

  it('any change but the page starts again at page 1', () => {
    const on5 = { ...read(''), page: 5 };
    expect(changeList(on5, { q: 'x' }).page).toBe(1);
    expect(changeList(on5, { tab: 'dropoffs' }).page).toBe(1);
    expect(changeList(on5, { dropOffTo: '2026-01-01' })).toMatchObject({ page: 1, dropOffTo: '2026-01-01' });
  });

  it('asks for the status and dates only on the All tab', () => {
    const state: ListState = { ...read(''), q: 'kia', status: 'checkout', pickUpFrom: '2026-05-01', sort: 'dropoff_asc', page: 2 };
    expect(toQuery(state)).toEqual({ tab: 'all', q: 'kia', status: 'checkout', pickUpFrom: '2026-05-01', sort: 'dropoff_asc', page: '2', pageSize: '25' });
    expect(toQuery({ ...state, tab: 'pickups' })).toEqual({ tab: 'pickups', q: 'kia', sort: 'dropoff_asc', page: '2', pageSize: '25' });
  });

  it('sorting a column starts ascending and then flips', () => {
    expect(nextSort(null, 'dropoff')).toBe('dropoff_asc');
    expect(nextSort('dropoff_asc', 'dropoff')).toBe('dropoff_desc');
    expect(nextSort('dropoff_desc', 'dropoff')).toBe('dropoff_asc');
    expect(nextSort('dropoff_desc', 'pickup')).toBe('pickup_asc');
    expect([ariaSort('pickup_desc', 'pickup'), ariaSort('pickup_desc', 'dropoff')]).toEqual(['descending', undefined]);
  });

  it('any state survives the address, and what it asks is a query the API accepts (dates in order)', () => {
    const date = fc.integer({ min: 0, max: 3000 }).map((d) => new Date(Date.UTC(2025, 0, 1) + d * 86_400_000).toISOString().slice(0, 10));
    const state = fc.record({
      tab: fc.constantFrom(...adminTabs),
      q: fc.string({ maxLength: 20 }).map((s) => s.trim()),
      status: fc.constantFrom('all' as const, ...statusFilters),
      dropOffFrom: fc.option(date, { nil: null }),
      dropOffTo: fc.option(date, { nil: null }),
      pickUpFrom: fc.option(date, { nil: null }),
      pickUpTo: fc.option(date, { nil: null }),
      sort: fc.option(fc.constantFrom(...adminSorts), { nil: null }),
      openClaims: fc.boolean(),
      page: fc.integer({ min: 1, max: 500 }),
    });
    fc.assert(
      fc.property(state, (s) => {
        expect(readListState(writeListState(s))).toEqual(s);
        const ordered = (a: string | null, b: string | null) => !a || !b || a <= b;
        const parsed = adminBookingsQuerySchema.safeParse(toQuery(s));
        expect(parsed.success).toBe(s.tab !== 'all' || (ordered(s.dropOffFrom, s.dropOffTo) && ordered(s.pickUpFrom, s.pickUpTo)));
      }),
    );
  });
});
