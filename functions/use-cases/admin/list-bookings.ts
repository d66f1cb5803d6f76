/**
 * The admin's booking lists (docs/admin.md; docs/data-model.md, 'How each admin request is bounded'). Each request picks the
 * smallest set its filters name, and never reads the table as a whole:
 * - the upcoming tabs: today's and tomorrow's day-sheet entries;
 * - a search: at most SEARCH_MATCH_LIMIT matching bookings;
 * - a date range: the day-sheet entries of each date in it (at most MAX_RANGE_DAYS dates);
 * - a status alone: that status's list month by month; nothing: every booking month by month;
 * - open claims: the bookings in the open damage claims' partition (with any other filter applied to them).
 * Counts come from the same set, or from the counters for the month-by-month lists.
 */
import { ADMIN_PAGE_SIZE, MAX_RANGE_DAYS, SEARCH_MATCH_LIMIT, adminMessages, type AdminBookingsQuery, type AdminBookingsResponse, type AdminSort } from '../../../shared/admin';
import { searchNeedles, searchTokensOf } from '../../../shared/booking';
import { addDays, isCalendarDate, nzToday } from '../../../shared/nz-time';
import { isListed, type Booking } from '../../../shared/records';
import { badRequest } from '../../domain/errors';
import { allBookingsPartition, getBookings, pageAcrossMonths, searchBookingIds, statusPartition, walkAcrossMonths, type MonthCount } from '../../store/admin-lists';
import { listOpenClaims } from '../../store/claims';
import { readStats } from '../../store/counters';
import { dayEntries, type DayEntry, type DayKind } from '../../store/day-sheet';
import { toCustomerBooking } from '../booking/booking-wire';
import * as clock from '../../lib/clock';

/** What a row is sorted and filtered by, whether it comes from a booking or a day-sheet entry. */
interface Row {
  id: string;
  status: string;
  dropOffAt: string;
  pickUpAt: string;
  createdAt: string;
}

const rowOfBooking = (b: Booking): Row => ({ id: b.id, status: b.status, dropOffAt: `${b.dropOffDate}T${b.dropOffTime}`, pickUpAt: `${b.pickUpDate}T${b.pickUpTime}`, createdAt: b.createdAt });
const rowOfEntry = (e: DayEntry): Row => ({
  id: e.bookingId,
  status: e.status ?? 'reservation',
  dropOffAt: e.dropOffAt ?? (e.kind === 'dropoff' ? `${e.date}T${e.time}` : ''),
  pickUpAt: e.pickUpAt ?? (e.kind === 'pickup' ? `${e.date}T${e.time}` : ''),
  createdAt: e.createdAt ?? '',
});

function compareBy(sort: AdminSort | undefined, fallback: (a: Row, b: Row) => number) {
  if (!sort) return fallback;
  const field = sort.startsWith('dropoff') ? 'dropOffAt' : 'pickUpAt';
  const sign = sort.endsWith('asc') ? 1 : -1;
  return (a: Row, b: Row) => sign * (a[field].localeCompare(b[field]) || a.id.localeCompare(b.id));
}
const newestFirst = (a: Row, b: Row) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

interface Range {
  kind: DayKind;
  from: string;
  to: string;
}

/** A range with one end given covers MAX_RANGE_DAYS days from (or up to) it; a longer range is refused. */
function rangeOf(kind: DayKind, from: string | undefined, to: string | undefined, field: string): Range | null {
  if (!from && !to) return null;
  for (const [name, value] of [[`${field}From`, from], [`${field}To`, to]] as const) {
    if (value && !isCalendarDate(value)) throw badRequest('Invalid date or time format', { [name]: 'Invalid date or time format' });
  }
  const start = from ?? addDays(to!, -(MAX_RANGE_DAYS - 1));
  const end = to ?? addDays(from!, MAX_RANGE_DAYS - 1);
  if (addDays(start, MAX_RANGE_DAYS - 1) < end) throw badRequest(adminMessages.rangeTooLong, { [`${field}To`]: adminMessages.rangeTooLong });
  return { kind, from: start, to: end };
}

function datesOf(r: Range): string[] {
  const out: string[] = [];
  for (let d = r.from; d <= r.to; d = addDays(d, 1)) out.push(d);
  return out;
}

const within = (at: string, r: Range | null) => !r || (at.slice(0, 10) >= r.from && at.slice(0, 10) <= r.to);

/**
 * Day-sheet entries of every date in the range, a few dates at a time: the sheet's own for a live status, the
 * cancelled bookings' for Cancelled, both for All (a cancelled booking leaves the sheet, not the list).
 */
