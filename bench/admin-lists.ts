/**
 * The admin's lists at 1,000 and at 100,000 confirmed bookings (design: 'Admin lists at scale'),
 * through the local gateway with a staff id token: p50/p95 of the summary, each tab's first page, page 40 of
 * All, searches, a status filter, a one-week drop-off range and the same range sorted by pick-up.
 *
 * Bookings are seeded with the store's own writes (pending booking and session, then the confirmation
 * transaction; a fifth of them then checked in or out through the staff change transaction), at the density a
 * 300-car yard sees: about 40 bookings made a day, each dropping off within a month of booking. So 1,000
 * bookings span the last month or so and 100,000 about seven years; a day, a week or a month holds about as
 * many bookings at both sizes, and what grows is the number of days and months.
 */
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { createPendingBooking } from '../functions/store/bookings';
import { saveBookingChange } from '../functions/store/booking-changes';
import { confirmPendingBooking } from '../functions/store/confirmation';
import { upsertCustomer, type Customer } from '../functions/store/customers';
import { newBookingReference } from '../functions/use-cases/booking/reference';
import { cognitoClient, createVerifiedUser, randomPassword } from '../local/provision';
import { addDays, nzToday } from '../shared/nz-time';
import { priceFor } from '../shared/pricing';
import { CONFIRMED_STATUSES, type Booking } from '../shared/records';
import { percentile, timeCalls, type BenchContext, type BenchModule } from './context';

const REQUESTS = 60;
const BOOKINGS_A_DAY = 40;
const CUSTOMER_EVERY = 4;
const CONCURRENCY = 6;
const FIRST = ['Aroha', 'James', 'Mere', 'Olivia', 'Tane', 'Liam', 'Ana', 'Noah', 'Hana', 'Jack', 'Sophie', 'Wiremu', 'Isla', 'Leo', 'Ruby'];
/** 500 surnames: 'Surname<n>' keeps them distinct tokens without a word list. */
const surnameOf = (i: number) => `Parker${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + (Math.floor(i / 26) % 20))}`;

const MINUTE = 60_000;

interface Seeded {
  count: number;
  customers: Customer[];
  /** A booking in the middle of the seeded period, to search for. */
  sample: { email: string; surname: string; reference: string; dropOffDate: string };
}

async function pool<T>(items: number, worker: (i: number) => Promise<T>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items) await worker(next++);
    }),
  );
}

async function confirmWithRetry(b: Booking, i: number, createdAt: string, firstForCustomer: boolean): Promise<Booking> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const reference = newBookingReference();
    const payment = { type: 'full' as const, amountPaidCents: b.totalCents, balanceDueCents: 0, currency: 'nzd', paymentIntent: `pi_bench_${i}`, sessionId: b.checkoutSessionId, paidAt: createdAt };
    const outcome = await confirmPendingBooking({ booking: b, reference, confirmedAt: createdAt, createdNzDate: createdAt.slice(0, 10), firstForCustomer, payment });
    if (outcome === 'confirmed') return { ...b, status: 'reservation', bookingReference: reference, payment, confirmedAt: createdAt, updatedAt: b.updatedAt };
    // 'customer-changed' here means the customer's first booking (seeded in parallel) has not landed yet.
    if (outcome === 'not-pending' || (outcome === 'customer-changed' && firstForCustomer)) throw new Error(`seeding booking ${i}: ${outcome}`);
    await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
  }
  throw new Error(`seeding booking ${i}: kept conflicting`);
}

/** Adds bookings `from` to `to` (booking i was made i x 36 minutes before now). */
export async function seed(from: number, to: number, customers: Customer[], now: number): Promise<Seeded['sample'] | null> {
  let sample: Seeded['sample'] | null = null;
  const middle = Math.floor((from + to) / 2);
  for (let c = customers.length; c < Math.ceil(to / CUSTOMER_EVERY); c++) {
    const surname = surnameOf(c % 500);
    customers.push(
      await upsertCustomer(
        { firstName: FIRST[c % FIRST.length]!, lastName: surname, email: `bench-${c}-${randomUUID().slice(0, 6)}@example.com`, contactNumber: `021 ${String(1000000 + c).slice(0, 3)} ${String(1000000 + c).slice(3)}`, carRegistration: 'BENCH1' },
        { userId: null },
      ),
    );
  }
  const minutesApart = (24 * 60) / BOOKINGS_A_DAY;
  await pool(to - from, async (k) => {
    const i = from + k;
    const customer = customers[Math.floor(i / CUSTOMER_EVERY)]!;
    const created = new Date(now - i * minutesApart * MINUTE);
    const createdAt = created.toISOString();
    const dropOffDate = addDays(nzToday(created), 1 + (i % 30));
    const days = 1 + (i % 14);
    const price = priceFor(days, i % 5 === 0);
    const id = randomUUID();
    const sessionId = `cs_bench_${id}`;
    const pending: Booking = {
      id, status: 'pending_payment', customerId: customer.id, userId: null,
      customer: { name: customer.name, email: customer.email, contactNumber: customer.contactNumber }, carRegistration: `BN${String(i).padStart(5, '0')}`,
      dropOffDate, dropOffTime: `${String(6 + (i % 14)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`, pickUpDate: addDays(dropOffDate, days - 1), pickUpTime: '18:00',
      departureFlight: null, returnFlight: null, parkingBayNumber: null, days, shuttleService: true, carWash: price.carWashCost > 0,
      parkingCents: price.parkingCost, carWashCents: price.carWashCost, totalCents: price.total, paymentType: 'full', amountDueNowCents: price.total,
      checkoutSessionId: sessionId, createdAt, updatedAt: createdAt,
    };
    await createPendingBooking(pending, { sessionId, bookingId: id, createdAt, expiresAt: Math.floor(created.getTime() / 1000) + 1800 });
    const confirmed = await confirmWithRetry(pending, i, createdAt, i % CUSTOMER_EVERY === 0);
    // A fifth of the yard's bookings have moved on: checked in, or checked out.
    if (i % 10 < 2) {
      const after: Booking = { ...confirmed, status: i % 10 === 0 ? 'checkin' : 'checkout', updatedAt: new Date(created.getTime() + MINUTE).toISOString() };
      for (let attempt = 0; (await saveBookingChange(confirmed, after, { editableStatuses: CONFIRMED_STATUSES })) !== 'changed'; attempt++) {
        if (attempt > 10) throw new Error(`seeding status of booking ${i}`);
      }
    }
    if (i === middle) sample = { email: customer.email, surname: customer.lastName, reference: confirmed.bookingReference!, dropOffDate };
  });
  return sample;
}

