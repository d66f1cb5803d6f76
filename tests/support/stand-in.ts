/**
 * The offline Stripe stand-in's API and test hooks (local/stripe-stand-in.ts) for a stack at `baseUrl`, for tests that
 * start a stack of their own, and waiting until its money has settled (every event delivered, no refund in flight).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type Stripe from 'stripe';
import type { Booking } from '../../shared/records';
import { keys } from '../../functions/store/keys';
import { getItem } from '../../functions/store/table';
import { sendDueRefunds } from '../../functions/use-cases/booking/refund-worker';
import { request } from './http';

const API = { authorization: 'Bearer sk_test_tests' };

export function standInAt(baseUrl: string) {
  const hook = async <T>(p: string): Promise<T> => {
    const res = await request<T>(baseUrl, 'POST', `/_local/stripe/sessions/${p}`);
    if (res.status !== 200) throw new Error(`stand-in hook ${p} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  return {
    /** Pressing Pay on the hosted page: the event is delivered, then the browser is sent back (303), or 409/410 for a session not open. */
    payOnPage: (sessionId: string) => fetch(`${baseUrl}/_local/stripe/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' }),
    /** Paid at Stripe, its event made but not delivered (a webhook running late). */
    pay: (sessionId: string) => hook<{ eventId: string }>(`${sessionId}/pay`),
    deliver: async (eventId: string) => (await request<{ status: number }>(baseUrl, 'POST', `/_local/stripe/events/${eventId}/deliver`)).body,
    /** What the refund API does for this session's payment from now on: `down` answers 500 (listing its refunds too), `ok` works again. */
    refundsFault: (sessionId: string, mode: 'down' | 'lose' | 'refuse' | 'conflict' | 'throttle' | 'ok') => request(baseUrl, 'POST', `/_local/stripe/sessions/${sessionId}/refunds-${mode}`),
    /** From now on the API's expire of this session answers 500 (Stripe unreachable for it). */
    expireDown: (sessionId: string) => hook(`${sessionId}/expire-down`),
    async session(sessionId: string): Promise<Stripe.Checkout.Session> {
      const res = await request<Stripe.Checkout.Session>(baseUrl, 'GET', `/v1/checkout/sessions/${sessionId}`, undefined, API);
      if (res.status !== 200) throw new Error(`stand-in answered ${res.status}`);
      return res.body;
    },
    /** The balance sessions Stripe holds open for a booking. */
    async openSessionsOf(bookingId: string): Promise<string[]> {
      const open: string[] = [];
      let after: string | undefined;
      for (;;) {
        const res = await request<{ data: Stripe.Checkout.Session[]; has_more: boolean }>(baseUrl, 'GET', `/v1/checkout/sessions?status=open&limit=100${after ? `&starting_after=${after}` : ''}`, undefined, API);
        open.push(...res.body.data.filter((s) => s.metadata?.bookingId === bookingId && s.metadata?.purpose === 'balance').map((s) => s.id));
        if (!res.body.has_more) return open;
        after = res.body.data[res.body.data.length - 1]!.id;
      }
    },
  };
}

/** Until every event the stand-in made is delivered and none of the bookings has a refund line pending (the worker's pass run between). */
export async function moneySettled(dataDir: string, bookingIds: readonly string[]): Promise<void> {
  const dir = path.join(dataDir, 'stripe', 'events');
  for (let i = 0; i < 100; i++) {
    // Hours on: every refund request is due.
    await sendDueRefunds(() => new Date(Date.now() + 3 * 3_600_000));
    const undelivered = readdirSync(dir).filter((f) => f.endsWith('.json') && (JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { deliveries: unknown[] }).deliveries.length === 0);
    const bookings = await Promise.all(bookingIds.map((id) => getItem<Booking>(keys.booking(id), true)));
    if (undelivered.length === 0 && bookings.every((b) => !(b?.ledger ?? []).some((l) => l.status === 'pending'))) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('The money never settled');
}
