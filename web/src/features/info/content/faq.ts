/**
 * The FAQ's 20 questions. The answers carry the business's facts (24 hours' notice for extensions and early
 * returns, 45/60 minutes before check-in, open 24/7, shuttle every 15 minutes) and the terms' rules,
 * with prices from the shared pricing constants and contact details from the site configuration.
 */
import { CANCELLATION_DETAILS, CANCELLATION_RULE } from '@shared/cancellation-rule';
import { formatMoney, formatMoneyShort } from '@shared/money';
import { BASE_PARKING_CENTS, CAR_WASH_CENTS, DEPOSIT_CENTS, EXTRA_DAY_CENTS, INCLUDED_DAYS } from '@shared/pricing';
import { formatAddress, site } from '@shared/site';
import { SERVICES } from './services';

export interface FaqItem {
  id: string;
  question: string;
  answer: string[];
}

export const FAQ: readonly FaqItem[] = [
  {
    id: 'how-it-works',
    question: 'How does your airport parking work?',
    answer: [
      'Book online or call us, pay to confirm your booking and share your travel details. On the day, drive to our yard, leave your car with us and ride the free shuttle to the terminal. When you are back, call us and the shuttle brings you to your car.',
    ],
  },
  {
    id: 'location',
    question: 'Where is your car park?',
    answer: [`Our yard is at ${formatAddress()}, a short shuttle ride from the Auckland Airport terminals. Your booking confirmation shows the address too.`],
  },
  {
    id: 'hours',
    question: 'What are your opening hours?',
    answer: ['We are open 24/7, every day of the year, and our staff are on site around the clock. Drop-off between 19:00 and 05:00 needs 24 hours\' notice so a team member is ready for you.'],
  },
  {
    id: 'shuttle',
    question: 'How often does the shuttle run, and does it cost extra?',
    answer: ['The shuttle runs every 15 minutes between our yard and the terminals, day and night. It is free and included with every booking.'],
  },
  {
    id: 'arrival-time',
    question: 'How early should I arrive at the car park?',
    answer: [
      'Allow 45 minutes before check-in for domestic flights and 60 minutes for international flights. That gives you time to park, hand over and ride the shuttle without rushing.',
    ],
  },
  {
    id: 'price',
    question: 'How much does parking cost?',
    answer: [
      `Parking is ${formatMoneyShort(BASE_PARKING_CENTS)} for 1 to ${INCLUDED_DAYS} days, then ${formatMoneyShort(EXTRA_DAY_CENTS)} for each extra day. Days are counted as 24-hour periods from your drop-off time, rounded up, with a minimum of one day. Prices include GST and the shuttle is free.`,
      'Get an exact quote on the home page before you book; booking in advance can save you up to 30% compared with paying at the gate on the day.',
    ],
  },
  {
    id: 'deposit',
    question: 'Do I have to pay the full amount when I book?',
    answer: [`No. You can pay the full amount online, or pay a ${formatMoney(DEPOSIT_CENTS)} deposit now and the remainder when you pick up your car.`],
  },
  {
    id: 'payment-methods',
    question: 'How can I pay, and are there any surcharges?',
    answer: ['You can pay by card online through our secure checkout, or in store by card, EFTPOS or cash. Online and in-store card payments carry a 2.5% surcharge; EFTPOS and cash in store are free.'],
  },
  {
    id: 'confirmation',
    question: 'How do I know my booking is confirmed?',
    answer: ['Booking confirmation is instant: as soon as your payment goes through you see your booking reference and booking details on screen. Keep the reference handy for drop-off.'],
  },
  {
    id: 'security',
    question: 'Is my car safe while I am away?',
    answer: ['Yes. Your car is kept in a secure, sealed yard that is CCTV-monitored, with staff on site 24/7. Our team can photograph vehicles at drop-off and pick-up so their condition is on record.'],
  },
  {
    id: 'extend',
    question: 'Can I extend my stay?',
    answer: ['Yes. Let us know at least 24 hours ahead and we will extend your booking. An extension we are not told about costs $5 per day.'],
  },
  {
    id: 'early-return',
    question: 'What if I come back early?',
    answer: ['Please let us know at least 24 hours ahead so your car is ready when you land. Early pick-ups are not refunded for the unused days.'],
  },
  {
    id: 'cancel',
    question: 'What is your cancellation policy?',
    answer: [CANCELLATION_RULE, ...CANCELLATION_DETAILS],
  },
  {
    id: 'change-booking',
    question: 'Can I change my booking after I have paid?',
    answer: [
      'Yes. Signed-in customers can change their pick-up date and time, return flight, car wash and car services from their dashboard, and their drop-off date and time until the drop-off day has passed. For anything else, call us and we will help.',
    ],
  },
  {
    id: 'late-night',
    question: 'Can I drop my car off late at night or early in the morning?',
    answer: ['Yes, we are open 24/7. For drop-off between 19:00 and 05:00, tell us at least 24 hours in advance.'],
  },
  {
    id: 'return',
    question: 'What do I do when I land?',
    answer: [`Collect your bags and call us on ${site.phone}. Head to the pick-up point, where the shuttle meets you and brings you back to the yard to collect your car.`],
  },
  {
    id: 'car-services',
    question: 'Can you wash or service my car while I am away?',
    answer: [
      `Yes. Add a car wash to any booking for ${formatMoneyShort(CAR_WASH_CENTS)}. We also offer ${SERVICES.map((s) => `${s.name} (${s.price})`).join(', ')}, done while you fly.`,
    ],
  },
  {
    id: 'damage',
    question: 'What if my car is damaged while in your care?',
    answer: [
      'Tell our staff before you leave the yard, then make your claim in writing within 28 days of collecting your car, with your booking reference and photos of the damage. Where we are responsible, our liability is capped at $300 per booking, except where the law does not allow that limit; this does not affect your rights under the Consumer Guarantees Act.',
    ],
  },
  {
    id: 'abandoned',
    question: 'What happens if a car is not collected?',
    answer: ['A vehicle left more than 72 hours after its booked pick-up time without contact from its owner is treated as abandoned, and may be sold after 30 days to recover costs. If you are delayed, just call us.'],
  },
  {
    id: 'complaints',
    question: 'How do I make a complaint or ask a question?',
    answer: [`Call us on ${site.phone}, e-mail ${site.email} or use the contact form. We aim to respond to complaints within 5 business days.`],
  },
];
