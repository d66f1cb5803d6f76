/**
 * Back from the hosted checkout on a dashboard (`?session_id=` or `?checkout=canceled`): confirm the booking (the
 * call confirms it if the webhook is late), say so, let the page list it, and take the parameters out of the address.
 * How it is said is the caller's (`tell`: the page's toast), so lib/ stays below the ui/ it serves.
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { confirmationFailureMessage, fetchConfirmedBooking } from './confirmation';

/** What the return says to the person: a title, its text and how it reads. */
export interface CheckoutReturnNote {
  title: string;
  description: string;
  variant?: 'success' | 'destructive';
}

export function useCheckoutReturn({ created, notMade, onConfirmed, tell }: { created: string; notMade: string; onConfirmed(): void; tell(note: CheckoutReturnNote): void }) {
  const [params, setParams] = useSearchParams();
  const returnedSession = params.get('session_id');
  const canceled = params.get('checkout') === 'canceled';
  useEffect(() => {
    if (!returnedSession && !canceled) return;
    const abort = new AbortController();
    const done = () => setParams((p) => (p.delete('session_id'), p.delete('checkout'), p), { replace: true });
    if (canceled) {
      tell({ title: 'Payment cancelled', description: notMade });
      done();
      return;
    }
    fetchConfirmedBooking(returnedSession!, abort.signal)
      .then(() => {
        tell({ title: 'Success', description: created, variant: 'success' });
        onConfirmed();
      })
      .catch((e: unknown) => {
        if ((e as Error).name !== 'AbortError') tell({ title: 'Error', description: confirmationFailureMessage(e), variant: 'destructive' });
      })
      .finally(() => !abort.signal.aborted && done());
    return () => abort.abort();
  }, [returnedSession, canceled, tell, setParams, created, notMade, onConfirmed]);
}
