/**
 * POST /api/bookings/{id}/photos/{photoId}/complete: the upload gate (docs/photos.md, One upload, step by step). The stored
 * object (at its incoming key) must be there, 1 byte to 10 MB, of the content type the presign allowed, and its first
 * bytes must be that image type (JPEG, PNG, WebP or HEIC). Anything else is deleted from the bucket, the pending upload
 * forgotten, and the caller told why. Only then is it copied to its kept path (docs/product-rules.md, Photos) and recorded, within the booking's 30.
 */
import { contentMatches, contentMismatchMessage, MAX_PHOTO_BYTES, photoMessages, SNIFF_BYTES, sniffImageType, type VehiclePhoto } from '../../../shared/photos';
import type { AuthContext } from '../../lib/auth';
import type { Booking } from '../../../shared/records';
import { badRequest, conflict, notFound } from '../../domain/errors';
import { logger } from '../../lib/logger';
import { copyObject, deleteObject, firstBytes, headObject } from '../../store/photo-objects';
import { dropPendingUpload, getPendingUpload, recordPhoto, type PendingUpload } from '../../store/photos';
import { photoBooking } from './photo-booking';
import { photoView } from './photo-view';
import * as clock from '../../lib/clock';

/** Why the stored object is refused, or null when it passes. */
async function refusal(upload: PendingUpload, stored: { size: number; contentType: string | null }): Promise<string | null> {
  if (stored.size === 0) return photoMessages.empty;
  if (stored.size > MAX_PHOTO_BYTES) return photoMessages.tooLarge;
  const sniffed = sniffImageType(await firstBytes(postedKey(upload), SNIFF_BYTES));
  if (sniffed === null) return photoMessages.notImageContent;
  if (stored.contentType !== upload.contentType || !contentMatches(upload.contentType, sniffed)) return contentMismatchMessage(upload.contentType);
  return null;
}

/** Where the browser posted the file (uploads presigned before incoming keys posted to the final path). */
const postedKey = (upload: PendingUpload): string => upload.incomingKey ?? upload.filePath;

async function discard(upload: PendingUpload, reason: string): Promise<void> {
  await deleteObject(postedKey(upload));
  await dropPendingUpload(upload.bookingId, upload.photoId);
  logger.info('Photo upload refused', { bookingId: upload.bookingId, photoId: upload.photoId, reason });
}

export async function completePhotoUpload(auth: AuthContext, bookingId: string, photoId: string): Promise<VehiclePhoto> {
  return completePhotoFor(await photoBooking(auth, bookingId), auth.user!.sub, photoId, auth);
}

/** The completion check on a booking whose access the caller has checked; `uploaderSub` is who the presign was for. */
export async function completePhotoFor(booking: Booking, uploaderSub: string, photoId: string, viewer: AuthContext): Promise<VehiclePhoto> {
  const upload = await getPendingUpload(booking.id, photoId);
  // Another caller's pending upload on a shared booking is not theirs to finish.
  if (!upload || upload.uploadedBy.sub !== uploaderSub) throw notFound(photoMessages.uploadUnknown);

  const stored = await headObject(postedKey(upload));
  // Not there (yet): nothing to delete; the pending upload stays so the browser may post the file again.
  if (!stored) throw badRequest(photoMessages.notArrived);
  const reason = await refusal(upload, stored);
  if (reason) {
    await discard(upload, reason);
    throw badRequest(reason);
  }

  // The checked bytes are copied to where photos are kept and the posted object removed: the presigned POST stays
  // valid for a few minutes, and a re-post now lands in the dead incoming key, never in what is served.
  if (upload.incomingKey) {
    await copyObject(upload.incomingKey, upload.filePath);
    await deleteObject(upload.incomingKey);
  }

  const photo = {
    id: upload.photoId,
    bookingId: upload.bookingId,
    fileName: upload.fileName,
    filePath: upload.filePath,
    size: stored.size,
    contentType: upload.contentType,
    uploadType: upload.uploadType,
    description: upload.description,
    uploadedBy: upload.uploadedBy,
    createdAt: clock.now().toISOString(),
  };
  const outcome = await recordPhoto(photo);
  if (outcome === 'gone') throw notFound(photoMessages.uploadUnknown);
  if (outcome === 'full') {
    await discard(upload, photoMessages.tooMany);
    if (upload.incomingKey) await deleteObject(upload.filePath);
    throw conflict(photoMessages.tooMany);
  }
  return photoView(photo, viewer);
}
