/**
 * The All tab's filters (docs/admin.md): search by name, e-mail, phone, car registration or booking reference; status;
 * bookings with an open damage claim;
 * drop-off and pick-up date ranges. The search edits the same `q` as the card's quick search, which is hidden
 * on this tab so there is one box.
 */
import { statusFilters, statusLabels, type AdminSummary } from '@shared/admin';
import type { DateFilterKey, ListState } from '../list-params';
import { DateRangeFilter } from './DateRangeFilter';
import { SearchBox } from './SearchBox';

interface AllFiltersProps {
  state: ListState;
  byStatus: AdminSummary['by_status'] | null;
  /** Damage claims not yet decided (the summary's count). */
  openClaims?: number | null;
  errors: Partial<Record<DateFilterKey, string>>;
  onChange(change: Partial<Omit<ListState, 'page'>>): void;
}

export function AllFilters({ state, byStatus, openClaims = null, errors, onChange }: AllFiltersProps) {
  const count = (status: string) => (byStatus && byStatus[status] !== undefined ? ` (${byStatus[status]})` : '');
  return (
    <div className="admin-filters">
      <div className="admin-filter-row">
        <SearchBox
          id="admin-filter-search"
          label="Search bookings"
          placeholder="Name, e-mail, phone, registration or reference"
          value={state.q}
          onCommit={(q) => q !== state.q && onChange({ q })}
        />
        <div className="field admin-status-filter">
          <label htmlFor="admin-filter-status">Status</label>
          <select id="admin-filter-status" value={state.status} onChange={(e) => onChange({ status: e.target.value as ListState['status'] })}>
            <option value="all">All</option>
            {statusFilters.map((s) => (
              <option key={s} value={s}>
                {statusLabels[s]}
                {count(s)}
              </option>
            ))}
          </select>
        </div>
        <label className="admin-claims-filter">
          <input type="checkbox" checked={state.openClaims} onChange={(e) => onChange({ openClaims: e.target.checked })} /> Open damage claims{openClaims === null ? '' : ` (${openClaims})`}
        </label>
      </div>
      <div className="admin-filter-row">
        <DateRangeFilter
          idPrefix="admin-dropoff"
          word="Drop-off"
          from={state.dropOffFrom}
          to={state.dropOffTo}
          onFrom={(dropOffFrom) => onChange({ dropOffFrom })}
          onTo={(dropOffTo) => onChange({ dropOffTo })}
          fromError={errors.dropOffFrom}
          toError={errors.dropOffTo}
        />
        <DateRangeFilter
          idPrefix="admin-pickup"
          word="Pick-up"
          from={state.pickUpFrom}
          to={state.pickUpTo}
          onFrom={(pickUpFrom) => onChange({ pickUpFrom })}
          onTo={(pickUpTo) => onChange({ pickUpTo })}
          fromError={errors.pickUpFrom}
          toError={errors.pickUpTo}
        />
      </div>
    </div>
  );
}
