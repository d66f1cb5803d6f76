/**
 * The S3 client for the photo bucket, apart from lib/aws.ts so functions that never touch photos do not
 * bundle the S3 SDK. Locally the functions call s3rver directly on its Unix socket (S3_SOCKET; S3_ENDPOINT only
 * names it, with path-style addresses and its key id); browsers get URLs presigned for S3_PUBLIC_ENDPOINT, the local photo gate
 * (local/photo-gate.ts), which checks their signatures with this stack's secret (S3_SECRET_ACCESS_KEY) as S3 would.
 * In AWS none of these is set and both clients are the one default client.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { Agent } from 'node:http';
import { connect } from 'node:net';
import * as clock from './clock';

const clients = new Map<string, S3Client>();

export function photoBucket(): string {
  const name = process.env.PHOTO_BUCKET;
  if (!name) throw new Error('PHOTO_BUCKET is not set');
  return name;
}

/** An HTTP agent whose every connection goes to a Unix socket (the local s3rver listens on one, not on a port). */
export function unixSocketAgent(socketPath: string): Agent {
  const agent = new Agent({ keepAlive: true });
  agent.createConnection = () => connect(socketPath);
  return agent;
}

function clientFor(endpoint: string | undefined, socketPath?: string, clockOffsetMs = 0): S3Client {
  const secret = process.env.S3_SECRET_ACCESS_KEY ?? 'S3RVER';
  const cacheKey = `${endpoint ?? ''} ${socketPath ?? ''} ${secret} ${clockOffsetMs}`;
  const cached = clients.get(cacheKey);
  if (cached) return cached;
  const client = new S3Client({
    region: process.env.AWS_REGION ?? 'ap-southeast-2',
    ...(endpoint
      ? { endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: secret } }
      : {}),
    ...(socketPath ? { requestHandler: { httpAgent: unixSocketAgent(socketPath) } } : {}),
    ...(clockOffsetMs ? { systemClockOffset: clockOffsetMs } : {}),
  });
  clients.set(cacheKey, client);
  return client;
}

/** For the functions' own calls (head, ranged get, copy, delete). */
export function s3(): S3Client {
  return clientFor(process.env.S3_ENDPOINT, process.env.S3_SOCKET);
}

/**
 * For URLs a browser uses (presigned POST and GET): the signature covers the host, so they are signed for it, and
 * dated by the clock (functions/lib/clock.ts; a presigned POST takes its date from the client's clock offset, one
 * client per offset), since the local photo gate checks their expiry on that clock. In AWS the offset is 0.
 */
export function s3ForBrowsers(): S3Client {
  return clientFor(process.env.S3_PUBLIC_ENDPOINT ?? process.env.S3_ENDPOINT, undefined, clock.clockOffsetMs());
}
