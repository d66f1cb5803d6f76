/**
 * The CloudFront Function, run as CloudFront would run it (plain JavaScript, a handler taking the
 * viewer-request event), on the requests a visitor's browser makes.
 */
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { SPA_FALLBACK_CODE, VIEWER_ADDRESS_CODE } from '../../infra/edge-functions';

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

  it.each(['/payment', '/payment-success', '/customer-dashboard', '/admin', '/login', '/no/such/page', '/articles/no-such-article'])(
    'answers the client-side route %s with the SPA shell',
    (uri) => {
      expect(handler(viewerRequest(uri)).uri).toBe('/spa.html');
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
