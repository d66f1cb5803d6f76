/**
 * Every e-mail the product builds has a plain-text part that reads as text: what people typed (an apostrophe, an
 * ampersand, angle brackets) appears as typed, never as an HTML entity (`didn&#39;t` in the text part).
 * The account e-mails Cognito sends are HTML only; their text part exists only in the local outbox and is checked in
 * tests/integration/accounts-local.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { contactEmail } from '../../functions/use-cases/contact/message-email';
import { manageLinkEmail } from '../../functions/use-cases/pass/manage-link';
import { bookingEmail, receiptEmail } from '../../functions/use-cases/booking/receipt-email';
import { reminderNotice } from '../../functions/use-cases/reminders/reminder-messages';
import { securityNoticeEmail, type SecurityChange } from '../../functions/use-cases/account/security-notice';
import { bookingRecord } from '../support/booking-record';

const typed = `D'Arcy & <Co>`;
const booking = bookingRecord({
  customer: { name: `${typed} O'Neill`, email: "d'arcy@example.com", contactNumber: '021 555 1234' },
  payment: { type: 'deposit', amountPaidCents: 1000, balanceDueCents: 10000, currency: 'nzd', paymentIntent: 'pi_1', sessionId: 'cs_test_1', paidAt: '2030-03-01T00:01:00.000Z' },
  paymentType: 'deposit',
});
const passUrl = 'https://parking.example/pass/abc?x=1&y=2';
const ENTITY = /&(?:#\d+|#x[0-9a-f]+|[a-z]+);/i;

const builders: [string, () => { text: string; html?: string }][] = [
  ['receipt', () => receiptEmail(booking, passUrl, { passUrl, dashboardUrl: 'https://parking.example/customer-dashboard?a=1&b=2' })],
  ['booking change', () => bookingEmail(booking, { subject: 'Changed', intro: "We've changed your booking & it's set", change: [{ label: 'Pick-up', value: `"late" & <soon>` }], passUrl })],
  ['day-before reminder', () => reminderNotice('day-before', booking, passUrl).email],
  ['return-day reminder', () => reminderNotice('return-day', booking, passUrl).email],
  ['manage link', () => manageLinkEmail("d'arcy@example.com", 'RP-7K3M9Q', passUrl)],
  ['contact message', () => contactEmail({ name: typed, email: "d'arcy@example.com", phone: '021 555 1234', message: `It's "urgent" & <b>` }, new Date('2030-03-01T00:00:00Z'))],
  ...(['password-changed', 'password-reset', 'two-step-on', 'two-step-off', 'two-step-on-by-staff', 'two-step-off-by-staff'] as SecurityChange[]).map(
    (c): [string, () => { text: string; html?: string }] => [`security notice ${c}`, () => securityNoticeEmail(c, "d'arcy@example.com", new Date('2030-03-01T00:00:00Z'), 'https://parking.example')],
  ),
];

describe('plain-text parts of every e-mail', () => {
  it.each(builders)('%s: no HTML entity in the text part, and its HTML part does escape', (_name, build) => {
    const mail = build();
    expect(mail.text).not.toMatch(ENTITY);
    // The entities belong in the HTML part: the same message there is escaped.
    if (mail.html) expect(mail.html).toMatch(ENTITY);
  });

  it('shows typed apostrophes and ampersands as typed', () => {
    expect(receiptEmail(booking, passUrl).text).toContain("Hi D'Arcy,");
    expect(contactEmail({ name: typed, email: 'a@example.com', phone: '021 555 1234', message: `It's "urgent" & <b>` }, new Date()).text).toContain(`It's "urgent" & <b>`);
    expect(manageLinkEmail('a@example.com', 'RP-7K3M9Q', passUrl).text).toContain(passUrl);
  });
});
