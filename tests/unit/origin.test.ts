/**
 * The API answers only through CloudFront (functions/lib/origin.ts): where an origin secret is configured (AWS),
 * the handler stack refuses a request without CloudFront's header before anything else, and believes the
 * viewer-address header only then. Locally nothing is configured and the gateway's address is used.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { httpHandler } from '../../functions/lib/http';
import { cameThroughCloudFront, clientAddress } from '../../functions/lib/origin';
import { EDGE_HEADERS } from '../../functions/routes';

const SECRET = 'b4Y2pRk9QwT7sLm3NfV8xZ1cH6jD5gA0eU2iO9pKq7Wr';
const context = { awsRequestId: 'req-1', getRemainingTimeInMillis: () => 5000 } as unknown as Context;

function event(headers: Record<string, string>, sourceIp = '130.176.1.1'): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'POST /api/x',
    rawPath: '/api/x',
    rawQueryString: '',
    headers,
    requestContext: { requestId: 'r1', http: { method: 'POST', sourceIp } } as never,
    isBase64Encoded: false,
  };
}

const handler = httpHandler({ access: 'public' }, async ({ event: e }) => ({ body: { address: clientAddress(e) } }));
const call = async (e: APIGatewayProxyEventV2) => {
  const r = (await handler(e, context)) as APIGatewayProxyStructuredResultV2;
  return { status: r.statusCode, body: JSON.parse(r.body!) as Record<string, unknown> };
};

afterEach(() => {
  delete process.env.ORIGIN_SECRET;
});

describe('in AWS (ORIGIN_SECRET set)', () => {
  beforeEach(() => {
    process.env.ORIGIN_SECRET = SECRET;
  });

  it('refuses a request straight to the API (no header, a wrong one, one a character off) with 403 JSON', async () => {
    const wrong: Record<string, string>[] = [{}, { [EDGE_HEADERS.originSecret]: 'guess' }, { [EDGE_HEADERS.originSecret]: `${SECRET.slice(0, -1)}x` }];
    for (const headers of wrong) {
      expect(await call(event(headers))).toEqual({ status: 403, body: { message: 'Forbidden: the API answers only through the site' } });
    }
  });

  it("answers what came through CloudFront, with the viewer's address from the edge", async () => {
    const through = { [EDGE_HEADERS.originSecret]: SECRET, [EDGE_HEADERS.viewerAddress]: '203.0.113.9' };
    expect(await call(event(through))).toEqual({ status: 200, body: { address: '203.0.113.9' } });
  });
});

describe('locally (no origin secret)', () => {
  it("answers without the header and ignores a viewer address the caller made up: the connection's address counts", async () => {
    expect(await call(event({ [EDGE_HEADERS.viewerAddress]: '203.0.113.9' }, '127.0.0.1'))).toEqual({ status: 200, body: { address: '127.0.0.1' } });
  });
});

describe('the address a request is counted against (rate limits, logs)', () => {
  afterEach(() => {
    delete process.env.ORIGIN_SECRET;
  });

  it("behind CloudFront is the edge's viewer address, else the connection's, else 'unknown'", () => {
    process.env.ORIGIN_SECRET = SECRET;
    expect(clientAddress(event({ [EDGE_HEADERS.originSecret]: SECRET, [EDGE_HEADERS.viewerAddress]: '203.0.113.9' }))).toBe('203.0.113.9');
    expect(clientAddress(event({ [EDGE_HEADERS.originSecret]: SECRET }, '130.176.1.1'))).toBe('130.176.1.1');
    expect(clientAddress({ ...event({}), requestContext: {} as never })).toBe('unknown');
    expect(clientAddress({ ...event({}), headers: undefined as never, requestContext: {} as never })).toBe('unknown');
    expect(clientAddress({ ...event({}), requestContext: undefined as never })).toBe('unknown');
  });

  it('with an empty origin secret is checked as locally: no header needed, the viewer header ignored', () => {
    process.env.ORIGIN_SECRET = '';
    expect(cameThroughCloudFront(event({}))).toBe(true);
    expect(clientAddress(event({ [EDGE_HEADERS.viewerAddress]: '203.0.113.9' }, '127.0.0.1'))).toBe('127.0.0.1');
  });

  it('a request with no headers at all did not come through CloudFront', () => {
    process.env.ORIGIN_SECRET = SECRET;
    expect(cameThroughCloudFront({ ...event({}), headers: undefined as never })).toBe(false);
    expect(cameThroughCloudFront(event({ [EDGE_HEADERS.originSecret]: '' }))).toBe(false);
    expect(cameThroughCloudFront(event({ [EDGE_HEADERS.originSecret]: SECRET }))).toBe(true);
  });
});
