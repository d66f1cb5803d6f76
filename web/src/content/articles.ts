/**
 * The three articles' bodies as simple blocks (headings, paragraphs, lists, a tip), rendered by the
 * article page. Facts come from the spec (30% saving, arrive 15-20 minutes early, shuttle every 15
 * minutes, notice periods, prices); contact details from the site configuration.
 */
import { formatMoney } from '../../../shared/money';
import { BASE_PARKING_CENTS, CAR_WASH_CENTS, DEPOSIT_CENTS, EXTRA_DAY_CENTS, INCLUDED_DAYS, parkingCents } from '../../../shared/pricing';
import { site } from '../../../shared/site';

export type ArticleBlock =
  | { kind: 'h2'; text: string }
  | { kind: 'p'; text: string }
  | { kind: 'ul'; items: string[] }
  | { kind: 'ol'; items: string[] }
  | { kind: 'tip'; text: string };

const dollars = (cents: number) => formatMoney(cents).replace(/\.00$/, '');

const firstTimeTips: ArticleBlock[] = [
  {
    kind: 'p',
    text: 'Parking at the airport for the first time can feel like one more thing to get right before a flight. It does not have to be. Our team has helped thousands of travellers leave their cars with us, and the same five habits make every first visit smooth.',
  },
  { kind: 'h2', text: '1. Book before you leave home' },
  {
    kind: 'p',
    text: 'Booking online takes a couple of minutes: choose your drop-off and pick-up dates and times, see the price straight away, enter your details and pay. Your booking is confirmed instantly, so you drive to the airport knowing a space is waiting. Booking in advance can also save you up to 30% compared with turning up on the day.',
  },
  {
    kind: 'p',
    text: 'Have your car registration and flight times handy when you book. If your plans are not final yet, book the dates you expect; you can call us to adjust them later.',
  },
  { kind: 'h2', text: '2. Arrive 15-20 minutes early' },
  {
    kind: 'p',
    text: 'Plan to reach our yard 15-20 minutes earlier than you think you need. That leaves time to park, hand over, load your bags and ride the shuttle without watching the clock. As a guide, allow 45 minutes before check-in for domestic flights and 60 minutes for international flights.',
  },
  {
    kind: 'tip',
    text: 'Dropping off between 19:00 and 05:00? Let us know at least 24 hours ahead so a team member is ready for you.',
  },
  { kind: 'h2', text: '3. Know how the shuttle works' },
  {
    kind: 'p',
    text: 'The shuttle is free and runs every 15 minutes, day and night. It takes you from our yard to the terminal door, so there is no walking across car parks with heavy bags. When you land, collect your luggage and call us; the shuttle meets you at the pick-up point and brings you back to your car.',
  },
  { kind: 'h2', text: '4. Pack your car for a few days away' },
  {
    kind: 'ul',
    items: [
      'Take valuables, documents and chargers with you, and leave nothing on show.',
      'Keep your booking reference and our number, ' + site.phone + ', in your phone.',
      'Photograph your parking bay number if you are given one.',
      'Check you have your house keys before the shuttle leaves.',
    ],
  },
  { kind: 'h2', text: '5. Tell us if your plans change' },
  {
    kind: 'p',
    text: 'Flights move. If you need to stay longer or come back early, let us know at least 24 hours ahead and we will update your booking. Extensions we are not told about are charged at $5 per day, so a quick call saves money.',
  },
  { kind: 'h2', text: 'Ready for your first trip?' },
  {
    kind: 'p',
    text: `Get a quote in seconds and book online. If you have a question first, our team is here 24/7 on ${site.phone}.`,
  },
];

