/**
 * The admin's customer list: who may call it (anonymous, customer A, customer B, staff, admin); every
 * customer who has paid or holds an account in name order, paged by a cursor with no row lost or repeated between
 * pages; a customer whose checkout was never paid left out until it pays, and a renamed one moved in the same write; the forgiving search (name, e-mail, phone digits)
 * paged alike; and one customer's bookings with reference, dates, status and total.
 * Other test files share this stack, so the list holds their customers too: this file's names start with a run of
 * letters ('Aaaa' and a random tail) that sorts them first, and assertions look at this file's rows in place.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { customerListMessages } from '../../shared/admin-customers';
import { customerListKeys } from '../../functions/store/customers';
import { keys } from '../../functions/store/keys';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import { createUser, type TestUser } from '../support/users';
import { baseUrl, checkout, checkoutBody, customerByEmail, env, item, payOnPage } from './payment-support';

interface ListedCustomer {
  id: string;
  name: string;
  email: string;
  contact_number: string;
}
interface ListPage {
  customers: ListedCustomer[];
  next: string | null;
  total: number | null;
  truncated: boolean;
}

let a: TestUser;
let b: TestUser;
let staff: TestUser;
let admin: TestUser;

const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + randomInt(26))).join('');
/** This run's name prefix: 'Aaaa' sorts before any name other tests use, the tail keeps runs apart. */
const PREFIX = `Aaaa${letters(6)}`;

const api = <T = any>(path: string, user: TestUser | null = admin, method = 'GET', body?: unknown) =>
  request<T>(baseUrl, method, path, body, user ? { authorization: user.bearer } : {});

/** A customer made the way customers are made: a checkout (paid when `pay`), whose customer record is returned. */
async function customerFromCheckout(firstName: string, lastName: string, options: { pay?: boolean; dropIn?: number; email?: string; phone?: string; user?: TestUser } = {}) {
  const email = options.email ?? `list-${randomUUID().slice(0, 10)}@example.com`;
  const dropIn = options.dropIn ?? 70;
  const started = await checkout(
    checkoutBody({ customer: { firstName, lastName, email, ...(options.phone ? { contactNumber: options.phone } : {}) }, quote: { dropOffDate: daysFromToday(dropIn), pickUpDate: daysFromToday(dropIn + 2), carWash: false } }),
    options.user ? { authorization: options.user.bearer } : {},
  );
  if (options.pay) await payOnPage(started.sessionId);
  const stored = (await customerByEmail(email))!;
  return { id: stored.id as string, email, bookingId: started.bookingId, sessionId: started.sessionId, name: stored.name as string };
}

