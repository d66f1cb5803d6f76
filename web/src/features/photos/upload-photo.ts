/**
 * One photo's whole upload, as docs/photos.md describes it: prepare (resize if needed), ask the API for a presigned
 * POST, send the file to the bucket with progress, then ask the API to check and record it. Any refusal
 * comes back as an Error whose message the panel shows beside the file.
 */
import { photoMessages, type PhotoUploadType, type VehiclePhoto } from '@shared/photos';
import { ApiError } from '../../lib/api-client';
import { completePhotoUpload } from './api/complete-upload';
import { bookingPhotoRoute, type PhotoRoute } from './api/photo-route';
import { postToBucket } from './api/post-to-bucket';
import { startPhotoUpload } from './api/start-upload';
import { preparePhoto } from './prepare-photo';

export interface PhotoChoice {
  file: File;
  uploadType: PhotoUploadType;
  description: string;
}

/** The server's own words for a refusal (4xx); a generic failure for anything else. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.status >= 400 && error.status < 500 ? (Object.values(error.fieldErrors)[0] ?? error.message) : photoMessages.failed;
  return error instanceof Error && error.message ? error.message : photoMessages.failed;
}

export async function uploadPhoto(bookingId: string, choice: PhotoChoice, onProgress: (fraction: number) => void, route: PhotoRoute = bookingPhotoRoute(bookingId)): Promise<VehiclePhoto> {
  const prepared = await preparePhoto(choice.file);
  if (!prepared) throw new Error(photoMessages.tooLarge);
  const presigned = await startPhotoUpload(bookingId, {
    fileName: prepared.fileName,
    contentType: prepared.contentType,
    size: prepared.blob.size,
    uploadType: choice.uploadType,
    description: choice.description.trim() || null,
  }, route);
  await postToBucket(presigned, prepared.blob, onProgress);
  return completePhotoUpload(bookingId, presigned.photoId, route);
}

/** Runs `work` over the items, at most `limit` at a time (two keeps a phone's upload link busy without starving it). */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}
