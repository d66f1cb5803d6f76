/**
 * Starting a hosted checkout: POST /api/checkout, remember the pending booking, then leave for the
 * provider's page. Failures come back as the texts the screens show.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { createCheckout } from './api/create-checkout';
import { checkoutFailureDetail, checkoutRequest, type PaymentFlowState, type PaymentType } from './flow';
import { savePendingBooking } from './pending-booking';

export const CHECKOUT_FAILED_MESSAGE = 'Payment failed. Please try again.';
export const NO_CHECKOUT_URL_MESSAGE = 'Failed to create checkout session';
export const RETRY_FAILED_MESSAGE = 'Failed to retry payment. Please try again.';

export interface CheckoutFailure {
  title: string;
  detail?: string;
}

async function startCheckout(state: PaymentFlowState, paymentType: PaymentType): Promise<string> {
  const res = await createCheckout(checkoutRequest(state, paymentType));
  savePendingBooking({ ...state, paymentType, bookingId: res.bookingId, sessionId: res.sessionId });
  window.location.assign(res.url);
  return res.sessionId;
}

/**
 * The traveller left the payment step unpaid (came back with Back, or cancelled on the payment page): their checkout
 * ends now, so its places are not held for half an hour. Best effort: if this call fails the session still expires.
 */
export function endLeftCheckout(sessionId: string | undefined): void {
  if (!sessionId) return;
  void import('./api/cancel-checkout').then(({ cancelCheckout }) => cancelCheckout(sessionId)).catch(() => undefined);
}

/** A success answer the client could not use (no checkout address, say): nothing to leave for. */
const isUnusableAnswer = (e: unknown): e is ApiError => e instanceof ApiError && e.kind === 'invalid-response';

/**
 * `pay` starts a checkout; `busy` stays true while the browser navigates away. If the user comes back with
 * the Back button and the page is restored from the back/forward cache, it is reset so they can pay again.
 */
export function useCheckout(failureTitle: string) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<CheckoutFailure | null>(null);

  const started = useRef<string | undefined>(undefined);

  useEffect(() => {
    const onPageShow = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      setBusy(false);
      // Back from the payment page without paying: that checkout is over.
      endLeftCheckout(started.current);
      started.current = undefined;
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const pay = useCallback(
    async (state: PaymentFlowState, paymentType: PaymentType) => {
      setBusy(true);
      setFailure(null);
      try {
        started.current = await startCheckout(state, paymentType);
      } catch (e) {
        setBusy(false);
        if (isUnusableAnswer(e)) setFailure({ title: NO_CHECKOUT_URL_MESSAGE });
        else if (e instanceof ApiError) setFailure({ title: failureTitle, detail: checkoutFailureDetail(e) });
        else setFailure({ title: failureTitle });
      }
    },
    [failureTitle],
  );

  return { busy, failure, pay, clearFailure: () => setFailure(null) };
}
