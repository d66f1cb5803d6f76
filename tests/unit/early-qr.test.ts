// @vitest-environment happy-dom
/**
 * The pass shell's early QR code (web/src/features/pass/early-qr.ts): drawn from the early request's answer into a CSS
 * variable on <html> (outside the root React hydrates), never for a cancelled pass or a refused token, and without
 * using up the answer the page reads after it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { drawEarlyQr } from '../../web/src/features/pass/early-qr';
import { VALID_PASS } from '../support/pass-answer';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const drawn = () => document.documentElement.style.getPropertyValue('--pass-qr');

afterEach(() => document.documentElement.style.removeProperty('--pass-qr'));

describe("the shell's early QR code", () => {
  it("draws the pass's address as an SVG image, and the page still reads the whole answer", async () => {
    const response = Promise.resolve(json(200, VALID_PASS));
    await drawEarlyQr(response);
    const url = /^url\("(data:image\/svg\+xml;charset=utf-8,[^"]+)"\)$/.exec(drawn())?.[1];
    expect(url).toBeTruthy();
    const svg = decodeURIComponent(url!.slice(url!.indexOf(',') + 1));
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"><rect fill="white"/);
    expect(await (await response).json()).toEqual(VALID_PASS);
  });

  it('draws nothing for a cancelled pass, a refused token or no answer', async () => {
    await drawEarlyQr(Promise.resolve(json(200, { ...VALID_PASS, status: 'cancelled' })));
    await drawEarlyQr(Promise.resolve(json(404, { message: 'Not found' })));
    await drawEarlyQr(Promise.reject(new TypeError('Failed to fetch')));
    await drawEarlyQr(Promise.resolve(new Response('not json', { status: 200 })));
    expect(drawn()).toBe('');
  });
});
