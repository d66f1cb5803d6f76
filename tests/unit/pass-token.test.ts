import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

describe('the pass signing key from Secrets Manager', () => {
  afterEach(() => {
    delete process.env.PASS_SIGNING_SECRET_ID;
    vi.restoreAllMocks();
  });

  it('is read once from the secret the stack generates, and signs as the same key given directly does', async () => {
    delete process.env.PASS_SIGNING_KEY;
    process.env.PASS_SIGNING_SECRET_ID = 'runway-parking/prod/pass';
    const send = vi.spyOn(SecretsManagerClient.prototype, 'send').mockResolvedValue({ SecretString: JSON.stringify({ signingKey: KEY_A }) } as never);
    const fromSecret = await passTokenFor('b-123');
    await passTokenFor('b-456');
    expect(send).toHaveBeenCalledTimes(1);
    expect((send.mock.calls[0]![0] as GetSecretValueCommand).input).toEqual({ SecretId: 'runway-parking/prod/pass' });
    process.env.PASS_SIGNING_KEY = KEY_A;
    forgetPassSigningKey();
    expect(await passTokenFor('b-123')).toBe(fromSecret);
  });

  it('must hold a signingKey of 32 characters or more', async () => {
    delete process.env.PASS_SIGNING_KEY;
    process.env.PASS_SIGNING_SECRET_ID = 'runway-parking/prod/pass';
    const send = vi.spyOn(SecretsManagerClient.prototype, 'send');
    for (const secret of [{ signingKey: 'x'.repeat(31) }, { signingKey: 42 }, {}, null]) {
      send.mockResolvedValueOnce({ SecretString: secret === null ? undefined : JSON.stringify(secret) } as never);
      forgetPassSigningKey();
      await expect(passTokenFor('b-1'), JSON.stringify(secret)).rejects.toThrow('Secret runway-parking/prod/pass has no signingKey of 32 or more characters');
    }
    send.mockResolvedValueOnce({ SecretString: JSON.stringify({ signingKey: 'k'.repeat(32) }) } as never);
    forgetPassSigningKey();
    expect(await passTokenFor('b-1')).toMatch(/^p1\.b-1\./);
  });

  it('is asked for again after a failed read', async () => {
    delete process.env.PASS_SIGNING_KEY;
    process.env.PASS_SIGNING_SECRET_ID = 'runway-parking/prod/pass';
    const send = vi.spyOn(SecretsManagerClient.prototype, 'send').mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce({ SecretString: JSON.stringify({ signingKey: KEY_A }) } as never);
    await expect(passTokenFor('b-1')).rejects.toThrow('network');
    expect(await passTokenFor('b-1')).toMatch(/^p1\.b-1\./);
    expect(send).toHaveBeenCalledTimes(2);
  });
});

describe('what a token is made for and read from', () => {
  it('is a booking id of 1 to 64 letters, digits, - and _ only', async () => {
    expect(await passTokenFor('x'.repeat(64))).toMatch(/^p1\.x{64}\./);
    for (const id of ['', 'x'.repeat(65), 'b 1', 'b.1', 'b/1', 'ä']) await expect(passTokenFor(id), id).rejects.toThrow('A booking id has only letters, digits, - and _');
  });

  it('is read with the spaces a scanner or a paste adds around it', async () => {
    const token = await passTokenFor('b-123');
    expect(await bookingIdFromPassToken(` ${token}\n`)).toBe('b-123');
    expect(await bookingIdFromPassToken(`${token}x`)).toBeNull();
  });

  it('goes on the pass address with one slash, however the site address ends', () => {
    expect(passUrl('https://park.example', 'p1.b.sig')).toBe('https://park.example/pass/p1.b.sig');
    expect(passUrl('https://park.example///', 'p1.b.sig')).toBe('https://park.example/pass/p1.b.sig');
  });
});
