/**
 * POST /api/bookings/{id}/photos: presigns one S3 POST for one file for the kept key path, after the caller's
 * access, the file's declared type and size, and the booking's 30-photo limit are checked. The promise made
 * to the browser is kept as a pending upload, which the completion check holds the stored object to.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { MAX_PHOTOS_PER_BOOKING, PHOTO_CONTENT_TYPES, photoMessages, type PhotoUpload, type PhotoUploadResponse } from '../../../shared/photos';
import type { AuthContext } from '../../lib/auth';
import { conflict } from '../../domain/errors';
import { INCOMING_PREFIX, presignUpload, UPLOAD_URL_SECONDS } from '../../store/photo-objects';
import { photoCount, savePendingUpload, type PhotoUploader } from '../../store/photos';
import type { Booking } from '../../../shared/records';
import { photoBooking, uploaderOf } from './photo-booking';
import * as clock from '../../lib/clock';

/** A pending upload outlives its URL by an hour, then DynamoDB removes it. */
const PENDING_TTL_SECONDS = UPLOAD_URL_SECONDS + 60 * 60;

/** Where a photo is kept (docs/product-rules.md, Photos): `{bookingId}/{bookingId}-{timestamp}-{random}.{extension}`, the extension from the checked type. */
export function photoKey(bookingId: string, contentType: keyof typeof PHOTO_CONTENT_TYPES, now: Date): string {
  return `${bookingId}/${bookingId}-${now.getTime()}-${randomBytes(6).toString('hex')}.${PHOTO_CONTENT_TYPES[contentType]}`;
}

/** Control characters and path separators out of a name that is only ever shown. */
function displayName(name: string): string {
  return name.replace(/[\p{Cc}\p{Cf}/\\]/gu, '_');
}

export async function startPhotoUpload(auth: AuthContext, bookingId: string, file: PhotoUpload, now = clock.now()): Promise<PhotoUploadResponse> {
  return presignPhotoFor(await photoBooking(auth, bookingId), uploaderOf(auth), file, now);
}

/** The presign for a booking whose access the caller has checked (an account's, or a pass's: use-cases/claims/). */
export async function presignPhotoFor(booking: Booking, uploader: PhotoUploader, file: PhotoUpload, now = clock.now()): Promise<PhotoUploadResponse> {
  if ((await photoCount(booking.id)) >= MAX_PHOTOS_PER_BOOKING) throw conflict(photoMessages.tooMany);
  const photoId = randomUUID();
  const filePath = photoKey(booking.id, file.contentType, now);
  // The browser posts to a key of its own, never to where the checked photo is kept (docs/photos.md).
  const incomingKey = `${INCOMING_PREFIX}${randomUUID()}`;
  const presigned = await presignUpload(incomingKey, file.contentType);
  await savePendingUpload({
    photoId,
    bookingId: booking.id,
    fileName: displayName(file.fileName),
    filePath,
    incomingKey,
    contentType: file.contentType,
    uploadType: file.uploadType,
    description: file.description,
    uploadedBy: uploader,
    createdAt: now.toISOString(),
    ttl: Math.floor(now.getTime() / 1000) + PENDING_TTL_SECONDS,
  });
  return { photoId, ...presigned };
}
