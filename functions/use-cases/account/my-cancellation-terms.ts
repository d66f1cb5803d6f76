/**
 * What cancelling the caller's own booking would give now (the dashboard's dialog): the terms alone, apart from
 * cancel-my-booking.ts, so the read does not load the cancellation's writes, e-mails and Stripe.
 */
import type { CancellationTerms } from '../../../shared/cancellation';
import type { Caller } from '../../lib/auth';
import { customerTermsOf as termsOf } from '../booking/customer-terms';
import { ownBooking } from './own-booking';
import * as clock from '../../lib/clock';

export async function myCancellationTerms(caller: Caller, id: string, now = clock.now()): Promise<CancellationTerms> {
  return termsOf(await ownBooking(caller, id), now);
}
