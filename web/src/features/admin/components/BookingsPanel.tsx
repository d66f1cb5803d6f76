/**
 * The 'All Bookings' card (docs/admin.md): quick search, New Booking, Refresh, Export CSV, and the three tabs with
 * their counts.
 * The list itself (filters, table, pages) is the same for each tab; only the All tab shows the filters.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { adminMessages, type AdminBooking, type AdminSummary, type AdminTab } from '@shared/admin';
import { changeList, type ListState } from '../list-params';
import type { ListView } from '../queries/bookings';
import { AllFilters } from './AllFilters';
import { BookingsTable } from './BookingsTable';
import { ExportCsvButton } from './ExportCsvButton';
import { Pagination } from './Pagination';
import { SearchBox } from './SearchBox';

interface BookingsPanelProps {
  state: ListState;
  view: ListView;
  summary: AdminSummary | null;
  refreshing: boolean;
  /** A change to the list, applied to its latest state (not this render's). */
  onState(change: (latest: ListState) => ListState, options?: { replace?: boolean }): void;
  onRefresh(): void;
  onNewBooking(): void;
  onEdit(booking: AdminBooking): void;
  onPhotos(booking: AdminBooking): void;
}

const SORTED_WITHIN_PAGE = 'Sorted within this page; choose a date range to sort every booking';

export function BookingsPanel({ state, view, summary, refreshing, onState, onRefresh, onNewBooking, onEdit, onPhotos }: BookingsPanelProps) {
  const change = (c: Partial<Omit<ListState, 'page'>>, replace = false) => onState((latest) => changeList(latest, c), { replace });
  const counts: Record<AdminTab, number | null> = {
    pickups: summary?.upcoming_pickups ?? null,
    dropoffs: summary?.upcoming_dropoffs ?? null,
    all: state.tab === 'all' && view.data ? view.data.total : (summary?.total_bookings ?? null),
  };
  const tabLabel = (label: string, tab: AdminTab) => `${label}${counts[tab] === null ? '' : ` (${counts[tab]})`}`;
  const data = view.data;

  const list = (
    <>
      {state.tab === 'all' && <AllFilters state={state} byStatus={summary?.by_status ?? null} openClaims={summary?.open_claims ?? null} errors={view.fieldErrors} onChange={(c) => change(c, 'q' in c)} />}
      {view.error ? (
        <div className="alert alert-error" role="alert">
          {view.error}
        </div>
      ) : !data ? (
        <p className="muted" role="status">
          Loading bookings...
        </p>
      ) : (
        <div className="admin-list" aria-busy={view.loading || undefined}>
          {data.truncated && (
            <div className="alert alert-info" role="status">
              {adminMessages.searchTruncated}
            </div>
          )}
          {data.sortedWithinPage && state.sort && <p className="muted small">{SORTED_WITHIN_PAGE}</p>}
          {data.items.length === 0 ? (
            <p className="admin-empty">{adminMessages.noBookings}</p>
          ) : (
            <BookingsTable bookings={data.items} sort={state.sort} onSort={(sort) => change({ sort })} onEdit={onEdit} onPhotos={onPhotos} />
          )}
          <Pagination busy={view.loading} page={data.page} pageSize={data.pageSize} shown={data.items.length} total={data.total} onPage={(page) => onState((latest) => ({ ...latest, page }))} />
        </div>
      )}
    </>
  );

  return (
    <section className="card admin-bookings" aria-labelledby="admin-bookings-title">
      <div className="admin-bookings-head">
        <h2 id="admin-bookings-title">All Bookings</h2>
        <div className="admin-bookings-tools">
          {state.tab !== 'all' && (
            <SearchBox id="admin-quick-search" label="Quick search" placeholder="Name, e-mail or phone" value={state.q} onCommit={(q) => q !== state.q && change({ q }, true)} />
          )}
          <button type="button" className="btn btn-accent btn-sm" onClick={onNewBooking}>
            <span aria-hidden="true">+</span> New Booking
          </button>
          <button type="button" className="btn btn-outline btn-sm" onClick={onRefresh} disabled={refreshing}>
            {refreshing ? 'Loading...' : 'Refresh'}
          </button>
          <ExportCsvButton state={state} />
        </div>
      </div>
      <Tabs.Root value={state.tab} onValueChange={(tab) => change({ tab: tab as AdminTab })}>
        <Tabs.List className="tabs-list" aria-label="Booking lists">
          <Tabs.Trigger className="tabs-trigger" value="pickups">
            {tabLabel('Upcoming Pickups', 'pickups')}
          </Tabs.Trigger>
          <Tabs.Trigger className="tabs-trigger" value="dropoffs">
            {tabLabel('Upcoming Dropoffs', 'dropoffs')}
          </Tabs.Trigger>
          <Tabs.Trigger className="tabs-trigger" value="all">
            {tabLabel('All Bookings', 'all')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content className="tabs-content" value="pickups">
          {state.tab === 'pickups' && list}
        </Tabs.Content>
        <Tabs.Content className="tabs-content" value="dropoffs">
          {state.tab === 'dropoffs' && list}
        </Tabs.Content>
        <Tabs.Content className="tabs-content" value="all">
          {state.tab === 'all' && list}
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
