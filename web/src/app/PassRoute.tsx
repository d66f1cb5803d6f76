/** /pass/<token>: the booking pass with the pickup feature's "I've landed" form and the claims feature's damage reports in it (a lazily loaded route). */
import { lazy, Suspense } from 'react';
import PassPage from '../features/pass/pages/PassPage';

// Offered only on the return day: the form and the pickup feature's code stay out of the pass's first paint.
const PassLanded = lazy(() => import('./PassLanded'));
// Only after collection: the damage report form and its upload code load then.
const PassClaims = lazy(() => import('./PassClaims'));

export default function PassRoute() {
  return (
    <PassPage
      landed={(pass) => (
        <Suspense fallback={null}>
          <PassLanded pass={pass} />
        </Suspense>
      )}
      claims={(pass) => (
        <Suspense fallback={null}>
          <PassClaims pass={pass} />
        </Suspense>
      )}
    />
  );
}
