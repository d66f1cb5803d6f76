/**
 * Starting a hosted checkout: POST /api/checkout, remember the pending booking, then leave for the
 * provider's page. Failures come back as the texts the screens show.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { createCheckout } from './api/create-checkout';
import { CONFIRM_DUPLICATE_FIELD } from '@shared/duplicate-stay';
import { checkoutFailureDetail, checkoutRequest, type PaymentFlowState, type PaymentType } from './flow';
import { readPaidCheckouts } from './paid-checkouts';
import { savePendingBooking } from './pending-booking';

export const CHECKOUT_FAILED_MESSAGE = 'Payment failed. Please try again.';
export const NO_CHECKOUT_URL_MESSAGE = 'Failed to create checkout session';
export const RETRY_FAILED_MESSAGE = 'Failed to retry payment. Please try again.';

export interface CheckoutFailure {
  title: string;
  detail?: string;
}

export interface PayOptions {
  /** The traveller saw 'You already have RP-... for these dates' and chose to book anyway. */
  confirmDuplicate?: boolean;
  /** Called with the new session just before the browser leaves for it (the payment page notes it in its history entry). */
  onStarted?(sessionId: string): void;
}

async function startCheckout(state: PaymentFlowState, paymentType: PaymentType, options: PayOptions): Promise<string> {
  const res = await createCheckout(checkoutRequest(state, paymentType, { paidSessions: readPaidCheckouts(), confirmDuplicate: options.confirmDuplicate }));
  savePendingBooking({ ...state, paymentType, bookingId: res.bookingId, sessionId: res.sessionId });
  options.onStarted?.(res.sessionId);
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

/** A 409 naming an earlier paid booking of the same trip: the page offers to book anyway. */
const isDuplicateTrip = (e: unknown): e is ApiError => e instanceof ApiError && e.status === 409 && !!e.fieldErrors[CONFIRM_DUPLICATE_FIELD];

/**
 * `pay` starts a checkout; `busy` stays true while the browser navigates away. If the user comes back with
 * the Back button and the page is restored from the back/forward cache, it is reset so they can pay again;
 * `onReturned` then hears which checkout they came back from (it may have been paid), else that checkout is ended.
 */
export function useCheckout(failureTitle: string, { onReturned }: { onReturned?(sessionId: string): void } = {}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<CheckoutFailure | null>(null);
  const [duplicate, setDuplicate] = useState<string | null>(null);

  const started = useRef<string | undefined>(undefined);
  const returned = useRef(onReturned);
  returned.current = onReturned;

  useEffect(() => {
    const onPageShow = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      setBusy(false);
      const sessionId = started.current;
      started.current = undefined;
      if (sessionId && returned.current) returned.current(sessionId);
      // Back from the payment page without paying: that checkout is over.
      else endLeftCheckout(sessionId);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const pay = useCallback(
    async (state: PaymentFlowState, paymentType: PaymentType, options: PayOptions = {}) => {
      setBusy(true);
      setFailure(null);
      setDuplicate(null);
      try {
        started.current = await startCheckout(state, paymentType, options);
      } catch (e) {
        setBusy(false);
        if (isDuplicateTrip(e)) setDuplicate(e.message);
        else if (isUnusableAnswer(e)) setFailure({ title: NO_CHECKOUT_URL_MESSAGE });
        else if (e instanceof ApiError) setFailure({ title: failureTitle, detail: checkoutFailureDetail(e) });
        else setFailure({ title: failureTitle });
      }
    },
    [failureTitle],
  );

  return { busy, failure, duplicate, pay, clearFailure: () => setFailure(null) };
}
