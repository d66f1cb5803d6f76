/** Shown where a page needs a signed-in person: 'Please Login', or that the session has expired. */
import { Link, useLocation } from 'react-router-dom';
import { accountText } from '../messages';

export function SignInRequired({ expired = false }: { expired?: boolean }) {
  const location = useLocation();
  const next = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <section className="section">
      <div className="container narrow center">
        <div className="card status-card">
          <h1 className="page-title">{expired ? 'Please sign in again' : 'Please Login'}</h1>
          <p>{expired ? accountText.sessionExpired : 'You need to be logged in to view your dashboard.'}</p>
          <Link className="btn btn-primary" to={`/login?next=${next}`}>
            Sign In
          </Link>
        </div>
      </div>
    </section>
  );
}
