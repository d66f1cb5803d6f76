/**
 * Paying a booking's balance online: POST /api/me/bookings/{id}/balance-checkout (where the hosted checkout is), and
 * on the way back GET /api/checkout/{sessionId}, which records the payment if the webhook has not yet and answers the
 * booking as it now stands.
 */
import { balanceCheckoutResponseSchema, type BalanceCheckoutResponse } from '@shared/balance-checkout';
import { createdBookingSchema, type CreatedBooking } from '@shared/booking';
import { apiRequest } from '../../../lib/api-client';

export function startBalanceCheckout(bookingId: string): Promise<BalanceCheckoutResponse> {
  return apiRequest(`/me/bookings/${encodeURIComponent(bookingId)}/balance-checkout`, { method: 'POST', body: {}, schema: balanceCheckoutResponseSchema, auth: true });
}

export function checkBalancePayment(sessionId: string, signal?: AbortSignal): Promise<CreatedBooking> {
  return apiRequest(`/checkout/${encodeURIComponent(sessionId)}`, { schema: createdBookingSchema, signal });
}
