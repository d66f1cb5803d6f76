/**
 * The S3 client for the photo bucket, apart from lib/aws.ts so functions that never touch photos do not
 * bundle the S3 SDK. Locally S3_ENDPOINT points at s3rver, which wants path-style addresses and its own fixed
 * key pair (it checks the key id, not the signature).
 */
import { S3Client } from '@aws-sdk/client-s3';

let client: S3Client | undefined;

export function photoBucket(): string {
  const name = process.env.PHOTO_BUCKET;
  if (!name) throw new Error('PHOTO_BUCKET is not set');
  return name;
}

export function s3(): S3Client {
  if (!client) {
    const endpoint = process.env.S3_ENDPOINT;
    client = new S3Client({
      region: process.env.AWS_REGION ?? 'ap-southeast-2',
      ...(endpoint ? { endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } } : {}),
    });
  }
  return client;
}
