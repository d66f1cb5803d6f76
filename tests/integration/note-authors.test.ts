/**
 * Staff notes name their author as staff know them: the id token's e-mail (or its name, where the account
 * has one: tests/unit/note-authors.test.ts, as the local Cognito puts no name in its tokens), kept on the note when it
 * is written; a token that names no one (an access token: only the user id) and older notes that kept only a user id
 * read 'A staff member', never the id; an older note that kept an e-mail shows it.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/store/keys';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import { createUser, type TestUser } from '../support/users';
import { baseUrl, customer, env, item, partition, payOnPage, quote } from './payment-support';
import { tableClient } from '../support/stack-with-users';

let owner: TestUser;
let staff: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [owner, staff, admin] = await Promise.all([createUser(env), createUser(env, { staff: true }), createUser(env, { admin: true })]);
});

const call = (method: string, path: string, body: unknown, bearer: string) => request(baseUrl, method, path, body, { authorization: `Bearer ${bearer}` });

async function paidBooking(dropIn: number): Promise<string> {
  const res = await call('POST', '/api/checkout', { quote: quote({ dropOffDate: daysFromToday(dropIn), pickUpDate: daysFromToday(dropIn + 3), carWash: false }), customer: customer({ email: owner.email }), paymentType: 'full' }, owner.accessToken);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect((await payOnPage((res.body as { sessionId: string }).sessionId)).status).toBeLessThan(400);
  return (res.body as { bookingId: string }).bookingId;
}

describe('note authors', () => {
  it("shows the id token's e-mail, else 'A staff member', on the booking, the yard screen and the day sheet", async () => {
    const id = await paidBooking(61);
    const flagDate = daysFromToday(61);
    const byAdmin = await call('POST', `/api/admin/bookings/${id}/notes`, { text: 'Child seat in the back', flag_date: flagDate }, admin.idToken);
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(201);
    expect((byAdmin.body as { note: { author: string } }).note.author).toBe(admin.email);
    const byEmail = await call('POST', `/api/admin/bookings/${id}/notes`, { text: 'Keys left at the desk' }, staff.idToken);
    expect((byEmail.body as { note: { author: string } }).note.author).toBe(staff.email);
    const byNobody = await call('POST', `/api/admin/bookings/${id}/notes`, { text: 'Tyre looks flat' }, staff.accessToken);
    expect((byNobody.body as { note: { author: string } }).note.author).toBe('A staff member');

    // What the note keeps: who wrote it (the e-mail, or the id an access token gives) and the name shown.
    const stored = await partition(keys.booking(id).pk, 'NOTE#');
    expect(stored.map((n) => [n.text, n.author, n.authorName])).toEqual(
      expect.arrayContaining([
        ['Child seat in the back', admin.email, admin.email],
        ['Keys left at the desk', staff.email, staff.email],
        ['Tyre looks flat', staff.sub, null],
      ]),
    );

    const authors = (notes: { text: string; author: string }[]) => Object.fromEntries(notes.map((n) => [n.text, n.author]));
    const want = { 'Child seat in the back': admin.email, 'Keys left at the desk': staff.email, 'Tyre looks flat': 'A staff member' };
    expect(authors((await call('GET', `/api/admin/bookings/${id}`, undefined, admin.accessToken)).body.notes)).toEqual(want);
    expect(authors((await call('GET', `/api/yard/bookings/${id}`, undefined, staff.accessToken)).body.notes)).toEqual(want);
    const sheet = await call('GET', `/api/admin/day-sheet?date=${flagDate}`, undefined, staff.accessToken);
    expect(sheet.body.notes).toContainEqual(expect.objectContaining({ booking_id: id, text: 'Child seat in the back', author: admin.email }));
  });

  it('an older note shows the e-mail it kept, or a staff member for a bare user id, never the id', async () => {
    const id = await paidBooking(64);
    const reference = (await item(keys.booking(id)))!.bookingReference as string;
    const older = (text: string, author: string, at: string) => ({ ...keys.bookingNote(id, at, randomUUID()), type: 'booking_note', id: randomUUID(), bookingId: id, bookingReference: reference, text, author, at, flagDate: null });
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const db = tableClient(env);
    await db.send(new PutCommand({ TableName: env.tableName, Item: older('Written by e-mail', 'yard.lead@example.com', '2026-01-02T03:04:05.000Z') }));
    await db.send(new PutCommand({ TableName: env.tableName, Item: older('Written by id', staff.sub, '2026-01-02T03:04:06.000Z') }));
    db.destroy();

    const notes = (await call('GET', `/api/admin/bookings/${id}`, undefined, admin.accessToken)).body.notes as { text: string; author: string }[];
    expect(notes.map((n) => [n.text, n.author])).toEqual([
      ['Written by id', 'A staff member'],
      ['Written by e-mail', 'yard.lead@example.com'],
    ]);
    expect(JSON.stringify(notes)).not.toContain(staff.sub);
  });
});
