/**
 * What an attacker and a hostile network found, each closed with a test that failed before: malformed
 * paths and oversized bodies get a 4xx JSON message and no internals; the Stripe stand-in cannot be polluted or
 * driven by another site; webhooks dated in the future are refused; the server answers from its first moment;
 * the local data is private to the user.
 */
import { request as httpRequest } from 'node:http';
import { createConnection, type Socket } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { startLocalStack, type LocalStack } from '../../local/server';
import { securityHeaderValues } from '../../shared/security-headers';
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

describe('cross-site posts', () => {
  // What a page on another site can make a visitor's browser send without asking first (no CORS preflight).
  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])('a checkout sent as %s is a 415 and holds nothing', async (type) => {
    const body = checkoutBody();
    const res = await request(baseUrl, 'POST', '/api/checkout', JSON.stringify(body), { 'content-type': type, origin: 'https://evil.example' });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ message: messages.unsupportedMediaType });
    expect(await customerByEmail(body.customer.email)).toBeUndefined();
  });

  it('a contact message sent as text/plain is a 415; the same message as JSON is taken', async () => {
    const message = { name: 'Aroha Ngata', email: `aroha-${Date.now().toString(36)}@example.co.nz`, phone: '021 123 4567', message: 'Can I leave my car for three weeks?', company: '' };
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
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'runway-startup-'));
    // Port 0 and the address it reports the moment it listens: a port picked first and bound later can be taken
    // by another stack in between (EADDRINUSE on a busy machine).
    let listening: (url: string) => void = () => undefined;
    const listeningAt = new Promise<string>((resolve) => (listening = resolve));
    const starting = startLocalStack({ port: 0, dataDir: path.join(dataDir, 'data'), inMemoryTable: true, spa: 'none', createAdmin: false, onListening: listening });
    starting.catch(() => undefined); // a failed start is reported by the await in finally
    try {
      const port = new URL(await listeningAt).port;
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
      Object.entries({ server: baseUrl, dynamodb: env.dynamodbEndpoint, photoGate: env.photoGateEndpoint, cognito: env.cognitoEndpoint }).map(([name, url]) => [name, Number(new URL(url).port)] as const);

    it.runIf(existsSync('/proc/net/tcp')).each(['server', 'dynamodb', 'photoGate', 'cognito'])('%s: every listening socket on its port is a loopback one (/proc/net/tcp, tcp6)', (name) => {
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

describe("the local server's front door", () => {
  const port = Number(new URL(baseUrl).port);

  describe('answers only to its own loopback names on its own port (DNS rebinding)', () => {
    const paths = ['/_local/outbox.json', '/_local/outbox', '/config.json', '/api/availability', '/_cognito', '/_local/stripe/checkout/cs_test_x', '/_local/clock', '/'];
    it.each(['evil.example', `evil.example:${port}`, `localhost.evil.example:${port}`, `localhost:${port + 1}`, 'localhost', `127.0.0.2:${port}`, ''])('Host %j: 421 on every path, nothing read', async (host) => {
      for (const p of paths) {
        const res = await rawRequest(port, 'GET', p, { host });
        expect(res.status, `${host} ${p}`).toBe(421);
        expect(JSON.parse(res.text), `${host} ${p}`).toEqual({ message: 'This server answers only to localhost, 127.0.0.1 or [::1] on its own port' });
      }
    });

    it.each([`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`])('Host %j is its own', async (host) => {
      const res = await rawRequest(port, 'GET', '/config.json', { host });
      expect(res.status).toBe(200);
      expect(JSON.parse(res.text)).toMatchObject({ apiBase: '/api', environment: 'local' });
    });
  });

  it('every response carries the headers CloudFront sends: CSP with frame-ancestors, nosniff, frame DENY', async () => {
    const started = await checkout(checkoutBody());
    const local = securityHeaderValues({ photoOrigin: env.photoGateEndpoint, connectOrigins: [], https: false });
    const responses = {
      'the Stripe stand-in page': await fetch(started.url),
      'the outbox': await fetch(`${baseUrl}/_local/outbox`),
      '/config.json': await fetch(`${baseUrl}/config.json`),
      'an API answer': await fetch(`${baseUrl}/api/availability`),
      'an API refusal': await fetch(`${baseUrl}/api/me/profile`),
      'a 404': await fetch(`${baseUrl}/nothing-here`),
      'a refused Host': await rawRequest(port, 'GET', '/_local/outbox', { host: 'evil.example' }),
    };
    for (const [what, res] of Object.entries(responses)) {
      const headers = res instanceof Response ? res.headers : new Headers(res.headers);
      expect(headers.get('x-frame-options'), what).toBe('DENY');
      expect(headers.get('x-content-type-options'), what).toBe('nosniff');
      expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
      expect(headers.get('content-security-policy'), what).toContain("frame-ancestors 'none'");
      expect(headers.get('content-security-policy'), what).toContain("script-src 'self';");
      expect(headers.get('content-security-policy'), what).toContain(`form-action 'self' ${env.photoGateEndpoint};`);
      // The one definition CloudFront's policy is built from (tests/infra/stack.test.ts checks that side).
      for (const [name, value] of Object.entries(local)) expect(headers.get(name), `${what}: ${name}`).toBe(value);
      // Plain http on loopback: a browser ignores HSTS there.
      expect(headers.get('strict-transport-security'), what).toBeNull();
    }
  });

  it('lets the yard\'s pages use the camera for the site itself, and no other page or answer', async () => {
    const yard = 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()';
    const off = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';
    for (const p of ['/yard', '/yard?booking=x', '/yard/', '/yard/queue']) expect((await fetch(`${baseUrl}${p}`)).headers.get('permissions-policy'), p).toBe(yard);
    for (const p of ['/', '/admin', '/customer-dashboard', '/pass/p1.a.b', '/yards', '/api/yard/day', '/config.json', '/_local/outbox']) {
      expect((await fetch(`${baseUrl}${p}`)).headers.get('permissions-policy'), p).toBe(off);
    }
  });

  it('refuses a 100 MB Content-Length before reading the body, and closes the connection', async () => {
    const head = `POST /api/quotes HTTP/1.1\r\nHost: localhost:${port}\r\nContent-Type: application/json\r\nContent-Length: ${100 * 1024 * 1024}\r\n\r\n`;
    const result = await exchange(port, (socket) => {
      socket.write(head);
      socket.write('x'.repeat(64 * 1024));
    });
    expect(result.closed).toBe(true);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({ message: messages.bodyTooLarge });
  });

  it('stops reading a streamed body once it passes 1 MB: 413 and the connection closed while the client still sends', async () => {
    let sent = 0;
    const result = await exchange(port, async (socket, answered) => {
      socket.write(`POST /api/quotes HTTP/1.1\r\nHost: localhost:${port}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
      const chunk = `40000\r\n${'x'.repeat(0x40000)}\r\n`;
      // At most 64 MB, and never the closing chunk: only a server that stops reading answers before the end.
      while (!answered() && !socket.destroyed && sent < 64 * 1024 * 1024) {
        sent += 0x40000;
        if (!socket.write(chunk)) await new Promise((r) => (socket.once('drain', r), socket.once('close', r)));
      }
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({ message: messages.bodyTooLarge });
    expect(result.closed).toBe(true);
    expect(sent).toBeLessThan(64 * 1024 * 1024);
  });

  describe('a request that does not arrive in time ends with 408 (a short timeout for the test)', () => {
    let slow: LocalStack;
    let slowDir: string;
    beforeAll(async () => {
      slowDir = mkdtempSync(path.join(os.tmpdir(), 'runway-slow-'));
      slow = await startLocalStack({ port: 0, dataDir: slowDir, inMemoryTable: true, spa: 'none', createAdmin: false, requestTimeoutMs: 1000 });
    });
    afterAll(async () => {
      await slow?.stop();
      rmSync(slowDir, { recursive: true, force: true });
    });

    it('a body that stalls after a few bytes', async () => {
      const result = await exchange(slow.port, (socket) => {
        socket.write(`POST /api/quotes HTTP/1.1\r\nHost: localhost:${slow.port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"dropOff`);
      });
      expect(result.closed).toBe(true);
      expect(result.status).toBe(408);
      expect(JSON.parse(result.body)).toEqual({ message: 'The request took too long to arrive' });
    });

    it('headers that stall half-way', async () => {
      const result = await exchange(slow.port, (socket) => {
        socket.write(`GET /config.json HTTP/1.1\r\nHost: localhost:${slow.port}\r\nX-Slow: `);
      });
      expect(result.closed).toBe(true);
      expect(result.status).toBe(408);
    });

    it('a request sent at once is answered as usual', async () => {
      expect((await rawRequest(slow.port, 'GET', '/config.json', { host: `localhost:${slow.port}` })).status).toBe(200);
    });
  });
});

/** A plain HTTP request with exactly the headers given (fetch will not send another Host). */
function rawRequest(port: number, method: string, p: string, headers: Record<string, string>): Promise<{ status: number; text: string; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: p, headers, setHost: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers as Record<string, string> }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * A raw connection that `drive` writes to; resolves with what the server answered once the server closes it, or
 * after a generous wait with closed false (a server that never answers fails the test's expectations, not its clock).
 */
function exchange(port: number, drive: (socket: Socket, answered: () => boolean) => Promise<void> | void): Promise<{ status: number; body: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = createConnection(port, '127.0.0.1');
    let received = '';
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      const [head = '', body = ''] = received.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), body, closed });
      socket.destroy();
    };
    const timer = setTimeout(() => finish(false), 20_000);
    socket.on('data', (c: Buffer) => (received += c.toString('utf8')));
    socket.on('error', () => undefined); // the server closing while we write is what some tests expect
    socket.on('close', () => finish(true));
    socket.once('connect', () => void drive(socket, () => received.length > 0));
  });
}

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
