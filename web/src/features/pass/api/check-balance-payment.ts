/**
 * Back on the pass from paying its balance: GET /api/checkout/{sessionId} records the payment if the webhook has not
 * yet, and the pass is read again; the answer is what the page says (the dashboard's words, or that the payment was
 * not needed).
 */
import { balanceCheckoutMessages } from '@shared/balance-checkout';
import { createdBookingSchema } from '@shared/booking';
import type { Pass } from '@shared/pass';
import { returnedPaymentText } from '@shared/returned-payment';
import { apiRequest } from '../../../lib/api-client';
import { fetchPass } from './get-pass';

export async function checkBalancePayment(sessionId: string, token: string, signal: AbortSignal): Promise<{ pass: Pass; message: string }> {
  const paid = await apiRequest(`/checkout/${encodeURIComponent(sessionId)}`, { schema: createdBookingSchema, signal });
  // A payment the booking did not need (paid twice, or after a cancellation) is never said to be received as a balance.
  const message = paid.returned_payment ? returnedPaymentText(paid.booking_reference, paid.returned_payment) : balanceCheckoutMessages.paid(paid.booking_reference);
  return { pass: await fetchPass(token, signal), message };
}

export const balanceReturnMessages = { canceled: balanceCheckoutMessages.canceled, checkFailed: balanceCheckoutMessages.checkFailed };
