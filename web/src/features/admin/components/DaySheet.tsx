/**
 * The staff's day sheet: a date's arrivals and departures in time order with what the gate needs
 * (name, phone, registration, bay, flight, car wash, balance due), a check-in or check-out in one click (the
 * staff edit with its history entry), and a print layout that fits A4. The date lives in the address.
 */
import { useCallback, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAddressUpdate } from '../../../lib/use-address-update';
import { statusLabels, type DaySheetRow, type StatusFilter } from '@shared/admin';
import { formatLongDate, formatTime12 } from '@shared/format';
import { addDays, isCalendarDate, nzToday } from '@shared/nz-time';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useDaySheet } from '../queries/day-sheet';
import { useSaveAdminBooking } from '../queries/save-booking';
import { formatDollars } from '@shared/money';
import { DayTasks } from '../../../ui/DayTasks';
import { useClock } from '@/lib/use-clock';
import { DaySheetNotes } from './DaySheetNotes';

type Kind = 'arrivals' | 'departures';

function SheetTable({ kind, rows, busyId, onMove }: { kind: Kind; rows: DaySheetRow[]; busyId: string | null; onMove(row: DaySheetRow, to: 'checkin' | 'checkout'): void }) {
  const headingId = useId();
  const next = kind === 'arrivals' ? ({ from: 'reservation', to: 'checkin', label: 'Check in' } as const) : ({ from: 'checkin', to: 'checkout', label: 'Check out' } as const);
  return (
    <section className="day-sheet-part" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {kind === 'arrivals' ? 'Arrivals (drop-offs)' : 'Departures (pick-ups)'} <span className="muted">{rows.length}</span>
      </h2>
      {rows.length === 0 ? (
        <p className="muted">{kind === 'arrivals' ? 'No drop-offs on this date.' : 'No pick-ups on this date.'}</p>
      ) : (
        <table className="day-sheet-table">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Customer</th>
              <th scope="col">Registration</th>
              <th scope="col">Bay</th>
              <th scope="col">Key tag</th>
              <th scope="col">Flight</th>
              <th scope="col">Car wash</th>
              <th scope="col">Balance due</th>
              <th scope="col">Status</th>
              <th scope="col" className="no-print">
                Action
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.booking_id}>
                <td data-label="Time">{formatTime12(r.time)}</td>
                <td data-label="Customer">
                  <strong>{r.customer_name}</strong>
                  <span className="day-sheet-sub">{r.contact_number}</span>
                  <span className="day-sheet-sub muted">{r.booking_reference}</span>
                </td>
                <td data-label="Registration">{r.car_registration ?? 'Not set'}</td>
                <td data-label="Bay">{r.parking_bay_number ?? 'Not set'}</td>
                <td data-label="Key tag">{r.key_tag ?? '-'}</td>
                <td data-label="Flight">{r.flight ?? '-'}</td>
                <td data-label="Car wash">{r.car_wash ? 'Yes' : 'No'}</td>
                <td data-label="Balance due">{r.balance_due > 0 ? formatDollars(r.balance_due) : 'Paid'}</td>
                <td data-label="Status">{statusLabels[r.status as StatusFilter] ?? r.status}</td>
                <td data-label="Action" className="no-print">
                  {r.status === next.from && r.updated_at && (
                    <button type="button" className="btn btn-outline btn-sm" disabled={busyId === r.booking_id} onClick={() => onMove(r, next.to)} aria-label={`${next.label} ${r.booking_reference}`}>
                      {busyId === r.booking_id ? 'Saving...' : next.label}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function DaySheet() {
  const { toast } = useToast();
  const [params] = useSearchParams();
  const updateAddress = useAddressUpdate();
  const asked = params.get('date') ?? '';
  const now = useClock();
  const date = isCalendarDate(asked) ? asked : nzToday(now());
  const day = useDaySheet(date);
  const sheet = day.data ?? null;
  const error = day.error ? errorMessage(day.error, 'Failed to load the day sheet') : null;
  const save = useSaveAdminBooking();
  const [busyId, setBusyId] = useState<string | null>(null);
  const dateId = useId();
  const go = useCallback((d: string) => updateAddress((p) => (p.set('date', d), p)), [updateAddress]);

  async function move(row: DaySheetRow, to: 'checkin' | 'checkout') {
    setBusyId(row.booking_id);
    try {
      await save.mutateAsync({ id: row.booking_id, edit: { status: to, version: row.updated_at! } });
      toast({ title: to === 'checkin' ? 'Checked in' : 'Checked out', description: `${row.booking_reference} · ${row.car_registration ?? row.customer_name}`, variant: 'success' });
    } catch (e) {
      toast({ title: 'Error', description: errorMessage(e, 'Failed to update booking'), variant: 'destructive' });
      // A refused move may be someone else's change: the sheet is read again (a saved one is, by the mutation).
      void day.refetch();
    } finally {
      setBusyId(null);
    }
  }

  return (
    <div className="day-sheet">
      <div className="day-sheet-controls no-print">
        <button type="button" className="btn btn-outline btn-sm" onClick={() => go(addDays(date, -1))}>
          Previous day
        </button>
        <div className="field">
          <label htmlFor={dateId}>Date</label>
          <input id={dateId} type="date" value={date} onChange={(e) => isCalendarDate(e.target.value) && go(e.target.value)} />
        </div>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => go(nzToday(now()))}>
          Today
        </button>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => go(addDays(date, 1))}>
          Next day
        </button>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <h2 className="day-sheet-date">Day sheet for {formatLongDate(date)}</h2>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      {!sheet && !error && (
        <p className="muted" role="status">
          Loading the day sheet...
        </p>
      )}
      {sheet && (
        <>
          <SheetTable kind="arrivals" rows={sheet.arrivals} busyId={busyId} onMove={(r, to) => void move(r, to)} />
          <SheetTable kind="departures" rows={sheet.departures} busyId={busyId} onMove={(r, to) => void move(r, to)} />
          <DayTasks tasks={sheet.tasks ?? []} headingId={`${dateId}-tasks`} />
          <DaySheetNotes notes={sheet.notes ?? []} headingId={`${dateId}-notes`} />
        </>
      )}
    </div>
  );
}
