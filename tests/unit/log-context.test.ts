/**
 * Logs with context and business metrics, as the lines a function writes: every line of an
 * invocation carries Lambda's request id and cold start, a route's lines API Gateway's request id and route key, the
 * booking and the masked Stripe session where a use case named them (and the next invocation does not), and counted
 * business events become one EMF line only where the stack names a metrics namespace (never locally).
 */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '../../functions/routes';
import { httpHandler } from '../../functions/lib/http';
import { logAbout, logger } from '../../functions/lib/logger';
import { BUSINESS_METRICS, countEvent } from '../../functions/lib/metrics';
import { handler as sendRefundsJob } from '../../functions/jobs/send-refunds';
import { handler as securityNotice } from '../../functions/auth/security-notice';
import { createGateway } from '../../local/gateway';
import { functionsDir } from '../../project-paths';
import { request } from '../support/http';

vi.mock('../../functions/use-cases/booking/refund-worker', () => ({
  sendDueRefunds: async () => ({ succeeded: 1, failed: 0, retry: 0, 'settled-elsewhere': 0, error: 0 }),
}));

type Line = Record<string, unknown>;

/** Everything written to stdout and stderr (the logger writes warnings and errors to stderr), as JSON lines. */
function capture(): { lines: () => Line[]; restore: () => void } {
  const written: string[] = [];
  const keep = (chunk: unknown) => {
    written.push(String(chunk));
    return true;
  };
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(keep);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(keep);
  return {
    lines: () =>
      written
        .join('')
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Line),
    restore: () => {
      out.mockRestore();
      err.mockRestore();
    },
  };
}

const context = (awsRequestId: string) => ({ awsRequestId, functionName: 'runway-parking-test-Fn', getRemainingTimeInMillis: () => 5000 }) as unknown as Context;

function apiEvent(requestId: string): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'POST /api/x',
    rawPath: '/api/x',
    rawQueryString: '',
    headers: {},
    requestContext: { requestId, http: { method: 'POST' } } as never,
    isBase64Encoded: false,
  };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('a route handler', () => {
  const SESSION = 'cs_test_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZvA5Z';
  const h = httpHandler({ access: 'public' }, async ({ event }) => {
    if (event.rawPath === '/api/x') logAbout({ bookingId: 'b0a1c2d3-0000-4000-8000-000000000001', sessionId: SESSION });
    logger.info('Handled');
    if (event.headers['x-fail']) throw new Error('broken');
    return { body: { ok: true } };
  });

  it('logs with the Lambda request id, cold start, API request id, route, booking and masked session', async () => {
    const out = capture();
    try {
      await h(apiEvent('api-req-1'), context('lambda-req-1'));
    } finally {
      out.restore();
    }
    const line = out.lines().find((l) => l.message === 'Handled');
    expect(line).toMatchObject({
      function_request_id: 'lambda-req-1',
      function_name: 'runway-parking-test-Fn',
      correlation_id: 'api-req-1',
      routeKey: 'POST /api/x',
      bookingId: 'b0a1c2d3-0000-4000-8000-000000000001',
      sessionId: 'cs_test_…vA5Z',
    });
    expect(typeof line!.cold_start).toBe('boolean');
    expect(JSON.stringify(out.lines())).not.toContain(SESSION);
  });

  it("drops the booking and session when the invocation ends: the next request's lines do not carry them", async () => {
    const out = capture();
    try {
      await h(apiEvent('api-req-2'), context('lambda-req-2'));
      await h({ ...apiEvent('api-req-3'), rawPath: '/api/other' }, context('lambda-req-3'));
    } finally {
      out.restore();
    }
    const [first, second] = out.lines().filter((l) => l.message === 'Handled');
    expect(first).toMatchObject({ function_request_id: 'lambda-req-2', bookingId: 'b0a1c2d3-0000-4000-8000-000000000001' });
    expect(second).toMatchObject({ function_request_id: 'lambda-req-3', correlation_id: 'api-req-3', cold_start: false });
    expect(second).not.toHaveProperty('bookingId');
    expect(second).not.toHaveProperty('sessionId');
  });

  it("an unexpected error's line still names the request and the booking", async () => {
    const out = capture();
    try {
      const res = await h({ ...apiEvent('api-req-4'), headers: { 'x-fail': '1' } }, context('lambda-req-4'));
      expect(res.statusCode).toBe(500);
    } finally {
      out.restore();
    }
    expect(out.lines().find((l) => l.message === 'Unhandled error')).toMatchObject({
      level: 'ERROR',
      function_request_id: 'lambda-req-4',
      correlation_id: 'api-req-4',
      bookingId: 'b0a1c2d3-0000-4000-8000-000000000001',
    });
  });
});

describe('business metrics', () => {
  const counting = httpHandler({ access: 'public' }, async () => {
    countEvent(BUSINESS_METRICS.checkoutStarted);
    countEvent(BUSINESS_METRICS.checkoutStarted);
    return { body: { ok: true } };
  });

  it('write nothing where no namespace is set (npm start, the tests)', async () => {
    const out = capture();
    try {
      await counting(apiEvent('api-req-5'), context('lambda-req-5'));
    } finally {
      out.restore();
    }
    expect(out.lines().filter((l) => '_aws' in l)).toEqual([]);
  });

  it("are one EMF line per invocation in the stack's namespace, with the service dimension", async () => {
    vi.stubEnv('POWERTOOLS_METRICS_NAMESPACE', 'RunwayParking/test');
    const out = capture();
    try {
      await counting(apiEvent('api-req-6'), context('lambda-req-6'));
      await counting(apiEvent('api-req-7'), context('lambda-req-7'));
    } finally {
      out.restore();
    }
    const emf = out.lines().filter((l) => '_aws' in l);
    expect(emf).toHaveLength(2);
    expect(emf[0]).toMatchObject({
      _aws: { CloudWatchMetrics: [{ Namespace: 'RunwayParking/test', Dimensions: [['service']], Metrics: [{ Name: 'CheckoutsStarted', Unit: 'Count' }] }] },
      service: 'runway-parking-api',
      CheckoutsStarted: [1, 1],
    });
  });
});

