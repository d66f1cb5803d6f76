/**
 * The public information pages (docs/content.md), at desktop and phone widths: each page's
 * heading and key texts, the shared header and footer, its title and description, axe's accessibility check (WCAG 2.x
 * A/AA and best practices, as a11y.e2e.ts for the other pages) and what is particular to it, in one visit a page and
 * width; and every internal link resolving to a page of the site. The links are checked over HTTP on the pages as the
 * server sends them (pre-rendered), and each visit checks that the running app shows the same links.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { site } from '../../shared/site';
import { articlePath, BLOG_POSTS } from '../../web/src/features/info/content/blog-posts';
import { FAQ } from '../../web/src/features/info/content/faq';
import { INFO_PAGES } from '../../web/src/features/info/content/public-pages';
import { useBrowser, viewportNames, withPage } from './support/browser';
import { axeViolations } from './support/axe';

const { browser, baseUrl } = useBrowser();

interface PageCheck {
  path: string;
  h1: string;
  texts: string[];
  /** What else this page shows or does, checked on the same visit after the shared checks (it may leave the page). */
  more?: (page: Page) => Promise<void>;
}

/** Facts of the spec two articles carry. */
const ARTICLE_FACTS: Record<string, string[]> = {
  'save-money-airport-parking': ['up to 30%'],
  'first-time-parking-tips': ['Arrive 15-20 minutes early'],
};

