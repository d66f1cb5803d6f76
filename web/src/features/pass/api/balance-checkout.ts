/** POST /api/pass/{token}/balance-checkout (the balance payment's route): the Stripe Checkout address to go to. */
import { passBalanceCheckoutSchema } from '@shared/pass';
import { apiRequest } from '../../../lib/api-client';

export async function startBalanceCheckout(token: string): Promise<string> {
  return (await apiRequest(`/pass/${encodeURIComponent(token)}/balance-checkout`, { method: 'POST', body: {}, schema: passBalanceCheckoutSchema })).url;
}
