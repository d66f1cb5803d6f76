/** POST /api/pass/{token}/cancellation: a guest cancels by the terms from the pass; answers the pass and the refund (dollars). */
import { centsToDollars } from '../../shared/money';
import { httpHandler } from '../lib/http';
import { cancelByPass } from '../use-cases/pass/cancel-by-pass';

export const handler = httpHandler({ access: 'public' }, async ({ params }) => {
  const { pass, refundCents } = await cancelByPass(params.token ?? '');
  return { body: { pass, refund: centsToDollars(refundCents) } };
});
