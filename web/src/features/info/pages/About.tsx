/** /about: four feature cards, the mission, why choose us, and the 3-step booking summary. */
import { Link } from 'react-router-dom';
import { site } from '@shared/site';
import { INFO_PAGES } from '../content/public-pages';
import { StepCards, type Step } from '../../../ui/StepCards';
import { PageHeader } from '../components/PageFrame';

const FEATURES: { title: string; text: string; icon: string }[] = [
  { title: 'Secure Yard', text: 'A secure, sealed, CCTV-monitored yard, so your car is safe for as long as you are away.', icon: 'M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5z' },
  { title: 'Free Shuttle', text: 'A free shuttle to the terminals every 15 minutes, day and night.', icon: 'M4 16V6a3 3 0 013-3h10a3 3 0 013 3v10M4 11h16M7 19a2 2 0 100-4 2 2 0 000 4zm10 0a2 2 0 100-4 2 2 0 000 4z' },
  { title: '24/7 Staff and Support', text: 'Our team is on site around the clock and a phone call away whenever you need us.', icon: 'M12 22a10 10 0 100-20 10 10 0 000 20zm0-15v5l3 3' },
  { title: 'Best Price Guarantee', text: 'Rates starting from $5 per day, and up to 30% off the gate price when you book in advance.', icon: 'M20 12l-8 8-9-9V3h8zM7.5 7.5h.01' },
];

const WHY = [
  'Secure, sealed, CCTV-monitored yard',
  '24/7 staff and support',
  'Free shuttle every 15 minutes',
  'Rates starting from $5 per day',
  'Best price guarantee',
  'Instant booking confirmation',
  'A 4.8/5 customer rating',
  'Save up to 30% on gate prices by booking in advance',
];

const BOOKING_STEPS: Step[] = [
  { title: 'Select dates', text: 'Pick your drop-off and pick-up dates and times and get your quote.' },
  { title: 'Enter your details', text: 'Tell us your name, contact details and car registration.' },
  { title: 'Confirm and pay', text: 'Pay in full or by deposit; your booking is confirmed instantly.' },
];

export default function About() {
  return (
    <>
      <PageHeader page={INFO_PAGES.about} eyebrow={`About ${site.brand}`} lead="Locally run airport parking near Auckland Airport, built around one idea: your trip should start the moment you park." />

      <section className="section" aria-labelledby="features-title">
        <div className="container">
          <h2 id="features-title" className="section-title">What you get with every booking</h2>
          <ul className="feature-grid">
            {FEATURES.map((f) => (
              <li key={f.title} className="card feature-card">
                <svg className="feature-icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
                  <path d={f.icon} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                <h3>{f.title}</h3>
                <p>{f.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="mission-title">
        <div className="container about-grid">
          <div>
            <h2 id="mission-title" className="section-title left">Our mission</h2>
            <p className="mission">
              To make airport parking the easiest part of every trip: a fair price you know before you book, a car that is safe while you are away, and a friendly team that gets you to your flight and back without the stress.
            </p>
            <p>
              We are a small team of locals who run our own yard close to the terminals. We answer the phone ourselves, we drive the shuttle ourselves, and we look after every car as if it were our own.
            </p>
          </div>
          <figure className="about-figure">
            <img src="/images/yard.svg" width="560" height="360" alt="Illustration of our fenced parking yard with a shuttle van and a plane overhead" loading="lazy" decoding="async" />
          </figure>
        </div>
      </section>

      <section className="section" aria-labelledby="why-title">
        <div className="container info-narrow">
          <h2 id="why-title" className="section-title">Why choose us</h2>
          <ul className="ticks ticks-dark why-list">
            {WHY.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="booking-steps-title">
        <div className="container">
          <h2 id="booking-steps-title" className="section-title">Booking takes three steps</h2>
          <StepCards steps={BOOKING_STEPS} listClassName="steps" itemClassName="step" spokenNumbers />
          <p className="center">
            <Link to="/#booking" className="btn btn-primary">
              Get a Quote
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
