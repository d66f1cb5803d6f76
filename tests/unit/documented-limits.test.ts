/**
 * The app's request budgets are the numbers docs/security.md ("Limits") publishes, written here as the docs write
 * them, so changing a budget without the docs (or the docs without the budget) fails. How each budget refuses is in
 * request-budgets.test.ts and the rate-limit integration tests.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_EMAIL_BUDGETS } from '../../functions/use-cases/limits/account-email-budget';
import { PASS_BUDGETS } from '../../functions/use-cases/limits/pass-budgets';
import { DEFAULT_CONTACT_EMAILS_PER_DAY, REQUEST_BUDGETS } from '../../functions/use-cases/limits/request-budgets';

const hour = 3600;
const tenMinutes = 600;

describe('the limits docs/security.md lists', () => {
  it('contact form: 5 an hour per address, 3 an hour per e-mail, 200 a day across senders by default', () => {
    expect(REQUEST_BUDGETS.contact).toEqual({ client: { limit: 5, windowSeconds: hour }, email: { limit: 3, windowSeconds: hour } });
    expect(DEFAULT_CONTACT_EMAILS_PER_DAY).toBe(200);
  });

  it('checkout: 20 per 10 minutes per address, 10 per e-mail, 30 per account', () => {
    expect(REQUEST_BUDGETS.checkout).toEqual({ client: { limit: 20, windowSeconds: tenMinutes }, email: { limit: 10, windowSeconds: tenMinutes }, account: { limit: 30, windowSeconds: tenMinutes } });
  });

  it('manage-my-booking links: 10 an hour per address; 3 links an hour per reference; wrong e-mails counted 10 per reference, 10 per e-mail, 5 per address; resend: 3 an hour per booking, 10 per address', () => {
    expect(PASS_BUDGETS.manageLink).toEqual({
      client: { limit: 10, windowSeconds: hour },
      sentPerReference: { limit: 3, windowSeconds: hour },
      wrongPerReference: { limit: 10, windowSeconds: hour },
      wrongPerEmail: { limit: 10, windowSeconds: hour },
      wrongPerClient: { limit: 5, windowSeconds: hour },
    });
    expect(PASS_BUDGETS.resend).toEqual({ client: { limit: 10, windowSeconds: hour }, booking: { limit: 3, windowSeconds: hour } });
  });

  it('e-mailing the tax invoice from the pass: 3 an hour per booking, 10 per address', () => {
    expect(PASS_BUDGETS.invoiceEmail).toEqual({ client: { limit: 10, windowSeconds: hour }, booking: { limit: 3, windowSeconds: hour } });
  });

  it("\"I've landed\": 30 an hour per address, 10 per booking by the pass, 20 per account", () => {
    expect(PASS_BUDGETS.landed).toEqual({ client: { limit: 30, windowSeconds: hour }, booking: { limit: 10, windowSeconds: hour }, account: { limit: 20, windowSeconds: hour } });
  });

  it('account e-mails: 5 an hour per account, 5 an hour and 10 a day per address', () => {
    expect(ACCOUNT_EMAIL_BUDGETS).toEqual({ account: { limit: 5, windowSeconds: hour }, address: { limit: 5, windowSeconds: hour }, addressPerDay: { limit: 10, windowSeconds: 86_400 } });
  });
});
