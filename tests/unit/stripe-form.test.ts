/** The Stripe stand-in's form parser: Stripe's bracket syntax, and no way to reach an object's prototype. */
import { afterEach, describe, expect, it } from 'vitest';
import { parseStripeForm } from '../../local/stripe-stand-in';

describe('parseStripeForm', () => {
  afterEach(() => {
    delete (Object.prototype as Record<string, unknown>).polluted;
  });

  it('reads nested keys and lists', () => {
    expect(parseStripeForm('mode=payment&line_items[0][quantity]=1&metadata[bookingId]=b1')).toEqual({ mode: 'payment', line_items: [{ quantity: '1' }], metadata: { bookingId: 'b1' } });
  });

  it.each(['__proto__[polluted]=yes', 'constructor[prototype][polluted]=yes', 'metadata[__proto__][polluted]=yes'])('refuses %s and pollutes nothing', (body) => {
    expect(() => parseStripeForm(body)).toThrow(/Invalid parameter/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