/** Pages of the whole list, `pageSize` at a time, until `stop` says enough (or the list ends). */
async function walk(pageSize: number, stop: (seen: ListedCustomer[]) => boolean, q = ''): Promise<{ rows: ListedCustomer[]; pages: ListPage[] }> {
  const rows: ListedCustomer[] = [];
  const pages: ListPage[] = [];
  let cursor: string | null = null;
  do {
    const res: { status: number; body: ListPage } = await api<ListPage>(`/api/admin/customer-list?pageSize=${pageSize}${q ? `&q=${encodeURIComponent(q)}` : ''}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    pages.push(res.body);
    rows.push(...res.body.customers);
    cursor = res.body.next;
  } while (cursor && !stop(rows));
  return { rows, pages };
}

const sortName = (name: string) => name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

beforeAll(async () => {
  [a, b, staff, admin] = await Promise.all([createUser(env), createUser(env), createUser(env, { staff: true }), createUser(env, { admin: true })]);
});

describe('who may use the customer list', () => {
  it('anonymous 401; customers A and B 403 (A on their own record too); staff 403; admins 200', async () => {
    const own = await customerFromCheckout('Kahu', 'Access', { email: a.email, user: a, pay: true, dropIn: 71 });
    for (const path of ['/api/admin/customer-list', `/api/admin/customer-bookings/${own.id}`]) {
      expect((await api(path, null)).status, path).toBe(401);
      for (const user of [a, b, staff]) {
        const res = await api(path, user);
        expect(res.status, `${path} ${user.email}`).toBe(403);
        expect(JSON.stringify(res.body)).not.toContain(own.email);
      }
      expect((await api(path, admin)).status, path).toBe(200);
    }
  });
});

describe('the whole list', () => {
  it('lists new customers in name order, pages without losing or repeating a row, and moves a renamed customer in the same write', async () => {
    const made: Awaited<ReturnType<typeof customerFromCheckout>>[] = [];
    for (const [first, last] of [
      ['Mere', 'Tane'],
      ['ánna', 'Smith'],
      ['Ann', 'Lee'],
      ['Bob', 'Ngata'],
      ['Ann', 'Zed'],
    ]) {
      made.push(await customerFromCheckout(`${PREFIX} ${first}`, last!, { pay: true }));
    }
    // A checkout never paid leaves a customer record that is nobody's customer yet: not in the list, its item out of
    // the list's index, until its booking is paid.
    const unpaid = await customerFromCheckout(`${PREFIX} Ann`, 'Unpaid');
    const mine = (rows: ListedCustomer[]) => rows.filter((c) => made.some((m) => m.id === c.id));
    const haveAll = (rows: ListedCustomer[]) => mine(rows).length === made.length;

    // One big page, then the list again in pages of two. Other files add (and rename) customers on this shared table
    // meanwhile, so the two walks may hold different rows of theirs: judge this test's own rows (each once, in the
    // same order) and the order of every row a walk returned (each page starts after the last row of the one before,
    // so their list keys only ever rise: a row repeated or out of place breaks that).
    const big = await walk(100, haveAll);
    const small = await walk(2, haveAll);
    expect(small.pages.length).toBeGreaterThan(2);
    expect(small.pages.slice(0, -1).every((p) => p.customers.length === 2 && p.next !== null && p.total === null)).toBe(true);
    const inNameOrder = [made[2]!, made[4]!, made[1]!, made[3]!, made[0]!].map((m) => m.id);
    expect(mine(big.rows).map((c) => c.id)).toEqual(inNameOrder);
    expect(mine(small.rows).map((c) => c.id)).toEqual(inNameOrder);
    for (const walked of [big.rows, small.rows]) {
      const listKeys = walked.map((c) => Buffer.from(customerListKeys(c).gsi2sk));
      expect(listKeys.slice(1).every((key, i) => Buffer.compare(listKeys[i]!, key) < 0), walked.map((c) => c.name).join(' | ')).toBe(true);
    }
    // Name order, judged on this test's own customers.
    const names = mine(big.rows).map((c) => sortName(c.name));
    expect(names).toEqual([...names].sort());
    expect(mine(big.rows).map((c) => c.name)).toEqual([`${PREFIX} Ann Lee`, `${PREFIX} Ann Zed`, `${PREFIX} ánna Smith`, `${PREFIX} Bob Ngata`, `${PREFIX} Mere Tane`]);
    expect(mine(big.rows)[0]).toMatchObject({ id: made[2]!.id, email: made[2]!.email });
    expect(big.rows.map((c) => c.id)).not.toContain(unpaid.id);
    expect((await item(keys.customer(unpaid.id)))!.gsi2pk).toBeUndefined();

    // An admin renames Mere: she moves to her new place, and the item's index key says so.
    const mere = made[0]!;
    const current = (await api(`/api/admin/customers/${mere.id}`)).body.customer;
    const edit = await api(`/api/admin/customers/${mere.id}`, admin, 'PATCH', { name: `${PREFIX} Aroha Tane`, email: current.email, contact_number: current.contact_number, version: current.updated_at });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const after = await walk(100, haveAll);
    expect(mine(after.rows).map((c) => c.name)).toEqual([`${PREFIX} Ann Lee`, `${PREFIX} Ann Zed`, `${PREFIX} ánna Smith`, `${PREFIX} Aroha Tane`, `${PREFIX} Bob Ngata`]);
    expect((await item(keys.customer(mere.id)))!).toMatchObject({ gsi2pk: 'CUSTOMERS', gsi2sk: `${PREFIX.toLowerCase()} aroha tane #${mere.id}` });

    // Its booking paid, the unpaid customer takes its place in the list, in the same write as the confirmation.
    await payOnPage(unpaid.sessionId);
    const paid = await walk(100, (rows) => rows.some((c) => c.id === unpaid.id));
    expect(paid.rows.filter((c) => c.name.startsWith(PREFIX)).map((c) => c.name)).toEqual([`${PREFIX} Ann Lee`, `${PREFIX} Ann Unpaid`, `${PREFIX} Ann Zed`, `${PREFIX} ánna Smith`, `${PREFIX} Aroha Tane`, `${PREFIX} Bob Ngata`]);
  });

  it('lists an account holder who has not paid yet, from the moment the account is linked', async () => {
    // Booked without signing in, never paid: not listed.
    const holder = await customerFromCheckout(`${PREFIX} Kiri`, 'Account', { email: b.email, dropIn: 73 });
    expect((await item(keys.customer(holder.id)))!.gsi2pk).toBeUndefined();
    // Signed in with the same verified e-mail, the account takes the record: listed from then on.
    expect((await request(baseUrl, 'GET', '/api/me/bookings', undefined, { authorization: `Bearer ${b.idToken}` })).status).toBe(200);
    expect((await item(keys.customer(holder.id)))!.userId).toBe(b.sub);
    const rows = (await walk(100, (seen) => seen.some((c) => c.id === holder.id))).rows;
    expect(rows.map((c) => c.id)).toContain(holder.id);
  });

  it('refuses a made-up cursor, or one from a search, with a message the page can show', async () => {
    for (const cursor of ['not-a-cursor', Buffer.from(JSON.stringify({ after: 'x' })).toString('base64url'), Buffer.from(JSON.stringify({ offset: 25 })).toString('base64url'), '%22%7D']) {
      const res = await api(`/api/admin/customer-list?cursor=${cursor}`);
      expect(res.status, cursor).toBe(400);
      expect(res.body.message).toBe(customerListMessages.cursorInvalid);
    }
    expect((await api('/api/admin/customer-list?pageSize=0')).status).toBe(400);
    expect((await api('/api/admin/customer-list?pageSize=101')).status).toBe(400);
    expect((await api('/api/admin/customer-list?sort=name')).status).toBe(400);
  });
});

