/**
 * /admin/customers (admins): every customer in name order, 25 a page, or those a search finds (name,
 * e-mail or phone, as forgiving as the booking search); each opens the customer's page with their bookings.
 * On a phone the table's rows are cards (admin.css), as the bookings table's are.
 */
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ADMIN_PAGE_SIZE } from '@shared/admin';
import { customerListMessages, customersShowingLine } from '@shared/admin-customers';
import { useAddressUpdate } from '../../../lib/use-address-update';
import { nzDayOf } from '../format';
import { useCustomerList } from '../queries/customer-list';
import { SearchBox } from './SearchBox';

export function CustomerList() {
  const [params] = useSearchParams();
  const updateAddress = useAddressUpdate();
  const q = useMemo(() => (params.get('q') ?? '').trim().slice(0, 100), [params]);
  const view = useCustomerList(q, ADMIN_PAGE_SIZE);
  const data = view.data;

  const search = (text: string) =>
    text !== q &&
    updateAddress(
      (latest) => {
        const out = new URLSearchParams(latest);
        if (text) out.set('q', text);
        else out.delete('q');
        return out;
      },
      { replace: true },
    );

  return (
    <section className="card admin-bookings admin-customers" aria-labelledby="admin-customers-title">
      <div className="admin-bookings-head">
        <h2 id="admin-customers-title">All Customers</h2>
        <div className="admin-bookings-tools">
          <SearchBox id="admin-customer-list-search" label="Search customers" placeholder="Name, e-mail or phone" value={q} onCommit={search} />
        </div>
      </div>
      {view.error ? (
        <div className="alert alert-error" role="alert">
          {view.error}
        </div>
      ) : !data ? (
        <p className="muted" role="status">
          Loading customers...
        </p>
      ) : (
        <div className="admin-list" aria-busy={view.loading || undefined}>
          {data.truncated && (
            <div className="alert alert-info" role="status">
              {customerListMessages.searchTruncated}
            </div>
          )}
          {data.customers.length === 0 ? (
            <p className="admin-empty">{customerListMessages.noCustomers}</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table" role="table" aria-label="Customers">
                <thead role="rowgroup">
                  <tr role="row">
                    {['Name', 'Email', 'Contact Number', 'Customer Since', 'Actions'].map((label) => (
                      <th key={label} scope="col" role="columnheader">
                        {label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody role="rowgroup">
                  {data.customers.map((c) => (
                    <tr key={c.id} role="row">
                      <td role="cell" data-label="Name">
                        {/* The name opens the customer, as a booking's reference opens the booking; View stays for those who look for it. */}
                        <Link to={`/admin/customers/${encodeURIComponent(c.id)}`}>
                          <strong>{c.name}</strong>
                        </Link>
                      </td>
                      <td role="cell" data-label="Email" className="break-anywhere">
                        {c.email}
                      </td>
                      <td role="cell" data-label="Contact Number">
                        {c.contact_number}
                      </td>
                      <td role="cell" data-label="Customer Since" className="admin-nowrap">
                        {nzDayOf(c.created_at)}
                      </td>
                      <td role="cell" data-label="Actions">
                        <Link className="btn btn-outline btn-sm" to={`/admin/customers/${encodeURIComponent(c.id)}`} aria-label={`View customer ${c.name}`}>
                          View
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div className="admin-pagination">
            <p className="muted small" aria-live="polite">
              {customersShowingLine(view.firstRow, data.customers.length, data.total)}
              {view.loading && <span className="admin-updating"> · Updating...</span>}
            </p>
            {(view.page > 1 || data.next) && (
              <nav aria-label="Pages">
                <ul className="admin-pages">
                  <li>
                    <button type="button" className="btn btn-outline btn-sm" disabled={view.page <= 1 || view.loading} onClick={view.previous}>
                      Previous
                    </button>
                  </li>
                  <li>
                    <button type="button" className="btn btn-outline btn-sm" disabled={!data.next || view.loading} onClick={view.next}>
                      Next
                    </button>
                  </li>
                </ul>
              </nav>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
