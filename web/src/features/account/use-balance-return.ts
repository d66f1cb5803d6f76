/**
 * Back on the dashboard from paying a balance (`?balance_session=` or `?balance=canceled`): check the payment (the
 * call records it if the webhook is late), say what was paid and what is left (or that it was not needed and what
 * goes back to the card), let the list read the booking again,
 * and take the parameters out of the address.
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BALANCE_CANCELED_PARAM, BALANCE_SESSION_PARAM, balanceCheckoutMessages } from '@shared/balance-checkout';
import { formatDollars } from '@shared/money';
import { returnedPaymentText } from '@shared/returned-payment';
import { useToast } from '../../ui/toast/ToastProvider';
import { checkBalancePayment } from './api/balance-checkout';

export function useBalanceReturn(onPaid: () => void): void {
  const { toast } = useToast();
  const [params, setParams] = useSearchParams();
  const session = params.get(BALANCE_SESSION_PARAM);
  const canceled = params.get(BALANCE_CANCELED_PARAM) === 'canceled';
  useEffect(() => {
    if (!session && !canceled) return;
    const abort = new AbortController();
    const done = () => setParams((p) => (p.delete(BALANCE_SESSION_PARAM), p.delete(BALANCE_CANCELED_PARAM), p), { replace: true });
    if (canceled) {
      toast({ title: 'Payment cancelled', description: balanceCheckoutMessages.canceled });
      done();
      return;
    }
    checkBalancePayment(session!, abort.signal)
      .then((b) => {
        // A payment the booking did not need (paid twice, after a cancellation, beyond the balance) is said as such.
        if (b.returned_payment) toast({ title: 'Payment not needed', description: returnedPaymentText(b.booking_reference, b.returned_payment) });
        else toast({ title: 'Success', description: `${balanceCheckoutMessages.paid(b.booking_reference)} Balance due: ${formatDollars(b.balance_due)}.`, variant: 'success' });
        onPaid();
      })
      .catch((e: unknown) => {
        if ((e as Error).name !== 'AbortError') toast({ title: 'Error', description: balanceCheckoutMessages.checkFailed, variant: 'destructive' });
      })
      .finally(() => !abort.signal.aborted && done());
    return () => abort.abort();
  }, [session, canceled, toast, setParams, onPaid]);
}
