/**
 * A guest cancels from the pass: the same use case and terms as the dashboard's cancel (the customer
 * money policy, worked out again now; the dialog's figure is never sent).
 */
import type { Pass } from '../../../shared/pass';
import { conflict } from '../../domain/errors';
import { cancelBooking } from '../booking/cancel-booking';
import { customerTermsOf } from '../booking/customer-terms';
import { passLinkFor } from '../booking/pass-link';
import { bookingForPassToken } from './pass-booking';
import { toPass } from './pass-view';
import * as clock from '../../lib/clock';

export async function cancelByPass(token: string, now = clock.now()): Promise<{ pass: Pass; refundCents: number }> {
  const b = await bookingForPassToken(token);
  const terms = customerTermsOf(b, now);
  if (!terms.cancellable) throw conflict(terms.reason ?? 'This booking cannot be cancelled');
  const { booking, decision } = await cancelBooking(b, { policy: { actor: 'customer' }, by: 'customer', from: ['reservation'], now });
  return { pass: toPass(booking, await passLinkFor(booking.id), now), refundCents: decision.refundCents };
}
