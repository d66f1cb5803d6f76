/**
 * The security headers every response from the site carries (CloudFront response headers policy). The
 * Content-Security-Policy allows only what the SPA really talks to: its own origin (pages, /api,
 * /config.json), Cognito's API and the managed login domain, and the photo bucket for presigned uploads
 * and signed view URLs. Inline styles are allowed because the UI library injects <style> for scroll
 * locking; scripts are never inline.
 */
import { Duration } from 'aws-cdk-lib';
import { HeadersFrameOption, HeadersReferrerPolicy, type ResponseSecurityHeadersBehavior } from 'aws-cdk-lib/aws-cloudfront';

export interface CspSources {
  region: string;
  oauthDomain: string;
  photoBucketName: string;
}

export function contentSecurityPolicy(s: CspSources): string {
  const photos = `https://${s.photoBucketName}.s3.${s.region}.amazonaws.com`;
  const cognito = `https://cognito-idp.${s.region}.amazonaws.com`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${photos}`,
    "font-src 'self'",
    `connect-src 'self' ${cognito} https://${s.oauthDomain} ${photos}`,
    `form-action 'self' ${photos}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}

export function securityHeaders(csp: string): ResponseSecurityHeadersBehavior {
  return {
    contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
    strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, preload: false, override: true },
    contentTypeOptions: { override: true },
    frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
    referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
    // The legacy XSS auditor is off in every current browser and harmful where it is not; CSP does the job.
    xssProtection: { protection: false, override: true },
  };
}

export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';
