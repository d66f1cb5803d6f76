/**
 * The site's public origin, for links in e-mails and Stripe redirect URLs. SITE_URL is set locally and
 * when an environment has a custom domain. Without it, CloudFront's viewer-request function passes the
 * viewer's host as `x-site-origin`, accepted only for hosts the environment allows (SITE_HOSTS, comma
 * separated, with *.cloudfront.net allowed by default) so a caller cannot point redirects elsewhere.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

export function siteUrl(event?: Pick<APIGatewayProxyEventV2, 'headers'>): string {
  const configured = process.env.SITE_URL;
  if (configured) return configured.replace(/\/+$/, '');
  const host = event?.headers?.['x-site-origin'];
  const allowed = (process.env.SITE_HOSTS ?? '').split(',').map((h) => h.trim()).filter(Boolean);
  if (host && (allowed.includes(host) || /^[a-z0-9]+\.cloudfront\.net$/.test(host))) return `https://${host}`;
  throw new Error('SITE_URL is not configured and the request carries no allowed x-site-origin');
}
