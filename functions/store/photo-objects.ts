/**
 * The photo bucket's objects (data model patterns 26 and 27): a presigned POST for one key, the stored
 * object's size, type and first bytes for the completion check, its removal, and short-lived view URLs.
 * The bucket is private; nobody reaches an object except through a URL signed here.
 */
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { MAX_PHOTO_BYTES } from '../../shared/photos';
import * as clock from '../lib/clock';
import { photoBucket, s3, s3ForBrowsers } from '../lib/s3';

/** Long enough to send 10 MB over a slow phone connection, short enough to be useless if it leaks. */
export const UPLOAD_URL_SECONDS = 5 * 60;
export const VIEW_URL_SECONDS = 10 * 60;

export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
}

/**
 * A POST policy for exactly this key and this content type, 1 byte to 10 MB. S3 enforces it (locally the photo
 * gate does); the completion check still reads what arrived, since a policy says nothing of the bytes.
 */
export async function presignUpload(key: string, contentType: string): Promise<PresignedUpload> {
  const { url, fields } = await createPresignedPost(s3ForBrowsers(), {
    Bucket: photoBucket(),
    Key: key,
    Conditions: [
      ['eq', '$key', key],
      ['eq', '$Content-Type', contentType],
      ['content-length-range', 1, MAX_PHOTO_BYTES],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: UPLOAD_URL_SECONDS,
  });
  return { url, fields };
}

export interface StoredObject {
  size: number;
  contentType: string | null;
}

export async function headObject(key: string): Promise<StoredObject | null> {
  try {
    const out = await s3().send(new HeadObjectCommand({ Bucket: photoBucket(), Key: key }));
    return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? null };
  } catch (error) {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) return null;
    throw error;
  }
}

/** The object's first `count` bytes (a ranged GET: a 10 MB file is never read whole). */
export async function firstBytes(key: string, count: number): Promise<Uint8Array> {
  const out = await s3().send(new GetObjectCommand({ Bucket: photoBucket(), Key: key, Range: `bytes=0-${count - 1}` }));
  const bytes = out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
  return bytes.subarray(0, count);
}

export async function deleteObject(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: photoBucket(), Key: key }));
}

/** The prefix of the keys browsers post to; nothing under it is ever listed or served (a lifecycle rule clears it). */
export const INCOMING_PREFIX = 'incoming/';

/** Copies a checked object to where it is kept, with its stored type (the bucket's own copy: the bytes are not read here). */
export async function copyObject(from: string, to: string): Promise<void> {
  await s3().send(new CopyObjectCommand({ Bucket: photoBucket(), CopySource: `${photoBucket()}/${from.split('/').map(encodeURIComponent).join('/')}`, Key: to, MetadataDirective: 'COPY' }));
}

/** A GET URL that serves the object as the checked image type, inline, for a few minutes. */
export async function viewUrl(key: string, contentType: string): Promise<string> {
  return getSignedUrl(
    s3ForBrowsers(),
    new GetObjectCommand({ Bucket: photoBucket(), Key: key, ResponseContentType: contentType, ResponseContentDisposition: 'inline', ResponseCacheControl: 'private, max-age=600' }),
    // Dated by the clock, as the upload's policy is (lib/s3.ts): the presigner would read the real one.
    { expiresIn: VIEW_URL_SECONDS, signingDate: clock.now() },
  );
}
