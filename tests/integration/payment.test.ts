/**
 * The money path end to end on the local stack: quote -> checkout -> the hosted page -> Pay -> signed
 * webhook -> confirmed booking -> success page -> receipt; deposits; cancel; expiry; and the success
 * page's answers for sessions that are unknown or not paid.
 */
import { describe, expect, it } from 'vitest';
import { paymentMessages, REFERENCE_PATTERN } from '../../shared/booking';
import { keys } from '../../functions/store/keys';
import { request } from '../support/http';
import { baseUrl, booking, checkout, checkoutBody, getCheckout, item, itemsOfBooking, outboxFor, partition, payOnPage, quote, standIn } from './payment-support';

describe('paying for a booking', () => {
  it('quote -> checkout -> Pay -> webhook -> a confirmed booking, its receipt and the success page', async () => {
    const selection = quote({ departureFlightNumber: 'NZ101' });
    const priced = await request(baseUrl, 'POST', '/api/quotes', { dropOffDate: selection.dropOffDate, dropOffTime: selection.dropOffTime, pickUpDate: selection.pickUpDate, pickUpTime: selection.pickUpTime, carWash: true });
    expect(priced.body).toMatchObject({ days: 8, total: 110, gst: 14.35 });

    const body = checkoutBody({ quote: selection, cost: { days: priced.body.days, total: priced.body.total, paymentType: 'full' } });
    const { url, sessionId, bookingId } = await checkout(body);

    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Offline test checkout');
    expect(html).toContain('$110.00 NZD');
    expect(html).toMatch(/<button[^>]*type="submit">Pay \$110\.00 NZD<\/button>/);
    expect(html).toMatch(/<button[^>]*type="submit">Cancel<\/button>/);

    const paid = await payOnPage(sessionId);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${baseUrl}/payment-success?session_id=${sessionId}`);

    // The webhook confirmed it before the redirect.
    const stored = await booking(bookingId);
    expect(stored).toMatchObject({ status: 'reservation', payment: { type: 'full', amountPaidCents: 11000, balanceDueCents: 0, currency: 'nzd', sessionId } });
    expect(stored!.payment.paymentIntent).toMatch(/^pi_/);
    expect(stored!.ttl).toBeUndefined();
    const reference = stored!.bookingReference as string;
    expect(reference).toMatch(REFERENCE_PATTERN);
    expect(await item(keys.bookingReference(reference))).toMatchObject({ bookingId });
    expect(stored!.gsi2pk).toBe(`BOOKINGS#${(stored!.createdAt as string).slice(0, 7)}`);
    expect(await partition(`DAY#${selection.dropOffDate}`, `DROPOFF#09:00#${bookingId}`)).toHaveLength(1);
    expect(await partition(`DAY#${selection.pickUpDate}`, `PICKUP#11:00#${bookingId}`)).toHaveLength(1);

    const success = await getCheckout(sessionId);
    expect(success.status).toBe(200);
    expect(success.body).toEqual({
      booking_id: bookingId,
      booking_reference: reference,
      parking_bay_number: null,
      // Anyone holding the session id gets this answer: the e-mail and phone are masked.
      customer: { name: 'Aroha Ngata', email: `${body.customer.email[0]}•••@example.com`, contact_number: `•••• ${body.customer.contactNumber.replace(/\D/g, '').slice(-4)}` },
      car_registration: 'KTA123',
      drop_off_date: selection.dropOffDate,
      drop_off_time: '09:00',
      pick_up_date: selection.pickUpDate,
      pick_up_time: '11:00',
      // The flights given at checkout, shown on the success page.
      departure_flight: 'NZ101',
      return_flight: null,
      days: 8,
      shuttle_service: true,
      car_wash: true,
      car_cleaning: false,
      car_detailing: false,
      car_servicing: false,
      // The receipt's add-on lines, priced from the one price list (shared/add-ons.ts).
      add_ons: [{ service: 'car_wash', name: 'Car wash', cost: 60 }],
      total_cost: 110,
      payment_type: 'full',
      amount_paid: 110,
      balance_due: 0,
      status: 'reservation',
      // The booking pass (docs/pass.md): its signed address, the one the receipt links to.
      pass_token: expect.stringMatching(new RegExp(`^p1\\.${bookingId}\\.[A-Za-z0-9_-]{22}$`)),
      pass_url: `${baseUrl}/pass/${success.body.pass_token}`,
      // The checkout's own payment, kept: nothing returned.
      returned_payment: null,
    });

    const mails = await outboxFor(body.customer.email);
    expect(mails).toHaveLength(1);
    const receipt = mails[0]!;
    expect(receipt.subject).toContain(reference);
    for (const text of [receipt.text, receipt.html!]) {
      expect(text).toContain(reference);
      expect(text).toContain('Departure flight');
      expect(text).toContain('NZ101');
      expect(text).toContain('9:00 am');
      expect(text).toContain('11:00 am');
      expect(text).toContain('Car wash ($60.00)');
      expect(text).toContain('$110.00');
      expect(text).toContain('$14.35');
      expect(text).toContain('Runway Parking Limited, GST number 123-456-789');
    }
    expect(receipt.text).toContain('Amount paid: $110.00');
    expect(receipt.text).toContain('Balance due at pick-up: $0.00');
  });

  it('a deposit charges $10.00 and records the balance due at pick-up', async () => {
    const body = checkoutBody({ paymentType: 'deposit', quote: { carWash: false } });
    const { sessionId, bookingId } = await checkout(body);
    expect((await payOnPage(sessionId)).status).toBe(303);
    expect((await booking(bookingId))!.payment).toMatchObject({ type: 'deposit', amountPaidCents: 1000, balanceDueCents: 4000 });
    const res = await getCheckout(sessionId);
    expect(res.body).toMatchObject({ payment_type: 'deposit', total_cost: 50, amount_paid: 10, balance_due: 40 });
    const [receipt] = await outboxFor(body.customer.email);
    expect(receipt!.text).toContain('Amount paid (deposit): $10.00');
    expect(receipt!.text).toContain('Balance due at pick-up: $40.00');
    expect(receipt!.text).toContain('GST included (3/23 of the total): $6.52');
  });

  it('the success page confirms the booking when it is first to know of the payment', async () => {
    const body = checkoutBody();
    const { sessionId, bookingId } = await checkout(body);
    const { eventId } = await standIn.pay(sessionId);
    expect((await booking(bookingId))!.status).toBe('pending_payment');

    const res = await getCheckout(sessionId);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('reservation');

    // The webhook arriving afterwards changes nothing and sends no second receipt.
    const late = await standIn.deliver(eventId);
    expect(late.status).toBe(200);
    expect((await booking(bookingId))!.bookingReference).toBe(res.body.booking_reference);
    expect((await itemsOfBooking(bookingId)).filter((i) => i.type === 'booking_reference')).toHaveLength(1);
    expect(await outboxFor(body.customer.email)).toHaveLength(1);
  });

  it('Cancel returns to the payment page and leaves the booking unpaid', async () => {
    const { sessionId, bookingId } = await checkout(checkoutBody());
    const res = await fetch(`${baseUrl}/_local/stripe/checkout/${sessionId}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${baseUrl}/payment?canceled=true&booking=${bookingId}`);
    expect((await booking(bookingId))!.status).toBe('pending_payment');
    const success = await getCheckout(sessionId);
    expect(success.status).toBe(409);
    expect(success.body).toEqual({ message: paymentMessages.paymentNotCompleted });
  });

  it("the checkout page's declined test card takes no money and returns to the payment page as a failed payment", async () => {
    const body = checkoutBody();
    const { sessionId, bookingId } = await checkout(body);
    const page = await fetch(`${baseUrl}/_local/stripe/checkout/${sessionId}`);
    expect(await page.text()).toContain('Card that is declined (4000 0000 0000 0002)');
    const res = await fetch(`${baseUrl}/_local/stripe/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ card: 'declined' }) });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${baseUrl}/payment?booking=${bookingId}&failed=true`);
    expect((await booking(bookingId))!.status).toBe('pending_payment');
    expect((await getCheckout(sessionId)).status).toBe(409);
    expect(await outboxFor(body.customer.email)).toHaveLength(0);
    // Like Stripe, the session stays open: the card that pays still can.
    const paid = await fetch(`${baseUrl}/_local/stripe/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ card: 'pays' }) });
    expect(paid.headers.get('location')).toBe(`${baseUrl}/payment-success?session_id=${sessionId}`);
  });

  it('an expired session makes no booking, and can no longer be paid', async () => {
    const body = checkoutBody();
    const { sessionId, bookingId } = await checkout(body);
    const { delivery } = await standIn.expireNow(sessionId);
    expect(delivery.status).toBe(200);
    const ended = await booking(bookingId);
    expect(ended).toMatchObject({ status: 'expired' });
    expect(ended!.bookingReference).toBeUndefined();
    expect(ended!.gsi2pk).toBeUndefined();

    expect((await payOnPage(sessionId)).status).toBe(410);
    // Its success link, opened later, says the checkout ended unpaid (not that a payment is still settling).
    const success = await getCheckout(sessionId);
    expect(success.status).toBe(409);
    expect(success.body.message).toBe('This checkout ended without a payment, so no booking was made and you have not been charged. You can book again from the home page.');
    expect((await itemsOfBooking(bookingId)).map((i) => i.type).sort()).toEqual(['booking', 'checkout_session']);
    expect(await outboxFor(body.customer.email)).toHaveLength(0);
  });

  describe('the success page for a session that made no booking', () => {
    it.each([
      ['an unknown session id', 'cs_test_doesnotexist'],
      ['a malformed session id', 'not-a-session'],
      ['a very long session id', `cs_${'a'.repeat(300)}`],
    ])('%s is a 404', async (_name, id) => {
      const res = await getCheckout(id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: paymentMessages.sessionNotFound });
    });

    it('an unpaid session is a 409 and confirms nothing', async () => {
      const { sessionId, bookingId } = await checkout(checkoutBody());
      const res = await getCheckout(sessionId);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: paymentMessages.paymentNotCompleted });
      expect((await booking(bookingId))!.status).toBe('pending_payment');
    });
  });
});
