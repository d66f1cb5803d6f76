/**
 * Small files for the photo tests: a real PNG of any size (encoded here, so it decodes in a browser), and
 * files that only start like an image, a PDF, an SVG or a HEIC, for the upload gate that reads first bytes.
 */
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A solid-colour RGB PNG, width x height pixels. */
export function png(width = 4, height = 4, rgb: [number, number, number] = [200, 30, 30]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

/** Bytes that start like a JPEG (its SOI and JFIF APP0 marker), padded to `size`. */
export function jpegLike(size = 64): Buffer {
  const head = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 7)]);
}

/** An ISO BMFF ftyp box with the 'heic' brand, as an iPhone photo starts. */
export function heicLike(size = 64): Buffer {
  const head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic', 'ascii'), Buffer.from([0, 0, 0, 0]), Buffer.from('mif1heic', 'ascii')]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 1)]);
}

/** Bytes that start like a lossy WebP: RIFF, its size, the WEBP form type and a 'VP8 ' chunk. */
export function webpLike(size = 64): Buffer {
  const head = Buffer.concat([Buffer.from('RIFF', 'ascii'), Buffer.from([size - 8, 0, 0, 0]), Buffer.from('WEBPVP8 ', 'ascii')]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 3)]);
}

/** Look-alikes the photo check must refuse: other RIFF forms (a WAV, an AVI) and other ISO BMFF files (an MP4, an M4A, a QuickTime movie). */
export const riffWav = () => Buffer.concat([Buffer.from('RIFF', 'ascii'), Buffer.from([56, 0, 0, 0]), Buffer.from('WAVEfmt ', 'ascii'), Buffer.alloc(48, 0)]);
export const riffAvi = () => Buffer.concat([Buffer.from('RIFF', 'ascii'), Buffer.from([56, 0, 0, 0]), Buffer.from('AVI LIST', 'ascii'), Buffer.alloc(48, 0)]);
/** A RIFF WEBP header whose first chunk is not image data: not a WebP any browser would show. */
export const riffWebpNoImage = () => Buffer.concat([Buffer.from('RIFF', 'ascii'), Buffer.from([56, 0, 0, 0]), Buffer.from('WEBPJUNK', 'ascii'), Buffer.alloc(48, 0)]);
const isoBmff = (major: string, compatible: string) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${major}`, 'ascii'), Buffer.from([0, 0, 0, 0]), Buffer.from(compatible, 'ascii'), Buffer.alloc(40, 1)]);
export const mp4 = () => isoBmff('isom', 'mif1mp41');
export const m4a = () => isoBmff('M4A ', 'M4A mp42');
export const quickTime = () => isoBmff('qt  ', 'qt  heic');

export const pdf = () => Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
export const svg = () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><script>alert(1)</script></svg>');