describe('through the local gateway', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const webhook = routes.find((r) => r.path === '/api/webhooks/stripe')!;
    // Loaded here rather than by the first request inside a test: its modules' top-level code then runs outside every
    // test, which is how mutation testing tells it from code a test runs (bench/README.md, 'Module-level code').
    await import(pathToFileURL(path.join(functionsDir, webhook.entry)).href);
    const gateway = createGateway({ routes: [webhook], jwt: { issuer: 'http://127.0.0.1:1/pool', jwksUrl: 'http://127.0.0.1:1/jwks.json', audience: ['client'] } });
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => void gateway.handle(req, res, Buffer.concat(chunks)));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });

  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("a real handler's line carries the request id the gateway gave the invocation, and the refused signature is counted", async () => {
    vi.stubEnv('POWERTOOLS_METRICS_NAMESPACE', 'RunwayParking/test');
    const out = capture();
    let status: number;
    try {
      status = (await request(base, 'POST', '/api/webhooks/stripe', { type: 'checkout.session.completed' })).status;
    } finally {
      out.restore();
    }
    expect(status).toBe(400);
    const line = out.lines().find((l) => l.message === 'Stripe webhook signature refused');
    expect(line).toMatchObject({ level: 'WARN', routeKey: 'POST /api/webhooks/stripe', signed: false });
    expect(line!.function_request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(line!.correlation_id).toBe(line!.function_request_id);
    expect(out.lines().find((l) => '_aws' in l)).toMatchObject({ WebhookSignatureFailures: 1 });
  });
});

describe('invocations at once in one process (the local stack)', () => {
  let server: Server;
  let base: string;
  const entries = { A: '../tests/fixtures/interleaved-logging-a.ts', B: '../tests/fixtures/interleaved-logging-b.ts' };

  beforeAll(async () => {
    for (const entry of Object.values(entries)) await import(pathToFileURL(path.join(functionsDir, entry)).href);
    const gateway = createGateway({
      routes: [
        { method: 'POST', path: '/api/a', access: 'public', entry: entries.A, needs: [] },
        { method: 'POST', path: '/api/b', access: 'public', entry: entries.B, needs: [] },
      ],
      jwt: { issuer: 'http://127.0.0.1:1/pool', jwksUrl: 'http://127.0.0.1:1/jwks.json', audience: ['client'] },
    });
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => void gateway.handle(req, res, Buffer.concat(chunks)));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });

  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('each line carries its own function name, request id, route and booking, while another handler runs between its lines', async () => {
    const out = capture();
    let statuses: number[];
    try {
      // Each waits for the other between its two lines, so both invocations are in flight at once.
      statuses = (
        await Promise.all([
          request(base, 'POST', '/api/a', undefined, { 'x-barrier': 'one', 'x-booking': 'booking-of-a' }),
          request(base, 'POST', '/api/b', undefined, { 'x-barrier': 'one', 'x-booking': 'booking-of-b' }),
        ])
      ).map((r) => r.status);
    } finally {
      out.restore();
    }
    expect(statuses).toEqual([200, 200]);
    const lines = out.lines().filter((l) => typeof l.who === 'string');
    expect(lines).toHaveLength(4);
    // Both "before" lines come first: the two invocations overlapped.
    expect(lines.slice(0, 2).every((l) => l.message === 'Before the other handler logs')).toBe(true);
    const of = (who: string) => lines.filter((l) => l.who === who);
    for (const [who, entry, route, bookingId] of [['A', entries.A, 'POST /api/a', 'booking-of-a'], ['B', entries.B, 'POST /api/b', 'booking-of-b']] as const) {
      const mine = of(who);
      expect(mine).toHaveLength(2);
      for (const line of mine) expect(line).toMatchObject({ function_name: entry, routeKey: route, bookingId });
      expect(mine[0]!.function_request_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(mine[1]!.function_request_id).toBe(mine[0]!.function_request_id);
      expect(mine[0]!.correlation_id).toBe(mine[0]!.function_request_id);
    }
    expect(of('A')[0]!.function_request_id).not.toBe(of('B')[0]!.function_request_id);
  });
});

describe('a scheduled job', () => {
  it("logs with the request id of its invocation's context", async () => {
    const out = capture();
    try {
      await sendRefundsJob({}, context('job-req-1'));
    } finally {
      out.restore();
    }
    expect(out.lines().find((l) => l.message === 'Refund worker pass')).toMatchObject({ function_request_id: 'job-req-1', succeeded: 1 });
  });
});

describe('the security notice (functions/events.ts)', () => {
  it("logs with the request id of its invocation's context", async () => {
    const out = capture();
    try {
      // Not a CloudTrail record: the function only warns, and asks nothing of Cognito or SES.
      await securityNotice({ 'detail-type': 'Something else' }, context('notice-req-1'));
    } finally {
      out.restore();
    }
    const line = out.lines().find((l) => l.message === 'Security notice: not a user pool call record');
    expect(line).toMatchObject({ function_request_id: 'notice-req-1', level: 'WARN' });
  });
});
