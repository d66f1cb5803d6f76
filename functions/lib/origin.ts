/**
 * In AWS the API answers only what came through CloudFront, where the WAF and the edge's own limits apply: the
 * distribution adds a secret header to every request it sends to the API, and the handler stack refuses a
 * request without it (403) before reading anything else. The secret is generated at deploy time in Secrets
 * Manager; CloudFormation resolves it into the distribution's header and into ORIGIN_SECRET for every function
 * (a dynamic reference: never in the template or the bundle). Reading it from the environment keeps the AWS SDK's
 * Secrets Manager client out of every bundle and off every cold start. Locally ORIGIN_SECRET is unset and nothing is
 * checked: the local gateway is the only way in.
 *
 * Behind CloudFront the caller's own address is not the connection's (that is an edge server's): the edge
 * function on /api/* writes the viewer's address into a header, replacing whatever the viewer sent, and only
 * a request that proved it came through CloudFront is believed.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { timingSafeEqual } from 'node:crypto';
import { EDGE_HEADERS } from './edge-headers';

export const ORIGIN_SECRET_HEADER = EDGE_HEADERS.originSecret;
export const VIEWER_ADDRESS_HEADER = EDGE_HEADERS.viewerAddress;

const originSecret = () => process.env.ORIGIN_SECRET || null;

/** True when the request came through CloudFront (always true where no origin secret is configured). */
export function cameThroughCloudFront(event: APIGatewayProxyEventV2): boolean {
  const secret = originSecret();
  if (!secret) return true;
  const sent = event.headers?.[ORIGIN_SECRET_HEADER];
  if (!sent) return false;
  const expected = Buffer.from(secret);
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The address of whoever sent the request: the viewer's behind CloudFront, the connection's locally. */
export function clientAddress(event: APIGatewayProxyEventV2): string {
  const viewer = originSecret() ? event.headers?.[VIEWER_ADDRESS_HEADER] : undefined;
  return viewer || event.requestContext?.http?.sourceIp || 'unknown';
}
