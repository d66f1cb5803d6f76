/**
 * GET /api/me/bookings for a customer with 5 and with 500 confirmed bookings, through the local gateway (the
 * handler Lambda runs, its JWT check included). Bookings are seeded with the store's own writes: the pending
 * booking and its session, then the confirmation transaction, as a paid checkout makes them.
 */
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { createPendingBooking } from '../functions/store/bookings';
import { confirmPendingBooking } from '../functions/store/confirmation';
import { newBookingReference } from '../functions/use-cases/booking/reference';
import { upsertCustomer } from '../functions/store/customers';
import { cognitoClient, createVerifiedUser, randomPassword } from '../local/provision';
import { addDays, nzToday } from '../shared/nz-time';
import type { Booking } from '../shared/records';
import { percentile, timeCalls, type BenchContext, type BenchModule } from './context';

const REQUESTS = 200;

async function customerWithBookings(ctx: BenchContext, count: number): Promise<string> {
  const stack = await ctx.stack();
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  const password = randomPassword();
  const client = cognitoClient(stack.endpoints.cognito, stack.cognitoAdminSecret);
  const sub = (await createVerifiedUser(client, stack.pool.userPoolId, { email, password }))!;
  const auth = await client.send(new InitiateAuthCommand({ ClientId: stack.pool.userPoolClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }));
  const customer = await upsertCustomer({ firstName: 'Bench', lastName: 'Customer', email, contactNumber: '021 000 0000', carRegistration: 'BENCH1' }, { userId: sub, userEmail: email, userEmailVerified: true });
  const now = new Date().toISOString();
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const sessionId = `cs_bench_${id}`;
    const dropOff = addDays(nzToday(new Date()), 3 + (i % 300));
    const b: Booking = {
      id, status: 'pending_payment', customerId: customer.id, userId: sub,
      customer: { name: customer.name, email, contactNumber: customer.contactNumber }, carRegistration: 'BENCH1',
      dropOffDate: dropOff, dropOffTime: '09:00', pickUpDate: addDays(dropOff, 7), pickUpTime: '09:00',
      departureFlight: null, returnFlight: null, parkingBayNumber: null, days: 7, shuttleService: true, carWash: false,
      parkingCents: 4500, carWashCents: 0, totalCents: 4500, paymentType: 'full', amountDueNowCents: 4500,
      checkoutSessionId: sessionId, createdAt: now, updatedAt: now,
    };
    await createPendingBooking(b, { sessionId, bookingId: id, createdAt: now, expiresAt: Math.floor(Date.now() / 1000) + 1800 });
    const reference = newBookingReference();
    const outcome = await confirmPendingBooking({
      booking: b, reference, confirmedAt: now, createdNzDate: nzToday(new Date()), firstForCustomer: i === 0,
      payment: { type: 'full', amountPaidCents: 4500, balanceDueCents: 0, currency: 'nzd', paymentIntent: `pi_bench_${i}`, sessionId, paidAt: now },
    });
    if (outcome !== 'confirmed') throw new Error(`seeding booking ${i} of ${count}: ${outcome}`);
  }
  return auth.AuthenticationResult!.IdToken!;
}

const myBookings: BenchModule = {
  title: 'GET /api/me/bookings on the local stack (5 and 500 bookings)',
  async run(ctx) {
    const { url } = await ctx.stack();
    for (const count of [5, 500]) {
      const token = await customerWithBookings(ctx, count);
      const call = async () => {
        const res = await fetch(`${url}/api/me/bookings`, { headers: { authorization: `Bearer ${token}` } });
        const body = (await res.json()) as { bookings: unknown[] };
        if (body.bookings.length !== count) throw new Error(`expected ${count} bookings, got ${body.bookings.length}`);
      };
      const times = await timeCalls(call, REQUESTS, 10);
      ctx.report(`${count} bookings: p50`, percentile(times, 50).toFixed(2), 'ms');
      ctx.report(`${count} bookings: p95`, percentile(times, 95).toFixed(2), 'ms');
    }
  },
};
export default myBookings;
