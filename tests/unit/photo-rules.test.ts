/** The photo rules both sides use: what first bytes say a file is, and the upload request's limits. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentMatches, contentMismatchMessage, formatPhotoCount, photoMessages, photoUploadRequestSchema, sniffImageType } from '../../shared/photos';
import { heicLike, jpegLike, m4a, mp4, pdf, png, quickTime, riffAvi, riffWav, riffWebpNoImage, svg, webpLike } from '../support/images';

const SIGNATURES: [string, number[]][] = [
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
];

describe('sniffImageType', () => {
  it('knows JPEG, PNG, WebP and HEIC by their first bytes, whatever follows', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (tail) => {
        for (const [type, head] of SIGNATURES) expect(sniffImageType(new Uint8Array([...head, ...tail]))).toBe(type);
        for (const chunk of ['VP8 ', 'VP8L', 'VP8X']) {
          const webp = new Uint8Array([...Buffer.from('RIFF'), 1, 2, 3, 4, ...Buffer.from(`WEBP${chunk}`), ...tail]);
          expect(sniffImageType(webp)).toBe('image/webp');
        }
      }),
    );
    expect(sniffImageType(webpLike())).toBe('image/webp');
    expect(sniffImageType(png())).toBe('image/png');
    expect(sniffImageType(jpegLike())).toBe('image/jpeg');
    expect(sniffImageType(heicLike())).toBe('image/heic');
  });

  it('calls anything else not an image: PDFs, SVGs, text, empty files, and bytes with no known signature', () => {
    for (const bytes of [pdf(), svg(), Buffer.from('GIF89a'), Buffer.from('hello'), Buffer.alloc(0), Buffer.from([0xff, 0xd8])]) expect(sniffImageType(bytes)).toBeNull();
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 32 }).filter((b) => !(b[0] === 0xff && b[1] === 0xd8) && b[0] !== 0x89 && b[0] !== 0x52 && !(b[4] === 0x66 && b[5] === 0x74)),
        (bytes) => sniffImageType(bytes) === null,
      ),
    );
  });

  it('refuses the look-alikes of WebP and HEIC: a WAV or AVI (RIFF), an MP4, M4A or QuickTime movie (ftyp), a WEBP with no image chunk', () => {
    for (const bytes of [riffWav(), riffAvi(), riffWebpNoImage(), mp4(), m4a(), quickTime()]) expect(sniffImageType(bytes)).toBeNull();
    // A HEIF brand in a box too small to be an ftyp box is not one either.
    const tiny = heicLike();
    tiny.writeUInt32BE(8, 0);
    expect(sniffImageType(tiny)).toBeNull();
    // The box size is a big-endian 32-bit number: 15 is too small, 16 is the least, and a size in any of its four bytes counts.
    const sized = (size: number) => {
      const bytes = heicLike();
      bytes.writeUInt32BE(size, 0);
      return sniffImageType(bytes);
    };
    expect(sized(15)).toBeNull();
    for (const size of [16, 0x100, 0x1_0000, 0x100_0000, 0xffff_ffff]) expect(sized(size), `box size ${size}`).toBe('image/heic');
    // A RIFF of another form (an AVI) whose first chunk is named like WebP's is not WebP.
    const aviWithVp8 = new Uint8Array([...Buffer.from('RIFF'), 1, 2, 3, 4, ...Buffer.from('AVI VP8 '), 0, 0, 0, 0]);
    expect(sniffImageType(aviWithVp8)).toBeNull();
    // WEBP and a VP8 chunk where WebP has them, but not in a RIFF file, is not WebP either.
    const notRiff = webpLike();
    notRiff.write('RIFX', 0, 'latin1');
    expect(sniffImageType(notRiff)).toBeNull();
    // A HEIF brand where an ftyp box's would be, in a box of another type, is not HEIC.
    const notFtyp = heicLike();
    notFtyp.write('moov', 4, 'latin1');
    expect(sniffImageType(notFtyp)).toBeNull();
    expect(contentMatches('image/webp', sniffImageType(riffWav()))).toBe(false);
    expect(contentMatches('image/heic', sniffImageType(mp4()))).toBe(false);
  });

  it('holds a declared type to its bytes; HEIC and HEIF are one family', () => {
    expect(contentMatches('image/png', 'image/png')).toBe(true);
    expect(contentMatches('image/png', 'image/jpeg')).toBe(false);
    expect(contentMatches('image/heif', 'image/heic')).toBe(true);
    expect(contentMatches('image/heic', 'image/jpeg')).toBe(false);
    expect(contentMatches('image/heif', 'image/png')).toBe(false);
    expect(contentMatches('image/jpeg', null)).toBe(false);
  });
});

describe('photoUploadRequestSchema', () => {
  const base = { fileName: 'car.jpg', contentType: 'image/jpeg', size: 1000 };

  it('defaults the upload type to drop_off and an empty description to none', () => {
    expect(photoUploadRequestSchema.parse({ ...base, description: '   ' })).toEqual({ ...base, uploadType: 'drop_off', description: null });
  });

  it('accepts sizes from 1 byte to 10 MB and nothing outside', () => {
    const tenMb = 10 * 1024 * 1024; // docs/photos.md: 10 MB
    fc.assert(
      fc.property(fc.integer({ min: -10, max: tenMb * 2 }), (size) => {
        const ok = photoUploadRequestSchema.safeParse({ ...base, size }).success;
        return ok === (size >= 1 && size <= tenMb);
      }),
    );
  });

  it('says why a type is refused: not an image at all, or an image type we do not store', () => {
    const issue = (contentType: string) => photoUploadRequestSchema.safeParse({ ...base, contentType }).error?.issues[0]?.message;
    expect(issue('application/pdf')).toBe(photoMessages.notAnImage);
    expect(issue('image/svg+xml')).toBe(photoMessages.unsupportedType);
    expect(issue('image/gif')).toBe(photoMessages.unsupportedType);
    expect(issue('image/heic')).toBeUndefined();
  });
});

describe('what the photo panel says', () => {
  it('names the declared type a file lied about, and counts uploads in words', () => {
    expect(contentMismatchMessage('image/png')).toBe("This file's contents are not a PNG image.");
    expect(contentMismatchMessage('image/jpeg')).toBe("This file's contents are not a JPG image.");
    expect(formatPhotoCount(1)).toBe('1 photo uploaded.');
    expect(formatPhotoCount(3)).toBe('3 photos uploaded.');
  });
});
