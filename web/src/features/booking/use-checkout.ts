/**
 * Starting a hosted checkout: POST /api/checkout, remember the pending booking, then leave for the
 * provider's page. Failures come back as the texts the screens show.
 */
import { useCallback, useEffect, useState } from 'react';
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

async function startCheckout(state: PaymentFlowState, paymentType: PaymentType): Promise<void> {
  const res = await createCheckout(checkoutRequest(state, paymentType));
  savePendingBooking({ ...state, paymentType, bookingId: res.bookingId });
  window.location.assign(res.url);
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

  useEffect(() => {
    const onPageShow = (e: PageTransitionEvent) => {
      if (e.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const pay = useCallback(
    async (state: PaymentFlowState, paymentType: PaymentType) => {
      setBusy(true);
      setFailure(null);
      try {
        await startCheckout(state, paymentType);
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
