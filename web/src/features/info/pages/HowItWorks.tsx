/** /how-it-works: the eight steps from booking to driving home, and Book Online Now to the home page's quote card. */
import { Link } from 'react-router-dom';
import { formatMoney } from '@shared/money';
import { DEPOSIT_CENTS } from '@shared/pricing';
import { formatAddress, site } from '@shared/site';
import { INFO_PAGES } from '../content/public-pages';
import { StepCards, type Step } from '../../../ui/StepCards';
import { CtaPanel, PageHeader } from '../components/PageFrame';

const STEPS: Step[] = [
  {
    title: 'Book online or call',
    text: `Choose your drop-off and pick-up dates and times on our website for an instant quote, or call us on ${site.phone} and we will book for you.`,
  },
  {
    title: 'Pay to confirm',
    text: `Pay the full amount, or a ${formatMoney(DEPOSIT_CENTS)} deposit now and the rest at pick-up. Your booking is confirmed instantly with a booking reference.`,
  },
  {
    title: 'Share your travel details',
    text: 'Give us your car registration and, if you have them, your flight numbers, so we know when to expect you and can plan around delays.',
  },
  {
    title: 'Arrive at drop-off',
    text: `Drive to our yard at ${formatAddress()}. Allow 45 minutes before check-in for domestic flights and 60 for international. Our team checks you in and your car stays in our secure, CCTV-monitored yard.`,
  },
  {
    title: 'Take the shuttle',
    text: 'Hop on the free shuttle. It runs every 15 minutes, day and night, and drops you at the terminal.',
  },
  {
    title: 'Call when you are back',
    text: `When you land and have your bags, call us on ${site.phone}. We are open 24/7.`,
  },
  {
    title: 'Meet at the pick-up point',
    text: 'Head to the pick-up point outside the terminal, where the shuttle meets you and brings you back to the yard.',
  },
  {
    title: 'Collect your car',
    text: 'Settle any balance, collect your car and drive home. If you added a car wash, it is clean and ready.',
  },
];

export default function HowItWorks() {
  return (
    <>
      <PageHeader page={INFO_PAGES.howItWorks} eyebrow="From booking to driving home" lead="Parking with us takes eight simple steps. Most of them take less than a minute." />
      <section className="section" aria-labelledby="steps-title">
        <div className="container">
          <h2 id="steps-title" className="section-title">Eight steps, no surprises</h2>
          <StepCards steps={STEPS} listClassName="info-steps" itemClassName="info-step" spokenNumbers />
          <CtaPanel title="Ready to park?" text="Get a quote in seconds. Booking confirmation is instant.">
            <Link to="/#booking" className="btn btn-accent">
              Book Online Now
            </Link>
            <a href={site.phoneHref} className="btn btn-outline-light">
              Call {site.phone}
            </a>
          </CtaPanel>
        </div>
      </section>
    </>
  );
}
