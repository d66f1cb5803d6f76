/**
 * How a photo of a pass is read (web/src/features/yard/scan-code.ts): the whole picture first, then, for a
 * full-screen screenshot, squares that hold any code wholly, then the whole picture at other sizes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { photoAttempts } from '../../web/src/features/yard/scan-code';

describe('photoAttempts', () => {
  it('reads the whole picture first, at most 1600 pixels on its longest side', () => {
    expect(photoAttempts(1170, 2532)[0]).toEqual({ x: 0, y: 0, width: 1170, height: 2532, scale: 1600 / 2532 });
    expect(photoAttempts(600, 600)[0]).toEqual({ x: 0, y: 0, width: 600, height: 600, scale: 1 });
  });

  it('a code anywhere in a tall or wide screenshot, up to half its short side, lies whole in one square read at the photo\'s own pixels (up to 1600)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 300, max: 4000 }), fc.integer({ min: 300, max: 14000 }), fc.boolean(), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0.05, max: 0.5, noNaN: true }), (short, long, tall, fx, fy, fsize) => {
        fc.pre(long >= short * 1.3);
        const [width, height] = tall ? [short, long] : [long, short];
        const size = Math.floor(short * fsize);
        const code = { x: Math.floor(fx * (width - size)), y: Math.floor(fy * (height - size)) };
        const squares = photoAttempts(width, height).filter((a) => a.width === short && a.height === short);
        expect(squares.every((a) => a.x >= 0 && a.y >= 0 && a.x + a.width <= width && a.y + a.height <= height)).toBe(true);
        expect(squares.every((a) => a.scale === Math.min(1, 1600 / short))).toBe(true);
        const holding = squares.filter((a) => a.x <= code.x && a.y <= code.y && code.x + size <= a.x + a.width && code.y + size <= a.y + a.height);
        expect(holding.length).toBeGreaterThan(0);
      }),
    );
  });

  it('reads a small picture again at twice its size, a large one smaller, as jsQR misses a code at some sizes only', () => {
    const small = photoAttempts(462, 1000);
    expect(small.map((a) => a.scale)).toContain(2);
    const large = photoAttempts(1170, 2532).filter((a) => a.width === 1170 && a.height === 2532);
    expect(large.map((a) => Math.round(a.scale * 2532))).toEqual([1600, 1200, 960]);
  });
});
