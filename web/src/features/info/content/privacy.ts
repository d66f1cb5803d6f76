/**
 * The privacy policy, written to the Privacy Act 2020's information privacy principles: what we collect
 * (vehicle photos and registrations included), why, who sees it, where it is kept, how long (bookings
 * about 7 years), and how to ask for access or correction.
 */
import { formatAddress, site } from '@shared/site';
import type { LegalSection } from './terms';

export const PRIVACY_UPDATED = '2026-11-01';

export const PRIVACY: readonly LegalSection[] = [
  {
    id: 'who-we-are',
    heading: 'Who we are',
    body: [
      `${site.legalName} ("${site.brand}", "we", "us") runs airport parking near Auckland Airport from ${formatAddress()}. This policy explains how we handle your personal information under the Privacy Act 2020. It applies to our website, phone bookings and our yard.`,
    ],
  },
  {
    id: 'what-we-collect',
    heading: 'What we collect',
    body: [
      'We collect only what we need to park your car and look after your booking:',
      {
        list: [
          'Contact details: your name, e-mail address, phone number and, if you add it to your profile, your postal address.',
          'Booking details: drop-off and pick-up dates and times, flight numbers if you give them, extras such as a car wash, your booking reference and parking bay.',
          'Vehicle details: your car registration and photos of your vehicle taken by our staff at drop-off, at pick-up or when checking for damage.',
          'Payment records: the amount paid, whether it was in full or a deposit, and the payment reference. Card details are entered on our payment provider\'s secure page; we never see or store your card number.',
          'Account details if you create an account: your e-mail address and sign-in information (passwords are never visible to us).',
          'Messages you send us, for example through the contact form, with the name, e-mail address and phone number you give.',
          'Basic technical records such as the date and time of requests to our website, kept to keep the service secure and working.',
        ],
      },
    ],
  },
  {
    id: 'why',
    heading: 'Why we collect it',
    body: [
      {
        list: [
          'To take, confirm and manage your booking, and to identify your vehicle when you arrive and when you leave.',
          'To take payment and issue receipts.',
          'To contact you about your booking, for example if your flight changes or your car is not collected.',
          'To record your vehicle\'s condition, so any damage claim can be dealt with fairly.',
          'To answer your questions and complaints.',
          'To meet our legal obligations, including tax record-keeping.',
        ],
      },
      'We do not sell your personal information, and we do not use it for advertising.',
    ],
  },
  {
    id: 'sharing',
    heading: 'Who we share it with',
    body: [
      'Our staff see what they need to run the yard. We share information with others only to provide the service or where the law requires it:',
      {
        list: [
          'Our card payment provider, to process your payment.',
          'Our cloud hosting and e-mail providers, who store and send information on our behalf and may not use it for their own purposes.',
          'Police, insurers or other authorities, where the law requires or allows it, for example after damage or theft.',
        ],
      },
    ],
  },
  {
    id: 'storage',
    heading: 'Where it is stored and how it is protected',
    body: [
      'Your information is stored securely with our cloud provider, which may hold it on servers outside New Zealand (for example in Australia). We only use providers that protect it to standards comparable to the Privacy Act. Information is encrypted in transit, access is limited to staff who need it, and vehicle photos are only available to our staff and to you for your own bookings.',
    ],
  },
  {
    id: 'retention',
    heading: 'How long we keep it',
    body: [
      {
        list: [
          'Booking and payment records, including vehicle registrations and photos attached to a booking: about 7 years, as New Zealand tax law requires.',
          'Contact form messages: as long as needed to answer you and deal with any follow-up.',
          'Account details: while your account is open; ask us and we will close it.',
        ],
      },
      'When we no longer need information, we delete it or make it anonymous.',
    ],
  },
  {
    id: 'browser-storage',
    heading: 'Cookies and browser storage',
    body: [
      'We do not use advertising or tracking cookies. Your browser keeps your sign-in session, and the booking you are paying for, in its own storage so the site works as you move between pages.',
    ],
  },
  {
    id: 'access-correction',
    heading: 'Your right to access and correct your information',
    body: [
      `You can ask for a copy of the personal information we hold about you, and ask us to correct it if it is wrong. E-mail ${site.email}, call ${site.phone} or write to us at ${formatAddress()}. We may need to confirm your identity first. We will respond as soon as we can, and no later than 20 working days after we receive your request.`,
      'Signed-in customers can also view and update their profile and booking details from their dashboard.',
    ],
  },
  {
    id: 'complaints',
    heading: 'Questions and complaints',
    body: [
      `If you have a concern about how we handle your information, contact our privacy officer at ${site.email}. If you are not satisfied with our response, you can complain to the Office of the Privacy Commissioner (privacy.org.nz).`,
    ],
  },
];
