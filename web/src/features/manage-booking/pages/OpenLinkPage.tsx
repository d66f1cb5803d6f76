/**
 * /manage-booking/open#<secret>: the one-time link from the e-mail. The secret rides in the fragment, which the
 * browser never sends to a server; the page spends it with one POST and goes on to the pass. A used or expired
 * link shows the request form again with the reason.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { manageBookingMessages } from '@shared/manage-booking';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import { openManageLink } from '../api/open-link';
import ManageBookingPage from './ManageBookingPage';

/** One spend per secret even when React runs the effect twice (development's StrictMode). */
const opening = new Map<string, Promise<string>>();

export default function OpenLinkPage() {
  useDocumentMeta('Opening your booking', 'Opening your Runway Parking booking pass.');
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const secret = window.location.hash.replace(/^#/, '');
    let current = opening.get(secret);
    if (!current) {
      current = openManageLink(secret);
      opening.set(secret, current);
    }
    let live = true;
    current.then(
      (passToken) => live && navigate(`/pass/${passToken}`, { replace: true }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [navigate]);

  if (failed) return <ManageBookingPage notice={manageBookingMessages.linkUsed} />;
  return (
    <section className="section">
      <div className="container narrow">
        <div className="card status-card" role="status">
          <span className="spinner spinner-lg" aria-hidden="true" />
          <p className="lead-muted">Opening your booking...</p>
        </div>
      </div>
    </section>
  );
}
