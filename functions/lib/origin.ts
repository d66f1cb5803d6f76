/**
 * In AWS the API answers only what came through CloudFront, where the WAF and the edge's own limits apply: the
 * distribution adds a secret header to every request it sends to the API, and the handler stack refuses a
 * request without it (403) before reading anything else. The secret is generated at deploy time in Secrets
 * Manager and named by ORIGIN_SECRET_ID. Locally ORIGIN_SECRET_ID is unset and nothing is checked: the local
 * gateway is the only way in.
 *
 * Behind CloudFront the caller's own address is not the connection's (that is an edge server's): the edge
 * function on /api/* writes the viewer's address into a header, replacing whatever the viewer sent, and only
 * a request that proved it came through CloudFront is believed.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { timingSafeEqual } from 'node:crypto';
import { EDGE_HEADERS } from '../routes';

export const ORIGIN_SECRET_HEADER = EDGE_HEADERS.originSecret;
export const VIEWER_ADDRESS_HEADER = EDGE_HEADERS.viewerAddress;

let secret: Promise<string> | undefined;

function originSecret(secretId: string): Promise<string> {
  secret ??= new SecretsManagerClient({ region: process.env.AWS_REGION })
    .send(new GetSecretValueCommand({ SecretId: secretId }))
    .then((out) => {
      if (!out.SecretString) throw new Error(`Secret ${secretId} is empty`);
      return out.SecretString;
    })
    .catch((error: unknown) => {
      secret = undefined; // a failed read is retried on the next request
      throw error;
    });
  return secret;
}

const originCheckOn = () => Boolean(process.env.ORIGIN_SECRET_ID);

/** True when the request came through CloudFront (always true where no origin secret is configured). */
export async function cameThroughCloudFront(event: APIGatewayProxyEventV2): Promise<boolean> {
  const secretId = process.env.ORIGIN_SECRET_ID;
  if (!secretId) return true;
  const sent = event.headers?.[ORIGIN_SECRET_HEADER];
  if (!sent) return false;
  const expected = Buffer.from(await originSecret(secretId));
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The address of whoever sent the request: the viewer's behind CloudFront, the connection's locally. */
export function clientAddress(event: APIGatewayProxyEventV2): string {
  const viewer = originCheckOn() ? event.headers?.[VIEWER_ADDRESS_HEADER] : undefined;
  return viewer || event.requestContext?.http?.sourceIp || 'unknown';
}