async function entriesOf(r: Range, status: AdminBookingsQuery['status']): Promise<DayEntry[]> {
  const sets = status === 'all' ? (['sheet', 'cancelled'] as const) : status === 'cancelled' ? (['cancelled'] as const) : (['sheet'] as const);
  const reads = datesOf(r).flatMap((d) => sets.map((set) => () => dayEntries(d, r.kind, set)));
  const out: DayEntry[] = [];
  for (let i = 0; i < reads.length; i += 16) {
    const batch = await Promise.all(reads.slice(i, i + 16).map((read) => read()));
    out.push(...batch.flat());
  }
  return out;
}

function matchesSearch(b: Booking, needles: readonly string[]): boolean {
  const tokens = searchTokensOf({ ...b.customer, carRegistration: b.carRegistration ?? undefined, bookingReference: b.bookingReference });
  return tokens.some((t) => needles.some((n) => t.startsWith(n)));
}

interface Selected {
  rows: Row[];
  /** Bookings already read (search and upcoming tabs with a search), so the page need not read them again. */
  read?: Map<string, Booking>;
  truncated: boolean;
}

async function upcoming(kind: DayKind, needles: readonly string[], now: Date): Promise<Selected> {
  const today = nzToday(now);
  const entries = (await Promise.all([dayEntries(today, kind), dayEntries(addDays(today, 1), kind)])).flat();
  if (needles.length === 0) return { rows: entries.map(rowOfEntry), truncated: false };
  // A quick search within two days' entries: read those bookings (at most two days of the yard) and match them.
  const bookings = (await getBookings(entries.map((e) => e.bookingId))).filter((b) => isListed(b) && matchesSearch(b, needles));
  return { rows: bookings.map(rowOfBooking), read: new Map(bookings.map((b) => [b.id, b])), truncated: false };
}

/** The bookings with a damage claim not yet decided: the open claims' partition, then their bookings (one row each). */
async function withOpenClaims(needles: readonly string[]): Promise<Selected> {
  const ids = [...new Set((await listOpenClaims()).map((c) => c.bookingId))];
  const bookings = (await getBookings(ids)).filter((b) => isListed(b) && (needles.length === 0 || matchesSearch(b, needles)));
  return { rows: bookings.map(rowOfBooking), read: new Map(bookings.map((b) => [b.id, b])), truncated: false };
}

async function searched(needles: readonly string[]): Promise<Selected> {
  const { ids, truncated } = await searchBookingIds(needles, SEARCH_MATCH_LIMIT);
  const bookings = (await getBookings(ids)).filter(isListed);
  return { rows: bookings.map(rowOfBooking), read: new Map(bookings.map((b) => [b.id, b])), truncated };
}

/** Time order for the day-based lists (the yard's view); newest booked first for a search. */
function defaultSort(tab: AdminBookingsQuery['tab'], searching: boolean, dropOffRange: Range | null): AdminSort | undefined {
  if (tab === 'pickups') return 'pickup_asc';
  if (tab === 'dropoffs') return 'dropoff_asc';
  if (searching) return undefined;
  return dropOffRange ? 'dropoff_asc' : 'pickup_asc';
}

/** The list a query selects when a tab, search or date range bounds it: its rows filtered and sorted; null for the month-by-month lists. */
async function boundedList(q: AdminBookingsQuery, now: Date): Promise<Selected | null> {
  const needles = searchNeedles(q.q ?? '');
  const searching = needles.length > 0;
  const dropOffRange = rangeOf('dropoff', q.dropOffFrom, q.dropOffTo, 'dropOff');
  const pickUpRange = rangeOf('pickup', q.pickUpFrom, q.pickUpTo, 'pickUp');
  if (q.tab === 'all' && !searching && !dropOffRange && !pickUpRange && !q.claims) return null;
  let selected: Selected;
  if (q.claims === 'open') selected = await withOpenClaims(needles);
  else if (q.tab !== 'all') selected = await upcoming(q.tab === 'pickups' ? 'pickup' : 'dropoff', needles, now);
  else if (searching) selected = await searched(needles);
  else selected = { rows: (await entriesOf((dropOffRange ?? pickUpRange)!, q.status)).map(rowOfEntry), truncated: false };
  const statusOk = (r: Row) => q.status === 'all' || r.status === q.status;
  const fallback = compareBy(defaultSort(q.tab, searching, dropOffRange), newestFirst);
  const rows = selected.rows.filter((r) => statusOk(r) && within(r.dropOffAt, dropOffRange) && within(r.pickUpAt, pickUpRange)).sort(compareBy(q.sort, fallback));
  return { ...selected, rows };
}