const PAGES: PageCheck[] = [
  {
    path: '/how-it-works',
    h1: 'How It Works',
    texts: ['Book online or call', 'Pay to confirm', 'Share your travel details', 'Arrive at drop-off', 'Take the shuttle', 'Call when you are back', 'Meet at the pick-up point', 'Collect your car'],
    // Book Online Now goes to the quote card on the home page.
    more: async (page) => {
      expect(await page.locator('.info-step').count()).toBe(8);
      await page.getByRole('link', { name: 'Book Online Now' }).click();
      await page.waitForURL(`${baseUrl}/#booking`);
      await page.getByRole('button', { name: 'Get Quote' }).waitFor();
      await page.waitForFunction(() => {
        const r = document.getElementById('booking')!.getBoundingClientRect();
        return r.top < window.innerHeight && r.bottom > 0;
      });
    },
  },
  {
    path: '/about',
    h1: 'About Us',
    texts: ['Secure Yard', 'Free Shuttle', '24/7 Staff and Support', 'Best Price Guarantee', 'Our mission', 'Why choose us', 'Select dates', 'Enter your details', 'Confirm and pay'],
    // Four feature cards, the why-choose-us list and three booking steps.
    more: async (page) => {
      expect(await page.locator('.feature-card').count()).toBe(4);
      const why = await page.locator('.why-list li').allInnerTexts();
      expect(why).toEqual(expect.arrayContaining(['Free shuttle every 15 minutes', 'Rates starting from $5 per day', 'Instant booking confirmation', 'A 4.8/5 customer rating', 'Save up to 30% on gate prices by booking in advance']));
      expect(await page.locator('#booking-steps-title + ol > li').count()).toBe(3);
    },
  },
  {
    path: '/services',
    h1: 'Car Services',
    texts: ['Car Cleaning', '$75', 'Car Detailing', 'Car Servicing', '$250'],
    // Three priced cards, each with Book This Service to /booking with that service chosen and Get Quote to /contact.
    more: async (page) => {
      const cards = page.locator('.service-card');
      expect(await cards.count()).toBe(3);
      const expected = [
        ['Car Cleaning', '$75', 'carCleaning'],
        ['Car Detailing', '$250', 'carDetailing'],
        ['Car Servicing', '$250', 'carServicing'],
      ];
      for (const [i, [name, price, service]] of expected.entries()) {
        const card = cards.nth(i);
        expect(await card.getByRole('heading', { level: 2 }).innerText()).toBe(name);
        expect(await card.locator('.service-price').innerText()).toBe(price);
        expect(await card.getByRole('link', { name: /^Book This Service/ }).getAttribute('href')).toBe(`/booking?service=${service}`);
        expect(await card.getByRole('link', { name: /^Get Quote/ }).getAttribute('href')).toBe('/contact');
      }
      await cards.nth(1).getByRole('link', { name: /^Get Quote/ }).click();
      await page.waitForURL(`${baseUrl}/contact`);
      await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    },
  },
  {
    path: '/blog',
    h1: 'Airport Parking Blog',
    texts: BLOG_POSTS.flatMap((p) => [p.title, p.excerpt, p.author, p.readTime]),
    // A back link home and three cards with title, excerpt, author, date, read time and image; a card opens its article.
    more: async (page) => {
      expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
      const cards = page.locator('.blog-card');
      expect(await cards.count()).toBe(3);
      for (const [i, post] of BLOG_POSTS.entries()) {
        const card = cards.nth(i);
        expect(await card.getByRole('link', { name: post.title }).getAttribute('href')).toBe(`/articles/${post.id}`);
        expect(await card.locator('time').getAttribute('datetime')).toBe(post.date);
        const img = card.locator('img');
        expect(await img.getAttribute('alt')).toBe(post.imageAlt);
        expect(await img.getAttribute('loading')).toBe('lazy');
        expect(Number(await img.getAttribute('width'))).toBeGreaterThan(0);
        expect(Number(await img.getAttribute('height'))).toBeGreaterThan(0);
        await img.scrollIntoViewIfNeeded();
        await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await img.elementHandle());
      }
      await cards.first().getByRole('link').click();
      await page.waitForURL(`${baseUrl}/articles/${BLOG_POSTS[0]!.id}`);
      await expectHeading(page, BLOG_POSTS[0]!.title);
    },
  },
  // Each article: its read time, a call to book and Back to Blog; two carry facts of the spec.
  ...BLOG_POSTS.map((p) => ({
    path: articlePath(p),
    h1: p.title,
    texts: [p.author, p.readTime, 'Back to Blog', 'Book your airport parking', ...(ARTICLE_FACTS[p.id] ?? [])],
    more: async (page: Page) => {
      expect(await page.locator('.post-meta').first().innerText()).toContain(p.readTime);
      // The article's own call to action (the footer has a Book Now link to /#booking too).
      expect(await page.locator('main').getByRole('link', { name: 'Book Now' }).getAttribute('href')).toBe('/booking');
      expect(await page.locator('.article-body h2').count()).toBeGreaterThanOrEqual(4);
      await page.getByRole('link', { name: 'Back to Blog' }).first().click();
      await page.waitForURL(`${baseUrl}/blog`);
      await expectHeading(page, 'Airport Parking Blog');
    },
  })),
  {
    path: '/faq',
    h1: 'Frequently Asked Questions',
    texts: FAQ.map((q) => q.question).concat('Still have a question?'),
    more: async (page) => {
      expect(await page.locator('.faq-trigger').count()).toBe(20);
      expect(await page.getByRole('link', { name: `Call Us: ${site.phone}` }).getAttribute('href')).toBe(site.phoneHref);
      expect(await page.getByRole('link', { name: 'Email Us' }).getAttribute('href')).toBe(`mailto:${site.email}`);
    },
  },
  {
    path: '/privacy',
    h1: 'Privacy Policy',
    texts: ['Privacy Act 2020', 'car registration and photos of your vehicle', 'about 7 years', 'Your right to access and correct your information', '20 working days', site.email],
  },
  {
    path: '/terms',
    h1: 'Terms and Conditions',
    // Every term of the spec, in 14 sections.
    texts: [
      'Cancellations and refunds',
      'Abandoned vehicles',
      'Liability and claims',
      'Online and in-store card payments carry a 2.5% surcharge',
      'EFTPOS and cash payments in store are free',
      '48 hours or more before your check-in time cost $20; the rest of what you paid is refunded',
      'Same-day cancellations and no-shows get no refund',
      'Early pick-ups get no refund',
      'An extension you do not tell us about costs $5 per day',
      "Drop-off between 19:00 and 05:00 needs 24 hours' notice",
      'capped at $300',
      'within 28 days',
      'not collected within 72 hours',
      'sold after 30 days',
      'within 5 business days',
      'retained for about 7 years',
    ],
    more: async (page) => {
      expect(await page.locator('.legal-section').count()).toBe(14);
      expect(await page.locator('.legal-contents li').count()).toBe(14);
    },
  },
  { path: '/contact', h1: 'Contact Us', texts: ['Send us a message', site.phone, site.email, 'Open 24/7'] },
];

const mainText = (page: Page) => page.locator('main').innerText();

async function open(page: Page, path: string) {
  const response = await page.goto(`${baseUrl}${path}`);
  await page.locator('main h1').first().waitFor();
  return response;
}

/**
 * After a client-side navigation the URL changes at once, but the old page stays on screen until the new
 * route's chunk has loaded (the router renders in a transition): wait for the new heading, then check it.
 */
async function expectHeading(page: Page, h1: string) {
  await page.getByRole('heading', { level: 1, name: h1, exact: true }).waitFor();
  expect(await page.locator('main h1').allInnerTexts()).toEqual([h1]);
}

/** Same-origin links as path (+ query) + hash, each once, sorted. */
const sameOrigin = (hrefs: string[]) => [...new Set(hrefs.filter((h) => h.startsWith(baseUrl)).map((h) => h.slice(baseUrl.length) || '/'))].sort();

/** Every same-origin link on the page in the browser. */
async function internalLinks(page: Page): Promise<string[]> {
  return sameOrigin(await page.locator('a[href]').evaluateAll((els) => els.map((a) => (a as HTMLAnchorElement).href)));
}

