/**
 * 'Yard Occupancy' on the dashboard: places used per day for 30 days against the capacity, as a chart
 * with its data table, the days at capacity named, and the capacity with a Change control. The period starts today
 * (NZ) and moves 30 days at a time; a moved period lives in the address (`occupancyFrom`) like the list's filters.
 */
import { lazy, Suspense, useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAddressUpdate } from '../../../lib/use-address-update';
import { isCalendarDate, nzToday } from '@shared/nz-time';
import { DEFAULT_OCCUPANCY_DAYS } from '@shared/occupancy';
import { nzDate } from '../format';
import { capacitySourceNote, fullDays, occupancySummary, placesWord, shiftPeriod } from '../occupancy-view';
import { useOccupancy } from '../queries/occupancy';
import { CapacityDialog } from './CapacityDialog';
import { OccupancyTable } from './OccupancyTable';
import { clockNow } from '@/lib/clock';
import { useClock } from '@/lib/use-clock';

// The chart library loads only with the chart, after the dashboard's first paint.
const OccupancyChart = lazy(() => import('./OccupancyChart'));

const PERIOD_KEY = 'occupancyFrom';
const DAYS = DEFAULT_OCCUPANCY_DAYS;

export function OccupancyPanel() {
  const [params] = useSearchParams();
  const updateAddress = useAddressUpdate();
  const asked = params.get(PERIOD_KEY);
  const now = useClock();
  const today = nzToday(now());
  const from = asked && isCalendarDate(asked) ? asked : today;
  const { data, loading, error } = useOccupancy(from, DAYS);
  const [showTable, setShowTable] = useState(false);
  const [changing, setChanging] = useState(false);

  const moveTo = useCallback(
    (next: string) =>
      updateAddress(
        (p) => {
          const out = new URLSearchParams(p);
          if (next === nzToday(clockNow())) out.delete(PERIOD_KEY);
          else out.set(PERIOD_KEY, next);
          return out;
        },
        { replace: true },
      ),
    [updateAddress],
  );

  const full = data ? fullDays(data) : [];

  return (
    <section className="card admin-occupancy" aria-labelledby="admin-occupancy-title" aria-busy={loading || undefined}>
      <div className="admin-occupancy-head">
        <h2 id="admin-occupancy-title">Yard Occupancy</h2>
        {data && (
          <p className="admin-occupancy-capacity">
            Capacity: <strong>{data.capacity}</strong> {placesWord(data.capacity)} <span className="muted">({capacitySourceNote[data.capacitySource]})</span>{' '}
            <button type="button" className="btn btn-outline btn-sm" onClick={() => setChanging(true)} aria-label={`Change capacity (now ${data.capacity})`}>
              Change
            </button>
          </p>
        )}
      </div>
      <div className="admin-occupancy-period" role="group" aria-label="Period">
        <button type="button" className="btn btn-outline btn-sm" onClick={() => moveTo(shiftPeriod(from, DAYS, -1))}>
          Earlier {DAYS} days
        </button>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => moveTo(today)} disabled={from === today}>
          Today
        </button>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => moveTo(shiftPeriod(from, DAYS, 1))}>
          Later {DAYS} days
        </button>
        <button type="button" className="btn btn-outline btn-sm" aria-expanded={showTable} aria-controls="admin-occupancy-table" onClick={() => setShowTable((s) => !s)} disabled={!data}>
          {showTable ? 'Hide table' : 'Show as table'}
        </button>
      </div>
      {error ? (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      ) : !data ? (
        <p className="muted" role="status">
          Loading occupancy...
        </p>
      ) : (
        <>
          <p className="muted small admin-occupancy-summary">{occupancySummary(data, { listFull: false })}</p>
          {full.length > 0 && (
            <p className="admin-occupancy-full">
              <strong>
                {full.length} {full.length === 1 ? 'day' : 'days'} at capacity:
              </strong>{' '}
              {full.map((d) => nzDate(d.date)).join(', ')}
            </p>
          )}
          <ul className="occupancy-legend" aria-hidden="true">
            <li>
              <span className="occupancy-swatch occupancy-swatch-booked" /> Booked
            </li>
            <li>
              <span className="occupancy-swatch occupancy-swatch-held" /> Held by open checkouts
            </li>
            <li>
              <span className="occupancy-swatch occupancy-swatch-full" /> Day at capacity
            </li>
            <li>
              <span className="occupancy-swatch occupancy-swatch-line" /> Capacity
            </li>
          </ul>
          <Suspense fallback={<div className="occupancy-chart" />}>
            <OccupancyChart occupancy={data} />
          </Suspense>
          <OccupancyTable occupancy={data} id="admin-occupancy-table" visible={showTable} />
        </>
      )}
      {changing && data && (
        <CapacityDialog
          current={data.capacity}
          onClose={() => setChanging(false)}
          onSaved={() => setChanging(false)}
        />
      )}
    </section>
  );
}
