/**
 * Build-time SEO for the SPA, so crawlers that run no JavaScript still see it:
 * - LocalBusiness structured data (JSON-LD) and default Open Graph tags in index.html, from shared/site.ts;
 * - sitemap.xml with absolute URLs (a sitemap with relative paths is invalid) for every public page;
 * - robots.txt from web/public/robots.txt plus the absolute Sitemap line.
 * The public origin comes from SITE_URL at build time; `npm run dev` serves the same files.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { site } from '../shared/site.ts';
import { sitemapPaths } from './src/features/info/content/public-pages.ts';

/** Where the site lives when SITE_URL is not set (the brand's domain). */
export const DEFAULT_SITE_URL = 'https://runwayparking.example';

export const OG_IMAGE = { path: '/images/og-image.jpg', width: 1200, height: 630, alt: `${site.brand}: secure parking near Auckland Airport with a free shuttle` };

/** The public origin without a trailing slash; refuses anything that is not an absolute http(s) URL. */
export function siteOrigin(value: string | undefined = process.env.SITE_URL): string {
  const raw = value?.trim() || DEFAULT_SITE_URL;
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`SITE_URL must be an http(s) URL, got ${raw}`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

const xmlEscape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

export function sitemapXml(origin: string, paths: readonly string[] = sitemapPaths()): string {
  const urls = paths.map((p) => `  <url><loc>${xmlEscape(origin + p)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(rules: string, origin: string): string {
  const kept = rules.split('\n').filter((line) => !/^\s*sitemap\s*:/i.test(line)).join('\n').trimEnd();
  return `${kept}\n\nSitemap: ${origin}/sitemap.xml\n`;
}

/** The international form of the support number (tel:+6490000000 -> +6490000000), as search engines prefer. */
const internationalPhone = () => site.phoneHref.replace(/^tel:/, '');

export function localBusinessJsonLd(origin: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${origin}/#business`,
    name: site.brand,
    legalName: site.legalName,
    description: 'Secure, CCTV-monitored airport parking near Auckland Airport with a free shuttle to the terminals every 15 minutes.',
    url: `${origin}/`,
    telephone: internationalPhone(),
    email: site.email,
    image: `${origin}${OG_IMAGE.path}`,
    priceRange: 'From $5 per day',
    address: {
      '@type': 'PostalAddress',
      streetAddress: `${site.address.street}, ${site.address.locality}`,
      addressLocality: site.address.city,
      postalCode: site.address.postcode,
      addressCountry: site.address.country,
    },
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
        opens: '00:00',
        closes: '23:59',
      },
    ],
    areaServed: 'Auckland Airport',
  };
}

/** JSON inside <script> must not be able to close the element. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function headTags(html: string, origin: string): HtmlTagDescriptor[] {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? site.brand;
  const description = /<meta\s+name="description"\s+content="([^"]*)"/.exec(html)?.[1] ?? '';
  const meta = (attrs: Record<string, string>): HtmlTagDescriptor => ({ tag: 'meta', attrs, injectTo: 'head' });
  return [
    meta({ property: 'og:site_name', content: site.brand }),
    meta({ property: 'og:type', content: 'website' }),
    meta({ property: 'og:locale', content: 'en_NZ' }),
    meta({ property: 'og:title', content: title }),
    meta({ property: 'og:description', content: description }),
    meta({ property: 'og:url', content: `${origin}/` }),
    meta({ property: 'og:image', content: `${origin}${OG_IMAGE.path}` }),
    meta({ property: 'og:image:width', content: String(OG_IMAGE.width) }),
    meta({ property: 'og:image:height', content: String(OG_IMAGE.height) }),
    meta({ property: 'og:image:alt', content: OG_IMAGE.alt }),
    meta({ name: 'twitter:card', content: 'summary_large_image' }),
    { tag: 'script', attrs: { type: 'application/ld+json' }, children: scriptSafeJson(localBusinessJsonLd(origin)), injectTo: 'head' },
  ];
}

export default function seo(): Plugin {
  const origin = siteOrigin();
  let publicDir = '';
  let outDir = '';
  const robots = () => robotsTxt(readFileSync(path.join(publicDir, 'robots.txt'), 'utf8'), origin);
  return {
    name: 'runway-seo',
    configResolved(config) {
      publicDir = config.publicDir;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: (html) => headTags(html, origin),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'sitemap.xml', source: sitemapXml(origin) });
    },
    // The public folder's robots.txt is copied as is; the copy in the output gains the absolute Sitemap line.
    writeBundle() {
      writeFileSync(path.join(outDir, 'robots.txt'), robots());
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const pathname = (req.url ?? '').split('?')[0];
        if (pathname !== '/sitemap.xml' && pathname !== '/robots.txt') return next();
        const xml = pathname === '/sitemap.xml';
        res.setHeader('content-type', xml ? 'application/xml; charset=utf-8' : 'text/plain; charset=utf-8');
        res.end(xml ? sitemapXml(origin) : robots());
      });
    },
  };
}
