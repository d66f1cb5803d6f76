/**
 * The booking a paid checkout session made (GET /api/checkout/{sessionId}). The call itself confirms the
 * booking if Stripe's webhook has not arrived yet, so one call normally does; a 409 (payment not yet
 * complete) is retried briefly in case the provider is still settling the payment.
 */
import { paymentMessages, type CreatedBooking } from '@shared/booking';
import { ApiError } from '../../lib/api-client';
import { getCheckout } from './api/get-checkout';

export type ConfirmedBooking = CreatedBooking;

export const INVALID_SESSION_MESSAGE = 'Invalid payment session';
export const BOOKING_NOT_CREATED_MESSAGE = 'Payment successful but booking creation failed. Please contact support.';
export const BOOKING_FAILED_MESSAGE = 'Failed to create booking. Please contact support.';
export const BOOKING_CONFIRMED_MESSAGE = 'Booking confirmed successfully!';

/** Waits before each retry after a 409: about 7 seconds in all. */
export const RETRY_DELAYS_MS = [500, 1000, 2000, 3500] as const;

/** A paid booking held for staff because the payment did not match: final, not worth asking again. */
const underReview = (e: unknown) => e instanceof ApiError && e.status === 409 && e.message === paymentMessages.paymentUnderReview;

/**
 * The screen's message for a failed confirmation. Only a session the server knows but has not seen paid (409)
 * may have taken money; an unknown session (404, a mistyped or forged link) must not claim a payment.
 */
export function confirmationFailureMessage(error: unknown): string {
  if (underReview(error)) return paymentMessages.paymentUnderReview;
  if (error instanceof ApiError && error.status === 409) return BOOKING_NOT_CREATED_MESSAGE;
  return BOOKING_FAILED_MESSAGE;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        reject(new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });

export async function fetchConfirmedBooking(sessionId: string, signal: AbortSignal, delays: readonly number[] = RETRY_DELAYS_MS): Promise<ConfirmedBooking> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await getCheckout(sessionId, signal);
    } catch (e) {
      const delay = delays[attempt];
      if (!(e instanceof ApiError) || e.status !== 409 || underReview(e) || delay === undefined) throw e;
      await sleep(delay, signal);
    }
  }
}
