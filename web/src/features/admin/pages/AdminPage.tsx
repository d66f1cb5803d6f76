/**
 * /admin: checks the `admin` group claim of the freshly refreshed id token (spec: after 100 ms). Signed-out
 * visitors go to /auth; everyone else who is not staff sees Access Denied. The walk-in form (/admin/walk-in) is also
 * open to the `staff` group, as its API is. The API checks the same claim on
 * every /api/admin route; this page only decides what to show, then shows the dashboard.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { messages } from '@shared/messages';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import { useToast } from '../../../ui/toast/ToastProvider';
import { signOutAndGoHome } from '../../account/sign-out-flow';
import { readSessionHint } from '../../account/session-hint';
import { AdminDashboard } from '../components/AdminDashboard';
import { DaySheet } from '../components/DaySheet';
import { WalkInForm } from '../components/WalkInForm';
import '../../account/account.css';
import '../admin.css';

type Access = 'checking' | 'admin' | 'staff' | 'denied';
type View = 'dashboard' | 'day-sheet' | 'walk-in';

const TITLES: Record<View, string> = { dashboard: 'Admin Dashboard', 'day-sheet': 'Day Sheet', 'walk-in': 'Walk-in' };

/** The dashboard at /admin; the day sheet at /admin/day-sheet and the walk-in form at /admin/walk-in, behind the same check. */
export default function AdminPage({ view = 'dashboard' }: { view?: View }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const [access, setAccess] = useState<Access>('checking');
  useDocumentMeta(TITLES[view], 'Runway Parking staff dashboard.');
  const next = encodeURIComponent(view === 'walk-in' ? '/admin/walk-in' : '/admin');

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      void (async () => {
        if (!readSessionHint()) return navigate(`/auth?next=${next}`, { replace: true });
        const { currentGroups } = await import('../../account/tokens');
        const groups = await currentGroups();
        if (!live) return;
        if (groups === null) return navigate(`/auth?next=${next}`, { replace: true });
        setAccess(groups.includes('admin') ? 'admin' : view === 'walk-in' && groups.includes('staff') ? 'staff' : 'denied');
      })().catch(() => live && setAccess('denied'));
    }, 100);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [navigate, next, view]);

  if (access === 'checking') {
    return (
      <section className="section">
        <div className="container narrow center" role="status">
          <div className="spinner spinner-lg" aria-hidden="true" />
          <h1 className="page-title">Loading</h1>
          <p className="muted">Checking admin access</p>
        </div>
      </section>
    );
  }
  if (access === 'denied') {
    return (
      <section className="section">
        <div className="container narrow center">
          <div className="card status-card">
            <h1 className="page-title">Access Denied</h1>
            <p>{messages.forbidden}</p>
            <div className="center-actions">
              <Link className="btn btn-primary" to="/auth?next=%2Fadmin">
                Sign In as Admin
              </Link>
              <Link className="btn btn-outline" to="/">
                Back to Home
              </Link>
            </div>
          </div>
        </div>
      </section>
    );
  }
  return (
    <section className="section admin-page">
      <div className="container">
        <div className="admin-header">
          <h1 className="page-title">{TITLES[view]}</h1>
          <div className="admin-header-actions">
            {view !== 'dashboard' && access === 'admin' && (
              <Link className="btn btn-outline btn-sm" to="/admin">
                Dashboard
              </Link>
            )}
            {view !== 'day-sheet' && access === 'admin' && (
              <Link className="btn btn-outline btn-sm" to="/admin/day-sheet">
                Day Sheet
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
            <button type="button" className="btn btn-primary btn-sm" onClick={() => void signOutAndGoHome(navigate, toast)}>
              Logout
            </button>
          </div>
        </div>
        {view === 'day-sheet' ? <DaySheet /> : view === 'walk-in' ? <WalkInForm /> : <AdminDashboard />}
      </div>
    </section>
  );
}
