import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bookingIdFromPassToken, forgetPassSigningKey, passTokenFor, passUrl } from '../../functions/lib/pass-token';

const KEY_A = 'a-test-key-that-is-long-enough-for-hmac-0001';
const KEY_B = 'another-test-key-long-enough-for-the-hmac-02';

beforeEach(() => {
  process.env.PASS_SIGNING_KEY = KEY_A;
  forgetPassSigningKey();
});
afterEach(() => {
  delete process.env.PASS_SIGNING_KEY;
  forgetPassSigningKey();
});

const ids = fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/);

describe('pass tokens', () => {
  it('read back the booking id they were made for', async () => {
    await fc.assert(
      fc.asyncProperty(ids, async (id) => {
        expect(await bookingIdFromPassToken(await passTokenFor(id))).toBe(id);
      }),
    );
  });

  it('refuse a token with any character of its signature changed to any other, the last one too', async () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (const id of ['b-123', 'b-124', 'b-125', 'b-126']) {
      const sig = (await passTokenFor(id)).split('.')[2]!;
      for (let i = 0; i < sig.length; i++) {
        for (const c of alphabet) {
          if (c === sig[i]) continue;
          expect(await bookingIdFromPassToken(`p1.${id}.${sig.slice(0, i)}${c}${sig.slice(i + 1)}`)).toBeNull();
        }
      }
    }
  });

  it('refuse another booking id under a valid signature', async () => {
    const sig = (await passTokenFor('b-123')).split('.')[2]!;
    expect(await bookingIdFromPassToken(`p1.b-124.${sig}`)).toBeNull();
  });

  it('refuse tokens signed with another key', async () => {
    const token = await passTokenFor('b-123');
    process.env.PASS_SIGNING_KEY = KEY_B;
    forgetPassSigningKey();
    expect(await bookingIdFromPassToken(token)).toBeNull();
  });

  it('refuse made-up and malformed codes', async () => {
    for (const code of ['', 'RP-ABC123', 'p1.b-123', 'p1.b-123.', 'p2.b-123.AAAAAAAAAAAAAAAAAAAAAA', 'p1.b 1.AAAAAAAAAAAAAAAAAAAAAA', 'p1.b-123.AAAAAAAAAAAAAAAAAAAAAA']) {
      expect(await bookingIdFromPassToken(code)).toBeNull();
    }
  });

  it('have a 22-character signature (128 bits) and fit in a URL unescaped', async () => {
    const token = await passTokenFor('b-123');
    expect(token).toMatch(/^p1\.b-123\.[A-Za-z0-9_-]{22}$/);
    expect(passUrl('https://park.example/', token)).toBe(`https://park.example/pass/${token}`);
  });

  it('refuse to work without a key', async () => {
    delete process.env.PASS_SIGNING_KEY;
    forgetPassSigningKey();
    await expect(passTokenFor('b-1')).rejects.toThrow(/pass signing key/);
  });
});
