/**
 * /admin: the dashboard, /admin/day-sheet: the day sheet, /admin/walk-in: the walk-in form, /admin/customers: the
 * customer list and /admin/customers/:id one customer with their bookings (admins). The app shell's staff
 * door (app/StaffArea.tsx, app/AdminRoute.tsx) has checked the group before this renders (admins; staff too for the
 * walk-in form, as its API allows); the API checks it again on every call.
 */
import { Link, useParams } from 'react-router-dom';
import { useDocumentMeta } from '@/lib/useDocumentMeta';
import { AdminDashboard } from '../components/AdminDashboard';
import { CustomerDetail } from '../components/CustomerDetail';
import { CustomerList } from '../components/CustomerList';
import { DaySheet } from '../components/DaySheet';
import { WalkInForm } from '../components/WalkInForm';
import '@/ui/widgets.css';
import '../admin.css';

export type AdminView = 'dashboard' | 'day-sheet' | 'walk-in' | 'customers' | 'customer';

const TITLES: Record<AdminView, string> = { dashboard: 'Admin Dashboard', 'day-sheet': 'Day Sheet', 'walk-in': 'Walk-in', customers: 'Customers', customer: 'Customer' };

function ViewBody({ view }: { view: AdminView }) {
  const { id = '' } = useParams();
  if (view === 'day-sheet') return <DaySheet />;
  if (view === 'walk-in') return <WalkInForm />;
  if (view === 'customers') return <CustomerList />;
  if (view === 'customer') return <CustomerDetail customerId={id} />;
  return <AdminDashboard />;
}

export default function AdminPage({ view = 'dashboard', onSignOut, isAdmin }: { view?: AdminView; onSignOut(): void; isAdmin: boolean }) {
  useDocumentMeta(TITLES[view], 'Runway Parking staff dashboard.');
  return (
    <section className="section admin-page">
      <div className="container">
        <div className="admin-header">
          <h1 className="page-title">{TITLES[view]}</h1>
          <div className="admin-header-actions">
            {view !== 'dashboard' && isAdmin && (
              <Link className="btn btn-outline btn-sm" to="/admin">
                Dashboard
              </Link>
            )}
            {view !== 'day-sheet' && isAdmin && (
              <Link className="btn btn-outline btn-sm" to="/admin/day-sheet">
                Day Sheet
              </Link>
            )}
            {view !== 'customers' && isAdmin && (
              <Link className="btn btn-outline btn-sm" to="/admin/customers">
                Customers
              </Link>
            )}
            {view !== 'walk-in' && (
              <Link className="btn btn-outline btn-sm" to="/admin/walk-in">
                Walk-in
              </Link>
            )}
            <Link className="btn btn-outline btn-sm" to="/">
              Back to Home
            </Link>
            <button type="button" className="btn btn-primary btn-sm" onClick={onSignOut}>
              Logout
            </button>
          </div>
        </div>
        <ViewBody view={view} />
      </div>
    </section>
  );
}
