/**
 * What an attacker and a hostile network found (issue 9), each closed with a test that failed before: malformed
 * paths and oversized bodies get a 4xx JSON message and no internals; the Stripe stand-in cannot be polluted or
 * driven by another site; webhooks dated in the future are refused; the server answers from its first moment;
 * the local data is private to the user.
 */
import { createConnection } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { startLocalStack } from '../../local/server';
import { freePort } from '../../local/ports';
import { request } from '../support/http';
import { baseUrl, booking, checkout, checkoutBody, customerByEmail, env, postWebhook, stripeEvent } from './payment-support';

describe('bad requests get a 4xx JSON message and no internals', () => {
  it.each(['/api/checkout/%E0%A4%A', '/api/%', '/api/checkout/%zz'])('GET %s is a 400', async (p) => {
    const res = await fetch(`${baseUrl}${p}`);
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(JSON.parse(text)).toEqual({ message: messages.malformedPath });
    expect(text).not.toMatch(/URIError|stack|at /);
  });

  it('a body past what any route takes is a 413, locally and in the handler stack', async () => {
    const huge = await request(baseUrl, 'POST', '/api/quotes', 'x'.repeat(2 * 1024 * 1024), { 'content-type': 'application/json' });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: messages.bodyTooLarge });
    const big = await request(baseUrl, 'POST', '/api/contact', JSON.stringify({ name: 'A', email: 'a@b.nz', phone: '0211234567', message: 'x'.repeat(100_000) }));
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ message: messages.bodyTooLarge });
  });
});

describe('cross-site posts (issue 20, item 9)', () => {
  // What a page on another site can make a visitor's browser send without asking first (no CORS preflight).
  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])('a checkout sent as %s is a 415 and holds nothing', async (type) => {
    const body = checkoutBody();
    const res = await request(baseUrl, 'POST', '/api/checkout', JSON.stringify(body), { 'content-type': type, origin: 'https://evil.example' });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ message: messages.unsupportedMediaType });
    expect(await customerByEmail(body.customer.email)).toBeUndefined();
  });

  it('a contact message sent as text/plain is a 415; the same message as JSON is taken', async () => {
    const message = { name: 'Aroha Ngata', email: 'aroha@example.co.nz', phone: '021 123 4567', message: 'Can I leave my car for three weeks?', company: '' };
    expect((await request(baseUrl, 'POST', '/api/contact', JSON.stringify(message), { 'content-type': 'text/plain;charset=UTF-8' })).status).toBe(415);
    expect((await request(baseUrl, 'POST', '/api/contact', message)).status).toBe(202);
  });
});

describe('the Stripe stand-in', () => {
  it('refuses a form that names __proto__, and the server stays healthy', async () => {
    const res = await fetch(`${baseUrl}/v1/checkout/sessions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_x', 'content-type': 'application/x-www-form-urlencoded' },
      body: '__proto__[polluted]=yes&constructor[prototype][polluted]=yes&mode=payment',
    });
    expect(res.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const quote = await request(baseUrl, 'POST', '/api/quotes', { dropOffDate: '2031-01-10', dropOffTime: '09:00', pickUpDate: '2031-01-12', pickUpTime: '09:00', carWash: false });
    expect(quote.status).toBe(200);
    expect((await request(baseUrl, 'POST', '/api/checkout', checkoutBody())).status).toBe(201);
  });

  it('will not pay a session for a form posted from another site', async () => {
    const started = await checkout(checkoutBody());
    const crossSite: Record<string, string>[] = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of crossSite) {
      const res = await fetch(`${baseUrl}/_local/stripe/checkout/${started.sessionId}/pay`, { method: 'POST', redirect: 'manual', headers });
      expect(res.status).toBe(403);
    }
    expect((await booking(started.bookingId))!.status).toBe('pending_payment');
  });
});

describe('webhooks', () => {
  it.each([
    ['an hour', 3600],
    ['ten years', 10 * 365 * 24 * 3600],
  ])('refuses a correctly signed event dated %s in the future', async (_name, ahead) => {
    const event = stripeEvent('checkout.session.completed', { id: 'cs_test_future', object: 'checkout.session' });
    const res = await postWebhook(event, { timestamp: Math.floor(Date.now() / 1000) + ahead });
    expect(res.status).toBe(400);
  });
});

describe('the local server', () => {
  it('answers from its first moment: 503 with Retry-After until the stack is ready', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'runway-startup-'));
    const starting = startLocalStack({ port, dataDir: path.join(dataDir, 'data'), inMemoryTable: true, spa: 'none', createAdmin: false });
    try {
      await new Promise<void>((resolve, reject) => {
        const tryConnect = (left: number) => {
          const socket = createConnection(port, '127.0.0.1');
          socket.once('connect', () => (socket.destroy(), resolve()));
          socket.once('error', () => (left > 0 ? setTimeout(() => tryConnect(left - 1), 20) : reject(new Error('never listened'))));
        };
        tryConnect(250);
      });
      const res = await fetch(`http://127.0.0.1:${port}/api/quotes`, { signal: AbortSignal.timeout(5000) });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('2');
      expect(await res.json()).toEqual({ message: 'The local stack is starting. Try again in a moment.' });
    } finally {
      await (await starting).stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("keeps its data folder private to the user", () => {
    expect(statSync(env.dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(env.dataDir, 'cognito')).mode & 0o777).toBe(0o700);
  });

  describe('listens on 127.0.0.1 only: another machine cannot reach the server or an emulator', () => {
    const listeners = () =>
      Object.entries({ server: baseUrl, dynamodb: env.dynamodbEndpoint, s3: env.s3Endpoint, cognito: env.cognitoEndpoint }).map(([name, url]) => [name, Number(new URL(url).port)] as const);

    it.runIf(existsSync('/proc/net/tcp')).each(['server', 'dynamodb', 's3', 'cognito'])('%s: every listening socket on its port is a loopback one (/proc/net/tcp, tcp6)', (name) => {
      const port = listeners().find(([n]) => n === name)![1];
      const bound = listeningAddresses(port);
      expect(bound.length, `${name} listens on port ${port}`).toBeGreaterThan(0);
      for (const address of bound) expect(address, `${name} on port ${port}`).toMatch(/^(127\.0\.0\.1|::ffff:127\.0\.0\.1|::1)$/);
    });

    it("refuses connections to the machine's other addresses", async () => {
      const external = Object.values(os.networkInterfaces()).flat().filter((i) => i && !i.internal && i.family === 'IPv4').map((i) => i!.address);
      for (const address of external) {
        for (const [name, port] of listeners()) expect(await connects(address, port), `${name} reachable on ${address}:${port}`).toBe(false);
      }
    });
  });
});

/** Local addresses of the sockets listening on a TCP port (Linux: /proc/net/tcp and tcp6). */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const out: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (!local || state !== '0A' || !local.endsWith(`:${hexPort}`)) continue; // 0A: LISTEN
      out.push(procAddress(local.split(':')[0]!));
    }
  }
  return out;
}

/** /proc/net's little-endian hex address as text: 0100007F -> 127.0.0.1; the v6 form for IPv4-mapped and others. */
function procAddress(hex: string): string {
  const v4 = (h: string) => [6, 4, 2, 0].map((i) => parseInt(h.slice(i, i + 2), 16)).join('.');
  if (hex.length === 8) return v4(hex);
  if (hex.slice(0, 24) === '0000000000000000FFFF0000') return `::ffff:${v4(hex.slice(24))}`;
  if (hex === '00000000000000000000000001000000') return '::1';
  if (/^0+$/.test(hex)) return '::';
  return hex;
}

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port, timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
}
