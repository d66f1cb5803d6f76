/**
 * The blog's three posts (docs/content.md): what the listing cards and the article pages show, and what
 * the sitemap lists. Plain data, no React, so the build's SEO plugin can import it too.
 */
export interface BlogPost {
  /** The URL slug: /articles/<id>. */
  id: string;
  title: string;
  excerpt: string;
  /** The article's meta description. */
  description: string;
  author: string;
  authorRole: string;
  /** ISO date of publication. */
  date: string;
  readTime: string;
  image: string;
  imageAlt: string;
}

export const BLOG_POSTS: readonly BlogPost[] = [
  {
    id: 'first-time-parking-tips',
    title: '5 Essential Airport Parking Tips for First-Time Travelers',
    excerpt: 'Never parked at the airport before? Book ahead, arrive 15-20 minutes early and keep a few details handy, and your trip starts stress-free.',
    description: 'Five practical tips for first-time airport parking at Auckland Airport: booking ahead, timing your arrival, what to bring and how the free shuttle works.',
    author: 'Mereana Walker',
    authorRole: 'Customer Experience Lead',
    date: '2026-09-08',
    readTime: '5 min read',
    image: '/images/blog-first-time.svg',
    imageAlt: 'A traveller with a suitcase walking from a parked car towards a shuttle van',
  },
  {
    id: 'save-money-airport-parking',
    title: 'How to Save Money on Auckland Airport Parking',
    excerpt: 'Booking in advance can save you up to 30% on paying at the gate on the day. Here is how our pricing works and the simple habits that keep your parking bill low.',
    description: 'How to pay less for Auckland Airport parking: book in advance to save up to 30%, understand day counting, pick the right extras and avoid surprise fees.',
    author: 'James Tupou',
    authorRole: 'Bookings Manager',
    date: '2026-10-02',
    readTime: '7 min read',
    image: '/images/blog-save-money.svg',
    imageAlt: 'A piggy bank beside a car key and a calendar',
  },
  {
    id: 'airport-parking-security',
    title: 'Airport Security: What You Need to Know About Parking Safety',
    excerpt: 'What makes a car park secure, what to leave at home, and how our sealed, CCTV-monitored yard looks after your car while you fly.',
    description: 'What to look for in a secure airport car park, how to protect your vehicle and belongings, and how our sealed, CCTV-monitored yard with 24/7 staff works.',
    author: 'Daniel Kerr',
    authorRole: 'Yard Operations Manager',
    date: '2026-10-27',
    readTime: '6 min read',
    image: '/images/blog-security.svg',
    imageAlt: 'A fenced car park watched by a CCTV camera',
  },
];

export const findPost = (id: string | undefined): BlogPost | undefined => BLOG_POSTS.find((p) => p.id === id);

export const articlePath = (post: Pick<BlogPost, 'id'>): string => `/articles/${post.id}`;