/** A page as the server sends it: its status, its HTML, its links (resolved as the browser would) and its element ids. */
async function served(path: string) {
  const response = await fetch(`${baseUrl}${path}`);
  const html = await response.text();
  const attr = (re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!.replaceAll('&amp;', '&'));
  return {
    status: response.status,
    html,
    links: sameOrigin(attr(/<a\b[^>]*?\shref="([^"]*)"/g).map((h) => new URL(h, `${baseUrl}${path}`).href)),
    ids: new Set(attr(/\sid="([^"]*)"/g)),
  };
}

it('every internal link on these pages resolves to a page of the site, and every in-page anchor to a section', async () => {
  const targets = new Map<string, string>();
  for (const { path } of PAGES) {
    const page = await served(path);
    expect(page.status, path).toBe(200);
    for (const link of page.links) {
      const [target, hash] = link.split('#') as [string, string | undefined];
      // In-page anchors (the legal pages' contents) must point at a section of this page.
      if (target === path && hash) expect(page.ids.has(hash), `${link} on ${path}`).toBe(true);
      else targets.set(link, path);
    }
  }
  expect(targets.has('/booking')).toBe(true);
  expect(targets.has('/#booking')).toBe(true);
  for (const [link, from] of targets) {
    const [target, hash] = link.split('#') as [string, string | undefined];
    const page = await served(target!);
    // The server answers a page of the site with 200 and any other path with 404 (the client's 404 page).
    expect(page.status, `${link} on ${from}`).toBe(200);
    expect(page.html, `${link} on ${from}`).not.toContain(messages.notFound);
    if (hash) expect(page.ids.has(hash), `${link} on ${from}`).toBe(true);
  }
});

it('/faq answers carry the spec facts', () => {
  const answers = FAQ.flatMap((q) => q.answer).join('\n');
  for (const fact of ['at least 24 hours ahead', '45 minutes before check-in for domestic flights and 60 minutes for international', 'open 24/7', 'every 15 minutes', '2.5% surcharge', '$20 cancellation fee', '$5 per day', '$300', '28 days', '72 hours', '5 business days']) {
    expect(answers, fact).toContain(fact);
  }
  expect(FAQ).toHaveLength(20);
});

describe.each(viewportNames)('public information pages (%s)', (viewport) => {
  it.each(PAGES)('$path: heading, key texts, header, footer, title, description, the links the server sent, no axe violations, and its own parts', async ({ path, h1, texts, more }) => {
    const sent = await served(path);
    await withPage(browser(), viewport, async (page) => {
      await open(page, path);
      expect(await page.locator('main h1').allInnerTexts()).toEqual([h1]);
      const text = await mainText(page);
      for (const t of texts) expect(text, `"${t}" on ${path}`).toContain(t);
      expect(text).not.toContain(messages.notFound);

      // Header: brand home link, Sign In and the support phone (in the header on desktop, in the menu on phones).
      expect(await page.getByRole('link', { name: `${site.brand} home` }).getAttribute('href')).toBe('/');
      expect(await page.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
      if (viewport === 'desktop') expect(await page.locator('.header-phone').innerText()).toContain(site.phone);
      // The menu is closed until tapped (tests/e2e/public-menu.e2e.ts opens it); its phone link is there all the same.
      else expect(await page.locator('.nav-mobile').getByRole('link', { name: `Call us: ${site.phone}`, includeHidden: true }).getAttribute('href')).toBe(site.phoneHref);

      // Footer: three sections and the trust banner.
      const footer = page.locator('footer');
      for (const heading of ['Navigation', 'Legal', 'Contact Info']) expect(await footer.getByRole('heading', { name: heading }).count()).toBe(1);
      const footerText = await footer.innerText();
      for (const t of ['Best Rates', '$5/day parking', 'Secure', '24/7 monitored', 'Fast Shuttle', site.phone, site.email]) expect(footerText).toContain(t);

      // Title and meta description for search results and link previews.
      const meta = Object.values(INFO_PAGES).find((m) => m.path === path);
      const post = BLOG_POSTS.find((p) => articlePath(p) === path);
      const expected = meta ?? (post ? { title: post.title, description: post.description } : null);
      expect(expected).not.toBeNull();
      expect(await page.title()).toBe(`${expected!.title} | ${site.brand}`);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(expected!.description);
      expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(`${expected!.title} | ${site.brand}`);
      expect(await page.locator('meta[property="og:description"]').getAttribute('content')).toBe(expected!.description);

      // The running app links where the page the server sent does, so the link check above covers what people press.
      expect(await internalLinks(page)).toEqual(sent.links);

      expect(await axeViolations(page)).toEqual([]);
      await more?.(page);
    });
  });

  it.each(['/payment-test', '/test-route', '/articles/no-such-article'])('%s is the 404 page, answered with HTTP 404', async (path) => {
    await withPage(browser(), viewport, async (page) => {
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response?.status()).toBe(404);
      await page.getByText(messages.notFound).waitFor();
      expect(await page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    });
  });
});
