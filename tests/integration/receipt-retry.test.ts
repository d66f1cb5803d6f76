/**
 * The receipt goes out once, and a failed send is not the end of it: the webhook answers with an error so
 * Stripe delivers the event again, the next delivery sends it, and callers racing over one booking send one
 * receipt. The confirmation code runs here, against the same DynamoDB, with e-mail delivery replaced.
 */
import type Stripe from 'stripe';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { booking, checkout, checkoutBody, env, standIn, stripeSession, webhookSecret } from './payment-support';

const sendEmail = vi.fn<(message: { to: string[]; subject: string }) => Promise<{ id: string }>>();
vi.mock('../../functions/lib/email', () => ({ sendEmail: (m: { to: string[]; subject: string }) => sendEmail(m) }));

const { handleStripeEvent } = await import('../../functions/use-cases/booking/stripe-events');
const { bookingForSession } = await import('../../functions/use-cases/booking/confirm-payment');

beforeAll(() => {
  process.env.TABLE_NAME = env.tableName;
  process.env.DYNAMODB_ENDPOINT = env.dynamodbEndpoint;
  process.env.STRIPE_STANDIN_URL = env.baseUrl; // the success page asks Stripe about sessions still pending
  process.env.STRIPE_STANDIN_WEBHOOK_SECRET = webhookSecret();
});
beforeEach(() => sendEmail.mockReset());

/** A paid session of a fresh pending booking, as Stripe's completed event carries it. */
async function paidSession(): Promise<{ session: Stripe.Checkout.Session; bookingId: string }> {
  const started = await checkout(checkoutBody());
  await standIn.pay(started.sessionId); // paid at the stand-in; its event is never delivered to the server
  return { session: await stripeSession(started.sessionId), bookingId: started.bookingId };
}

const completed = (session: Stripe.Checkout.Session) => ({ id: `evt_${session.id}`, type: 'checkout.session.completed', data: { object: session } }) as unknown as Stripe.Event;

describe('the receipt e-mail', () => {
  it('is tried again by the next delivery after a failed send, and the booking stands meanwhile', async () => {
    const { session, bookingId } = await paidSession();
    sendEmail.mockRejectedValueOnce(new Error('SES throttled'));
    await expect(handleStripeEvent(completed(session))).rejects.toThrow(/not sent; asking Stripe to redeliver/);
    const afterFailure = await booking(bookingId);
    expect(afterFailure).toMatchObject({ status: 'reservation', bookingReference: expect.stringMatching(/^RP-/) });
    expect(afterFailure!.receiptSentAt).toBeUndefined();
    expect(afterFailure!.receiptClaimedAt).toBeUndefined();

    sendEmail.mockResolvedValueOnce({ id: 'msg-2' });
    await handleStripeEvent(completed(session));
    expect(sendEmail).toHaveBeenCalledTimes(2);
    expect(sendEmail.mock.calls[1]![0].subject).toContain(afterFailure!.bookingReference);
    expect(await booking(bookingId)).toMatchObject({ receiptMessageId: 'msg-2', receiptSentAt: expect.any(String), bookingReference: afterFailure!.bookingReference });

    await handleStripeEvent(completed(session));
    expect(sendEmail).toHaveBeenCalledTimes(2);
  });

  it('is sent by the success page when the webhook could not send it', async () => {
    const { session, bookingId } = await paidSession();
    sendEmail.mockRejectedValueOnce(new Error('SES down'));
    await expect(handleStripeEvent(completed(session))).rejects.toThrow();
    sendEmail.mockResolvedValueOnce({ id: 'msg-page' });
    expect((await bookingForSession(session.id)).id).toBe(bookingId);
    expect(await booking(bookingId)).toMatchObject({ receiptMessageId: 'msg-page' });
  });

  it('goes out once when many deliveries and visits race over one booking', async () => {
    const { session, bookingId } = await paidSession();
    sendEmail.mockImplementation(async () => {
      await new Promise((r) => setTimeout(r, 50));
      return { id: 'msg-once' };
    });
    await Promise.all([
      ...Array.from({ length: 10 }, () => handleStripeEvent(completed(session))),
      ...Array.from({ length: 10 }, () => bookingForSession(session.id)),
    ]);
    expect(sendEmail).toHaveBeenCalledTimes(1);
    expect(await booking(bookingId)).toMatchObject({ receiptMessageId: 'msg-once' });
  });
});
