/**
 * Back on the pass from paying the balance: the note says the payment was received, or, for a payment the booking
 * did not need, that it was not needed and what goes back, never both.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { balanceCheckoutMessages } from '../../shared/balance-checkout';
import { returnedPaymentText } from '../../shared/returned-payment';
import { createdBooking } from '../support/created-booking';

vi.mock('../../web/src/features/pass/api/get-pass', () => ({ fetchPass: vi.fn(async () => ({ token: 'p1.read-again' })) }));

const { checkBalancePayment } = await import('../../web/src/features/pass/api/check-balance-payment');

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The balance paid: $30 of $30. */
const booking = { ...createdBooking, amount_paid: 30, balance_due: 0 };

function answer(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url === '/config.json' ? json(200, { apiBase: '/api', region: 'local', userPoolId: 'p', userPoolClientId: 'c', googleSignIn: false, environment: 'test' }) : json(200, body))),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the pass back from paying its balance', () => {
  it('says the payment was received when the booking kept it', async () => {
    answer({ ...booking, returned_payment: null });
    const back = await checkBalancePayment('cs_1', 'p1.token', new AbortController().signal);
    expect(back.message).toBe(balanceCheckoutMessages.paid('RP-7K3M9Q'));
    expect(back.pass).toEqual({ token: 'p1.read-again' });
  });

  it('says a payment the booking did not need was not needed, and what goes back to the card', async () => {
    const returned = { amount: 20, kept: 0, refund: 20, reason: 'paidTwice' as const, refunded: false };
    answer({ ...booking, returned_payment: returned });
    const back = await checkBalancePayment('cs_1', 'p1.token', new AbortController().signal);
    expect(back.message).toBe(returnedPaymentText('RP-7K3M9Q', returned));
    expect(back.message).not.toContain('Thank you');
    expect(back.message).toContain('$20.00');
  });
});
