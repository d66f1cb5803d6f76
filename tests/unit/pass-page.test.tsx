// @vitest-environment happy-dom
/**
 * The booking pass page (web/src/features/pass/pages/PassPage.tsx) against a stand-in API: the wallet buttons appear
 * only when the answer offers them, every row of the stay is there whether or not the booking gives its value (so the
 * skeleton's rows are the pass's, docs/pass.md "Speed"), the invoice is a download or (when it names the buyer) an
 * e-mail to the booking's address, and an answer the hand check refuses or a 404 shows the pass's own messages.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import PassPage from '../../web/src/features/pass/pages/PassPage';
import { PassSkeleton } from '../../web/src/features/pass/components/PassSkeleton';
import { startEarlyRequest } from '../../web/src/lib/early-request';
import { ToastProvider } from '../../web/src/ui/toast/ToastProvider';
import { VALID_PASS } from '../support/pass-answer';

/** What the local server writes to /config.json: the pass's early read needs only apiBase, the API client the whole of it. */
const CONFIG = { apiBase: '/api', region: 'ap-southeast-2', userPoolId: 'local_pool', userPoolClientId: 'local-client', googleSignIn: false, environment: 'local' };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serve(status: number, body: unknown, landed?: () => ReactNode, early = false, more: Record<string, () => Response> = {}) {
  const fetch = vi.fn(async (url: string) =>
    url === '/config.json' ? json(200, CONFIG) : url === '/api/pass/p1.a.b' ? json(status, body) : (more[url]?.() ?? json(404, { message: 'Not found' })),
  );
  vi.stubGlobal('fetch', fetch);
  // As pass-early.ts does in the shell, before the page's code runs.
  if (early) startEarlyRequest('/pass/p1.a.b');
  render(
    <ToastProvider>
      <MemoryRouter initialEntries={['/pass/p1.a.b']}>
        <Routes>
          <Route path="/pass/:token" element={<PassPage landed={landed} />} />
        </Routes>
      </MemoryRouter>
    </ToastProvider>,
  );
  return fetch;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rowValue = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the booking pass page', () => {
  it('offers Apple Wallet and Google Wallet when the answer offers both', async () => {
    const save = 'https://pay.google.com/gp/v/save/eyJ.e30.c2ln';
    serve(200, { ...VALID_PASS, wallet: { apple: true, google_save_url: save } });
    const group = await screen.findByRole('group', { name: 'Add to a phone wallet' }, { timeout: 10_000 });
    expect(within(group).getByRole('link', { name: 'Add to Apple Wallet' }).getAttribute('href')).toBe('/api/pass/p1.a.b/wallet.pkpass');
    expect(within(group).getByRole('link', { name: 'Save to Google Wallet' }).getAttribute('href')).toBe(save);
  });

  it('shows no wallet button where none is configured, and every row of the stay with what the booking gives', async () => {
    serve(200, VALID_PASS);
    await screen.findByTestId('pass-reference', undefined, { timeout: 10_000 });
    expect(screen.getByTestId('pass-reference').textContent).toBe('RP-ABC234');
    expect(screen.queryByRole('group', { name: 'Add to a phone wallet' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Wallet/ })).toBeNull();
    expect(rowValue('Departure flight')).toBe('NZ101');
    expect(rowValue('Return flight')).toBe('Not given');
    expect(rowValue('Parking bay')).toBe('Given when you arrive');
    expect(rowValue('Add-ons')).toBe('Car wash');
    expect(screen.getByTestId('pass-balance').textContent).toBe('$100.00');
    expect(screen.getByRole('button', { name: 'Pay balance $100.00' })).toBeTruthy();
  });

  it('writes amounts over $1,000 with a thousands separator, as every other screen does', async () => {
    serve(200, { ...VALID_PASS, total_cost: 1234.5, amount_paid: 10, balance_due: 1224.5 });
    await screen.findByTestId('pass-reference', undefined, { timeout: 10_000 });
    expect(rowValue('Total (GST inclusive)')).toBe('$1,234.50');
    expect(rowValue('Paid')).toBe('$10.00');
    expect(screen.getByTestId('pass-balance').textContent).toBe('$1,224.50');
    expect(screen.getByRole('button', { name: 'Pay balance $1,224.50' })).toBeTruthy();
  });

  it("says plainly under Return flight when the provider does not know the flight, and nothing when it does", async () => {
    const notice = "We can't find NZ1234 arriving on 24 Dec: please check it";
    serve(200, { ...VALID_PASS, return_flight: 'NZ1234', return_flight_notice: notice });
    await screen.findByTestId('pass-reference', undefined, { timeout: 10_000 });
    expect(screen.getByTestId('pass-flight-notice').textContent).toBe(notice);
    expect(rowValue('Return flight')).toBe(`NZ1234${notice}`);
    cleanup();
    serve(200, { ...VALID_PASS, return_flight: 'NZ1234' });
    await screen.findByTestId('pass-reference', undefined, { timeout: 10_000 });
    expect(rowValue('Return flight')).toBe('NZ1234');
    expect(screen.queryByTestId('pass-flight-notice')).toBeNull();
  });

  it('offers a cancelled pass only what a cancelled booking can do: the invoice, no calendar, no pay, cancel or resend', async () => {
    const cancelled = { ...VALID_PASS, status: 'cancelled', balance_due: 0, can: { pay_balance: false, cancel: false, say_landed: false, resend_confirmation: false, add_to_calendar: false } };
    serve(200, cancelled);
    await screen.findByTestId('pass-reference', undefined, { timeout: 10_000 });
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Download invoice' }).getAttribute('href')).toBe('/api/pass/p1.a.b/invoice.pdf');
    expect(screen.queryByRole('button', { name: /Pay balance|Cancel booking|Resend confirmation/ })).toBeNull();
  });

  it('offers Add to calendar where the answer does', async () => {
    serve(200, VALID_PASS);
    expect((await screen.findByRole('link', { name: 'Add to calendar' }, { timeout: 10_000 })).getAttribute('href')).toBe('/api/pass/p1.a.b/calendar.ics');
  });

  it('has the same rows, in the same order, as its loading skeleton', async () => {
    const labels = (root: ParentNode) => [...root.querySelectorAll('dt')].map((d) => d.textContent);
    const skeleton = document.createElement('div');
    skeleton.innerHTML = renderToStaticMarkup(<PassSkeleton />);
    serve(200, { ...VALID_PASS, departure_flight: null, car_wash: false });
    await screen.findByTestId('pass-reference', undefined, { timeout: 10_000 });
    expect(labels(document.body)).toEqual(labels(skeleton));
    // The when and where beside the code, then the stay's rows, then the payment's.
    expect(labels(skeleton)).toEqual(['Drop-off', 'Where', 'Drop-off', 'Pick-up', 'Days', 'Departure flight', 'Return flight', 'Car registration', 'Parking bay', 'Add-ons', 'Total (GST inclusive)', 'Paid', 'Balance due']);
    expect(rowValue('Add-ons')).toBe('None');
  });

  it("puts the return day's \"I've landed\" below the stay, and leaves it out on other days", async () => {
    serve(200, { ...VALID_PASS, can: { ...VALID_PASS.can, say_landed: true } }, () => <p>The landed form</p>);
    const section = await screen.findByRole('region', { name: "I've landed" }, { timeout: 10_000 });
    const stay = screen.getByRole('region', { name: 'Your stay' });
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(section.textContent).toBe('The landed form');
    expect(stay.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(section.compareDocumentPosition(payment) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    cleanup();
    serve(200, VALID_PASS, () => <p>The landed form</p>);
    await screen.findByTestId('pass-reference', undefined, { timeout: 10_000 });
    expect(screen.queryByText('The landed form')).toBeNull();
  });

  it('says a balance paid online that was not needed, and what goes back to the card, under Payment', async () => {
    serve(200, { ...VALID_PASS, amount_paid: 110, balance_due: 0, can: { ...VALID_PASS.can, pay_balance: false }, returned_payments: [{ amount: 100, kept: 0, refund: 100, reason: 'paidTwice', refunded: false }] });
    const notice = await screen.findByTestId('pass-returned-payment', undefined, { timeout: 10_000 });
    expect(notice.textContent).toBe('We received your payment of $100.00 for RP-ABC234, but it was not needed: the balance had already been paid. $100.00 is being refunded to your card.');
    expect(within(screen.getByRole('region', { name: 'Payment' })).getByRole('status')).toBe(notice);
    cleanup();
    serve(200, VALID_PASS);
    await screen.findByTestId('pass-reference', undefined, { timeout: 10_000 });
    expect(screen.queryByTestId('pass-returned-payment')).toBeNull();
  });

  it('offers the invoice as a download when it does not name the buyer', async () => {
    serve(200, VALID_PASS);
    await screen.findByTestId('pass-reference', undefined, { timeout: 10_000 });
    expect(screen.getByRole('link', { name: 'Download invoice' }).getAttribute('href')).toBe('/api/pass/p1.a.b/invoice.pdf');
    expect(screen.queryByRole('button', { name: 'E-mail invoice' })).toBeNull();
  });

  it("over $1,000 offers to e-mail the invoice to the booking's address instead, and says what the server answered", async () => {
    const sent = 'We have e-mailed the tax invoice to the e-mail address on the booking.';
    const fetch = serve(200, { ...VALID_PASS, total_cost: 1060, invoice: 'email' }, undefined, false, { '/api/pass/p1.a.b/invoice-email': () => json(202, { message: sent }) });
    const button = await screen.findByRole('button', { name: 'E-mail invoice' }, { timeout: 10_000 });
    expect(screen.queryByRole('link', { name: 'Download invoice' })).toBeNull();
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Over $1,000 a tax invoice names the buyer, so we e-mail it to the address on the booking.');
    fireEvent.click(button);
    expect(await screen.findByText(sent, undefined, { timeout: 10_000 })).toBeTruthy();
    const posted = fetch.mock.calls.find(([url]) => url === '/api/pass/p1.a.b/invoice-email') as unknown as [string, RequestInit] | undefined;
    expect(posted?.[1].method).toBe('POST');
  });

  it("reads the answer to the shell's early request rather than asking again", async () => {
    const fetch = serve(200, VALID_PASS, undefined, true);
    await screen.findByTestId('pass-reference', undefined, { timeout: 10_000 });
    expect(fetch.mock.calls.filter(([url]) => url === '/api/pass/p1.a.b')).toHaveLength(1);
  });

  it('says it could not load the pass when the answer is not a pass, and that it was not found on a 404', async () => {
    serve(200, { ...VALID_PASS, balance_due: '100.00' });
    expect((await screen.findByRole('alert', undefined, { timeout: 10_000 })).textContent).toBe('Could not load your booking pass. Please try again.');
    cleanup();
    serve(404, { message: 'Not found' });
    expect((await screen.findByRole('alert', undefined, { timeout: 10_000 })).textContent).toBe('This booking pass was not found. Check the link, or ask for a new one from Manage my booking.');
  });
});
