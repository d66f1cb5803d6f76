/**
 * The booking a paid checkout session made (GET /api/checkout/{sessionId}). The call itself confirms the
 * booking if Stripe's webhook has not arrived yet, so one call normally does; a 409 (payment not yet
 * complete) is retried briefly in case the provider is still settling the payment.
 */
import { paymentMessages, type CreatedBooking } from '@shared/booking';
import { ApiError } from '@/lib/api-client';
import { getCheckout } from './get-checkout';

export type ConfirmedBooking = CreatedBooking;

export const INVALID_SESSION_MESSAGE = 'Invalid payment session';
export const BOOKING_NOT_CREATED_MESSAGE = 'Payment successful but booking creation failed. Please contact support.';
export const BOOKING_FAILED_MESSAGE = 'Failed to create booking. Please contact support.';
/** A success link the server does not know (mistyped, cut short, or from another site): it claims no payment. */
export const SESSION_NOT_FOUND_MESSAGE = 'We could not find this payment. The link may be mistyped or cut short: open it again from your confirmation e-mail, or book again from the home page.';
export const BOOKING_CONFIRMED_MESSAGE = 'Booking confirmed successfully!';

/** Waits before each retry after a 409: about 7 seconds in all. */
export const RETRY_DELAYS_MS = [500, 1000, 2000, 3500] as const;

/** Final answers, not worth asking again: a payment held for staff, or a checkout that ended unpaid. */
const FINAL_CONFLICTS: readonly string[] = [paymentMessages.paymentUnderReview, paymentMessages.checkoutEnded];
const finalConflict = (e: unknown) => e instanceof ApiError && e.status === 409 && FINAL_CONFLICTS.includes(e.message);

/**
 * The screen's message for a failed confirmation. Only a session the server knows but has not seen paid (409)
 * may have taken money; an unknown session (404, a mistyped or forged link) must not claim a payment.
 */
export function confirmationFailureMessage(error: unknown): string {
  if (finalConflict(error)) return (error as ApiError).message;
  if (error instanceof ApiError && error.status === 404) return SESSION_NOT_FOUND_MESSAGE;
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
      if (!(e instanceof ApiError) || e.status !== 409 || finalConflict(e) || delay === undefined) throw e;
      await sleep(delay, signal);
    }
  }
}
