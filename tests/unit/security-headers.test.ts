/**
 * The security headers every page and answer of the site carries (shared/security-headers.ts), as a browser reads
 * them: what the Content-Security-Policy lets a page load, frame, post to and connect to, in AWS and locally.
 */
import { describe, expect, it } from 'vitest';
import { awsCspSources, contentSecurityPolicy, permissionsPolicyFor, securityHeaderValues, type CspSources } from '../../shared/security-headers';

// Built inside each test (not when the file loads), so a test sees the code as it is while that test runs.
const aws = () => awsCspSources({ region: 'ap-southeast-2', oauthDomain: 'login.parking.example', photoBucketName: 'photos-123' });
const local: CspSources = { photoOrigin: 'http://127.0.0.1:4569', connectOrigins: [], https: false };

/** The policy's directives by name, each with its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split('; ').map((d) => { const [name, ...sources] = d.split(' '); return [name!, sources]; }));
}

describe('the Content-Security-Policy in AWS', () => {
  const policy = () => directives(contentSecurityPolicy(aws()));

  it('names the photo bucket and Cognito from the stack', () => {
    expect(aws()).toEqual({
      photoOrigin: 'https://photos-123.s3.ap-southeast-2.amazonaws.com',
      connectOrigins: ['https://cognito-idp.ap-southeast-2.amazonaws.com', 'https://login.parking.example'],
      https: true,
    });
  });

  it('runs only the site’s own scripts, never inline ones, and loads nothing else by default', () => {
    expect(policy().get('default-src')).toEqual(["'self'"]);
    expect(policy().get('script-src')).toEqual(["'self'"]);
    expect(policy().get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy().get('font-src')).toEqual(["'self'"]);
    expect(policy().get('object-src')).toEqual(["'none'"]);
    expect(policy().get('base-uri')).toEqual(["'self'"]);
  });

  it('shows images from the site and the photo bucket, and uploads photos there', () => {
    expect(policy().get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://photos-123.s3.ap-southeast-2.amazonaws.com']);
    expect(policy().get('form-action')).toEqual(["'self'", 'https://photos-123.s3.ap-southeast-2.amazonaws.com']);
  });

  it('connects to the site, Cognito and the bucket only', () => {
    expect(policy().get('connect-src')).toEqual([
      "'self'",
      'https://cognito-idp.ap-southeast-2.amazonaws.com',
      'https://login.parking.example',
      'https://photos-123.s3.ap-southeast-2.amazonaws.com',
    ]);
  });

  it('cannot be framed, and upgrades every request to HTTPS', () => {
    expect(policy().get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy().get('upgrade-insecure-requests')).toEqual([]);
    expect(contentSecurityPolicy(aws()).endsWith('upgrade-insecure-requests')).toBe(true);
  });
});

describe('locally', () => {
  it('upgrades nothing (plain http on loopback) and allows inline scripts only under the dev server', () => {
    const csp = directives(contentSecurityPolicy(local));
    expect([...csp.keys()]).toEqual(['default-src', 'script-src', 'style-src', 'img-src', 'font-src', 'connect-src', 'form-action', 'frame-ancestors', 'base-uri', 'object-src']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:4569']);
    expect(directives(contentSecurityPolicy({ ...local, devServer: true })).get('script-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });
});

describe('the headers a response carries', () => {
  it('over HTTPS: two years of Strict-Transport-Security with subdomains, not preloaded, and the fixed headers', () => {
    expect(securityHeaderValues(aws())).toEqual({
      'content-security-policy': contentSecurityPolicy(aws()),
      'strict-transport-security': 'max-age=63072000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-xss-protection': '0',
      'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
      'cross-origin-opener-policy': 'same-origin',
    });
  });

  it('over plain http: no Strict-Transport-Security, which a browser would ignore there', () => {
    const headers = securityHeaderValues(local);
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(Object.keys(headers)).toHaveLength(7);
    expect(headers['content-security-policy']).toBe(contentSecurityPolicy(local));
  });
});

describe('the camera', () => {
  it('is allowed for the site itself on the yard\'s pages, /yard and under /yard/, and off everywhere else', () => {
    for (const p of ['/yard', '/yard/', '/yard/queue']) expect(permissionsPolicyFor(p), p).toBe('camera=(self), microphone=(), geolocation=(), payment=(), usb=()');
    for (const p of ['/', '/yards', '/yardx', '/admin', '/admin/yard', '/pass/p1.a.b', '/api/yard/scan', '/Yard', '/customer-dashboard']) {
      expect(permissionsPolicyFor(p), p).toBe('camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    }
  });
});
