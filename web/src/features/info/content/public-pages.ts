/**
 * Every public page's path, title and meta description, once: the pages set their <title> and meta from
 * here, and the build's SEO plugin lists the same paths in sitemap.xml. Plain data, no React. The imports
 * name their .ts files because Vite's config loader, which loads the plugin, asks for explicit extensions;
 * for the same reason shared/ is reached by a relative path: that loader bundles the config without
 * tsconfig paths or resolve.alias, so `@shared/` would not resolve there. The only such import in web/src.
 */
import { site } from '../../../../../shared/site.ts';
import { articlePath, BLOG_POSTS } from './blog-posts.ts';

export interface PageMeta {
  path: string;
  title: string;
  description: string;
}

export const INFO_PAGES = {
  howItWorks: {
    path: '/how-it-works',
    title: 'How It Works',
    description: `Eight simple steps from booking to driving home: how ${site.brand} parking and the free airport shuttle work at Auckland Airport.`,
  },
  about: {
    path: '/about',
    title: 'About Us',
    description: `${site.brand} is a secure, CCTV-monitored parking yard near Auckland Airport with 24/7 staff, a free shuttle every 15 minutes and instant booking confirmation.`,
  },
  services: {
    path: '/services',
    title: 'Car Services',
    description: 'Have your car cleaned, detailed or serviced while you fly: Car Cleaning $75, Car Detailing $250 and Car Servicing $250 at our Auckland Airport yard.',
  },
  blog: {
    path: '/blog',
    title: 'Airport Parking Blog',
    description: 'Tips and guides for Auckland Airport parking: first-time advice, ways to save money and how we keep your car safe.',
  },
  contact: {
    path: '/contact',
    title: 'Contact Us',
    description: `Questions about parking near Auckland Airport? Send ${site.brand} a message, call ${site.phone} or e-mail ${site.email}. We are open 24/7.`,
  },
  faq: {
    path: '/faq',
    title: 'Frequently Asked Questions',
    description: 'Answers about our Auckland Airport parking: opening hours, the shuttle every 15 minutes, prices, payment, extensions, cancellations and vehicle safety.',
  },
  privacy: {
    path: '/privacy',
    title: 'Privacy Policy',
    description: `How ${site.brand} collects, uses, stores and protects your personal information under the New Zealand Privacy Act 2020, and how to access or correct it.`,
  },
  terms: {
    path: '/terms',
    title: 'Terms and Conditions',
    description: `The terms for parking with ${site.brand}: payments and surcharges, cancellations, extensions, drop-off hours, liability, abandoned vehicles and complaints.`,
  },
} as const satisfies Record<string, PageMeta>;

/** Every page worth listing for search engines: home, the information pages and the articles. */
export function sitemapPaths(): string[] {
  return ['/', ...Object.values(INFO_PAGES).map((p) => p.path), ...BLOG_POSTS.map(articlePath)];
}
