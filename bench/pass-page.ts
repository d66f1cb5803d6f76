/**
 * A real booking pass on the bench's local stack, for the page benches (the pass must load on a phone as
 * fast as the public pages): a checkout paid through the Stripe stand-in, and the pass path its success page links to.
 * Made once per bench run.
 */
import { addDays, nzToday } from '../shared/nz-time';
import type { BenchContext } from './context';

let made: Promise<string> | undefined;

async function make(url: string): Promise<string> {
  const res = await fetch(`${url}/api/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      quote: { dropOffDate: addDays(nzToday(new Date()), 3), dropOffTime: '09:00', pickUpDate: addDays(nzToday(new Date()), 10), pickUpTime: '11:00', carWash: true },
      customer: { firstName: 'Bench', lastName: 'Pass', email: `bench-pass-${Date.now().toString(36)}@example.com`, contactNumber: '09 300 0000', carRegistration: 'BEN123' },
      paymentType: 'deposit',
    }),
  });
  const started = (await res.json()) as { sessionId?: string };
  if (res.status !== 201 || !started.sessionId) throw new Error(`checkout answered ${res.status}: ${JSON.stringify(started)}`);
  await fetch(`${url}/_local/stripe/checkout/${started.sessionId}/pay`, { method: 'POST', redirect: 'manual' });
  const success = (await (await fetch(`${url}/api/checkout/${encodeURIComponent(started.sessionId)}`)).json()) as { pass_url?: string };
  if (!success.pass_url) throw new Error('the paid checkout has no pass link');
  return new URL(success.pass_url).pathname;
}

/** `/pass/<token>` of a paid booking (with a balance due, so the page shows Pay balance too). */
export async function benchPassPath(ctx: BenchContext): Promise<string> {
  const { url } = await ctx.stack();
  made ??= make(url);
  return made;
}
