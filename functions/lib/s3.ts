/**
 * The S3 client for the photo bucket, apart from lib/aws.ts so functions that never touch photos do not
 * bundle the S3 SDK. Locally S3_ENDPOINT points at s3rver (path-style addresses, its own key id), which the
 * functions call directly; browsers get URLs presigned for S3_PUBLIC_ENDPOINT, the local photo gate
 * (local/photo-gate.ts), which checks their signatures with this stack's secret (S3_SECRET_ACCESS_KEY) as S3 would.
 * In AWS none of these is set and both clients are the one default client.
 */
import { S3Client } from '@aws-sdk/client-s3';

const clients = new Map<string, S3Client>();

export function photoBucket(): string {
  const name = process.env.PHOTO_BUCKET;
  if (!name) throw new Error('PHOTO_BUCKET is not set');
  return name;
}

function clientFor(endpoint: string | undefined): S3Client {
  const secret = process.env.S3_SECRET_ACCESS_KEY ?? 'S3RVER';
  const cacheKey = `${endpoint ?? ''} ${secret}`;
  const cached = clients.get(cacheKey);
  if (cached) return cached;
  const client = new S3Client({
    region: process.env.AWS_REGION ?? 'ap-southeast-2',
    ...(endpoint
      ? { endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: secret } }
      : {}),
  });
  clients.set(cacheKey, client);
  return client;
}

/** For the functions' own calls (head, ranged get, copy, delete). */
export function s3(): S3Client {
  return clientFor(process.env.S3_ENDPOINT);
}

/** For URLs a browser uses (presigned POST and GET): the signature covers the host, so they are signed for it. */
export function s3ForBrowsers(): S3Client {
  return clientFor(process.env.S3_PUBLIC_ENDPOINT ?? process.env.S3_ENDPOINT);
}
