import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paymentMessages } from '../../shared/booking';
import { capacityMessages } from '../../shared/capacity';
import { tooManyRequestsMessage } from '../../shared/messages';
import { priceFor } from '../../shared/pricing';
import { toQuoteResponse } from '../../shared/quote-response';
import {
  checkoutFailureDetail,
  checkoutRequest,
  customerFormatErrors,
  firstInvalidField,
  isPaymentFlowState,
  missingCustomerFields,
  normaliseRegistration,
  parsePendingBooking,
  paymentAmounts,
  trimCustomer,
  type PaymentFlowState,
  type PendingBooking,
} from '../../web/src/features/booking/flow';
import { BOOKING_FAILED_MESSAGE, BOOKING_NOT_CREATED_MESSAGE, confirmationFailureMessage } from '../../web/src/lib/checkout/confirmation';
import { ApiError } from '../../web/src/lib/api-client';

const customer = { firstName: 'Aroha', lastName: 'Ngata', email: 'aroha@example.com', contactNumber: '021 123 4567', carRegistration: 'ABC123' };

function flow(days: number, carWash: boolean): PaymentFlowState {
  return {
    quoteData: {
      dropOffDate: '2026-11-22',
      dropOffTime: '09:00',
      pickUpDate: '2026-11-25',
      pickUpTime: '11:00',
      needsShuttle: true,
      carWash,
      departureFlightNumber: '',
      returnFlightNumber: '',
      carRegistration: '',
      parkingBayNumber: '',
      parkingType: 'open',
    },
    cost: toQuoteResponse(priceFor(days, carWash)),
    customer,
  };
}

describe('customer details', () => {
  it('lists every blank field in form order, spaces counting as blank', () => {
    const errors = missingCustomerFields({ ...customer, lastName: '  ', carRegistration: '' });
    expect(Object.keys(errors)).toEqual(['lastName', 'carRegistration']);
    expect(firstInvalidField(errors)).toBe('lastName');
    expect(missingCustomerFields(customer)).toEqual({});
  });

  it('upper-cases registrations as typed and trims everything before sending', () => {
    expect(normaliseRegistration('abc12x')).toBe('ABC12X');
    expect(trimCustomer({ ...customer, firstName: ' Aroha ', carRegistration: ' abc123 ' })).toEqual(customer);
  });

  it("checks formats with the API's own rules, one message per field", () => {
    expect(customerFormatErrors({ ...customer, email: 'aroha@' })).toEqual({ email: 'Please enter a valid email address' });
    expect(customerFormatErrors({ ...customer, contactNumber: '12ab' })).toEqual({ contactNumber: 'Please enter a valid phone number' });
    expect(customerFormatErrors({ ...customer, carRegistration: 'ABC-123' })).toEqual({ carRegistration: 'Please enter a valid car registration' });
    expect(customerFormatErrors(customer)).toEqual({});
  });
});

describe('payment amounts', () => {
  it('charges the total in full, or $10.00 now with the rest left for pick-up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.boolean(), (days, carWash) => {
        const state = flow(days, carWash);
        const full = paymentAmounts(state.cost, 'full');
        const deposit = paymentAmounts(state.cost, 'deposit');
        expect(full).toEqual({ total: priceFor(days, carWash).total, now: priceFor(days, carWash).total, balance: 0 });
        expect(deposit.now).toBe(1000);
        expect(deposit.now + deposit.balance).toBe(full.total);
      }),
    );
  });
});

describe('checkout request', () => {
  it('sends only the fields the API takes, with the cost as the spec describes', () => {
    const body = checkoutRequest(flow(3, true), 'full');
    expect(body).toEqual({
      quote: { dropOffDate: '2026-11-22', dropOffTime: '09:00', pickUpDate: '2026-11-25', pickUpTime: '11:00', carWash: true, carCleaning: false, carDetailing: false, carServicing: false },
      customer,
      paymentType: 'full',
      cost: { days: 3, total: 90, paymentType: 'full' },
    });
  });

  it('sends a total of 10 for a deposit and flight numbers only when given', () => {
    const state = flow(8, false);
    state.quoteData.departureFlightNumber = ' NZ123 ';
    const body = checkoutRequest(state, 'deposit');
    expect(body.cost).toEqual({ days: 8, total: 10, paymentType: 'deposit' });
    expect(body.quote.departureFlightNumber).toBe('NZ123');
    expect('returnFlightNumber' in body.quote).toBe(false);
  });
});

describe('failure texts', () => {
  it("shows the server's field message (the lead time) under 'Payment failed'", () => {
    const lead = 'Drop-off time must be at least 4 hours from current NZ time';
    expect(checkoutFailureDetail({ message: 'Please check the highlighted fields', fieldErrors: { 'quote.dropOffTime': lead } })).toBe(lead);
    expect(checkoutFailureDetail({ message: lead })).toBe(lead);
  });

  it("shows a spent checkout budget's 'try again in' text (429) under 'Payment failed'", () => {
    const message = tooManyRequestsMessage(540);
    expect(message).toBe('Too many attempts in a short time. Please try again in 9 minutes.');
    expect(checkoutFailureDetail({ message })).toBe(message);
  });

  it("shows a burst's answers under 'Payment failed': a few places left, try again (429), and no time to finish (503)", () => {
    const startsBusy = capacityMessages.startsBusy('2026-12-22');
    expect(checkoutFailureDetail({ message: startsBusy, fieldErrors: { 'quote.dropOffDate': startsBusy } })).toBe(
      'Many travellers are booking 22/12/2026 right now and only a few places are left. Please try again in a few seconds.',
    );
    expect(checkoutFailureDetail({ message: paymentMessages.checkoutBusy })).toBe(
      'Many travellers are booking at the same moment and we could not start your payment in time. Please try again in a few seconds.',
    );
  });

  it('adds nothing for generic failures', () => {
    for (const message of ['Failed to create checkout session', 'Something went wrong on our side. Please try again.', 'Request failed (502)', '']) {
      expect(checkoutFailureDetail({ message })).toBeUndefined();
    }
  });

  it("tells 'no booking for this session' apart from failures to reach the server", () => {
    expect(confirmationFailureMessage(new ApiError(409, 'Payment not completed'))).toBe(BOOKING_NOT_CREATED_MESSAGE);
    expect(confirmationFailureMessage(new ApiError(404, 'Not found'))).toBe('We could not find this payment. The link may be mistyped or cut short: open it again from your confirmation e-mail, or book again from the home page.');
    expect(confirmationFailureMessage(new ApiError(500, 'Something went wrong'))).toBe(BOOKING_FAILED_MESSAGE);
    expect(confirmationFailureMessage(new TypeError('fetch failed'))).toBe(BOOKING_FAILED_MESSAGE);
  });
});

describe('stored pending booking', () => {
  const pending: PendingBooking = { ...flow(3, false), paymentType: 'deposit', bookingId: 'b-1' };

  it('reads back what was stored', () => {
    expect(parsePendingBooking(JSON.stringify(pending))).toEqual(pending);
    expect(isPaymentFlowState(pending)).toBe(true);
  });

  it('treats missing or malformed data as no booking', () => {
    expect(parsePendingBooking(null)).toBeNull();
    expect(parsePendingBooking('{not json')).toBeNull();
    expect(parsePendingBooking(JSON.stringify({ ...pending, paymentType: 'half' }))).toBeNull();
    expect(parsePendingBooking(JSON.stringify({ ...pending, customer: { ...customer, email: undefined } }))).toBeNull();
    expect(parsePendingBooking(JSON.stringify({ quoteData: pending.quoteData }))).toBeNull();
  });
});
