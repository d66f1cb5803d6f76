/**
 * Vehicle photos (docs/product-rules.md, Photos; docs/photos.md, 'Vehicle
 * photos'): the upload types, the limits, the texts, what a file's first bytes say it is, and the request and
 * response shapes both sides parse. Pure, so the panel refuses early what the server would refuse anyway.
 */
import * as z from 'zod';

export const PHOTO_UPLOAD_TYPES = ['drop_off', 'pick_up', 'damage_inspection'] as const;
export type PhotoUploadType = (typeof PHOTO_UPLOAD_TYPES)[number];
export const DEFAULT_PHOTO_UPLOAD_TYPE: PhotoUploadType = 'drop_off';

export const photoUploadTypeLabels: Record<PhotoUploadType, string> = {
  drop_off: 'Drop-off',
  pick_up: 'Pick-up',
  damage_inspection: 'Damage inspection',
};

/** 10 MB: the POST policy's limit and the completion check's. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_PHOTOS_PER_BOOKING = 30;
export const MAX_PHOTO_DESCRIPTION = 500;
export const MAX_PHOTO_FILE_NAME = 200;

/** The image types the product stores, each with the extension its key gets (`{...}.{extension}`, docs/product-rules.md, Photos). */
export const PHOTO_CONTENT_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
} as const;
export type PhotoContentType = keyof typeof PHOTO_CONTENT_TYPES;

export function isPhotoContentType(type: string): type is PhotoContentType {
  return Object.hasOwn(PHOTO_CONTENT_TYPES, type);
}

export const photoMessages = {
  // The product's own texts for the panel's toasts, kept verbatim.
  noneSelectedTitle: 'No photos selected',
  noneSelected: 'Please select at least one photo to upload.',
  uploadedTitle: 'Photos uploaded successfully',
  failedTitle: 'Upload failed',
  failed: 'Failed to upload photos. Please try again.',
  // Ours: each refusal says what to do.
  notAnImage: 'Only image files can be uploaded.',
  unsupportedType: 'Photos must be JPEG, PNG, WebP or HEIC images.',
  tooLarge: 'Each photo must be 10 MB or smaller.',
  empty: 'The file is empty.',
  notImageContent: 'This file is not a JPEG, PNG, WebP or HEIC image.',
  tooMany: `A booking can hold at most ${MAX_PHOTOS_PER_BOOKING} photos.`,
  descriptionTooLong: `Descriptions can be at most ${MAX_PHOTO_DESCRIPTION} characters.`,
  uploadTypeInvalid: 'Choose Drop-off, Pick-up or Damage inspection.',
  fileNameInvalid: 'The file needs a name.',
  notArrived: 'The photo did not reach storage. Please upload it again.',
  uploadUnknown: 'This upload has expired or was already finished. Please upload the photo again.',
  bookingNotFound: 'Booking not found',
  loadFailed: 'Failed to load photos',
} as const;

/** 'The file's contents are not a PNG image', for a content type that lies. */
export function contentMismatchMessage(declared: PhotoContentType): string {
  return `This file's contents are not a ${PHOTO_CONTENT_TYPES[declared].toUpperCase()} image.`;
}

export function formatPhotoCount(n: number): string {
  return `${n} ${n === 1 ? 'photo' : 'photos'} uploaded.`;
}

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const startsWith = (bytes: Uint8Array, at: number, pattern: readonly number[]) => pattern.every((b, i) => bytes[at + i] === b);

/** ISO BMFF brands of HEIF stills (HEVC-coded 'heic'/'heix', sequences, and the generic 'mif1'/'msf1'). */
const HEIF_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'];

/** The chunk a WebP file starts with after its RIFF header: lossy, lossless or extended (VP8X, with alpha or animation). */
const WEBP_FIRST_CHUNKS = ['VP8 ', 'VP8L', 'VP8X'];

/** How many leading bytes `sniffImageType` needs. */
export const SNIFF_BYTES = 16;

/** A big-endian 32-bit box size, as ISO BMFF writes it. */
const uint32At = (bytes: Uint8Array, at: number) => ((bytes[at] ?? 0) * 2 ** 24) + ((bytes[at + 1] ?? 0) << 16) + ((bytes[at + 2] ?? 0) << 8) + (bytes[at + 3] ?? 0);

