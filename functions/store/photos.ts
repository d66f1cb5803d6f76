/**
 * A booking's vehicle photo records (data model patterns 14, 15 and 26): the pending upload a presign writes,
 * the photo written only after the stored file was checked, and the booking's photo count that holds the
 * 30-photo limit. All three live in the booking's partition; only photo items have an sk starting `PHOTO#`.
 */
import { MAX_PHOTOS_PER_BOOKING, type PhotoContentType, type PhotoUploadType } from '../../shared/photos';
import { keys, isRecordId, queries } from './keys';
import { queryAll, cancellationCodes, getItem, putItem, transact, type Item } from './table';

export interface PhotoUploader {
  sub: string;
  email: string | null;
  role: 'admin' | 'customer';
}

/** A vehicle photo as the API names it: id, booking_id, file_name, file_path, file_size, content_type, upload_type, description, uploaded_by, created_at. */
export interface PhotoRecord {
  id: string;
  bookingId: string;
  fileName: string;
  /** The object key in the photo bucket: `{bookingId}/{bookingId}-{timestamp}-{random}.{extension}`. */
  filePath: string;
  size: number;
  contentType: PhotoContentType;
  uploadType: PhotoUploadType;
  description: string | null;
  uploadedBy: PhotoUploader;
  createdAt: string;
}

/** What the presign promised the browser; the completion check holds the stored object to it. */
export interface PendingUpload {
  photoId: string;
  bookingId: string;
  fileName: string;
  /** Where the checked photo will be kept (docs/product-rules.md, Photos); no presign ever names it. */
  filePath: string;
  /**
   * Where the browser posts the file: `incoming/<uuid>`. Completion checks it, copies it to `filePath` and deletes
   * it, so a re-post of the same presigned POST after completion lands in a dead key and changes nothing served.
   * Absent on uploads presigned before incoming keys (their file was posted to `filePath`).
   */
  incomingKey?: string;
  contentType: PhotoContentType;
  uploadType: PhotoUploadType;
  description: string | null;
  uploadedBy: PhotoUploader;
  createdAt: string;
  /** Epoch seconds; DynamoDB removes uploads never completed a while after. */
  ttl: number;
}

const strip = <T>(item: Record<string, unknown>): T => {
  const { pk: _pk, sk: _sk, type: _type, ...rest } = item;
  return rest as T;
};

export async function savePendingUpload(upload: PendingUpload): Promise<void> {
  await putItem({ ...keys.photoUpload(upload.bookingId, upload.photoId), type: 'photo_upload', ...upload } as Item, true);
}

export async function getPendingUpload(bookingId: string, photoId: string): Promise<PendingUpload | null> {
  if (!isRecordId(photoId)) return null;
  const item = await getItem<Record<string, unknown>>(keys.photoUpload(bookingId, photoId), true);
  return item ? strip<PendingUpload>(item) : null;
}

/** Forgets an upload refused by the check (its object is deleted by the caller). */
export async function dropPendingUpload(bookingId: string, photoId: string): Promise<void> {
  await transact([{ Delete: { Key: keys.photoUpload(bookingId, photoId) } }]);
}

export async function photoCount(bookingId: string): Promise<number> {
  const item = await getItem<{ count?: number }>(keys.photoCount(bookingId), true);
  return item?.count ?? 0;
}

export type RecordOutcome = 'recorded' | 'full' | 'gone';

/**
 * Turns a checked upload into a photo, once: the photo item, the count (only while under the limit) and the
 * upload item's removal (only while it is there) in one transaction.
 */
export async function recordPhoto(photo: PhotoRecord): Promise<RecordOutcome> {
  try {
    await transact([
      { Put: { Item: { ...keys.photo(photo.bookingId, photo.createdAt, photo.id), type: 'vehicle_photo', ...photo }, ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Update: {
          Key: keys.photoCount(photo.bookingId),
          UpdateExpression: 'SET #type = :type ADD #count :one',
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
          ExpressionAttributeNames: { '#type': 'type', '#count': 'count' },
          ExpressionAttributeValues: { ':type': 'photo_count', ':one': 1, ':max': MAX_PHOTOS_PER_BOOKING },
        },
      },
      { Delete: { Key: keys.photoUpload(photo.bookingId, photo.id), ConditionExpression: 'attribute_exists(pk)' } },
    ]);
    return 'recorded';
  } catch (error) {
    const reasons = cancellationCodes(error);
    if (!reasons) throw error;
    // Reasons follow the items' order: photo, count, upload.
    if (reasons[2] === 'ConditionalCheckFailed') return 'gone';
    if (reasons[1] === 'ConditionalCheckFailed') return 'full';
    return (await getPendingUpload(photo.bookingId, photo.id)) ? 'full' : 'gone';
  }
}

/** The booking's photos, newest first (pattern 14); at most 30, so one page. */
export async function listPhotos(bookingId: string): Promise<PhotoRecord[]> {
  const items = await queryAll<Record<string, unknown>>({ ...queries.bookingPhotos(bookingId), ScanIndexForward: false, ConsistentRead: true });
  return items.map((i) => strip<PhotoRecord>(i));
}