async function staffToken(ctx: BenchContext): Promise<string> {
  const stack = await ctx.stack();
  const email = `bench-admin-${randomUUID().slice(0, 8)}@example.com`;
  const password = randomPassword();
  const client = cognitoClient(stack.endpoints.cognito, stack.cognitoAdminSecret);
  await createVerifiedUser(client, stack.pool.userPoolId, { email, password, admin: true });
  const auth = await client.send(new InitiateAuthCommand({ ClientId: stack.pool.userPoolClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }));
  return auth.AuthenticationResult!.IdToken!;
}

const adminLists: BenchModule = {
  title: 'Admin lists on the local stack (1,000 and 100,000 bookings)',
  async run(ctx) {
    const { url } = await ctx.stack();
    const token = await staffToken(ctx);
    const sizes = (process.env.BENCH_ADMIN_SIZES ?? '1000,100000').split(',').map(Number);
    const customers: Customer[] = [];
    const now = Date.now();
    let seeded = 0;
    const results = new Map<string, Map<number, { p50: number; p95: number }>>();
    for (const size of sizes) {
      const started = performance.now();
      const sample = (await seed(seeded, size, customers, now))!;
      seeded = size;
      ctx.report(`${size} bookings seeded in`, ((performance.now() - started) / 1000).toFixed(0), 's');
      const week = sample.dropOffDate;
      const requests: [string, string][] = [
        ['summary', '/api/admin/summary'],
        ['Upcoming Pickups, page 1', '/api/admin/bookings?tab=pickups'],
        ['Upcoming Dropoffs, page 1', '/api/admin/bookings?tab=dropoffs'],
        ['All, page 1', '/api/admin/bookings'],
        ['All, page 40', '/api/admin/bookings?page=40'],
        ['search: an e-mail', `/api/admin/bookings?q=${encodeURIComponent(sample.email)}`],
        ['search: a booking reference', `/api/admin/bookings?q=${sample.reference}`],
        ['search: a common surname (capped at 200)', `/api/admin/bookings?q=${sample.surname}`],
        ['status Check-in, page 1', '/api/admin/bookings?status=checkin'],
        ['status Check-in, page 4', '/api/admin/bookings?status=checkin&page=4'],
        ['one-week drop-off range', `/api/admin/bookings?dropOffFrom=${week}&dropOffTo=${addDays(week, 6)}`],
        ['one-week range sorted by pick-up', `/api/admin/bookings?dropOffFrom=${week}&dropOffTo=${addDays(week, 6)}&sort=pickup_desc`],
        ['customer search (2+ characters, 5)', `/api/admin/customers?search=${sample.surname.slice(0, 8)}`],
      ];
      for (const [name, path] of requests) {
        const call = async () => {
          const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
          if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`);
          await res.arrayBuffer();
        };
        const times = await timeCalls(call, REQUESTS, 5);
        const figures = { p50: percentile(times, 50), p95: percentile(times, 95) };
        (results.get(name) ?? results.set(name, new Map()).get(name)!).set(size, figures);
        ctx.report(`${size}: ${name} p50 / p95`, `${figures.p50.toFixed(1)} / ${figures.p95.toFixed(1)}`, 'ms');
      }
    }
    if (sizes.length === 2) {
      console.log(`\n  p95 ratio ${sizes[1]} / ${sizes[0]}:`);
      for (const [name, bySize] of results) ctx.report(name, (bySize.get(sizes[1]!)!.p95 / bySize.get(sizes[0]!)!.p95).toFixed(2), 'x');
    }
  },
};
export default adminLists;
