/**
 * What the customer's dashboard and edit dialog work out in the browser, the same way the server does:
 * which bookings are current or past and their order (shared/customer-bookings.ts), and what a new price does to
 * the money before saving (shared/booking-edit.ts: the booking's copy read into the money policy's state). And the
 * walk-in's drop-off slot (shared/walk-in.ts).
 */
import { describe, expect, it } from 'vitest';
import { customerBookingEditSchema, moneyStateOfView, previewSettlement, type MoneyView } from '../../shared/booking-edit';
import { cancelledMoneyText, customerBookingSchema, periodOf, selectCustomerBookings, type CustomerBooking } from '../../shared/customer-bookings';
import { walkInDropOff, walkInMessages, walkInPaymentLabels, walkInRequestSchema } from '../../shared/walk-in';

function booking(id: string, drop: string, dropTime: string, pickUp: string): CustomerBooking {
  return { id, drop_off_date: drop, drop_off_time: dropTime, pick_up_date: pickUp } as CustomerBooking;
}

describe('current and past bookings', () => {
  it('is past only when the pick-up date is before today in New Zealand', () => {
    expect(periodOf({ pick_up_date: '2026-11-25' }, '2026-11-26')).toBe('past');
    expect(periodOf({ pick_up_date: '2026-11-26' }, '2026-11-26')).toBe('current');
    expect(periodOf({ pick_up_date: '2026-11-27' }, '2026-11-26')).toBe('current');
  });

  it('lists one period, by drop-off date and time, earliest or latest first, ties in id order', () => {
    const all = [
      booking('b', '2026-12-01', '10:00', '2026-12-05'),
      booking('a', '2026-12-01', '09:30', '2026-12-03'),
      booking('old', '2026-11-01', '08:00', '2026-11-20'),
      booking('c', '2026-12-01', '10:00', '2026-12-02'),
      booking('d', '2026-11-30', '23:30', '2026-12-10'),
    ];
    const ids = (list: CustomerBooking[]) => list.map((b) => b.id);
    expect(ids(selectCustomerBookings(all, 'current', 'earliest', '2026-11-26'))).toEqual(['d', 'a', 'b', 'c']);
    expect(ids(selectCustomerBookings(all, 'current', 'latest', '2026-11-26'))).toEqual(['c', 'b', 'a', 'd']);
    expect(ids(selectCustomerBookings(all, 'past', 'earliest', '2026-11-26'))).toEqual(['old']);
    expect(ids(selectCustomerBookings(all, 'past', 'latest', '2026-12-04'))).toEqual(['c', 'a', 'old']);
    // The list given is left as it was.
    expect(ids(all)).toEqual(['b', 'a', 'old', 'c', 'd']);
  });

  it('lists a cancelled booking after the ones still on, whatever its drop-off', () => {
    const gone = { ...booking('gone', '2026-11-28', '08:00', '2026-12-02'), status: 'cancelled' } as CustomerBooking;
    const all = [gone, { ...booking('on', '2026-12-05', '09:00', '2026-12-07'), status: 'reservation' } as CustomerBooking];
    expect(selectCustomerBookings(all, 'current', 'earliest', '2026-11-26').map((b) => b.id)).toEqual(['on', 'gone']);
    expect(selectCustomerBookings(all, 'current', 'latest', '2026-11-26').map((b) => b.id)).toEqual(['on', 'gone']);
  });

  it("says a cancelled booking's money as what came back and what was kept, not as a balance due", () => {
    expect(cancelledMoneyText({ amount_paid: 20, refunded: 90 })).toBe('$90.00 refunded, $20.00 kept');
    expect(cancelledMoneyText({ amount_paid: 10, refunded: 0 })).toBe('$10.00 kept');
  });

  it('reads a booking only with its status among the five and whole days', () => {
    const shape = customerBookingSchema.shape;
    for (const s of ['reservation', 'checkin', 'checkout', 'payment_review', 'cancelled']) expect(shape.status.safeParse(s).success).toBe(true);
    expect(shape.status.safeParse('paid').success).toBe(false);
    expect(shape.days.safeParse(2.5).success).toBe(false);
    expect(shape.payment_review_reason.safeParse('ended').success).toBe(true);
    expect(shape.payment_review_reason.safeParse('other').success).toBe(false);
  });
});

