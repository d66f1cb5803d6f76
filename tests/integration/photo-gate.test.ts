/**
 * The local photo store is as strict as S3. Browsers reach it only through the photo
 * gate (local/photo-gate.ts), which lets through a presigned POST whose signed policy the form meets and a
 * presigned GET whose signature matches, both unexpired, and the bucket's CORS preflight; anything else is 403
 * with S3's XML and changes nothing in the bucket (read directly from s3rver here).
 */
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { statSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { jpegLike, png, svg } from '../support/images';
import { createUser, type TestUser } from '../support/users';
import { env } from './payment-support';
import { directS3, listPhotos, objectExists, objectsOf, paidBookingOf, postFile, presign, upload } from './photo-support';

const gate = env.photoGateEndpoint;
const bucket = env.photoBucket;

/** The object's bytes as stored, read from s3rver itself. */
async function stored(key: string): Promise<Buffer> {
  const out = await directS3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return Buffer.from(await out.Body!.transformToByteArray());
}

async function expect403(res: Response, code = 'AccessDenied'): Promise<string> {
  const text = await res.text();
  expect(res.status).toBe(403);
  expect(res.headers.get('content-type')).toBe('application/xml');
  expect(text).toContain(`<Code>${code}</Code>`);
  return text;
}

let a: TestUser;
let booking: string;
let key: string;
const original = jpegLike(3000);

beforeAll(async () => {
  a = await createUser(env);
  booking = await paidBookingOf(a);
  const done = await upload(a, booking, original, { fileName: 'car.jpg', contentType: 'image/jpeg' });
  expect(done.res.status).toBe(201);
  key = done.key;
});

describe('the product through the gate', () => {
  it('presigns for the gate, uploads through it, and its view URL serves the stored bytes', async () => {
    const started = await presign(a, booking, { fileName: 'p.png', contentType: 'image/png', size: png().length });
    expect(new URL(started.body.url).origin).toBe(gate);
    const [photo] = (await listPhotos(a, booking)).body.photos;
    expect(new URL(photo.url).origin).toBe(gate);
    const served = await fetch(photo.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(original);
  });

  it("answers the browser's CORS preflight for an upload from the site's origin as the bucket's rules do", async () => {
    const res = await fetch(`${gate}/${bucket}`, { method: 'OPTIONS', headers: { origin: env.baseUrl, 'access-control-request-method': 'POST' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(env.baseUrl);
    const other = await fetch(`${gate}/${bucket}`, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

it('s3rver itself listens on no port, only on a Unix socket private to the user', () => {
  const socket = statSync(env.s3Socket);
  expect(socket.isSocket()).toBe(true);
  expect(socket.mode & 0o777).toBe(0o600);
  expect(env.s3Socket.startsWith(env.dataDir)).toBe(true);
});

describe('refused with 403, nothing changed', () => {
  it('an unsigned listing of the bucket (and of all buckets) names no key', async () => {
    for (const url of [`${gate}/${bucket}`, `${gate}/${bucket}?list-type=2&prefix=${booking}/`, `${gate}/`]) {
      const text = await expect403(await fetch(url));
      expect(text).not.toContain(booking);
    }
  });

  it('an unsigned GET of a stored photo, or one with a signature made for another key or altered, serves nothing', async () => {
    const [photo] = (await listPhotos(a, booking)).body.photos;
    const signed = new URL(photo.url);
    const unsigned = `${gate}/${bucket}/${key}`;
    const otherKey = new URL(signed);
    otherKey.pathname = `/${bucket}/${booking}/${booking}-0-000000000000.jpg`;
    const altered = new URL(signed);
    const sig = altered.searchParams.get('X-Amz-Signature')!;
    altered.searchParams.set('X-Amz-Signature', `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`);
    const servedAsHtml = new URL(signed);
    servedAsHtml.searchParams.set('response-content-type', 'text/html');
    await expect403(await fetch(unsigned));
    for (const url of [otherKey, altered, servedAsHtml]) await expect403(await fetch(url), 'SignatureDoesNotMatch');
  });

  it('an expired view URL, signed with the right key, serves nothing, nor does it with its lifetime stretched', async () => {
    const signer = new S3Client({ region: 'ap-southeast-2', endpoint: gate, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: env.photoGateSecret } });
    const url = await getSignedUrl(signer, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: 60, signingDate: new Date(Date.now() - 5 * 60_000) });
    const text = await expect403(await fetch(url));
    expect(text).toContain('expired');
    // Stretching X-Amz-Expires past now breaks the signature (s3rver alone would serve it: it checks no signature).
    const stretched = new URL(url);
    stretched.searchParams.set('X-Amz-Expires', '3600');
    await expect403(await fetch(stretched), 'SignatureDoesNotMatch');
    // The same signing, unexpired, is served: the refusal is the expiry and nothing else.
    const fresh = await getSignedUrl(signer, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: 60 });
    expect((await fetch(fresh)).status).toBe(200);
  });

  it('an unsigned PUT, DELETE or POST over a stored photo leaves it as it was', async () => {
    await expect403(await fetch(`${gate}/${bucket}/${key}`, { method: 'PUT', body: svg(), headers: { 'content-type': 'image/svg+xml' } }));
    await expect403(await fetch(`${gate}/${bucket}/${key}`, { method: 'DELETE' }));
    const form = new FormData();
    form.append('key', key);
    form.append('Content-Type', 'image/jpeg');
    form.append('file', new Blob([new Uint8Array(svg())]), 'x');
    await expect403(await fetch(`${gate}/${bucket}`, { method: 'POST', body: form }));
    expect(await stored(key)).toEqual(original);
    expect(await objectsOf(booking)).toEqual([key]);
  });

  it('a presigned POST with its policy tampered (another key), its signature altered, or a field outside its policy stores nothing', async () => {
    const started = await presign(a, booking, { fileName: 'p.png', contentType: 'image/png', size: png().length });
    const { fields } = started.body as { fields: Record<string, string> };
    const policy = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString()) as { conditions: unknown[] };
    const widened = { ...policy, conditions: policy.conditions.map((c) => (Array.isArray(c) && c[1] === '$key' ? ['starts-with', '$key', ''] : c)) };
    const tamperedPolicy = Buffer.from(JSON.stringify(widened)).toString('base64');
    const sig = fields['X-Amz-Signature']!;

    expect(await postFile(started.body, png(), { Policy: tamperedPolicy, key })).toBe(403);
    expect(await postFile(started.body, png(), { 'X-Amz-Signature': `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}` })).toBe(403);
    // The genuine policy over another key (a stored photo): the key condition fails.
    expect(await postFile(started.body, svg(), { key })).toBe(403);
    // A field the policy does not name (S3 refuses any).
    expect(await postFile(started.body, png(), { 'x-amz-meta-note': 'hi' })).toBe(403);
    expect(await objectExists(fields.key!)).toBe(false);
    expect(await stored(key)).toEqual(original);
    // The same form untouched is let through: the refusals above are the tampering.
    expect(await postFile(started.body, png())).toBeLessThan(300);
    expect(await objectExists(fields.key!)).toBe(true);
  });

  it('an expired policy, signed with the right key, stores nothing', async () => {
    const signer = new S3Client({ region: 'ap-southeast-2', endpoint: gate, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: env.photoGateSecret } });
    const incoming = `incoming/expired-${Date.now()}`;
    const sign = (expires: number) =>
      createPresignedPost(signer, { Bucket: bucket, Key: incoming, Conditions: [['eq', '$Content-Type', 'image/png'], ['content-length-range', 1, 1000]], Fields: { 'Content-Type': 'image/png' }, Expires: expires });
    const text = await (async () => {
      const p = await sign(-60);
      const form = new FormData();
      for (const [k, v] of Object.entries(p.fields)) form.append(k, v);
      form.append('file', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'x');
      return expect403(await fetch(p.url, { method: 'POST', body: form }));
    })();
    expect(text).toContain('Policy expired');
    expect(await objectExists(incoming)).toBe(false);
    expect(await postFile(await sign(60), png())).toBeLessThan(300);
    expect(await objectExists(incoming)).toBe(true);
  });
});
