/** GET /api/me/bookings/{id}/cancellation: whether the caller's booking can be cancelled now, the refund it would give, and what would be kept and why. */
import { keptText } from '../../shared/cancellation';
import { centsToDollars } from '../../shared/money';
import { httpHandler } from '../lib/http';
import { myCancellationTerms } from '../use-cases/account/my-cancellation-terms';

export const handler = httpHandler({ access: 'user' }, async ({ auth, params }) => {
  const t = await myCancellationTerms(auth.user!, params.id ?? '');
  return {
    body: { cancellable: t.cancellable, reason: t.reason, paid: centsToDollars(t.paidCents), refund: centsToDollars(t.refundCents), fee: centsToDollars(t.feeCents), kept: centsToDollars(t.keptCents), kept_reason: keptText(t.keptReason) },
  };
});
