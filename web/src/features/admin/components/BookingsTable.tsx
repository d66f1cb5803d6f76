/**
 * The bookings table with the columns docs/admin.md lists. The table keeps its roles explicitly because on a phone the
 * CSS lays each row out as a card (display: block drops a table's native semantics in some browsers), with
 * each cell's column name shown before it; nothing scrolls sideways.
 */
import { bookedAddOns } from '@shared/add-ons';
import type { ReactNode } from 'react';
import type { AdminBooking, AdminSort } from '@shared/admin';
import { formatTime12, pluralDays } from '@shared/format';
import { ariaSort, nextSort } from '../list-params';
import { formatDollars } from '@shared/money';
import { nzDate, nzDayOf } from '../format';
import { StatusBadge } from './StatusBadge';

interface BookingsTableProps {
  bookings: AdminBooking[];
  sort: AdminSort | null;
  onSort(sort: AdminSort): void;
  onEdit(booking: AdminBooking): void;
  onPhotos(booking: AdminBooking): void;
}

const NOT_SET = 'Not set';

function SortHeader({ label, column, sort, onSort }: { label: string; column: 'dropoff' | 'pickup'; sort: AdminSort | null; onSort(sort: AdminSort): void }) {
  const current = ariaSort(sort, column);
  return (
    <th scope="col" role="columnheader" aria-sort={current ?? 'none'}>
      <button type="button" className="admin-sort" onClick={() => onSort(nextSort(sort, column))}>
        {label}
        <span aria-hidden="true" className="admin-sort-mark">
          {current === 'ascending' ? '▲' : current === 'descending' ? '▼' : '↕'}
        </span>
        <span className="sr-only">, sort {current === 'ascending' ? 'descending' : 'ascending'}</span>
      </button>
    </th>
  );
}

function Cell({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td role="cell" data-label={label} className={className}>
      {children}
    </td>
  );
}

const SORT_CHOICES: [AdminSort | '', string][] = [
  ['', 'Default order'],
  ['dropoff_asc', 'Drop-off, earliest first'],
  ['dropoff_desc', 'Drop-off, latest first'],
  ['pickup_asc', 'Pick-up, earliest first'],
  ['pickup_desc', 'Pick-up, latest first'],
];

/** On a phone the column headers are hidden, so the sort is a choice above the cards. */
function SortChoice({ sort, onSort }: { sort: AdminSort | null; onSort(sort: AdminSort): void }) {
  return (
    <div className="field admin-sort-choice">
      <label htmlFor="admin-sort-choice">Sort by</label>
      <select id="admin-sort-choice" value={sort ?? ''} onChange={(e) => e.target.value && onSort(e.target.value as AdminSort)}>
        {SORT_CHOICES.map(([value, label]) => (
          <option key={value} value={value} disabled={value === ''}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function BookingsTable({ bookings, sort, onSort, onEdit, onPhotos }: BookingsTableProps) {
  return (
    <>
      <SortChoice sort={sort} onSort={onSort} />
      <div className="admin-table-wrap">
        <table className="admin-table" role="table" aria-label="Bookings">
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader">
                Customer
              </th>
              <th scope="col" role="columnheader">
                Booking Ref
              </th>
              <SortHeader label="Drop-off" column="dropoff" sort={sort} onSort={onSort} />
              <SortHeader label="Pick-up" column="pickup" sort={sort} onSort={onSort} />
              <th scope="col" role="columnheader">
                Car Registration
              </th>
              <th scope="col" role="columnheader">
                Parking Bay
              </th>
              <th scope="col" role="columnheader">
                Status
              </th>
              <th scope="col" role="columnheader">
                Duration
              </th>
              <th scope="col" role="columnheader">
                Cost
              </th>
              <th scope="col" role="columnheader">
                Booked
              </th>
              <th scope="col" role="columnheader">
                Actions
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {bookings.map((b) => (
              <tr key={b.id} role="row">
                <Cell label="Customer" className="admin-customer-cell">
                  <strong>{b.customer.name}</strong>
                  <a className="admin-email" href={`mailto:${b.customer.email}`}>
                    {emailWithBreaks(b.customer.email)}
                  </a>
                  <span>{b.customer.contact_number}</span>
                </Cell>
                <Cell label="Booking Ref" className="admin-nowrap">{b.booking_reference || NOT_SET}</Cell>
                <Cell label="Drop-off" className="admin-nowrap">
                  {nzDate(b.drop_off_date)}
                  <span className="muted small admin-time">{formatTime12(b.drop_off_time)}</span>
                  {b.departure_flight && <span className="muted small admin-time">Flight {b.departure_flight}</span>}
                </Cell>
                <Cell label="Pick-up" className="admin-nowrap">
                  {nzDate(b.pick_up_date)}
                  <span className="muted small admin-time">{formatTime12(b.pick_up_time)}</span>
                  {b.return_flight && <span className="muted small admin-time">Flight {b.return_flight}</span>}
                </Cell>
                <Cell label="Car Registration">{b.car_registration || NOT_SET}</Cell>
                <Cell label="Parking Bay">{b.parking_bay_number || NOT_SET}</Cell>
                <Cell label="Status">
                  <StatusBadge status={b.status} />
                </Cell>
                <Cell label="Duration" className="admin-nowrap">{pluralDays(b.days)}</Cell>
                <Cell label="Cost" className="admin-nowrap">
                  {formatDollars(b.total_cost)}
                  {bookedAddOns(b).length > 0 && <span className="muted small admin-time">{bookedAddOns(b).map((a) => a.name).join(', ')}</span>}
                  {b.balance_due > 0 && <span className="admin-balance small">Balance due {formatDollars(b.balance_due)}</span>}
                </Cell>
                <Cell label="Booked" className="admin-nowrap">{nzDayOf(b.created_at)}</Cell>
                <Cell label="Actions">
                  <div className="admin-actions">
                    <button type="button" className="btn btn-outline btn-sm" onClick={() => onEdit(b)} aria-label={`Edit booking ${b.booking_reference || b.id.slice(0, 8)}`}>
                      Edit
                    </button>
                    <button type="button" className="btn btn-outline btn-sm" onClick={() => onPhotos(b)} aria-label={`Vehicle photos of booking ${b.booking_reference || b.id.slice(0, 8)}`}>
                      Photos
                    </button>
                  </div>
                </Cell>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * An e-mail that may wrap only where an address reads well broken: after the '@' and before each dot of the domain
 * (a hyphen is a break already), so a long one shows whole in its cell rather than split inside a word.
 */
function emailWithBreaks(email: string): ReactNode[] {
  const at = email.lastIndexOf('@');
  const local = at >= 0 ? email.slice(0, at + 1) : email;
  const domain = at >= 0 ? email.slice(at + 1).split('.') : [];
  return [local, ...domain.flatMap((part, i) => [<wbr key={`b${i}`} />, i === 0 ? part : `.${part}`])];
}
