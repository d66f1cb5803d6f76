/** The receipt e-mailed on confirmation: what it says, the GST it shows, and that user input cannot inject HTML. */
import { describe, expect, it } from 'vitest';
import { bookingEmail, formatReceiptDate, formatReceiptTime, paymentReceiptEmail, receiptEmail } from '../../functions/use-cases/booking/receipt-email';
import { bookingRecord } from '../support/booking-record';
import { site } from '../../shared/site';

const booking = bookingRecord;

describe('receipt e-mail', () => {
  it('goes to the customer with the reference in the subject', () => {
    const mail = receiptEmail(booking());
    expect(mail.to).toEqual(['aroha@example.com']);
    expect(mail.subject).toBe(`Booking confirmed: RP-7K3M9Q | ${site.brand}`);
    expect(mail.replyTo).toEqual([site.email]);
  });

  it('lists the reference, dates and times, days, add-ons, payment and GST in text and HTML', () => {
    const mail = receiptEmail(booking());
    for (const body of [mail.text, mail.html!]) {
      for (const expected of [
        'RP-7K3M9Q',
        'Sun 10 Mar 2030 at 9:00 am',
        'Sun 17 Mar 2030 at 11:30 am',
        'NZ101',
        'KTA123',
        'Car wash ($60.00)',
        '$50.00',
        '$110.00',
        '$14.35',
        `${site.legalName}, GST number ${site.gstNumber}`,
        site.phone,
      ]) {
        expect(body).toContain(expected);
      }
    }
    expect(mail.text).toContain('Days: 8');
    expect(mail.text).toContain('Amount paid: $110.00');
    expect(mail.text).toContain('Balance due at pick-up: $0.00');
    expect(mail.text).not.toContain('Return flight');
  });

  it('shows a deposit as paid and the rest as due at pick-up, with GST on the whole total', () => {
    const mail = receiptEmail(
      booking({ carWash: false, carWashCents: 0, totalCents: 3000, parkingCents: 3000, days: 1, paymentType: 'deposit', payment: { type: 'deposit', amountPaidCents: 1000, balanceDueCents: 2000, currency: 'nzd', paymentIntent: null, sessionId: 'cs', paidAt: '' } }),
    );
    expect(mail.text).toContain('Parking (1 day): $30.00');
    expect(mail.text).toContain('Add-ons: None');
    expect(mail.text).toContain('Amount paid (deposit): $10.00');
    expect(mail.text).toContain('Balance due at pick-up: $20.00');
    expect(mail.text).toContain('GST included (3/23 of the total): $3.91');
  });

  it('a deposit receipt says where to pay the balance online: the pass link, and the dashboard for an account holder; nothing when paid in full', () => {
    const deposit = booking({ paymentType: 'deposit', payment: { type: 'deposit', amountPaidCents: 1000, balanceDueCents: 10000, currency: 'nzd', paymentIntent: null, sessionId: 'cs', paidAt: '' } });
    const links = { passUrl: 'https://runway.example/pass/p1.abc.def', dashboardUrl: 'https://runway.example/customer-dashboard' };
    const mail = receiptEmail(deposit, undefined, links);
    expect(mail.text).toContain('Pay the balance of $100.00 online before pick-up: https://runway.example/pass/p1.abc.def (or from My Bookings: https://runway.example/customer-dashboard)');
    expect(mail.html).toContain('<a href="https://runway.example/pass/p1.abc.def">your booking pass</a> or from <a href="https://runway.example/customer-dashboard">My Bookings</a>');
    const guest = receiptEmail(deposit, undefined, { ...links, dashboardUrl: null });
    expect(guest.text).toContain('Pay the balance of $100.00 online before pick-up: https://runway.example/pass/p1.abc.def\n');
    expect(guest.html).not.toContain('My Bookings');
    expect(receiptEmail(booking(), undefined, links).text).not.toContain('Pay the balance');
  });

  it('escapes what the customer typed in the HTML', () => {
    const mail = receiptEmail(booking({ customer: { name: '<img src=x onerror=alert(1)> Ngata', email: 'a@example.com', contactNumber: '1' }, departureFlight: '"><b>' }));
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('"><b>');
    expect(mail.html).toContain('&lt;img');
    expect(mail.text).toContain('Hi <img');
  });

  it.each([
    ['00:00', '12:00 am'],
    ['00:30', '12:30 am'],
    ['11:30', '11:30 am'],
    ['12:00', '12:00 pm'],
    ['23:30', '11:30 pm'],
  ])('formats %s as %s', (time, expected) => {
    expect(formatReceiptTime(time)).toBe(expected);
  });

  it('formats the stored NZ date without shifting it', () => {
    expect(formatReceiptDate('2026-09-27')).toBe('Sun 27 Sep 2026');
    expect(formatReceiptDate('2027-01-01')).toBe('Fri 1 Jan 2027');
  });
});