/**
 * What a file's first bytes say it is: JPEG (FF D8 FF), PNG (its 8-byte signature), WebP (RIFF, the WEBP form type
 * and a VP8/VP8L/VP8X first chunk) or HEIC/HEIF (an ftyp box of at least 16 bytes whose major brand is a HEIF brand);
 * anything else (a PDF, an SVG, a script, and the look-alikes: a WAV or AVI is RIFF too, an MP4 or M4A has an ftyp box)
 * is null.
 */
export function sniffImageType(bytes: Uint8Array): 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic' | null {
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, 0, ascii('RIFF')) && startsWith(bytes, 8, ascii('WEBP'))) {
    return WEBP_FIRST_CHUNKS.some((fourcc) => startsWith(bytes, 12, ascii(fourcc))) ? 'image/webp' : null;
  }
  if (startsWith(bytes, 4, ascii('ftyp')) && uint32At(bytes, 0) >= 16 && HEIF_BRANDS.some((brand) => startsWith(bytes, 8, ascii(brand)))) return 'image/heic';
  return null;
}

/** Whether the bytes are the type the browser declared (HEIC and HEIF are one family). */
export function contentMatches(declared: PhotoContentType, sniffed: ReturnType<typeof sniffImageType>): boolean {
  if (sniffed === null) return false;
  if (declared === 'image/heic' || declared === 'image/heif') return sniffed === 'image/heic';
  return declared === sniffed;
}

const uploadType = z.enum(PHOTO_UPLOAD_TYPES, photoMessages.uploadTypeInvalid);

/** POST /api/bookings/{id}/photos: one file the browser is about to upload. */
export const photoUploadRequestSchema = z.strictObject({
  fileName: z.string(photoMessages.fileNameInvalid).trim().min(1, photoMessages.fileNameInvalid).max(MAX_PHOTO_FILE_NAME, 'The file name is too long.'),
  contentType: z
    .string(photoMessages.unsupportedType)
    .refine((t) => t.startsWith('image/'), photoMessages.notAnImage)
    .refine(isPhotoContentType, photoMessages.unsupportedType)
    .transform((t) => t as PhotoContentType),
  size: z.number(photoMessages.empty).int(photoMessages.empty).min(1, photoMessages.empty).max(MAX_PHOTO_BYTES, photoMessages.tooLarge),
  uploadType: uploadType.default(DEFAULT_PHOTO_UPLOAD_TYPE),
  description: z
    .string('Expected text')
    .trim()
    .max(MAX_PHOTO_DESCRIPTION, photoMessages.descriptionTooLong)
    .nullish()
    .transform((d) => d || null),
});
export type PhotoUploadRequest = z.input<typeof photoUploadRequestSchema>;
export type PhotoUpload = z.output<typeof photoUploadRequestSchema>;

/** The presigned POST: the browser posts `fields` and then the file (named `file`, last) to `url`. */
export const photoUploadResponseSchema = z.object({
  photoId: z.string(),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
});
export type PhotoUploadResponse = z.infer<typeof photoUploadResponseSchema>;

export const vehiclePhotoSchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  uploadType: z.enum(PHOTO_UPLOAD_TYPES),
  description: z.string().nullable(),
  /** Who uploaded it: staff or the customer, and whether it was the caller (no one else's identity is shown). */
  uploadedBy: z.object({ role: z.enum(['admin', 'customer']), you: z.boolean() }),
  createdAt: z.string(),
  /** A short-lived signed view URL. */
  url: z.string(),
});
export type VehiclePhoto = z.infer<typeof vehiclePhotoSchema>;

/** POST .../photos/{photoId}/complete answers the photo as recorded. */
export const photoCompleteResponseSchema = z.object({ photo: vehiclePhotoSchema });

/** GET /api/bookings/{id}/photos: newest first. */
export const vehiclePhotosResponseSchema = z.object({
  photos: z.array(vehiclePhotoSchema),
  maxPhotos: z.number(),
});
export type VehiclePhotosResponse = z.infer<typeof vehiclePhotosResponseSchema>;
