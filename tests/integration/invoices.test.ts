/**
 * Tax invoices and credit notes over HTTP: the PDF downloaded by the owner, by a pass link and by
 * staff, parsed as text: the reference, what was charged (from the ledger: the deposit, then the balance taken in
 * the yard), the GST in it, and a credit note page once a refund is made. Who may download what, and that a made-up
 * or altered pass token and an unknown booking answer the same 404. Over $1,000 the invoice names the buyer: the owner
 * and staff download it so, the pass link does not hand it out and e-mails it to the booking's own address instead.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { passTokenFor } from '../../functions/lib/pass-token';
import { keys } from '../../functions/store/keys';
import type { StoredEmail } from '../../functions/lib/email';
import { inOneBudgetWindow } from '../support/budget-window';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import { pdfPages } from '../support/pdf-text';
import type { TestUser } from '../support/users';
import { customer, quote } from './payment-support';
import { ownStackWithUsers } from '../support/stack-with-users';

const { env, db, users: { owner, other, staff, admin } } = ownStackWithUsers('runway-invoices-', { owner: {}, other: {}, staff: { staff: true }, admin: { admin: true } });

const api = <T = any>(method: string, p: string, body?: unknown, user?: TestUser) => request<T>(env.baseUrl, method, p, body, user ? { authorization: user.bearer } : {});
const stored = async (id: string) => (await db.send(new GetCommand({ TableName: env.tableName, Key: keys.booking(id), ConsistentRead: true }))).Item as Record<string, any>;

/** The owner's paid booking: 10 days ($60), drop-off in 20 days, paid in full or by the $10 deposit (or `days` long). */
async function paid(paymentType: 'full' | 'deposit', days = 10): Promise<{ id: string; reference: string }> {
  const started = await api('POST', '/api/checkout', { quote: quote({ dropOffDate: daysFromToday(20), pickUpDate: daysFromToday(19 + days), carWash: false }), customer: customer({ email: owner.email }), paymentType }, owner);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const res = await fetch(`${env.baseUrl}/_local/stripe/checkout/${started.body.sessionId}/pay`, { method: 'POST', redirect: 'manual' });
  expect(res.status).toBeLessThan(400);
  const id = started.body.bookingId as string;
  return { id, reference: (await stored(id)).bookingReference as string };
}

interface Download {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
  json: { message?: string } | null;
}

async function download(path: string, user?: TestUser): Promise<Download> {
  const res = await fetch(`${env.baseUrl}${path}`, { headers: user ? { authorization: user.bearer } : {} });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const json = (res.headers.get('content-type') ?? '').startsWith('application/json') ? (JSON.parse(Buffer.from(bytes).toString('utf8')) as { message?: string }) : null;
  return { status: res.status, headers: res.headers, bytes, json };
}

const mine = (id: string) => `/api/me/bookings/${id}/invoice.pdf`;
const staffs = (id: string) => `/api/admin/bookings/${id}/invoice.pdf`;
const pass = (token: string) => `/api/pass/${token}/invoice.pdf`;

