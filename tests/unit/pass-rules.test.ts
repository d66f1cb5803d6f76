/** The pass's pure rules: when "I've landed" is offered, and how a typed booking reference is read. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { manageLinkRequestSchema, normaliseReference } from '../../shared/manage-booking';
import { REFERENCE_ALPHABET, REFERENCE_PATTERN } from '../../shared/booking';
import { mayOfferLanded } from '../../shared/pass';

describe("I've landed is offered", () => {
  it('on the NZ date of pick-up only, while booked or in the yard', () => {
    expect(mayOfferLanded({ status: 'checkin', pickUpDate: '2026-04-05' }, '2026-04-05')).toBe(true);
    expect(mayOfferLanded({ status: 'reservation', pickUpDate: '2026-04-05' }, '2026-04-05')).toBe(true);
    expect(mayOfferLanded({ status: 'checkin', pickUpDate: '2026-04-05' }, '2026-04-04')).toBe(false);
    expect(mayOfferLanded({ status: 'checkin', pickUpDate: '2026-04-05' }, '2026-04-06')).toBe(false);
    for (const status of ['checkout', 'cancelled', 'payment_review']) expect(mayOfferLanded({ status, pickUpDate: '2026-04-05' }, '2026-04-05')).toBe(false);
  });
});

describe('a typed booking reference', () => {
  const code = fc.array(fc.constantFrom(...REFERENCE_ALPHABET), { minLength: 6, maxLength: 6 }).map((c) => c.join(''));

  it('reads the same with or without RP-, in any case and with spaces', () => {
    fc.assert(
      fc.property(code, fc.constantFrom('RP-', 'rp-', 'RP', 'rp', '', ' RP - '), fc.boolean(), (c, prefix, lower) => {
        const typed = `${prefix}${lower ? c.toLowerCase() : c}`.replace(/(.{3})/, '$1 ');
        const read = normaliseReference(typed);
        expect(read).toBe(`RP-${c}`);
        expect(read).toMatch(REFERENCE_PATTERN);
      }),
    );
  });

  it('is refused when it cannot be one, with the form text', () => {
    const out = manageLinkRequestSchema.safeParse({ reference: 'RP-ABC1', email: 'a@example.com' });
    expect(out.success).toBe(false);
    expect(out.error?.issues[0]?.message).toBe('Enter the booking reference from your confirmation, like RP-ABC234');
    expect(manageLinkRequestSchema.parse({ reference: ' rp abc234 ', email: ' A@Example.com ' })).toEqual({ reference: 'RP-ABC234', email: 'A@Example.com' });
  });
});
