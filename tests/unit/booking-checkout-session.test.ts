/**
 * What a pending booking asks Stripe for (line items, amounts, expiry, URLs, metadata), the booking
 * reference format, and the created-booking response the success page reads.
 */
import { describe, expect, it } from 'vitest';
import { createdBookingSchema, REFERENCE_ALPHABET, REFERENCE_PATTERN } from '../../shared/booking';
import { amountDueNow, priceFor } from '../../shared/pricing';
import { checkoutSessionParams, sessionExpiry, sessionIdempotencyKey, type SessionInput } from '../../functions/use-cases/booking/checkout-session-params';
import { toCreatedBooking } from '../../functions/use-cases/booking/created-booking';
import { newBookingReference } from '../../functions/use-cases/booking/reference';
import { bookingRecord } from '../support/booking-record';

const now = new Date('2030-03-01T00:00:00Z');

function input(days: number, carWash: boolean, paymentType: 'full' | 'deposit'): SessionInput {
  const price = priceFor(days, carWash);
  const { now: amountNow, balance } = amountDueNow(price.total, paymentType);
  return {
    bookingId: 'b-1',
    price,
    paymentType,
    amountNow,
    balance,
    email: 'aroha@example.com',
    dropOff: { date: '2030-03-10', time: '09:00' },
    pickUp: { date: '2030-03-17', time: '11:00' },
    siteUrl: 'https://parking.example',
    now,
  };
}

const total = (p: ReturnType<typeof checkoutSessionParams>) => p.line_items!.reduce((s, l) => s + l.price_data!.unit_amount! * l.quantity!, 0);

describe('checkout session parameters', () => {
  it('a full payment lists parking for N days and the car wash, in NZD', () => {
    const p = checkoutSessionParams(input(8, true, 'full'));
    expect(p.mode).toBe('payment');
    expect(p.currency).toBe('nzd');
    expect(p.line_items!.map((l) => [l.price_data!.product_data!.name, l.price_data!.unit_amount, l.price_data!.currency])).toEqual([
      ['Airport parking, 8 days', 5000, 'nzd'],
      ['Car wash', 6000, 'nzd'],
    ]);
    expect(total(p)).toBe(11000);
  });

  it('one day reads "1 day", and no car wash means no car wash line', () => {
    const p = checkoutSessionParams(input(1, false, 'full'));
    expect(p.line_items!.map((l) => l.price_data!.product_data!.name)).toEqual(['Airport parking, 1 day']);
    expect(total(p)).toBe(3000);
  });

  it('a deposit is one $10.00 line that names the balance due at pick-up', () => {
    const p = checkoutSessionParams(input(8, true, 'deposit'));
    expect(p.line_items).toHaveLength(1);
    expect(total(p)).toBe(1000);
    expect(p.line_items![0]!.price_data!.product_data!.description).toContain('$100.00 due at pick-up');
  });

  it('carries the customer e-mail, the booking id, the URLs and a 30-minute expiry', () => {
    const p = checkoutSessionParams(input(3, false, 'full'));
    expect(p.customer_email).toBe('aroha@example.com');
    expect(p.client_reference_id).toBe('b-1');
    expect(p.metadata).toMatchObject({ bookingId: 'b-1', paymentType: 'full', totalCents: '3000' });
    expect(p.success_url).toBe('https://parking.example/payment-success?session_id={CHECKOUT_SESSION_ID}');
    expect(p.cancel_url).toBe('https://parking.example/payment?canceled=true&booking=b-1');
    const t = now.getTime() / 1000;
    expect(p.expires_at).toBe(sessionExpiry(now));
    expect(p.expires_at! - t).toBeGreaterThanOrEqual(30 * 60);
    expect(p.expires_at! - t).toBeLessThanOrEqual(31 * 60);
  });

  it('derives the idempotency key from the booking', () => {
    expect(sessionIdempotencyKey('b-1')).toBe(sessionIdempotencyKey('b-1'));
    expect(sessionIdempotencyKey('b-1')).not.toBe(sessionIdempotencyKey('b-2'));
  });
});

describe('booking references', () => {
  it('are RP- and six characters without 0, O, 1 or I', () => {
    expect(REFERENCE_ALPHABET).not.toMatch(/[0O1I]/);
    for (let i = 0; i < 2000; i++) expect(newBookingReference()).toMatch(REFERENCE_PATTERN);
  });

  it('use every character of the alphabet and rarely repeat', () => {
    const refs = Array.from({ length: 5000 }, newBookingReference);
    expect(new Set(refs.join('').replace(/RP-/g, '')).size).toBe(REFERENCE_ALPHABET.length);
    expect(new Set(refs).size).toBeGreaterThan(4990);
  });
});

describe('created-booking response', () => {
  const b = bookingRecord({
    pickUpTime: '11:00',
    departureFlight: null,
    paymentType: 'deposit',
    amountDueNowCents: 1000,
    payment: { type: 'deposit', amountPaidCents: 1000, balanceDueCents: 10000, currency: 'nzd', paymentIntent: 'pi_1', sessionId: 'cs_test_1', paidAt: '2030-03-01T00:01:00.000Z' },
  });

  it('is the spec shape in snake case with money in dollars', () => {
    const r = toCreatedBooking(b);
    expect(createdBookingSchema.parse(r)).toEqual(r);
    expect(r).toMatchObject({ booking_reference: 'RP-7K3M9Q', total_cost: 110, amount_paid: 10, balance_due: 100, payment_type: 'deposit', shuttle_service: true, parking_bay_number: null });
    expect(r.customer).toEqual({ name: 'Aroha Ngata', email: 'aroha@example.com', contact_number: '021 555 1234' });
  });
});