describe('what was paid, named from what was really paid', () => {
  const at = '2030-03-05T00:00:00.000Z';
  const depositThenBalance = (cancelled: boolean) =>
    bookingRecord({
      carWash: false,
      carWashCents: 0,
      parkingCents: 30000,
      totalCents: 30000,
      paymentType: 'deposit',
      payment: { type: 'deposit', amountPaidCents: cancelled ? 2000 : 30000, balanceDueCents: 0, currency: 'nzd', paymentIntent: 'pi_1', sessionId: 'cs', paidAt: '' },
      ...(cancelled ? { status: 'cancelled' as const, cancelledAt: at } : {}),
      ledger: [
        { id: 'p', at: '2030-03-02T00:00:00.000Z', by: 'customer', kind: 'payment', amountCents: 29000, note: 'Balance paid online', method: 'online', sessionId: 'cs_2', paymentIntent: 'pi_2' },
        ...(cancelled ? [{ id: 'r', at, by: 'customer' as const, kind: 'refund' as const, amountCents: -28000, note: 'Booking cancelled', status: 'pending' as const }, { id: 'k', at, by: 'customer' as const, kind: 'kept' as const, amountCents: 2000, note: 'fee' }] : []),
      ],
    });
  const decision = { totalCents: 30000, heldCents: 2000, balanceDueCents: 0, refundCents: 28000, keptCents: 2000, keptReason: 'fee' as const, termsRefundCents: 28000, overrideReason: null };

  it('the cancellation of a booking paid $10 deposit and $290 balance: $300.00 paid, not "(deposit)"', () => {
    const mail = bookingEmail(depositThenBalance(true), { subject: 'Booking cancelled', intro: 'Your booking has been cancelled.', cancellation: decision });
    expect(mail.text).toContain('Amount paid (deposit and balance): $300.00');
    expect(mail.text).not.toContain('(deposit):');
    expect(mail.text).toContain('Refund to your card: $280.00');
  });

  it('the receipt of the same booking once the balance is paid', () => {
    const mail = receiptEmail(depositThenBalance(false));
    expect(mail.text).toContain('Amount paid (deposit and balance): $300.00');
  });

  it('money paid in the yard comes back in the yard: the e-mail says which part, and whether it was handed back or is to collect', () => {
    const b = depositThenBalance(true);
    const ledger = [
      { ...b.ledger![0]!, method: 'cash' as const, note: 'Paid in the yard: Cash' },
      { id: 'r1', at, by: 'customer' as const, kind: 'refund' as const, amountCents: -1000, note: 'Booking cancelled', status: 'pending' as const },
      { id: 'r2', at, by: 'customer' as const, kind: 'refund' as const, amountCents: -27000, note: 'Handed back in the yard: Cash; Booking cancelled', status: 'pending' as const, method: 'cash' as const },
    ];
    const mail = bookingEmail({ ...b, ledger }, { subject: 'Booking cancelled', intro: 'Your booking has been cancelled.', cancellation: decision });
    expect(mail.text).toContain('Refund to your card: $10.00');
    expect(mail.text).toContain('To collect in cash at the yard: $270.00');
    const handed = bookingEmail({ ...b, ledger: [ledger[0]!, { ...ledger[2]!, amountCents: -28000, status: 'succeeded' as const }] }, { subject: 'x', intro: 'y', cancellation: decision });
    expect(handed.text).toContain('Handed back in cash: $280.00');
    expect(handed.text).not.toContain('Refund to your card');
  });
});

describe('a receipt for every payment', () => {
  it('a payment taken in the yard: how much, how and when, then what is paid in all and what is still due', () => {
    const b = bookingRecord({
      paymentType: 'deposit',
      payment: { type: 'deposit', amountPaidCents: 3000, balanceDueCents: 8000, currency: 'nzd', paymentIntent: 'pi_1', sessionId: 'cs', paidAt: '' },
      ledger: [{ id: 'p', at: '2030-03-10T20:30:00.000Z', by: 'admin', kind: 'payment', amountCents: 2000, note: 'Paid in the yard: Cash', method: 'cash', takenBy: 'staff@example.com' }],
    });
    const mail = paymentReceiptEmail(b, b.ledger![0]!, 'https://runway.example/pass/p1.a.b');
    expect(mail.subject).toBe(`Payment received: RP-7K3M9Q | ${site.brand}`);
    expect(mail.text).toContain('Thank you: we have received your payment of $20.00, paid in the yard by Cash, on Mon 11 Mar 2030.');
    expect(mail.text).toContain('Amount paid (deposit and balance): $30.00');
    expect(mail.text).toContain('Balance due at pick-up: $80.00');
    expect(mail.text).toContain('https://runway.example/pass/p1.a.b');
    expect(mail.html).toContain('we have received your payment of $20.00');
  });
});
