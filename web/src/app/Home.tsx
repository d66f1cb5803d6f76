import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ADVANCE_SAVING, site } from '@shared/site';
import { QuoteCard } from '../features/booking/components/QuoteCard';
import { useDocumentMeta } from '@/lib/useDocumentMeta';
import { useHydrated } from '@/lib/use-hydrated';

const SELLING_POINTS = ['Secure, sealed, CCTV-monitored yard', 'Free shuttle every 15 minutes', '24/7 staff and support', 'Instant booking confirmation'];

// Written out here rather than with ui/StepCards: Home is in the entry chunk, whose size is held flat.
const STEPS = [
  { title: 'Park and drop off', text: 'Drive to our yard minutes from the terminals. Our team greets you and takes care of your car.' },
  { title: 'Free shuttle', text: 'Hop on the free shuttle. It runs every 15 minutes, day and night, straight to your terminal.' },
  { title: 'Fly and return', text: 'When you land, press "I\'ve landed" on your booking pass. The shuttle brings you back to your car, ready to drive home.' },
];

// The sign-up e-mail's link opens the home page; its handler (and Amplify) loads only for such a visit.
const AccountLinkHandler = lazy(() => import('../features/account/components/AccountLinkHandler'));

export default function Home() {
  const { search } = useLocation();
  // Stays mounted once seen: the handler removes the link's query from the address when it is done.
  const [fromAccountLink] = useState(() => /[?&]confirm=/.test(search));
  // The pre-rendered page has no query: the handler mounts after hydration.
  const hydrated = useHydrated();
  useDocumentMeta(
    `${site.brand} | Auckland Airport parking with a free shuttle`,
    'Secure, CCTV-monitored parking near Auckland Airport with a free shuttle every 15 minutes. Get a quote and book online in minutes.',
  );
  return (
    <>
      {fromAccountLink && hydrated && (
        <Suspense fallback={null}>
          <AccountLinkHandler />
        </Suspense>
      )}
      <section className="hero">
        {/* On a phone the quote card follows the heading, so the form is on the first screen; wider, it sits beside the copy. */}
        <div className="container hero-inner">
          <div className="hero-head">
            <p className="eyebrow">Auckland Airport parking</p>
            <h1>Park close, fly relaxed.</h1>
          </div>
          <div id="booking" className="hero-card">
            <QuoteCard />
          </div>
          <div className="hero-copy">
            <p className="lead">
              Leave your car in our secure yard near Auckland Airport and ride the free shuttle to the terminals. Rates starting from $5 per day, with a best price guarantee.
            </p>
            <ul className="ticks">
              {SELLING_POINTS.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
            <p className="muted-on-dark">{ADVANCE_SAVING}</p>
          </div>
        </div>
      </section>

      <section id="how-it-works" className="section" aria-labelledby="how-title">
        <div className="container">
          <h2 id="how-title" className="section-title">How It Works</h2>
          <ol className="steps">
            {STEPS.map((s, i) => (
              <li key={s.title} className="card step">
                <span className="step-number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </li>
            ))}
          </ol>
          <p className="center">
            <Link to="/how-it-works" className="btn btn-outline">
              See every step
            </Link>
          </p>
        </div>
      </section>

      <section id="about" className="section section-alt" aria-labelledby="about-title">
        <div className="container about-grid">
          <div>
            <h2 id="about-title" className="section-title left">Parking you can trust</h2>
            <p>
              {site.brand} is a locally run yard near Auckland Airport. Your car stays in a secure, sealed compound watched by CCTV and by staff who are on site 24/7, so you can focus on your trip.
            </p>
            <p>Every booking is confirmed instantly, the shuttle is always free, and our team is a phone call away whenever you need us.</p>
            <p className="rating" aria-label="Customer rating 4.8 out of 5">
              <span aria-hidden="true">★★★★★</span> <strong>4.8/5</strong> customer rating
            </p>
            <Link to="/about" className="btn btn-outline">
              More about us
            </Link>
          </div>
          <figure className="about-figure">
            <img src="/images/yard.svg" width="560" height="360" alt="Illustration of our fenced parking yard with a shuttle van and a plane overhead" loading="lazy" decoding="async" />
          </figure>
        </div>
      </section>
    </>
  );
}
