/**
 * The photo store's front door locally: s3rver checks no signature, so browsers never reach it. They reach this
 * gate, which lets through only what S3 itself would let a stranger do with the bucket private: a presigned POST
 * whose policy is signed with this stack's key, unexpired and met by the form, and a presigned GET whose SigV4
 * query signature matches and has not expired, plus the CORS preflights the bucket's rules answer. Everything else
 * (listing, unsigned GET/PUT/DELETE, a tampered or expired signature) gets S3's 403 XML and never reaches s3rver.
 * s3rver listens on a Unix socket private to the user; the product's own SDK calls (head, ranged get, copy, delete)
 * go to it directly, server side. Expiry is judged on the local clock (functions/lib/clock.ts), which the functions
 * date the URLs by (functions/lib/s3.ts), so moving the clock ages a URL as the passing of that time would.
 */
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { timingSafeEqual } from 'node:crypto';
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import * as clock from '../functions/lib/clock';

export interface PhotoGateOptions {
  /** s3rver's Unix socket, where verified requests go. */
  upstreamSocket: string;
  /** The key pair the functions sign with (S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY). */
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** The largest form accepted: the biggest photo plus room for the fields. */
  maxBodyBytes: number;
  /** 0: any free port. */
  port: number;
}

export interface PhotoGate {
  endpoint: string;
  stop(): Promise<void>;
}

class Refused extends Error {
  constructor(
    readonly code: 'AccessDenied' | 'SignatureDoesNotMatch' | 'EntityTooLarge' | 'EntityTooSmall' | 'InvalidAccessKeyId',
    message: string,
  ) {
    super(message);
  }
}

