/**
 * The CloudFront Function, run as CloudFront would run it (plain JavaScript, a handler taking the
 * viewer-request event), on the requests a visitor's browser makes.
 */
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_STATUS_CODE, SPA_FALLBACK_CODE, VIEWER_ADDRESS_CODE } from '../../infra/edge-functions';

interface CfRequest {
  uri: string;
  headers: Record<string, { value: string }>;
}

function load(code: string): (event: { request: CfRequest }) => CfRequest {
  return vm.runInNewContext(`${code}\nhandler;`) as (event: { request: CfRequest }) => CfRequest;
}

const viewerRequest = (uri: string, headers: Record<string, string> = {}) => ({
  request: { uri, headers: Object.fromEntries(Object.entries(headers).map(([k, value]) => [k, { value }])) },
});

describe('SPA fallback (default behaviour)', () => {
  const handler = load(SPA_FALLBACK_CODE);

  it.each([
    ['/', '/index.html'],
    ['/faq', '/faq/index.html'],
    ['/faq/', '/faq/index.html'],
    ['/booking', '/booking/index.html'],
    ['/articles/first-time-parking-tips', '/articles/first-time-parking-tips/index.html'],
  ])('answers the pre-rendered page %s with its own HTML (%s)', (uri, file) => {
    expect(handler(viewerRequest(uri)).uri).toBe(file);
  });

  it.each(['/payment', '/payment-success', '/customer-dashboard', '/admin', '/login', '/manage-booking', '/admin/customers/0f8fad5b-d9cb-469f-a165-70867728950e'])(
    'answers the client-side route %s with the SPA shell',
    (uri) => {
      expect(handler(viewerRequest(uri)).uri).toBe('/spa.html');
    },
  );

  it.each(['/pass/p1.0c6b1a52-7d8e-4d61-9d1f-2b0f3c4d5e6f.AbCdEfGhIjKlMnOpQrStUv', '/pass/p1.0c6b1a52-7d8e-4d61-9d1f-2b0f3c4d5e6f.AbCdEfGhIjKlMnOpQrStUv/'])(
    'answers the pass %s with its own pre-rendered shell',
    (uri) => {
      expect(handler(viewerRequest(uri)).uri).toBe('/pass-shell.html');
    },
  );

  it.each(['/assets/index-abc123.js', '/assets/index-abc123.css', '/favicon.svg', '/robots.txt', '/sitemap.xml', '/config.json', '/images/yard.jpg'])(
    'fetches the file %s as it is',
    (uri) => {
      expect(handler(viewerRequest(uri)).uri).toBe(uri);
    },
  );
});

describe('viewer address (/api/*)', () => {
  const handler = vm.runInNewContext(`${VIEWER_ADDRESS_CODE}\nhandler;`) as (event: { request: CfRequest; viewer: { ip: string } }) => CfRequest;

  it("writes the viewer's address into x-viewer-address, replacing whatever the viewer sent, and leaves the rest alone", () => {
    const request = viewerRequest('/api/contact', { 'x-viewer-address': '10.0.0.1', 'content-type': 'application/json' }).request;
    const out = handler({ request, viewer: { ip: '2001:db8::7' } });
    expect(out.headers['x-viewer-address']).toEqual({ value: '2001:db8::7' });
    expect(out.headers['content-type']).toEqual({ value: 'application/json' });
    expect(out.uri).toBe('/api/contact');
  });
});

describe('unknown paths: the shell with 404', () => {
  const request = load(SPA_FALLBACK_CODE);
  const respond = vm.runInNewContext(`${NOT_FOUND_STATUS_CODE}\nhandler;`) as (event: { response: CfResponse }) => CfResponse;
  interface CfResponse {
    statusCode: number;
    statusDescription?: string;
    headers: Record<string, { value: string }>;
  }
  const response = (statusCode: number, headers: Record<string, string> = {}): { response: CfResponse } => ({
    response: { statusCode, headers: Object.fromEntries(Object.entries(headers).map(([k, value]) => [k, { value }])) },
  });

  it.each(['/no/such/page', '/articles/no-such-article', '/bookings', '/admin/nothing-here', '/payment-successful', '/pass/', '/pass/a/b'])('sends %s to the not-found copy of the shell', (uri) => {
    expect(request(viewerRequest(uri)).uri).toBe('/404.html');
  });

  it.each(['/payment', '/payment-success', '/payment-failure', '/login', '/customer-auth', '/auth', '/customer-dashboard', '/admin', '/admin/day-sheet', '/admin/'])('keeps the client route %s on the shell', (uri) => {
    expect(request(viewerRequest(uri)).uri).toBe('/spa.html');
  });

  it('answers the not-found copy with 404 and drops its marker; any other answer passes untouched', () => {
    const marked = respond(response(200, { 'x-amz-meta-not-found': 'true', 'content-type': 'text/html' }));
    expect(marked.statusCode).toBe(404);
    expect(marked.headers['x-amz-meta-not-found']).toBeUndefined();
    expect(marked.headers['content-type']).toEqual({ value: 'text/html' });
    expect(respond(response(200, { 'content-type': 'text/html' })).statusCode).toBe(200);
    // A revalidation (304) of the not-found page stays a 304.
    expect(respond(response(304, { 'x-amz-meta-not-found': 'true' })).statusCode).toBe(304);
  });
});
