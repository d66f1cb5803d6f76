/**
 * The terms and conditions: 14 sections carrying every term of the business (surcharges,
 * cancellation, extensions, out-of-hours drop-off, liability, abandoned vehicles, complaints, records),
 * with prices from the shared pricing constants and the business's details from the site configuration.
 */
import { formatMoney, formatMoneyShort } from '@shared/money';
import { BASE_PARKING_CENTS, CAR_WASH_CENTS, DEPOSIT_CENTS, EXTRA_DAY_CENTS, INCLUDED_DAYS } from '@shared/pricing';
import { formatAddress, site } from '@shared/site';
import { ADD_ONS } from '@shared/add-ons';

const SERVICE_ADD_ONS = ADD_ONS.filter((a) => a.id !== 'carWash');

/** A paragraph, or a bulleted list. */
export type LegalBlock = string | { list: string[] };

export interface LegalSection {
  id: string;
  heading: string;
  body: LegalBlock[];
}

export const TERMS_UPDATED = '2026-11-01';

export const TERMS: readonly LegalSection[] = [
  {
    id: 'agreement',
    heading: 'About these terms',
    body: [
      `These terms apply to every parking booking and car service with ${site.legalName} ("${site.brand}", "we", "us"). By making a booking, or by leaving a vehicle at our yard, you agree to them. Nothing in these terms limits your rights under the Consumer Guarantees Act 1993 or the Fair Trading Act 1986 where those Acts apply.`,
    ],
  },
  {
    id: 'bookings',
    heading: 'Bookings',
    body: [
      'You can book online or by phone. Online bookings are confirmed instantly once payment (in full or by deposit) goes through, and you receive a booking reference. Drop-off must be at least 4 hours after the time of booking, in New Zealand time.',
      'Please make sure the details you give us (your name, contact number, e-mail address, car registration and travel times) are correct. We rely on them to identify your vehicle and to contact you.',
    ],
  },
  {
    id: 'prices',
    heading: 'Prices',
    body: [
      `Parking is ${formatMoneyShort(BASE_PARKING_CENTS)} for 1 to ${INCLUDED_DAYS} days and ${formatMoneyShort(EXTRA_DAY_CENTS)} for each day beyond ${INCLUDED_DAYS}. A day is each 24-hour period, or part of one, between your booked drop-off and pick-up times, with a minimum of one day. The shuttle is free. A car wash is ${formatMoneyShort(CAR_WASH_CENTS)}; ${SERVICE_ADD_ONS.map((a) => `${a.name} is ${formatMoneyShort(a.cents)}`).join(', ')}. All prices are in New Zealand dollars and include GST.`,
      'Advertised rates such as "from $5 per day" describe the cost per day of longer stays; the price for your dates is the one shown in your quote.',
    ],
  },
  {
    id: 'payment',
    heading: 'Payment and surcharges',
    body: [
      `You may pay the full amount when you book, or a deposit of ${formatMoney(DEPOSIT_CENTS)} when you book and the remainder when you pick up your vehicle. Your vehicle is released once the balance is paid.`,
      { list: ['Online and in-store card payments carry a 2.5% surcharge.', 'EFTPOS and cash payments in store are free of any surcharge.'] },
    ],
  },
  {
    id: 'cancellations',
    heading: 'Cancellations and refunds',
    body: [
      {
        list: [
          'Cancellations made 48 hours or more before your check-in time cost $20; the rest of what you paid is refunded.',
          'Same-day cancellations and no-shows get no refund.',
          'Early pick-ups get no refund for the unused part of the booking.',
        ],
      },
      `To cancel, call us on ${site.phone} or e-mail ${site.email} with your booking reference.`,
    ],
  },
  {
    id: 'changes',
    heading: 'Extensions, early returns and changes',
    body: [
      'If you need to extend your stay or return early, you must tell us at least 24 hours ahead. An extension you do not tell us about costs $5 per day, payable when you collect your vehicle.',
      'Signed-in customers can change some booking details online; any change that alters the dates is re-priced at our current rates.',
    ],
  },
  {
    id: 'drop-off',
    heading: 'Drop-off and pick-up',
    body: [
      'We are open 24/7. Drop-off between 19:00 and 05:00 needs 24 hours\' notice. Please allow 45 minutes before check-in for domestic flights and 60 minutes for international flights.',
      'On your return, call us when you have your luggage and meet the shuttle at the pick-up point. Please have your booking reference ready.',
    ],
  },
  {
    id: 'shuttle',
    heading: 'The shuttle',
    body: [
      'Our free shuttle runs between the yard and the terminals every 15 minutes. Times can vary with traffic and airport conditions; we are not responsible for missed flights caused by circumstances outside our control, so please allow the time recommended above.',
    ],
  },
  {
    id: 'vehicle',
    heading: 'Your vehicle',
    body: [
      'Your vehicle must be able to be driven safely within the yard. Remove valuables before you leave it with us; we do not accept responsibility for items left in vehicles. Our staff may move your vehicle within the yard and may photograph it at drop-off and pick-up to record its condition.',
    ],
  },
  {
    id: 'liability',
    heading: 'Liability and claims',
    body: [
      'Vehicles are parked at the owner\'s risk, in a secure, sealed, CCTV-monitored yard. Where we are responsible for loss or damage, our liability is capped at $300 per booking, except where the law does not allow that limit.',
      'Claims must be made in writing within 28 days of collecting your vehicle, with your booking reference and photos of any damage. Please point out any damage to our staff before you leave the yard.',
    ],
  },
  {
    id: 'abandoned',
    heading: 'Abandoned vehicles',
    body: [
      'A vehicle that is not collected within 72 hours of its booked pick-up time, and whose owner has not contacted us, is treated as abandoned. We will try to contact you using the details you gave us. An abandoned vehicle may be sold after 30 days to recover the parking charges and costs owed, as the law allows.',
    ],
  },
  {
    id: 'complaints',
    heading: 'Complaints',
    body: [
      `If something is not right, tell us on ${site.phone} or at ${site.email}. We aim to respond to every complaint within 5 business days.`,
    ],
  },
  {
    id: 'records',
    heading: 'Privacy and records',
    body: [
      'We handle your personal information as our Privacy Policy describes, under the Privacy Act 2020. Booking records are retained for about 7 years, as New Zealand tax law requires.',
    ],
  },
  {
    id: 'general',
    heading: 'Changes to these terms and governing law',
    body: [
      'We may update these terms from time to time; the version on this page when you book applies to that booking. These terms are governed by the laws of New Zealand.',
      `${site.legalName}, ${formatAddress()}. GST number ${site.gstNumber}.`,
    ],
  },
];