const saveMoney: ArticleBlock[] = [
  {
    kind: 'p',
    text: 'Airport parking is one of those costs that is easy to overpay. A little planning keeps it low, and with the right habits you can park close to the terminals for less than a return taxi fare.',
  },
  { kind: 'h2', text: 'Book in advance' },
  {
    kind: 'p',
    text: 'The single biggest saving is booking early. Travellers who book in advance can save up to 30% compared with arriving without a booking. Rates start from $5 per day, and every booking is covered by our best price guarantee.',
  },
  { kind: 'h2', text: 'Understand how days are counted' },
  {
    kind: 'p',
    text: `Our price is based on the number of 24-hour periods between drop-off and pick-up, rounded up, with a minimum of one day. Parking is ${dollars(BASE_PARKING_CENTS)} for 1 to ${INCLUDED_DAYS} days, then ${dollars(EXTRA_DAY_CENTS)} for each extra day. Prices include GST and the shuttle is always free.`,
  },
  {
    kind: 'ul',
    items: [
      `A long weekend of ${INCLUDED_DAYS} days or fewer costs ${dollars(BASE_PARKING_CENTS)}.`,
      `A week (7 days) costs ${dollars(parkingCents(7))}.`,
      `Two weeks (14 days) cost ${dollars(parkingCents(14))}.`,
    ],
  },
  {
    kind: 'tip',
    text: 'Because each started 24-hour period counts as a day, choosing a pick-up time slightly earlier than your drop-off time can save a whole day. Check the quote before you book: it updates as you change the times.',
  },
  { kind: 'h2', text: 'Only add the extras you want' },
  {
    kind: 'p',
    text: `A car wash is an optional ${dollars(CAR_WASH_CENTS)} add-on and your car is ready, clean, when you return. If your car is due for a clean, detail or service anyway, having it done while you are away saves a separate trip later.`,
  },
  { kind: 'h2', text: 'Pay the way that suits you' },
  {
    kind: 'p',
    text: `You can pay the full amount online, or pay a ${formatMoney(DEPOSIT_CENTS)} deposit now and the rest when you pick up your car. Card payments online and in store carry a 2.5% surcharge; EFTPOS and cash in store are free.`,
  },
  { kind: 'h2', text: 'Avoid the fees nobody needs' },
  {
    kind: 'ul',
    items: [
      'Tell us about an extension at least 24 hours ahead: unnotified extensions are charged at $5 per day.',
      'If you have to cancel, do it 48 hours or more before check-in: a $20 fee applies and the rest is refunded. Same-day cancellations, no-shows and early pick-ups are not refunded.',
      'Planning to drop off between 19:00 and 05:00? Give us 24 hours\' notice so your drop-off goes smoothly.',
    ],
  },
  { kind: 'h2', text: 'Compare the whole trip, not just the daily rate' },
  {
    kind: 'p',
    text: 'When you compare options, add up everything: the parking, the shuttle, fuel for the drive and the value of your time. With a free shuttle every 15 minutes and staff on site 24/7, parking with us is often the cheapest way to get to your flight without asking a friend for a lift.',
  },
];

const security: ArticleBlock[] = [
  {
    kind: 'p',
    text: 'Leaving your car for days or weeks is an act of trust. Knowing what makes a car park secure, and what you can do yourself, means you can stop thinking about your car the moment you board.',
  },
  { kind: 'h2', text: 'What a secure car park looks like' },
  {
    kind: 'ul',
    items: [
      'A sealed, fenced yard with controlled entry, so only staff and customers come in.',
      'CCTV cameras covering the yard, recorded and monitored.',
      'Staff on site 24/7, not just a barrier arm and a ticket machine.',
      'Good lighting at night and clear records of when each car arrives and leaves.',
    ],
  },
  {
    kind: 'p',
    text: `${site.brand} ticks every box. Our yard is secure, sealed and CCTV-monitored, and our team is on site around the clock. Our staff can photograph your car at drop-off and pick-up, so its condition is on record.`,
  },
  { kind: 'h2', text: 'Protect your belongings' },
  {
    kind: 'ul',
    items: [
      'Remove valuables, documents, garage remotes and spare keys before you leave home.',
      'Leave nothing on the seats; put anything you leave behind in the boot.',
      'Do not leave your home address on display, for example on mail or a GPS "home" setting.',
      'Close every window and the sunroof, and lock the car.',
    ],
  },
  { kind: 'h2', text: 'Check your car on arrival and on return' },
  {
    kind: 'p',
    text: 'Take a minute to walk around your car at drop-off and note any existing marks. When you collect it, do the same before you drive away. If you notice anything, tell our staff straight away and make any claim in writing within 28 days.',
  },
  { kind: 'h2', text: 'Stay safe on the shuttle' },
  {
    kind: 'p',
    text: 'Our shuttle runs every 15 minutes between the yard and the terminals. Keep your bags with you, wait at the signposted pick-up point when you return, and call us if you cannot see the shuttle: we will tell you where it is.',
  },
  { kind: 'h2', text: 'Know the rules before you go' },
  {
    kind: 'p',
    text: 'Read the terms and conditions before you travel. They explain how extensions, cancellations and late-night drop-offs work (drop-off between 19:00 and 05:00 needs 24 hours\' notice), what happens if a car is not collected, and how to raise a concern. We aim to respond to every complaint within 5 business days.',
  },
  {
    kind: 'tip',
    text: `Something worrying you while you are away? Call us any time on ${site.phone}. The yard is staffed 24/7.`,
  },
];

export const ARTICLE_BODIES: Record<string, ArticleBlock[]> = {
  'first-time-parking-tips': firstTimeTips,
  'save-money-airport-parking': saveMoney,
  'airport-parking-security': security,
};
