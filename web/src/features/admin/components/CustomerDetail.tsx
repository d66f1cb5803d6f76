/**
 * /admin/customers/:id (admins): one customer's details, the customer editor, and their bookings (reference,
 * dates, status, total), each a link to the booking in the bookings list, where Edit and Photos are.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { adminMessages } from '@shared/admin';
import { customerListMessages } from '@shared/admin-customers';
import { formatTime12 } from '@shared/format';
import { ApiError } from '../../../lib/api-client';
import { useCustomerBookings } from '../queries/customer';
import { formatDollars } from '@shared/money';
import { nzDate, nzDayOf } from '../format';
import { CustomerEditorDialog } from './CustomerEditorDialog';
import { StatusBadge } from './StatusBadge';

/** The bookings list searched for this reference: the booking's row with its Edit and Photos. */
const bookingLink = (reference: string) => `/admin?${new URLSearchParams({ q: reference })}`;

export function CustomerDetail({ customerId }: { customerId: string }) {
  const read = useCustomerBookings(customerId);
  const view = read.data ?? null;
  const error = read.error ? (read.error instanceof ApiError && read.error.status === 404 ? adminMessages.customerNotFound : customerListMessages.loadFailed) : null;
  const [editing, setEditing] = useState(false);

  const back = (
    <Link className="btn btn-outline btn-sm" to="/admin/customers">
      All customers
    </Link>
  );
  if (error) {
    return (
      <section className="card admin-customer">
        <div className="alert alert-error" role="alert">
          {error}
        </div>
        {back}
      </section>
    );
  }
  if (!view) {
    return (
      <p className="muted" role="status">
        Loading customer...
      </p>
    );
  }
  const { customer, bookings } = view;
  return (
    <>
      <section className="card admin-customer" aria-labelledby="admin-customer-name">
        <div className="admin-bookings-head">
          <h2 id="admin-customer-name">{customer.name}</h2>
          <div className="admin-bookings-tools">
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing(true)}>
              Edit Customer
            </button>
            {back}
          </div>
        </div>
        <dl className="admin-customer-details">
          <dt>Email</dt>
          <dd className="break-anywhere">{customer.email}</dd>
          <dt>Contact Number</dt>
          <dd>{customer.contact_number}</dd>
          <dt>Customer Since</dt>
          <dd>{nzDayOf(customer.created_at)}</dd>
          <dt>Account</dt>
          <dd>{customer.user_id ? 'Signed up' : 'No account'}</dd>
        </dl>
      </section>
      <section className="card admin-bookings" aria-labelledby="admin-customer-bookings">
        <h2 id="admin-customer-bookings">Bookings ({bookings.length})</h2>
        {bookings.length === 0 ? (
          <p className="admin-empty">{customerListMessages.noBookings}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table" role="table" aria-label={`Bookings of ${customer.name}`}>
              <thead role="rowgroup">
                <tr role="row">
                  {['Booking Ref', 'Drop-off', 'Pick-up', 'Status', 'Total'].map((label) => (
                    <th key={label} scope="col" role="columnheader">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody role="rowgroup">
                {bookings.map((b) => (
                  <tr key={b.id} role="row">
                    <td role="cell" data-label="Booking Ref" className="admin-nowrap">
                      {b.booking_reference ? (
                        <Link to={bookingLink(b.booking_reference)} aria-label={`Open booking ${b.booking_reference}`}>
                          {b.booking_reference}
                        </Link>
                      ) : (
                        'Not set'
                      )}
                    </td>
                    <td role="cell" data-label="Drop-off" className="admin-nowrap">
                      {nzDate(b.drop_off_date)}
                      <span className="muted small admin-time">{formatTime12(b.drop_off_time)}</span>
                    </td>
                    <td role="cell" data-label="Pick-up" className="admin-nowrap">
                      {nzDate(b.pick_up_date)}
                      <span className="muted small admin-time">{formatTime12(b.pick_up_time)}</span>
                    </td>
                    <td role="cell" data-label="Status">
                      <StatusBadge status={b.status} />
                    </td>
                    <td role="cell" data-label="Total" className="admin-nowrap">
                      {formatDollars(b.total_cost)}
                      {b.balance_due > 0 && <span className="admin-balance small">Balance due {formatDollars(b.balance_due)}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {editing && (
        <CustomerEditorDialog
          customerId={customer.id}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            void read.refetch();
          }}
        />
      )}
    </>
  );
}
