/**
 * The request budgets' policy (functions/use-cases/limits/request-budgets.ts): which budgets each route spends,
 * the IPv6 /64 rule, the day's cap on contact e-mails and what the 429 says. The counting itself runs against
 * DynamoDB Local in tests/integration/rate-limits.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import type { Budget, SpendOutcome } from '../../functions/store/rate-limits';

const spent: Budget[][] = [];
let outcome: (budgets: readonly Budget[]) => SpendOutcome = () => ({ ok: true });
vi.mock('../../functions/store/rate-limits', () => ({
  spendBudgets: async (budgets: readonly Budget[]) => {
    spent.push([...budgets]);
    return outcome(budgets);
  },
}));

const { clientNetwork, contactEmailsPerDay, spendRequestBudget } = await import('../../functions/use-cases/limits/request-budgets');
const { HttpError, httpErrorOf } = await import('../../functions/lib/errors');
const { contactTexts } = await import('../../shared/contact');

beforeEach(() => {
  spent.length = 0;
  outcome = () => ({ ok: true });
});
afterEach(() => {
  delete process.env.CONTACT_EMAILS_PER_DAY;
});

describe('which budgets a request spends', () => {
  it('a contact message: the address, the e-mail (lower-cased) and the day\'s contact e-mails, in that order', async () => {
    process.env.CONTACT_EMAILS_PER_DAY = '50';
    await spendRequestBudget('contact', { clientAddress: '198.51.100.4', email: ' Aroha@Example.NZ ' });
    await spendRequestBudget('contact', { clientAddress: '198.51.100.5', email: 'aroha@example.nz' });
    const [first, second] = spent;
    // docs/security.md ("Limits"): 5 messages an hour per address, 3 an hour per e-mail, the day's cap as configured.
    expect(first!.map((b) => [b.scope, b.limit, b.windowSeconds])).toEqual([
      ['contact', 5, 3600],
      ['contact', 3, 3600],
      ['contact', 50, 86_400],
    ]);
    expect(first![2]!.subject).toBe('all');
    // The same e-mail whatever its case and spaces; a different address is a different budget.
    expect(second![1]!.subject).toBe(first![1]!.subject);
    expect(second![0]!.subject).not.toBe(first![0]!.subject);
    // Subjects are hashes: no address or e-mail is stored.
    for (const b of first!) expect(b.subject).not.toMatch(/198\.51|aroha|example/i);
  });

  it('a checkout: the address and the e-mail, or the account when signed in; no daily cap', async () => {
    await spendRequestBudget('checkout', { clientAddress: '198.51.100.4', email: 'a@example.nz' });
    await spendRequestBudget('checkout', { clientAddress: '198.51.100.4', account: 'sub-1' });
    // docs/security.md: 20 per address, 10 per typed e-mail, 30 per account, each per 10 minutes.
    expect(spent[0]!.map((b) => [b.limit, b.windowSeconds])).toEqual([[20, 600], [10, 600]]);
    expect(spent[1]!.map((b) => [b.limit, b.windowSeconds])).toEqual([[20, 600], [30, 600]]);
    expect(spent[1]![1]!.subject).toMatch(/^account-/);
  });

  it('the contact cap falls back to the default, 200 a day, when the setting is missing or nonsense', () => {
    expect(contactEmailsPerDay()).toBe(200);
    for (const bad of ['0', '-3', '2.5', 'lots']) {
      process.env.CONTACT_EMAILS_PER_DAY = bad;
      expect(contactEmailsPerDay()).toBe(200);
    }
  });
});

describe('what a spent budget answers', () => {
  it('a sender\'s budget: 429, the minutes to wait, Retry-After', async () => {
    outcome = (budgets) => ({ ok: false, refused: budgets[0]!, retryAfterSeconds: 61 });
    const error = await spendRequestBudget('checkout', { clientAddress: '198.51.100.4', email: 'a@example.nz' }).catch((e: unknown) => httpErrorOf(e));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 429, message: 'Too many attempts in a short time. Please try again in 2 minutes.', headers: { 'retry-after': '61' } });
  });

  it("the day's contact e-mails: the 'call us' text", async () => {
    outcome = (budgets) => ({ ok: false, refused: budgets[2]!, retryAfterSeconds: 3600 });
    const error = await spendRequestBudget('contact', { clientAddress: '198.51.100.4', email: 'a@example.nz' }).catch((e: unknown) => httpErrorOf(e));
    expect(error).toMatchObject({ status: 429, message: contactTexts.busy });
  });
});

describe('client addresses', () => {
  it('an IPv6 client spends the budget of its /64, however it writes the address', () => {
    expect(clientNetwork('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:0db8:0001:0002::/64');
    expect(clientNetwork('2001:db8:1:2::1')).toBe('2001:0db8:0001:0002::/64');
    expect(clientNetwork('[2001:DB8:1:2::ffff]')).toBe('2001:0db8:0001:0002::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:0db8:0000:0000::/64');
    expect(clientNetwork('::1')).toBe('0000:0000:0000:0000::/64');
  });

  it('any two addresses in one /64 share a budget; IPv4 addresses are their own', () => {
    const hex = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
    fc.assert(
      fc.property(fc.array(hex, { minLength: 4, maxLength: 4 }), fc.array(hex, { minLength: 4, maxLength: 4 }), fc.array(hex, { minLength: 4, maxLength: 4 }), (net, a, b) => {
        expect(clientNetwork([...net, ...a].join(':'))).toBe(clientNetwork([...net, ...b].join(':')));
      }),
    );
    expect(clientNetwork('203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork('203.0.113.9')).not.toBe(clientNetwork('203.0.113.10'));
  });
});
