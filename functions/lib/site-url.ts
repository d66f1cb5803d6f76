/**
 * The site's public origin, for links in e-mails and Stripe redirect URLs. It comes only from SITE_URL,
 * which the stack sets on every function (the custom domain, or the distribution's own *.cloudfront.net
 * domain) and the local stack sets to its own URL. Nothing a request carries can change it, so a caller
 * that reaches the API directly (the execute-api endpoint) cannot point redirects or links elsewhere.
 */
export function siteUrl(): string {
  const configured = process.env.SITE_URL?.trim();
  if (!configured) throw new Error('SITE_URL is not configured');
  return configured.replace(/\/+$/, '');
}