const xml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function refuse(res: ServerResponse, error: Refused): void {
  if (res.headersSent) return void res.destroy();
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${error.code}</Code><Message>${xml(error.message)}</Message></Error>`;
  res.writeHead(403, { 'content-type': 'application/xml', 'cache-control': 'no-store', connection: 'close' });
  res.end(body);
}

/** `20261125T190000Z` as a Date, or null. */
function amzDate(value: string | undefined | null): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!m) return null;
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Reads the body up to `limit` bytes. A larger one is read on and dropped, so the sender hears the refusal rather
 * than a reset, up to four times the limit, past which the connection is cut.
 */
async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 4 * limit) {
      req.destroy();
      break;
    }
    if (size <= limit) chunks.push(chunk);
  }
  if (size > limit) throw new Refused('EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
  return Buffer.concat(chunks);
}

type Condition = Record<string, unknown> | unknown[];

/** Fields S3 lets a form carry without naming them in the policy. */
const UNCOVERED_FIELDS = new Set(['policy', 'x-amz-signature', 'file']);

export async function startPhotoGate(options: PhotoGateOptions): Promise<PhotoGate> {
  const signer = new SignatureV4({
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    region: options.region,
    service: 's3',
    sha256: Sha256,
    // As the S3 presigner signs: the path as sent, the payload unsigned.
    uriEscapePath: false,
    applyChecksum: false,
  });

  /** The credential scope `KEY/yyyymmdd/region/s3/aws4_request`, checked to be ours. */
  function credentialDate(credential: string | null | undefined): Date {
    const [keyId, day, region, service, terminator, ...rest] = (credential ?? '').split('/');
    if (keyId !== options.accessKeyId) throw new Refused('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    if (rest.length || region !== options.region || service !== 's3' || terminator !== 'aws4_request' || !/^\d{8}$/.test(day ?? '')) {
      throw new Refused('AccessDenied', 'The credential scope is not valid.');
    }
    return new Date(Date.UTC(+day!.slice(0, 4), +day!.slice(4, 6) - 1, +day!.slice(6, 8)));
  }

  async function verifyGet(url: URL, host: string): Promise<void> {
    const q = url.searchParams;
    if (q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || !q.get('X-Amz-Signature')) throw new Refused('AccessDenied', 'Access Denied');
    const day = credentialDate(q.get('X-Amz-Credential'));
    const signedAt = amzDate(q.get('X-Amz-Date'));
    const expires = Number(q.get('X-Amz-Expires'));
    if (!signedAt || signedAt.toISOString().slice(0, 10) !== day.toISOString().slice(0, 10)) throw new Refused('AccessDenied', 'X-Amz-Date does not match the credential scope.');
    if (!Number.isInteger(expires) || expires < 1 || expires > 604_800) throw new Refused('AccessDenied', 'X-Amz-Expires must be between 1 and 604800 seconds.');
    if (clock.nowMs() > signedAt.getTime() + expires * 1000) throw new Refused('AccessDenied', 'Request has expired');
    if (q.get('X-Amz-SignedHeaders') !== 'host') throw new Refused('AccessDenied', 'Only the host header may be signed.');

    // The same request the functions presigned, signed again here: every query parameter but the signature's own
    // (X-Amz-Content-Sha256 stays, as sent), the payload unsigned as presigned URLs have it, only the host signed.
    const query: Record<string, string> = {};
    for (const [name, value] of q) {
      if (!/^x-amz-(algorithm|credential|date|expires|signedheaders|signature)$/i.test(name)) query[name] = value;
    }
    const [hostname, port] = host.split(':');
    const expected = await signer.presign(
      { method: 'GET', protocol: 'http:', hostname: hostname!, port: port ? Number(port) : undefined, path: url.pathname, query, headers: { host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' } },
      { signingDate: signedAt, expiresIn: expires, unsignableHeaders: new Set(['x-amz-content-sha256']), unhoistableHeaders: new Set(['x-amz-content-sha256']) },
    );
    const signature = String(expected.query?.['X-Amz-Signature'] ?? '');
    if (!sameText(signature, q.get('X-Amz-Signature')!)) {
      throw new Refused('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
    }
  }

  async function verifyPost(url: URL, req: IncomingMessage, body: Buffer): Promise<void> {
    const bucket = decodeURIComponent(url.pathname.replace(/^\/+/, '').replace(/\/+$/, ''));
    if (!bucket || bucket.includes('/') || url.search) throw new Refused('AccessDenied', 'Access Denied');
    const type = req.headers['content-type'] ?? '';
    if (!/^multipart\/form-data/i.test(type)) throw new Refused('AccessDenied', 'Access Denied');
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
    } catch {
      throw new Refused('AccessDenied', 'The form could not be read.');
    }
    // Field names are case-insensitive in S3's policy checks; each appears once.
    const fields = new Map<string, string>();
    let file: Blob | null = null;
    for (const [name, value] of form) {
      const lower = name.toLowerCase();
      if (fields.has(lower) || (lower === 'file' && file)) throw new Refused('AccessDenied', `The form names ${name} twice.`);
      if (lower === 'file') {
        if (typeof value === 'string') throw new Refused('AccessDenied', 'The file field is not a file.');
        file = value;
      } else if (typeof value === 'string') fields.set(lower, value);
      else throw new Refused('AccessDenied', `The field ${name} is not text.`);
    }
    if (!file) throw new Refused('AccessDenied', 'The form has no file.');
    const policyText = fields.get('policy');
    const signature = fields.get('x-amz-signature');
    if (!policyText || !signature || fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256') throw new Refused('AccessDenied', 'Access Denied');
    const day = credentialDate(fields.get('x-amz-credential'));
    const expected = await signer.sign(policyText, { signingDate: day });
    if (!sameText(expected, signature)) throw new Refused('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');

    let policy: { expiration?: unknown; conditions?: unknown };
    try {
      policy = JSON.parse(Buffer.from(policyText, 'base64').toString('utf8')) as typeof policy;
    } catch {
      throw new Refused('AccessDenied', 'Invalid Policy: the policy is not JSON.');
    }
    const expiration = typeof policy.expiration === 'string' ? Date.parse(policy.expiration) : NaN;
    if (!Number.isFinite(expiration) || clock.nowMs() > expiration) throw new Refused('AccessDenied', 'Invalid according to Policy: Policy expired.');
    if (!Array.isArray(policy.conditions)) throw new Refused('AccessDenied', 'Invalid Policy: no conditions.');

    const values = new Map(fields);
    values.set('bucket', bucket);
    const covered = new Set<string>();
    const fail = (what: string) => new Refused('AccessDenied', `Invalid according to Policy: Policy Condition failed: ${what}`);
    for (const condition of policy.conditions as Condition[]) {
      if (Array.isArray(condition)) {
        const [op, a, b] = condition as [unknown, unknown, unknown];
        if (op === 'content-length-range') {
          if (file.size < Number(a)) throw new Refused('EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
          if (file.size > Number(b)) throw new Refused('EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
          continue;
        }
        if (typeof a !== 'string' || !a.startsWith('$') || typeof b !== 'string') throw fail(JSON.stringify(condition));
        const name = a.slice(1).toLowerCase();
        const actual = values.get(name);
        covered.add(name);
        if (op === 'eq' && actual === b) continue;
        if (op === 'starts-with' && actual !== undefined && actual.startsWith(b)) continue;
        throw fail(JSON.stringify(condition));
      } else if (condition && typeof condition === 'object') {
        for (const [key, value] of Object.entries(condition)) {
          const name = key.toLowerCase();
          covered.add(name);
          if (values.get(name) !== value) throw fail(JSON.stringify(condition));
        }
      } else throw fail(JSON.stringify(condition));
    }
    // As S3: every field the form sends must be named by a condition (so none can be slipped in).
    for (const name of fields.keys()) {
      if (!UNCOVERED_FIELDS.has(name) && !name.startsWith('x-ignore-') && !covered.has(name)) throw fail(`extra input field: ${name}`);
    }
    if (!covered.has('key') || !covered.has('bucket')) throw fail('the policy must name the bucket and the key');
  }

  function pass(req: IncomingMessage, res: ServerResponse, body: Buffer | null): void {
    const headers = { ...req.headers, host: 'localhost' };
    delete headers['transfer-encoding'];
    if (body) headers['content-length'] = String(body.length);
    if (req.method === 'GET') delete headers['content-length'];
    const out = forward({ socketPath: options.upstreamSocket, method: req.method, path: req.url, headers }, (answer) => {
      const headers = { ...answer.headers };
      // S3 names the origin a CORS rule matched; s3rver says '*' (the rule only matched this origin).
      if (headers['access-control-allow-origin'] === '*' && req.headers.origin) headers['access-control-allow-origin'] = req.headers.origin;
      res.writeHead(answer.statusCode ?? 502, headers);
      answer.pipe(res);
    });
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end();
    });
    if (body) out.end(body);
    else req.pipe(out);
  }

  const server = createServer((req, res) => {
    void (async () => {
      try {
        const host = req.headers.host ?? '';
        const url = new URL(req.url ?? '/', 'http://gate.invalid');
        // Preflights carry no credentials: s3rver answers them from the bucket's CORS rules, as S3 does.
        if (req.method === 'OPTIONS') return pass(req, res, null);
        if (req.method === 'GET') {
          req.resume();
          await verifyGet(url, host);
          return pass(req, res, Buffer.alloc(0));
        }
        if (req.method === 'POST') {
          const body = await readBody(req, options.maxBodyBytes);
          await verifyPost(url, req, body);
          return pass(req, res, body);
        }
        req.resume();
        throw new Refused('AccessDenied', 'Access Denied');
      } catch (error) {
        if (error instanceof Refused) return refuse(res, error);
        console.error(JSON.stringify({ level: 'ERROR', message: 'Photo gate error', error: String(error) }));
        refuse(res, new Refused('AccessDenied', 'Access Denied'));
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
