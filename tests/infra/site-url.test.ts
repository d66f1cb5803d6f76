/**
 * The site origin the functions put in Stripe redirect URLs and e-mail links comes from SITE_URL (set by the
 * stack on every function, and by the local stack), never from the request: a caller that reaches the API
 * directly on its execute-api endpoint cannot choose where a customer is sent (siteUrl takes no request at all).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { siteUrl } from '../../functions/lib/site-url';

const saved = process.env.SITE_URL;
afterEach(() => {
  if (saved === undefined) delete process.env.SITE_URL;
  else process.env.SITE_URL = saved;
});

describe('siteUrl', () => {
  it('is the configured SITE_URL, without a trailing slash', () => {
    process.env.SITE_URL = 'https://d111111abcdef8.cloudfront.net/';
    expect(siteUrl()).toBe('https://d111111abcdef8.cloudfront.net');
  });

  it('fails loudly rather than guessing when SITE_URL is missing', () => {
    delete process.env.SITE_URL;
    expect(() => siteUrl()).toThrow('SITE_URL is not configured');
  });
});
