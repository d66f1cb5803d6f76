/**
 * The two CloudFront Functions, run as CloudFront would run them (plain JavaScript, a handler taking the
 * viewer-request event), on the requests a visitor's browser makes.
 */
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { SITE_ORIGIN_HEADER_CODE, SPA_FALLBACK_CODE } from '../../infra/edge-functions';

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

  it.each(['/', '/booking', '/payment-success', '/articles/first-time-parking-tips', '/customer-dashboard', '/no/such/page'])(
    'answers the client-side route %s with index.html',
    (uri) => {
      expect(handler(viewerRequest(uri)).uri).toBe('/index.html');
    },
  );

  it.each(['/assets/index-abc123.js', '/assets/index-abc123.css', '/favicon.svg', '/robots.txt', '/sitemap.xml', '/config.json', '/images/yard.jpg'])(
    'fetches the file %s as it is',
    (uri) => {
      expect(handler(viewerRequest(uri)).uri).toBe(uri);
    },
  );
});

describe('x-site-origin (/api/* behaviour)', () => {
  const handler = load(SITE_ORIGIN_HEADER_CODE);

  it("passes the viewer's host to the API", () => {
    const out = handler(viewerRequest('/api/checkout', { host: 'parking.runwayparking.example' }));
    expect(out.headers['x-site-origin']).toEqual({ value: 'parking.runwayparking.example' });
    expect(out.uri).toBe('/api/checkout');
  });

  it('overwrites a value the caller sent, so redirects cannot be pointed elsewhere by a header', () => {
    const out = handler(viewerRequest('/api/checkout', { host: 'd111111abcdef8.cloudfront.net', 'x-site-origin': 'evil.example' }));
    expect(out.headers['x-site-origin']).toEqual({ value: 'd111111abcdef8.cloudfront.net' });
  });
});
