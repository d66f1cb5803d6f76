/**
 * /yard/queue: the pickup queue on its own, full width, for the driver's phone (staff and admins). Signed-out visitors
 * go to sign in and come back; anyone else sees Access Denied. The API checks the same groups on every call; this page
 * only decides what to show. Composed here because it joins two features: the account's session and the queue.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { messages } from '@shared/messages';
import { useDocumentMeta } from '../lib/useDocumentMeta';
import { readSessionHint } from '../features/account/session-hint';
import { PickupQueuePanel } from '../features/pickup/components/PickupQueuePanel';

type Access = 'checking' | 'staff' | 'denied';
const SIGN_IN = '/auth?next=%2Fyard%2Fqueue';

export default function YardQueuePage() {
  const navigate = useNavigate();
  const [access, setAccess] = useState<Access>('checking');
  useDocumentMeta('Pickup Queue', 'Runway Parking pickup queue for yard staff.');

  useEffect(() => {
    let live = true;
    void (async () => {
      if (!readSessionHint()) return navigate(SIGN_IN, { replace: true });
      const { currentGroups } = await import('../features/account/tokens');
      const groups = await currentGroups();
      if (!live) return;
      if (groups === null) return navigate(SIGN_IN, { replace: true });
      setAccess(groups.includes('admin') || groups.includes('staff') ? 'staff' : 'denied');
    })().catch(() => live && setAccess('denied'));
    return () => {
      live = false;
    };
  }, [navigate]);

  if (access === 'checking') {
    return (
      <section className="section">
        <div className="container narrow center" role="status">
          <div className="spinner spinner-lg" aria-hidden="true" />
          <h1 className="page-title">Loading</h1>
          <p className="muted">Checking staff access</p>
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
            <Link className="btn btn-primary" to={SIGN_IN}>
              Sign In as Staff
            </Link>
          </div>
        </div>
      </section>
    );
  }
  return (
    <section className="section yard-queue-page">
      <div className="container">
        <h1 className="page-title">Pickup Queue</h1>
        <PickupQueuePanel />
      </div>
    </section>
  );
}
