/**
 * The real side of the model test: a local stack of its own (started by the test file), the people who act on a
 * booking (its owner signed in, an admin, staff), the calls each money path makes, and what the API answers of the
 * booking's money. The refund worker does not run on its own here: the sequence stops and runs it (RunWorker).
 */
import { forgetPassSigningKey, passTokenFor } from '../../functions/lib/pass-token';
import { nzInstant } from '../../shared/nz-time';
import { ensurePassSigningKey } from '../../local/pass-key';
import { daysFromToday } from '../support/dates';
import type { TestEnv } from '../support/global-setup';
import { request, type JsonResponse } from '../support/http';
import { createUser, type TestUser } from '../support/users';
import { keys } from '../../functions/store/keys';
import { getItem } from '../../functions/store/table';
import { checkBooks, recordedFirstCharge, type BooksFinding } from '../../functions/use-cases/booking/books-rules';
import type { Booking } from '../../shared/records';
import { standInAt } from '../support/stand-in';
import type { Initial, Observed } from './model';

export interface Real {
  world: MoneyWorld;
  bookingId: string;
  /** The account that booked it. */
  owner: TestUser;
  passToken: string;
  initial: Initial;
  /** Stripe events seen for this booking (a payment's), for delivering one again. */
  events: string[];
}

const cents = (dollars: number) => Math.round(dollars * 100);

export class MoneyWorld {
  /** The booking's owner: a new account for each sequence, since checkouts (balance ones too) are budgeted per account. */
  owner: TestUser;
  private bookingsByOwner = 0;

  private constructor(
    readonly env: TestEnv,
    owner: TestUser,
    readonly admin: TestUser,
    readonly staff: TestUser,
  ) {
    this.owner = owner;
  }

  static async create(env: TestEnv): Promise<MoneyWorld> {
    process.env.PASS_SIGNING_KEY = ensurePassSigningKey(env.dataDir);
    forgetPassSigningKey();
    const [owner, admin, staff] = await Promise.all([createUser(env), createUser(env, { admin: true }), createUser(env, { staff: true })]);
    return new MoneyWorld(env, owner, admin, staff);
  }

  call<T = any>(method: string, path: string, body?: unknown, user?: TestUser): Promise<JsonResponse<T>> {
    return request<T>(this.env.baseUrl, method, path, body, user ? { authorization: user.bearer } : {});
  }

  /** A booking of the owner's, 4 days from `dropOffInDays` ahead at 09:00, paid on the stand-in's page. */
  async newBooking(paymentType: 'full' | 'deposit', dropOffInDays: number): Promise<Real> {
    if (++this.bookingsByOwner > 1) this.owner = await createUser(this.env);
    const dropOffDate = daysFromToday(dropOffInDays);
    const pickUpDate = daysFromToday(dropOffInDays + 4);
    const customer = { firstName: 'Model', lastName: 'Tester', email: this.owner.email, contactNumber: '021 555 0101', carRegistration: 'MDL1' };
    const started = await this.call('POST', '/api/checkout', { quote: { dropOffDate, dropOffTime: '09:00', pickUpDate, pickUpTime: '09:00', carWash: false }, customer, paymentType }, this.owner);
    if (started.status !== 201) throw new Error(`checkout answered ${started.status}: ${JSON.stringify(started.body)}`);
    const paid = await this.pay(started.body.sessionId as string);
    if (paid.status !== 200) throw new Error(`paying the checkout answered ${paid.status}: ${JSON.stringify(paid.body)}`);
    const bookingId = started.body.bookingId as string;
    const seen = await this.observe(bookingId);
    return {
      world: this,
      bookingId,
      owner: this.owner,
      passToken: await passTokenFor(bookingId),
      events: [paid.body.eventId as string],
      initial: {
        paymentType,
        totalCents: seen.totalCents,
        paidCents: seen.heldCents,
        dropOffAt: nzInstant({ date: dropOffDate, time: '09:00' })!.getTime(),
        dropOffDate,
        pickUpDate,
        checkoutSessionId: started.body.sessionId as string,
      },
    };
  }

  /** Paying a session at Stripe, then the webhook Stripe sends for it (delivered again later by DeliverAgain). */
  async pay(sessionId: string): Promise<JsonResponse<{ eventId?: string; message?: string }>> {
    const paid = await this.call<{ eventId?: string; message?: string }>('POST', `/_local/stripe/sessions/${encodeURIComponent(sessionId)}/pay`);
    if (paid.status === 200) {
      const delivered = await this.call('POST', `/_local/stripe/events/${encodeURIComponent(paid.body.eventId!)}/deliver`);
      if (delivered.status !== 200) throw new Error(`delivering the payment's webhook answered ${delivered.status}`);
    }
    return paid;
  }

  /** The booking as staff read it: the version an edit names, and the most a part refund can give. */
  async detail(bookingId: string): Promise<{ version: string; partRefundMaxCents: number; raw: any }> {
    const res = await this.call('GET', `/api/admin/bookings/${bookingId}`, undefined, this.admin);
    if (res.status !== 200) throw new Error(`the booking's detail answered ${res.status}: ${JSON.stringify(res.body)}`);
    return { version: res.body.booking.updated_at as string, partRefundMaxCents: cents(res.body.part_refund_max as number), raw: res.body };
  }

  /** The books' own rules for the booking as stored, with the balance sessions Stripe holds open for it (reconcile's rules). */
  async booksFindings(bookingId: string): Promise<BooksFinding[]> {
    const [b, open] = await Promise.all([getItem<Booking>(keys.booking(bookingId), true), standInAt(this.env.baseUrl).openSessionsOf(bookingId)]);
    if (!b) throw new Error(`booking ${bookingId} is gone`);
    return checkBooks(b, { firstChargeCents: recordedFirstCharge(b) ?? b.amountDueNowCents, openSessions: open });
  }

  /** What the API answers of the booking's money, in cents. */
  async observe(bookingId: string): Promise<Observed> {
    const { raw } = await this.detail(bookingId);
    const b = raw.booking;
    return { totalCents: cents(b.total_cost), heldCents: cents(b.amount_paid), dueCents: cents(b.balance_due), refundedCents: cents(b.refunded ?? 0), cancelled: b.status === 'cancelled' };
  }
}
