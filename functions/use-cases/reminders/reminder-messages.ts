/**
 * What the travel-day reminders say. The day before drop-off: when and where, directions, what to bring, the pass.
 * On the return day: how to say "I've landed" on the pass so the shuttle comes. Text and HTML carry the same
 * content; the SMS is the short form. Facts come from the terms and FAQ (45/60 minutes before check-in, the free
 * shuttle every 15 minutes) and shared/site.ts.
 */
import { formatLongDate, formatTime12 } from '../../../shared/format';
import { escapeHtml } from '../../../shared/html';
import type { Booking } from '../../../shared/records';
import { formatAddress, landedInstruction, site, yardGuide } from '../../../shared/site';
import type { Notice } from '../../lib/notifier';
import type { ReminderKind } from './reminder-schedule';

export const mapsUrl = (): string => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${site.brand}, ${formatAddress()}`)}`;

const when = (date: string, time: string) => `${formatLongDate(date)} at ${formatTime12(time)}`;

interface Section {
  heading: string;
  lines: string[];
}

function render(b: Booking, subject: string, intro: string, sections: Section[], passUrl: string): Notice['email'] {
  const firstName = b.customer.name.split(' ')[0] ?? b.customer.name;
  const contact = `Questions? Call ${site.phone} or e-mail ${site.email}.`;
  const text = [`Hi ${firstName},`, '', intro, '', ...sections.flatMap((s) => [s.heading, ...s.lines.map((l) => `- ${l}`), '']), `Your booking pass: ${passUrl}`, '', contact].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1a2433;line-height:1.5">
<p>Hi ${escapeHtml(firstName)},</p>
<p>${escapeHtml(intro)}</p>
${sections.map((s) => `<h2 style="font-size:18px">${escapeHtml(s.heading)}</h2>\n<ul>${s.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`).join('\n')}
<p><a href="${escapeHtml(passUrl)}">Open your booking pass</a></p>
<p>${escapeHtml(contact)}</p>
</body></html>`;
  return { to: [b.customer.email], subject, text, html, replyTo: [site.email] };
}

/**
 * `flight`: what the pass says of the return flight now (flights/flight-notice.ts), given on the return day so the
 * e-mail and the text say what the pass says.
 */
export function reminderNotice(kind: ReminderKind, b: Booking, passUrl: string, flight: string | null = null): Notice {
  const ref = b.bookingReference ?? '';
  if (kind === 'day-before') {
    const email = render(
      b,
      `Your parking tomorrow: ${ref} | ${site.brand}`,
      `A reminder that you drop your car off with us tomorrow, ${when(b.dropOffDate, b.dropOffTime)} (booking ${ref}).`,
      [
        { heading: 'Finding us', lines: [`${site.brand}, ${formatAddress()}`, `Directions: ${mapsUrl()}`, 'Follow the signs to the yard entrance; staff meet you at the gate and the free shuttle leaves every 15 minutes.'] },
        {
          heading: 'What to bring',
          lines: [
            `Your booking reference ${ref}, or this pass on your phone`,
            ...(b.carRegistration ? [`Your car, registration ${b.carRegistration}`] : ['Your car']),
            ...(b.departureFlight ? [`Your flight details (${b.departureFlight})`] : ['Your flight details']),
            'Allow 45 minutes before check-in for a domestic flight and 60 for an international one, and arrive 15-20 minutes early.',
          ],
        },
      ],
      passUrl,
    );
    return { email, sms: { to: b.customer.contactNumber, text: `${site.brand}: drop-off tomorrow ${when(b.dropOffDate, b.dropOffTime)}, ${formatAddress()}. Booking ${ref}. Your pass: ${passUrl}` } };
  }
  const email = render(
    b,
    `Welcome back: your car is ready today (${ref}) | ${site.brand}`,
    `Welcome back! Your pick-up is ${when(b.pickUpDate, b.pickUpTime)} (booking ${ref}).`,
    [
      ...(flight ? [{ heading: 'Your flight', lines: [flight] }] : []),
      {
        heading: "When you land: I've landed",
        lines: [landedInstruction, 'That puts you in the shuttle queue: the pass shows when the shuttle is on its way to the terminal pick-up point.'],
      },
    ],
    passUrl,
  );
  const flightLine = flight ? ` ${flight}.` : '';
  return { email, sms: { to: b.customer.contactNumber, text: `${site.brand}: welcome back! Booking ${ref}.${flightLine} When you land, press "I've landed" on your pass and the shuttle comes for you: ${passUrl}` } };
}

/**
 * Sent once when the flight tracker sees the return flight land: where to go and when the shuttle will be there,
 * without the traveller pressing anything. `flight` is the pass's sentence for the landed flight.
 */
export function landedNotice(b: Booking, flight: string, stop: 'domestic' | 'international' | null, passUrl: string): Notice {
  const ref = b.bookingReference ?? '';
  const where = stop ? [yardGuide.shuttle[stop]] : [yardGuide.shuttle.domestic, yardGuide.shuttle.international];
  const email = render(
    b,
    `Welcome back: the shuttle is coming for you (${ref}) | ${site.brand}`,
    `${flight}. You don't need to press "I've landed": we have seen your flight land and the shuttle is on its way.`,
    [{ heading: 'Where to go', lines: [...where, `Not there, or plans changed? Call us on ${site.phone}.`] }],
    passUrl,
  );
  const stopWords = stop ? `the ${stop} shuttle stop` : "your terminal's shuttle stop";
  return { email, sms: { to: b.customer.contactNumber, text: `${site.brand}: ${flight}. Go to ${stopWords}; no need to press "I've landed". Booking ${ref}: ${passUrl}` } };
}
