/**
 * Back from the hosted checkout on a dashboard (`?session_id=` or `?checkout=canceled`): confirm the booking (the
 * call confirms it if the webhook is late), say so, let the page list it, and take the parameters out of the address.
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useToast } from '@/ui/toast/ToastProvider';
import { confirmationFailureMessage, fetchConfirmedBooking } from './confirmation';

export function useCheckoutReturn({ created, notMade, onConfirmed }: { created: string; notMade: string; onConfirmed(): void }) {
  const { toast } = useToast();
  const [params, setParams] = useSearchParams();
  const returnedSession = params.get('session_id');
  const canceled = params.get('checkout') === 'canceled';
  useEffect(() => {
    if (!returnedSession && !canceled) return;
    const abort = new AbortController();
    const done = () => setParams((p) => (p.delete('session_id'), p.delete('checkout'), p), { replace: true });
    if (canceled) {
      toast({ title: 'Payment cancelled', description: notMade });
      done();
      return;
    }
    fetchConfirmedBooking(returnedSession!, abort.signal)
      .then(() => {
        toast({ title: 'Success', description: created, variant: 'success' });
        onConfirmed();
      })
      .catch((e: unknown) => {
        if ((e as Error).name !== 'AbortError') toast({ title: 'Error', description: confirmationFailureMessage(e), variant: 'destructive' });
      })
      .finally(() => !abort.signal.aborted && done());
    return () => abort.abort();
  }, [returnedSession, canceled, toast, setParams, created, notMade, onConfirmed]);
}
