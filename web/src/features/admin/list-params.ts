/**
 * The admin list's state lives in the address (tab, search, filters, sort, page) so a reload or a shared link
 * shows the same list. Reading is forgiving: a value the page does not know falls back to its default rather
 * than breaking the page. Writing drops defaults, so a plain /admin stays plain, and any change other than
 * the page itself returns to page 1.
 */
import { adminSorts, adminTabs, statusFilters, ADMIN_PAGE_SIZE, type AdminBookingsQueryInput, type AdminSort, type AdminTab, type StatusFilter } from '@shared/admin';
import { isCalendarDate } from '@shared/nz-time';

export const dateFilterKeys = ['dropOffFrom', 'dropOffTo', 'pickUpFrom', 'pickUpTo'] as const;
export type DateFilterKey = (typeof dateFilterKeys)[number];

export interface ListState {
  tab: AdminTab;
  q: string;
  status: 'all' | StatusFilter;
  dropOffFrom: string | null;
  dropOffTo: string | null;
  pickUpFrom: string | null;
  pickUpTo: string | null;
  sort: AdminSort | null;
  /** Only bookings with a damage claim not yet decided (`claims=open`). */
  openClaims: boolean;
  page: number;
}

export const DEFAULT_TAB: AdminTab = 'all';
/** Address parameters the list does not own (the checkout's return) are left alone. */
const LIST_KEYS = ['tab', 'q', 'status', ...dateFilterKeys, 'sort', 'claims', 'page'] as const;

const oneOf = <T extends string>(all: readonly T[], value: string | null): T | null => (value !== null && (all as readonly string[]).includes(value) ? (value as T) : null);
const dateOrNull = (value: string | null) => (value !== null && isCalendarDate(value) ? value : null);

export function readListState(params: URLSearchParams): ListState {
  const page = Number(params.get('page'));
  return {
    tab: oneOf(adminTabs, params.get('tab')) ?? DEFAULT_TAB,
    q: (params.get('q') ?? '').slice(0, 100),
    status: oneOf(statusFilters, params.get('status')) ?? 'all',
    dropOffFrom: dateOrNull(params.get('dropOffFrom')),
    dropOffTo: dateOrNull(params.get('dropOffTo')),
    pickUpFrom: dateOrNull(params.get('pickUpFrom')),
    pickUpTo: dateOrNull(params.get('pickUpTo')),
    sort: oneOf(adminSorts, params.get('sort')),
    openClaims: params.get('claims') === 'open',
    page: Number.isInteger(page) && page >= 1 && page < 1e9 ? page : 1,
  };
}

/** The address for a state: defaults are left out; parameters the list does not own are kept. */
export function writeListState(state: ListState, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const out = new URLSearchParams(base);
  for (const key of LIST_KEYS) out.delete(key);
  if (state.tab !== DEFAULT_TAB) out.set('tab', state.tab);
  if (state.q.trim()) out.set('q', state.q.trim());
  if (state.status !== 'all') out.set('status', state.status);
  for (const key of dateFilterKeys) if (state[key]) out.set(key, state[key]);
  if (state.sort) out.set('sort', state.sort);
  if (state.openClaims) out.set('claims', 'open');
  if (state.page > 1) out.set('page', String(state.page));
  return out;
}

/** A change to anything but the page starts again at page 1. */
export function changeList(state: ListState, change: Partial<Omit<ListState, 'page'>>): ListState {
  return { ...state, ...change, page: 1 };
}

/** What the API is asked: the status and date filters belong to the All tab; search and sort apply on every tab. */
export function toQuery(state: ListState): AdminBookingsQueryInput {
  const all = state.tab === 'all';
  return {
    tab: state.tab,
    ...(state.q.trim() ? { q: state.q.trim() } : {}),
    ...(all && state.status !== 'all' ? { status: state.status } : {}),
    ...(all ? Object.fromEntries(dateFilterKeys.flatMap((k) => (state[k] ? [[k, state[k]]] : []))) : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(all && state.openClaims ? { claims: 'open' as const } : {}),
    page: String(state.page),
    pageSize: String(ADMIN_PAGE_SIZE),
  };
}

/** Clicking a sortable header: ascending first, then it flips between ascending and descending. */
export function nextSort(current: AdminSort | null, column: 'dropoff' | 'pickup'): AdminSort {
  return current === `${column}_asc` ? `${column}_desc` : `${column}_asc`;
}

export function ariaSort(current: AdminSort | null, column: 'dropoff' | 'pickup'): 'ascending' | 'descending' | undefined {
  if (current === `${column}_asc`) return 'ascending';
  if (current === `${column}_desc`) return 'descending';
  return undefined;
}

/** True when the All tab has any filter beyond the search. */
export const hasFilters = (state: ListState) => state.status !== 'all' || state.openClaims || dateFilterKeys.some((k) => state[k] !== null);