describe('what an edit would do to the money, before saving', () => {
  const view: MoneyView = {
    total_cost: 120,
    amount_paid: 120,
    refunded: 0,
    drop_off_date: '2026-12-10',
    drop_off_time: '09:00',
    terms_drop_off_at: '2026-12-10T09:00:00+13:00',
  };

  it('reads the booking in cents, with the drop-off on the New Zealand clock', () => {
    const s = moneyStateOfView({ ...view, total_cost: 120.5, amount_paid: 10, refunded: 0.3 });
    expect(s).toMatchObject({ totalCents: 12050, heldCents: 1000, refundedCents: 30 });
    expect(s.dropOffAt.toISOString()).toBe('2026-12-09T20:00:00.000Z');
    expect(s.termsDropOffAt.toISOString()).toBe('2026-12-09T20:00:00.000Z');
  });

  it('counts the 48 hours from the earliest drop-off the booking has had: the recorded one when it is earlier', () => {
    const moved = moneyStateOfView({ ...view, drop_off_date: '2026-12-20' });
    expect(moved.dropOffAt.toISOString()).toBe('2026-12-19T20:00:00.000Z');
    expect(moved.termsDropOffAt.toISOString()).toBe('2026-12-09T20:00:00.000Z');
  });

  it('counts them from the drop-off as it stands when it was moved earlier than the recorded one', () => {
    const earlier = moneyStateOfView({ ...view, drop_off_date: '2026-12-05' });
    expect(earlier.termsDropOffAt.toISOString()).toBe('2026-12-04T20:00:00.000Z');
    expect(earlier.dropOffAt.toISOString()).toBe('2026-12-04T20:00:00.000Z');
  });

  it('falls back on the recorded drop-off when the date and time are not a New Zealand time', () => {
    const s = moneyStateOfView({ ...view, drop_off_time: '25:00' });
    expect(s.dropOffAt.toISOString()).toBe('2026-12-09T20:00:00.000Z');
  });

  it("shows the customer's refund less the $20 fee 48 hours or more before drop-off, and nothing later", () => {
    const early = previewSettlement(view, 8000, new Date('2026-12-01T00:00:00Z'));
    expect(early).toMatchObject({ totalCents: 8000, refundCents: 4000, keptCents: 0, balanceDueCents: 0 });
    const late = previewSettlement(view, 8000, new Date('2026-12-09T00:00:00Z'));
    expect(late).toMatchObject({ refundCents: 0, keptCents: 4000, keptReason: 'late' });
  });

  it("shows staff's chosen refund, and refuses one above what was paid", () => {
    const now = new Date('2026-12-09T00:00:00Z');
    expect(previewSettlement(view, 8000, now, { actor: 'staff', refund: { refundCents: 4000, reason: 'Goodwill' } })).toMatchObject({ refundCents: 4000, overrideReason: 'Goodwill' });
    expect(previewSettlement(view, 8000, now, { actor: 'staff', refund: { refundCents: 4001, reason: 'x' } })).toEqual({ error: 'refundTooLarge', maxCents: 4000 });
  });

  it('takes only the fields a customer may change, and the version it read', () => {
    expect(customerBookingEditSchema.safeParse({ version: 'v1', pick_up_date: '2026-12-12' }).success).toBe(true);
    expect(customerBookingEditSchema.safeParse({ version: 'v1', total_cost: 1 }).success).toBe(false);
    expect(customerBookingEditSchema.safeParse({ version: 'v1', car_registration: 'ABC123' }).success).toBe(false);
    expect(customerBookingEditSchema.safeParse({ version: '' }).error?.issues[0]?.message).toBe('Reload the booking and try again');
    expect(customerBookingEditSchema.safeParse({ version: 'v1', drop_off_date: 5 }).error?.issues[0]?.message).toBe('Invalid date or time format');
    expect(customerBookingEditSchema.safeParse({ version: 'v1', car_wash: 'yes' }).error?.issues[0]?.message).toBe('Please choose whether you want a car wash');
  });
});

describe('a walk-in', () => {
  it("drops off now on New Zealand's clock, on the half-hour slot it falls in", () => {
    // NZDT is UTC+13 in November.
    expect(walkInDropOff(new Date('2026-11-26T01:29:59Z'))).toEqual({ date: '2026-11-26', time: '14:00' });
    expect(walkInDropOff(new Date('2026-11-26T01:30:00Z'))).toEqual({ date: '2026-11-26', time: '14:30' });
    expect(walkInDropOff(new Date('2026-11-26T01:59:00Z'))).toEqual({ date: '2026-11-26', time: '14:30' });
    expect(walkInDropOff(new Date('2026-11-25T11:05:00Z'))).toEqual({ date: '2026-11-26', time: '00:00' });
    // NZST (UTC+12) in June.
    expect(walkInDropOff(new Date('2026-06-15T20:45:00Z'))).toEqual({ date: '2026-06-16', time: '08:30' });
  });

  it('says how it was paid, and asks for a way to pay', () => {
    expect(walkInPaymentLabels).toEqual({ cash: 'Cash', eftpos: 'EFTPOS', card_link: 'Card link by e-mail' });
    expect(walkInMessages.created('RP-ABC123')).toBe('Walk-in RP-ABC123 booked, paid and checked in');
    expect(walkInMessages.linkSent('kim@example.com')).toBe('Payment link sent to kim@example.com');
    const request = {
      name: 'Kim Lee',
      email: 'kim@example.com',
      contact_number: '021 555 0100',
      car_registration: 'ABC123',
      pick_up_date: '2026-12-01',
      pick_up_time: '10:00',
    };
    expect(walkInRequestSchema.safeParse({ ...request, payment: 'cheque' }).error?.issues[0]?.message).toBe('Choose cash, EFTPOS or a card link');
    const parsed = walkInRequestSchema.parse({ ...request, payment: 'eftpos' });
    expect(parsed.car_wash).toBe(false);
    expect(parsed.payment).toBe('eftpos');
    expect(walkInRequestSchema.safeParse({ ...request, payment: 'cash', drop_off_date: '2026-11-26' }).success).toBe(false);
  });
});