/** The month-by-month list (all bookings, or one status), newest first: its index, partitions and months from the counters. */
async function monthList(q: AdminBookingsQuery) {
  const stats = await readStats();
  const counts = q.status === 'all' ? stats.months : (stats.statusMonths.get(q.status) ?? new Map<string, number>());
  const months: MonthCount[] = [...counts.entries()].filter(([, n]) => n > 0).map(([month, count]) => ({ month, count })).sort((a, b) => b.month.localeCompare(a.month));
  const index = q.status === 'all' ? ('gsi2' as const) : ('gsi3' as const);
  const partition = q.status === 'all' ? allBookingsPartition : statusPartition(q.status);
  return { months, index, partition, total: months.reduce((sum, m) => sum + m.count, 0) };
}

/**
 * Whether a booking as read still belongs in the answer: listed, and of the status asked for. An index or day-sheet
 * entry read a moment before the booking may name one whose status has just changed.
 */
const stillMatches = (q: AdminBookingsQuery) => (b: Booking | undefined): b is Booking => !!b && isListed(b) && (q.status === 'all' || b.status === q.status);

/** The rows' bookings in the rows' order: those already read, the rest by BatchGet; only those still matching. */
async function bookingsOf(q: AdminBookingsQuery, rows: readonly Row[], read?: Map<string, Booking>): Promise<Booking[]> {
  const missing = rows.filter((r) => !read?.has(r.id)).map((r) => r.id);
  const fetched = new Map((await getBookings(missing)).map((b) => [b.id, b]));
  return rows.map((r) => read?.get(r.id) ?? fetched.get(r.id)).filter(stillMatches(q));
}

export async function listAdminBookings(q: AdminBookingsQuery, now = clock.now()): Promise<AdminBookingsResponse> {
  const pageSize = q.pageSize ?? ADMIN_PAGE_SIZE;
  const offset = (q.page - 1) * pageSize;
  const answer = (items: Booking[], total: number, flags: { truncated?: boolean; sortedWithinPage?: boolean } = {}) => ({
    items: items.map(toCustomerBooking),
    total,
    page: q.page,
    pageSize,
    truncated: flags.truncated ?? false,
    sortedWithinPage: flags.sortedWithinPage ?? false,
  });

  const bounded = await boundedList(q, now);
  if (bounded) return answer(await bookingsOf(q, bounded.rows.slice(offset, offset + pageSize), bounded.read), bounded.rows.length, { truncated: bounded.truncated });

  // No search and no range: the whole list (or one status) month by month, newest first, from the counters.
  const list = await monthList(q);
  const bookings = offset >= list.total ? [] : await pageAcrossMonths(list.index, list.partition, list.months, offset, pageSize);
  const rows = bookings.map(rowOfBooking);
  if (q.sort) rows.sort(compareBy(q.sort, newestFirst));
  return answer(await bookingsOf(q, rows, new Map(bookings.map((b) => [b.id, b]))), list.total, { sortedWithinPage: !!q.sort });
}

export interface ListWalk {
  /** The search matched more than SEARCH_MATCH_LIMIT bookings; only those are in the walk (as in the list). */
  searchTruncated: boolean;
  /** The list's bookings in its order, `batch` at a time. */
  pages: AsyncGenerator<Booking[]>;
}

/**
 * Every booking of the list a query selects, for the export: the list's own bounded reads, a batch at a time, so
 * the caller can write rows as they come and stop early. A tab, search or range is sorted as the list sorts it;
 * the month-by-month lists come newest booked first (their sort applies only to a page on screen), read with
 * one Query continuing where the last stopped rather than skipping from the top for each page. `page` and
 * `pageSize` are ignored.
 */
export async function walkAdminBookings(q: AdminBookingsQuery, batch: number, now = clock.now()): Promise<ListWalk> {
  const bounded = await boundedList(q, now);
  if (bounded) {
    return {
      searchTruncated: bounded.truncated,
      pages: (async function* () {
        for (let i = 0; i < bounded.rows.length; i += batch) yield await bookingsOf(q, bounded.rows.slice(i, i + batch), bounded.read);
      })(),
    };
  }
  const list = await monthList(q);
  return {
    searchTruncated: false,
    pages: (async function* () {
      for await (const page of walkAcrossMonths(list.index, list.partition, list.months.map((m) => m.month), batch)) yield page.filter(stillMatches(q));
    })(),
  };
}
