/**
 * /admin: the dashboard, and /admin/day-sheet: the day sheet. The app shell's staff door (app/StaffArea.tsx) has
 * checked the admin group before this renders; the API checks it again on every call.
 */
import { Link } from 'react-router-dom';
import { useDocumentMeta } from '@/lib/useDocumentMeta';
import { AdminDashboard } from '../components/AdminDashboard';
import { DaySheet } from '../components/DaySheet';
import '@/ui/widgets.css';
import '../admin.css';

export default function AdminPage({ view = 'dashboard', onSignOut }: { view?: 'dashboard' | 'day-sheet'; onSignOut(): void }) {
  useDocumentMeta(view === 'day-sheet' ? 'Day Sheet' : 'Admin Dashboard', 'Runway Parking staff dashboard.');
  return (
    <section className="section admin-page">
      <div className="container">
        <div className="admin-header">
          <h1 className="page-title">{view === 'day-sheet' ? 'Day Sheet' : 'Admin Dashboard'}</h1>
          <div className="admin-header-actions">
            {view === 'day-sheet' ? (
              <Link className="btn btn-outline btn-sm" to="/admin">
                Dashboard
              </Link>
            ) : (
              <Link className="btn btn-outline btn-sm" to="/admin/day-sheet">
                Day Sheet
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
        {view === 'day-sheet' ? <DaySheet /> : <AdminDashboard />}
      </div>
    </section>
  );
}