describe('search', () => {
  it('finds by name in any case and accent, e-mail, or the last digits of the phone, and pages the matches', async () => {
    const surname = `Zzlist${letters(6)}`;
    const phone = `027 ${randomInt(100, 999)} ${randomInt(1000, 9999)}`;
    const one = await customerFromCheckout('Hēmi', surname, { phone, pay: true });
    const two = await customerFromCheckout('Tui', surname, { pay: true });
    const three = await customerFromCheckout('Rawiri', surname, { pay: true });
    // Matches the surname, but never paid: not counted, not shown.
    await customerFromCheckout('Ana', surname);

    const page1 = (await api<ListPage>(`/api/admin/customer-list?q=${surname.toUpperCase()}&pageSize=2`)).body;
    expect(page1).toMatchObject({ total: 3, truncated: false });
    expect(page1.customers).toHaveLength(2);
    expect(page1.next).not.toBeNull();
    const page2 = (await api<ListPage>(`/api/admin/customer-list?q=${surname.toUpperCase()}&pageSize=2&cursor=${page1.next}`)).body;
    expect(page2).toMatchObject({ total: 3, next: null });
    expect([...page1.customers, ...page2.customers].map((c) => c.id).sort()).toEqual([one.id, two.id, three.id].sort());
    // Three matches on pages of three: one page, and no link to an empty one after it.
    expect((await api<ListPage>(`/api/admin/customer-list?q=${surname}&pageSize=3`)).body).toMatchObject({ total: 3, next: null });

    const ids = async (q: string) => (await api<ListPage>(`/api/admin/customer-list?q=${encodeURIComponent(q)}`)).body.customers.map((c) => c.id);
    expect(await ids(`hemi ${surname}`)).toEqual([one.id]);
    expect(await ids(one.email.toUpperCase())).toEqual([one.id]);
    expect(await ids(phone.replace(/\D/g, '').slice(-6))).toContain(one.id);
    expect(await ids(`${surname}nobody`)).toEqual([]);
    // A search's cursor is not the whole list's.
    expect((await api(`/api/admin/customer-list?cursor=${page1.next}`)).status).toBe(400);
  });
});

describe("a customer's bookings", () => {
  it('lists their bookings, the latest drop-off first, with reference, dates, status and total; none for a new customer', async () => {
    const email = `list-${randomUUID().slice(0, 10)}@example.com`;
    const first = await customerFromCheckout(`${PREFIX} Wiremu`, 'Bookings', { email, pay: true, dropIn: 72 });
    const second = await customerFromCheckout(`${PREFIX} Wiremu`, 'Bookings', { email, pay: true, dropIn: 80 });
    expect(second.id).toBe(first.id);
    // An unpaid checkout is no booking yet.
    await customerFromCheckout(`${PREFIX} Wiremu`, 'Bookings', { email, dropIn: 85 });

    const res = await api(`/api/admin/customer-bookings/${first.id}`);
    expect(res.status).toBe(200);
    expect(res.body.customer).toMatchObject({ id: first.id, email });
    const rows = res.body.bookings as { id: string; booking_reference: string; drop_off_date: string; pick_up_date: string; status: string; total_cost: number }[];
    expect(rows.map((r) => r.id)).toEqual([second.bookingId, first.bookingId]);
    const stored = (await item(keys.booking(second.bookingId)))!;
    expect(rows[0]).toMatchObject({ booking_reference: stored.bookingReference, drop_off_date: daysFromToday(80), pick_up_date: daysFromToday(82), status: 'reservation', total_cost: stored.totalCents / 100 });
    expect(rows[0]!.booking_reference).toMatch(/^RP-/);

    const fresh = await customerFromCheckout(`${PREFIX} Nobody`, 'Yet');
    expect((await api(`/api/admin/customer-bookings/${fresh.id}`)).body.bookings).toEqual([]);
    expect((await api('/api/admin/customer-bookings/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await api('/api/admin/customer-bookings/nope')).status).toBe(404);
  });
});
