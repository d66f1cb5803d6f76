import { Link, useRouteError } from 'react-router-dom';

/** Shown when a page fails to render; the heading is the spec's text. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <main id="main" className="section">
      <div className="container center">
        <h1>Unexpected Application Error!</h1>
        <p>Something went wrong while showing this page. Please reload, or go back to the home page.</p>
        <Link to="/" className="btn btn-primary">
          Return to Home
        </Link>
      </div>
    </main>
  );
}
