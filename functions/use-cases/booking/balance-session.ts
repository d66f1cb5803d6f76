/**
 * Withdrawing a balance checkout's Stripe session once the booking no longer asks what it asks. A change of what is
 * due ends the booking's balance checkout in the change's own write (store/booking-changes.ts); the session is then
 * expired at Stripe here, after the write. If that call fails (Stripe unreachable, the function stopped), the session
 * is still superseded: it is no longer the booking's, so a payment that still comes for it is treated as a late
 * payment (balance-payment.ts: kept only up to what is due, the rest refunded).
 */
import { balanceSessionSurvives } from '../../../shared/balance-checkout';
import { maskToken } from '../../../shared/mask';
import type { Booking } from '../../../shared/records';
import { logger } from '../../lib/logger';
import { stripeClient } from '../../lib/stripe';

/** How long a change that has been saved waits for Stripe to expire the session it superseded. */
const WITHDRAW_DEADLINE_MS = 3_000;

/** What expiring a session came to: expired now, already ended (expired or paid: Stripe expires only open ones), or no answer. */
export type ExpireOutcome = 'expired' | 'paid' | 'ended' | 'failed';

export async function expireBalanceSession(sessionId: string): Promise<ExpireOutcome> {
  const stripe = await stripeClient().catch(() => null);
  if (!stripe) return 'failed';
  try {
    await stripe.checkout.sessions.expire(sessionId);
    return 'expired';
  } catch (error) {
    // Stripe refuses to expire a session that is not open: look at what it is.
    try {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      if (session.status === 'complete') return 'paid';
      if (session.status === 'expired') return 'ended';
    } catch {
      // No answer either way: reported below.
    }
    logger.warn('Could not expire a balance checkout session at Stripe', { sessionId: maskToken(sessionId), error: String(error) });
    return 'failed';
  }
}

/**
 * After a change saved: the session the booking's balance checkout had, if the change ended it (what is due moved, the
 * booking ended), is expired at Stripe. `paidSessionId`: the session whose payment the change records (it is complete).
 */
export async function withdrawSupersededSession(before: Booking, after: Booking, paidSessionId?: string): Promise<void> {
  const sessionId = before.balanceCheckout?.sessionId;
  if (!sessionId || sessionId === paidSessionId || balanceSessionSurvives(before, after)) return;
  // The change is saved: its answer must not wait on Stripe (the SDK's own timeout and retries run longer than a route's).
  const outcome = await Promise.race([expireBalanceSession(sessionId), new Promise<ExpireOutcome>((r) => setTimeout(() => r('failed'), WITHDRAW_DEADLINE_MS).unref())]);
  if (outcome === 'failed') {
    logger.warn('A superseded balance session may still be open at Stripe; a payment for it will be refunded beyond what is due', { bookingId: before.id, sessionId: maskToken(sessionId) });
  } else {
    logger.info('Superseded balance session withdrawn', { bookingId: before.id, sessionId: maskToken(sessionId), outcome });
  }
}
