/**
 * The pass page draws its QR code with uqr; the yard screen reads it with jsQR (web/src/features/yard/scan-code.ts).
 * Every pass address the product can print must read back exactly, at the pass's 240 px size. ZXing's JavaScript port,
 * used before, failed on about one code in six of these: the yard's browser test failed whenever it met one.
 */
import fc from 'fast-check';
import jsQR from 'jsqr';
import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { passUrl } from '../../functions/lib/pass-token';

/** The code as the pass shows it: `border: 2` modules of quiet zone, stretched to `side` pixels, black on white. */
function drawn(text: string, side: number): Uint8ClampedArray {
  const { data, size } = encode(text, { border: 2 });
  const pixels = new Uint8ClampedArray(side * side * 4);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const dark = data[Math.floor((y * size) / side)]![Math.floor((x * size) / side)];
      pixels.set(dark ? [0, 0, 0, 255] : [255, 255, 255, 255], (y * side + x) * 4);
    }
  }
  return pixels;
}

const base64url = (length: number) => fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'), minLength: length, maxLength: length });
const site = fc.constantFrom('http://127.0.0.1:3000', 'https://www.runwayparking.co.nz', 'https://d1234abcd.cloudfront.net');
// A pass token: 'p1', the booking id (a UUID or an older id), and the 22-character signature.
const token = fc.tuple(fc.oneof(fc.uuid(), base64url(26)), base64url(22)).map(([id, mac]) => `p1.${id}.${mac}`);

describe('the pass QR code reads back on the yard screen', () => {
  it('reads every pass address exactly, at the pass page size (240 px)', () => {
    fc.assert(
      fc.property(site, token, (siteUrl, t) => {
        const url = passUrl(siteUrl, t);
        expect(jsQR(drawn(url, 240), 240, 240)?.data).toBe(url);
      }),
      { numRuns: 40 },
    );
  });

  it('reads nothing from a blank picture', () => {
    expect(jsQR(new Uint8ClampedArray(240 * 240 * 4).fill(255), 240, 240)).toBeNull();
  });
});
