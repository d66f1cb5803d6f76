/**
 * The checkout contract shared by the screens and the API: what each customer field accepts and the
 * message it gives, that the browser's price is accepted and ignored, and how the API turns problems
 * into the 400 the payment page shows.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkoutRequestSchema, customerDetailsSchema, normaliseSearchText, paymentMessages, phoneIdentity, searchTokensOf } from '../../shared/booking';
import { messages } from '../../shared/messages';
import { parseCheckoutRequest } from '../../functions/checkout/checkout-request';
import { HttpError, httpErrorOf } from '../../functions/lib/errors';

const valid = { firstName: 'Aroha', lastName: 'Ngata', email: 'aroha@example.com', contactNumber: '+64 (21) 555-1234', carRegistration: 'kta 123' };
const quote = { dropOffDate: '2030-01-10', dropOffTime: '09:00', pickUpDate: '2030-01-12', pickUpTime: '09:00', carWash: false };

const fieldError = (value: unknown, field: string) => {
  const r = customerDetailsSchema.safeParse(value);
  return r.success ? undefined : r.error.issues.find((i) => i.path.join('.') === field)?.message;
};

describe('customerDetailsSchema', () => {
  it('trims every field and upper-cases the registration', () => {
    const parsed = customerDetailsSchema.parse({ ...valid, firstName: '  Aroha ', email: ' aroha@example.com ' });
    expect(parsed).toEqual({ ...valid, carRegistration: 'KTA 123' });
  });

  it.each(['firstName', 'lastName', 'email', 'contactNumber', 'carRegistration'])("an empty or missing %s reads 'Please complete all fields'", (field) => {
    expect(fieldError({ ...valid, [field]: '' }, field)).toBe(paymentMessages.required);
    expect(fieldError({ ...valid, [field]: ' \t ' }, field)).toBe(paymentMessages.required);
    expect(fieldError({ ...valid, [field]: undefined }, field)).toBe(paymentMessages.required);
  });

  it.each([
    ['021 555 1234', true],
    ['+64 (21) 555-1234', true],
    ['1234567', true],
    ['123456', false],
    ['(12) 34-56', false],
    ['+++++++', false],
    ['021 555 1234 ext 5', false],
    ['0'.repeat(20), true],
    ['0'.repeat(21), false],
  ])('phone %j valid: %s', (phone, ok) => {
    expect(fieldError({ ...valid, contactNumber: phone }, 'contactNumber')).toBe(ok ? undefined : paymentMessages.invalidPhone);
  });

  it('accepts any 7-20 characters of digits, spaces, + ( ) - with 7 or more digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9 +()-]{7,20}$/), (phone) => {
        const trimmed = phone.trim();
        const ok = trimmed.length >= 7 && trimmed.replace(/\D/g, '').length >= 7;
        expect(fieldError({ ...valid, contactNumber: phone }, 'contactNumber') === undefined).toBe(ok);
      }),
    );
  });

  it.each([
    ['ABC123', true],
    ['abc 12', true],
    ['ABCDEFGHIJ', true],
    ['ABCDEFGHIJK', false],
    ['AB-123', false],
    ['ÄBC', false],
  ])('registration %j valid: %s', (reg, ok) => {
    expect(fieldError({ ...valid, carRegistration: reg }, 'carRegistration')).toBe(ok ? undefined : paymentMessages.invalidRegistration);
  });

  it.each(['plain', 'a@b', '@example.com', 'a b@example.com'])('rejects the e-mail %j', (email) => {
    expect(fieldError({ ...valid, email }, 'email')).toBe(paymentMessages.invalidEmail);
  });

  it('limits names to 50 characters', () => {
    expect(fieldError({ ...valid, lastName: 'N'.repeat(50) }, 'lastName')).toBeUndefined();
    expect(fieldError({ ...valid, lastName: 'N'.repeat(51) }, 'lastName')).toBe(paymentMessages.nameTooLong);
  });

  it('refuses unknown fields', () => {
    expect(customerDetailsSchema.safeParse({ ...valid, isAdmin: true }).success).toBe(false);
  });
});

describe('checkoutRequestSchema', () => {
  it("accepts the browser's cost and the quote card's extra keys, and keeps neither", () => {
    const parsed = checkoutRequestSchema.parse({ quote: { ...quote, total: 1, parkingType: 'open' }, customer: valid, paymentType: 'deposit', cost: { days: 2, total: 10, paymentType: 'deposit' } });
    expect(parsed.quote).toEqual(quote);
    expect(parsed.paymentType).toBe('deposit');
  });

  it('treats an empty flight number as none and upper-cases the others', () => {
    const parsed = checkoutRequestSchema.parse({ quote: { ...quote, departureFlightNumber: ' nz 101 ', returnFlightNumber: '' }, customer: valid, paymentType: 'full' });
    expect(parsed.quote.departureFlightNumber).toBe('NZ101');
    expect(parsed.quote.returnFlightNumber).toBeUndefined();
  });
});

describe('parseCheckoutRequest', () => {
  const problem = (raw: string) => {
    try {
      parseCheckoutRequest(raw);
    } catch (e) {
      const answer = httpErrorOf(e);
      expect(answer).toBeInstanceOf(HttpError);
      return answer as HttpError;
    }
    throw new Error('expected a 400');
  };

  it('puts the first field message in `message` and every field under its path', () => {
    const e = problem(JSON.stringify({ quote, customer: { ...valid, email: 'nope', contactNumber: 'x' }, paymentType: 'cash' }));
    expect(e.status).toBe(400);
    expect(e.message).toBe(paymentMessages.invalidEmail);
    expect(e.fieldErrors).toEqual({
      'customer.email': paymentMessages.invalidEmail,
      'customer.contactNumber': paymentMessages.invalidPhone,
      paymentType: paymentMessages.choosePaymentType,
    });
  });

  it.each(['', 'nope', '[1]', '"text"', 'null'])('answers %j with the malformed JSON message', (raw) => {
    expect(problem(raw).message).toBe(messages.malformedJson);
  });

  it('returns the parsed request when it is valid', () => {
    expect(parseCheckoutRequest(JSON.stringify({ quote, customer: valid, paymentType: 'full' })).customer.carRegistration).toBe('KTA 123');
  });
});

describe('search tokens', () => {
  it('index each name word and the name from each word on, the e-mail, every ending of 4+ phone digits, the registration and the reference with and without RP-', () => {
    expect(searchTokensOf({ name: 'Māia  Te Ao', email: 'Maia@Example.COM', contactNumber: '+64 21 555 1234', carRegistration: 'kta 123', bookingReference: 'RP-7K3M9Q' }).sort()).toEqual(
      [
        ...['ao', 'maia', 'te', 'maia te ao', 'te ao'],
        'maia@example.com',
        ...['0215551234', '64215551234', '4215551234', '215551234', '15551234', '5551234', '551234', '51234', '1234'],
        'kta123',
        ...['rp-7k3m9q', '7k3m9q'],
      ].sort(),
    );
  });

  it('know one number however it is typed', () => {
    for (const typed of ['021 555 1234', '+64 21 555 1234', '+6421-555-1234', '0064 21 555 1234', '(021) 555-1234']) expect(phoneIdentity(typed)).toBe('0215551234');
    expect(phoneIdentity('+61 2 9999 0000')).toBe('61299990000');
  });

  it('normalise the query the same way as the stored tokens', () => {
    expect(normaliseSearchText('  RENÉE   O’Brien#1 ')).toBe('renee obrien1');
  });
});
