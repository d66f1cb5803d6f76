/**
 * Helpers for the vehicle photo tests: a paid booking, each step of an upload as a browser takes it (presign,
 * POST the file to the bucket with the presigned fields, complete), and direct reads of the bucket and the
 * booking's partition to assert what is stored.
 */
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { request as httpRequest } from 'node:http';
import { unixSocketAgent } from '../../functions/lib/s3';
import { request } from '../support/http';
import type { TestUser } from '../support/users';
import { baseUrl, checkout, checkoutBody, env, partition, payOnPage } from './payment-support';

/** s3rver itself, on its Unix socket (it checks no signature), to read what the bucket holds. */
export const directS3 = new S3Client({
  region: 'ap-southeast-2',
  endpoint: env.s3Endpoint,
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  requestHandler: { httpAgent: unixSocketAgent(env.s3Socket) },
});
const s3 = directS3;

const auth = (user: TestUser | null): Record<string, string> => (user ? { authorization: user.bearer } : {});

/** A confirmed booking paid by `owner` while signed in. */
export async function paidBookingOf(owner: TestUser): Promise<string> {
  const started = await checkout(checkoutBody({ customer: { email: owner.email } }), { authorization: owner.bearer });
  await payOnPage(started.sessionId);
  return started.bookingId;
}

export interface FileMeta {
  fileName?: string;
  contentType?: string;
  size?: number;
  uploadType?: unknown;
  description?: unknown;
}

export const presign = (user: TestUser | null, bookingId: string, body: unknown) => request(baseUrl, 'POST', `/api/bookings/${bookingId}/photos`, body, auth(user));
export const complete = (user: TestUser | null, bookingId: string, photoId: string) => request(baseUrl, 'POST', `/api/bookings/${bookingId}/photos/${photoId}/complete`, undefined, auth(user));
export const listPhotos = (user: TestUser | null, bookingId: string) => request(baseUrl, 'GET', `/api/bookings/${bookingId}/photos`, undefined, auth(user));

/**
 * Posts the file to the bucket the way the panel does: the presigned fields, then `file` last. The URL is the photo
 * gate's; `past: 'gate'` posts the same form straight to s3rver instead, as if a policy had not been enforced, to
 * show the completion check holds on its own.
 */
export async function postFile(presigned: { url: string; fields: Record<string, string> }, bytes: Buffer, overrideFields: Record<string, string> = {}, past?: 'gate'): Promise<number> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...presigned.fields, ...overrideFields })) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: overrideFields['Content-Type'] ?? presigned.fields['Content-Type'] }), 'upload');
  if (past === 'gate') return postToSocket(new URL(presigned.url).pathname, form);
  const res = await fetch(presigned.url, { method: 'POST', body: form });
  await res.arrayBuffer();
  return res.status;
}

/** A form posted straight to s3rver's socket (fetch cannot reach a Unix socket). */
async function postToSocket(pathname: string, form: FormData): Promise<number> {
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  return new Promise((resolve, reject) => {
    const req = httpRequest({ socketPath: env.s3Socket, method: 'POST', path: pathname, headers: { host: 'localhost', 'content-type': encoded.headers.get('content-type')!, 'content-length': body.length } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Presign, post, complete: what the panel does for one file. Returns the completion's answer. */
export async function upload(user: TestUser, bookingId: string, bytes: Buffer, meta: FileMeta = {}, overrideFields: Record<string, string> = {}) {
  const body = { fileName: 'photo.png', contentType: 'image/png', size: bytes.length, ...meta };
  const started = await presign(user, bookingId, body);
  if (started.status !== 201) throw new Error(`presign answered ${started.status}: ${JSON.stringify(started.body)}`);
  const posted = await postFile(started.body, bytes, overrideFields);
  if (posted >= 300) throw new Error(`the bucket answered ${posted}`);
  const res = await complete(user, bookingId, started.body.photoId);
  // Where the photo is kept once checked (the browser posted to an incoming key of its own).
  const kept = (await photoRows(bookingId)).photos.find((p) => p.id === started.body.photoId);
  return { photoId: started.body.photoId as string, key: (kept?.filePath ?? '') as string, incomingKey: started.body.fields.key as string, presigned: started.body as { url: string; fields: Record<string, string> }, res };
}

/** Whether the bucket holds an object at this key. */
export async function objectExists(key: string): Promise<boolean> {
  const out = await s3.send(new ListObjectsV2Command({ Bucket: env.photoBucket, Prefix: key }));
  return (out.Contents ?? []).some((o) => o.Key === key);
}

/** Every object the bucket holds for a booking (its `{bookingId}/` prefix). */
export async function objectsOf(bookingId: string): Promise<string[]> {
  const out = await s3.send(new ListObjectsV2Command({ Bucket: env.photoBucket, Prefix: `${bookingId}/` }));
  return (out.Contents ?? []).map((o) => o.Key!);
}

/** The booking's photo items, pending uploads and photo count. */
export async function photoRows(bookingId: string) {
  const rows = await partition(`BOOKING#${bookingId}`, 'PHOTO');
  return {
    photos: rows.filter((r) => r.sk.startsWith('PHOTO#')),
    pending: rows.filter((r) => r.sk.startsWith('PHOTO_UPLOAD#')),
    count: rows.find((r) => r.sk === 'PHOTO_COUNT')?.count ?? 0,
  };
}