describe('who may download a tax invoice', () => {
  it('the owner, the pass link and staff get the PDF; anyone else a 401, 403 or 404 that reveals nothing', async () => {
    const { id, reference } = await paid('full');
    const token = await passTokenFor(id);

    for (const [path, user] of [[mine(id), owner], [pass(token), undefined], [staffs(id), staff], [staffs(id), admin]] as const) {
      const got = await download(path, user);
      expect(got.status, path).toBe(200);
      expect(got.headers.get('content-type')).toBe('application/pdf');
      expect(got.headers.get('content-disposition')).toBe(`attachment; filename="${reference}-tax-invoice.pdf"`);
      expect(got.headers.get('cache-control')).toBe('no-store');
      expect(Buffer.from(got.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      expect((await pdfPages(got.bytes))[0]).toContain(`Invoice number ${reference}`);
    }

    // The account route: signed in, and only one's own booking.
    expect((await download(mine(id))).status).toBe(401);
    for (const user of [other, staff, admin]) {
      const got = await download(mine(id), user);
      expect(got.status).toBe(404);
      expect(got.json?.message).toBe('Booking not found');
    }
    // The staff route: staff and admins only.
    expect((await download(staffs(id))).status).toBe(401);
    expect((await download(staffs(id), owner)).status).toBe(403);
    expect((await download(staffs(id), other)).status).toBe(403);
    expect((await download(staffs('no-such-booking'), staff)).status).toBe(404);
    // A pass token altered by one character, one made up, and a well-signed one for no booking: the same 404.
    const altered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const bad of [altered, 'p1.abc.AAAAAAAAAAAAAAAAAAAAAA', 'not-a-token', await passTokenFor('no-such-booking')]) {
      const got = await download(pass(bad));
      expect(got.status, bad).toBe(404);
      expect(got.json?.message).toBe('Booking not found');
    }
  });
});

describe('an invoice that names the buyer (over $1,000)', () => {
  const emailInvoice = (token: string, from?: string) => request(env.baseUrl, 'POST', `/api/pass/${token}/invoice-email`, {}, from ? { 'x-forwarded-for': from } : {});
  const invoiceMails = async (reference: string) => (await request<StoredEmail[]>(env.baseUrl, 'GET', '/_local/outbox.json')).body.filter((m) => m.subject.includes(`Tax invoice for booking ${reference}`));

  it("the owner and staff download it with the buyer's name and e-mail; the pass link does not hand it out, and says what to do", async () => {
    const { id, reference } = await paid('full', 210);
    const token = await passTokenFor(id);
    const name = (await stored(id)).customer.name as string;
    for (const [path, user] of [[mine(id), owner], [staffs(id), staff]] as const) {
      const got = await download(path, user);
      expect(got.status, path).toBe(200);
      const [page] = await pdfPages(got.bytes);
      expect(page).toContain(name);
      expect(page).toContain(owner.email);
    }
    const byPass = await download(pass(token));
    expect(byPass.status).toBe(403);
    expect(byPass.json?.message).toBe('This tax invoice names the buyer, so it is not downloaded from the pass: press E-mail invoice and we send it to the e-mail address on the booking.');
    expect(Buffer.from(byPass.bytes).toString('utf8')).not.toContain(owner.email);
    // The pass says which way it offers the invoice; a smaller booking's is a download.
    expect((await api('GET', `/api/pass/${token}`)).body.invoice).toBe('email');
    const small = await paid('full');
    expect((await api('GET', `/api/pass/${await passTokenFor(small.id)}`)).body.invoice).toBe('download');
    expect(await invoiceMails(reference)).toEqual([]);
  });

  it("the pass e-mails it, to the booking's own address only, 3 times an hour per booking", async () => {
    await inOneBudgetWindow(3600, async () => {
      const { id, reference } = await paid('full', 210);
      const token = await passTokenFor(id);
      const name = (await stored(id)).customer.name as string;
      const sent = await emailInvoice(token, '10.77.0.1');
      expect(sent.status, JSON.stringify(sent.body)).toBe(202);
      expect(sent.body).toEqual({ message: 'We have e-mailed the tax invoice to the e-mail address on the booking.' });
      const [mail] = await invoiceMails(reference);
      expect(mail!.to).toEqual([owner.email]);
      const [file] = mail!.attachments!;
      expect(file).toMatchObject({ filename: `${reference}-tax-invoice.pdf`, contentType: 'application/pdf', encoding: 'base64' });
      const [page] = await pdfPages(new Uint8Array(Buffer.from(file!.content, 'base64')));
      expect(page).toContain(`Invoice number ${reference}`);
      expect(page).toContain(name);

      // A body naming another address changes nothing: the route reads none, and the invoice goes to the booking's.
      expect((await request(env.baseUrl, 'POST', `/api/pass/${token}/invoice-email`, { email: 'someone@else.example' }, { 'x-forwarded-for': '10.77.0.2' })).status).toBe(202);
      expect((await emailInvoice(token, '10.77.0.3')).status).toBe(202);
      const fourth = await emailInvoice(token, '10.77.0.4');
      expect(fourth.status).toBe(429);
      expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
      const mails = await invoiceMails(reference);
      expect(mails).toHaveLength(3);
      expect(mails.flatMap((m) => m.to)).toEqual([owner.email, owner.email, owner.email]);
    });
  });

  it('a made-up token answers the pass\'s 404 and sends nothing', async () => {
    const res = await emailInvoice('p1.abc.AAAAAAAAAAAAAAAAAAAAAA');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('This booking pass was not found. Check the link, or ask for a new one from Manage my booking.');
  });
});

describe('no invoice for a booking that is not paid', () => {
  it('an unpaid checkout: 404 on all three routes, as an unknown booking', async () => {
    const started = await api('POST', '/api/checkout', { quote: quote({ dropOffDate: daysFromToday(20), pickUpDate: daysFromToday(29), carWash: false }), customer: customer({ email: owner.email }), paymentType: 'full' }, owner);
    expect(started.status).toBe(201);
    const id = started.body.bookingId as string;
    for (const [path, user] of [[mine(id), owner], [pass(await passTokenFor(id)), undefined], [staffs(id), staff]] as const) {
      const got = await download(path, user);
      expect(got.status, path).toBe(404);
      expect(got.json?.message).toBe('Booking not found');
    }
  });
});

describe('what the invoice says', () => {
  it('a deposit booking: the $10 charged and its GST, the balance still due; once the balance is paid in the yard, both charges and the $60 total', async () => {
    const { id, reference } = await paid('deposit');
    const [first] = await pdfPages((await download(mine(id), owner)).bytes);
    for (const text of ['Tax invoice', 'Runway Parking Limited', 'GST number 123-456-789', `Invoice number ${reference}`, '10 days', 'Vehicle: ', 'Deposit paid online by card $10.00', 'Total (GST inclusive) $10.00', 'GST included (15%) $1.30', 'Balance due at pick-up: $50.00']) {
      expect(first).toContain(text);
    }
    // Below $1,000: no buyer block.
    expect(first).not.toContain('Buyer');

    const paidInYard = await api('POST', `/api/admin/bookings/${id}/payments`, { amount: 50, method: 'cash', version: (await stored(id)).updatedAt }, staff);
    expect(paidInYard.status, JSON.stringify(paidInYard.body)).toBe(201);
    const [after] = await pdfPages((await download(staffs(id), staff)).bytes);
    for (const text of ['Deposit paid online by card $10.00', 'Paid in the yard: Cash $50.00', 'Total (GST inclusive) $60.00', 'GST included (15%) $7.83']) expect(after).toContain(text);
    expect(after).not.toContain('Balance due at pick-up');
  });

  it('a refund made adds a credit note page for it, referring to the invoice; the invoice still shows what was charged', async () => {
    const { id, reference } = await paid('full');
    expect(await pdfPages((await download(mine(id), owner)).bytes)).toHaveLength(1);
    const refunded = await api('POST', `/api/admin/bookings/${id}/refunds`, { amount: 15, reason: 'Shuttle was late', version: (await stored(id)).updatedAt }, admin);
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
    const pages = await pdfPages((await download(pass(await passTokenFor(id)))).bytes);
    expect(pages).toHaveLength(2);
    const [invoice, note] = pages as [string, string];
    expect(invoice).toContain('Paid online by card $60.00');
    expect(invoice).toContain('Total (GST inclusive) $60.00');
    for (const text of ['Credit note', `Credit note number ${reference}-CN1`, `For tax invoice ${reference}`, 'GST number 123-456-789', 'Shuttle was late', 'Credit (GST inclusive) $15.00', 'GST included (15%) $1.96']) {
      expect(note).toContain(text);
    }
  });

  it('a cancellation: the refund made is a credit note; what was kept stays invoiced', async () => {
    const { id, reference } = await paid('full');
    const cancelled = await api('POST', `/api/me/bookings/${id}/cancellation`, {}, owner);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // 48 hours or more before drop-off: $60 paid, $40 back, the $20 fee kept.
    const pages = await pdfPages((await download(mine(id), owner)).bytes);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Total (GST inclusive) $60.00');
    expect(pages[0]).not.toContain('Balance due');
    expect(pages[1]).toContain(`Credit note number ${reference}-CN1`);
    expect(pages[1]).toContain('Credit (GST inclusive) $40.00');
    expect(pages[1]).toContain('GST included (15%) $5.22');
  });
});
