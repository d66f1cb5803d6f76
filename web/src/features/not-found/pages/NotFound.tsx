import { Link } from 'react-router-dom';
import { messages } from '@shared/messages';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';

export default function NotFound() {
  useDocumentMeta('Page not found', 'The page you were looking for does not exist.');
  return (
    <section className="section not-found">
      <div className="container center">
        <h1>404</h1>
        <p className="lead">{messages.notFound}</p>
        <Link to="/" className="btn btn-primary">
          Return to Home
        </Link>
      </div>
    </section>
  );
}
