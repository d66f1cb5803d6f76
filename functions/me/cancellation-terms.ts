/** GET /api/me/bookings/{id}/cancellation: whether the caller's booking can be cancelled now, and the refund it would give. */
import { centsToDollars } from '../../shared/money';
import { httpHandler } from '../lib/http';
import { myCancellationTerms } from '../use-cases/account/cancel-my-booking';

export const handler = httpHandler({ access: 'user' }, async ({ auth, params }) => {
  const t = await myCancellationTerms(auth.user!, params.id ?? '');
  return { body: { cancellable: t.cancellable, reason: t.reason, paid: centsToDollars(t.paidCents), refund: centsToDollars(t.refundCents), fee: centsToDollars(t.feeCents) } };
});
