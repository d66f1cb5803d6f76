/**
 * CloudFront's response headers policies, built from the one definition of the site's security headers
 * (shared/security-headers.ts), which the local server sends too.
 */
import { Duration } from 'aws-cdk-lib';
import { HeadersFrameOption, HeadersReferrerPolicy, type ResponseCustomHeader, type ResponseSecurityHeadersBehavior } from 'aws-cdk-lib/aws-cloudfront';
import { SECURITY_HEADERS, awsCspSources, contentSecurityPolicy } from '../shared/security-headers';

export interface CspSources {
  region: string;
  oauthDomain: string;
  photoBucketName: string;
}

export function siteContentSecurityPolicy(s: CspSources): string {
  return contentSecurityPolicy(awsCspSources(s));
}

const FRAME_OPTIONS: Record<(typeof SECURITY_HEADERS)['frameOptions'], HeadersFrameOption> = { DENY: HeadersFrameOption.DENY };
const REFERRER_POLICIES: Record<(typeof SECURITY_HEADERS)['referrerPolicy'], HeadersReferrerPolicy> = {
  'strict-origin-when-cross-origin': HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
};

export function securityHeaders(csp: string): ResponseSecurityHeadersBehavior {
  const h = SECURITY_HEADERS;
  const hsts = h.strictTransportSecurity;
  return {
    contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
    strictTransportSecurity: { accessControlMaxAge: Duration.seconds(hsts.maxAgeSeconds), includeSubdomains: hsts.includeSubdomains, preload: hsts.preload, override: true },
    // CloudFront's only value for this header is nosniff.
    contentTypeOptions: { override: true },
    frameOptions: { frameOption: FRAME_OPTIONS[h.frameOptions], override: true },
    referrerPolicy: { referrerPolicy: REFERRER_POLICIES[h.referrerPolicy], override: true },
    xssProtection: { protection: h.xssProtection.protection, override: true },
  };
}

/**
 * The security headers CloudFront has no field of its own for; the Permissions-Policy is the one for pages other than
 * the yard's unless another is given (the yard's behaviours give YARD_PERMISSIONS_POLICY).
 */
export function securityCustomHeaders(permissionsPolicy: string = SECURITY_HEADERS.permissionsPolicy): ResponseCustomHeader[] {
  return [
    { header: 'Permissions-Policy', value: permissionsPolicy, override: true },
    { header: 'Cross-Origin-Opener-Policy', value: SECURITY_HEADERS.crossOriginOpenerPolicy, override: true },
  ];
}

export const SECURITY_CUSTOM_HEADERS: ResponseCustomHeader[] = securityCustomHeaders();
