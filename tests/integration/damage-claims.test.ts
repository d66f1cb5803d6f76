/**
 * Damage claims through the HTTP API (docs/yard.md, Damage claims), on a stack of this file's own so its clock can be
 * moved: every route for anonymous, customer A (the owner), customer B, staff and admin; a claim inside the 48 hours
 * after check-out and the refusal after them, by the moved clock; a double-submit makes one claim; another booking's
 * photo is refused; the pass's own photo upload; the decision (admin only, one of two at once, the e-mail in the
 * outbox, the history, what the traveller reads); the admin list's open-claims filter and the summary's count.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEmail } from '../../functions/lib/email';
import { forgetPassSigningKey, passTokenFor } from '../../functions/lib/pass-token';
import { keys } from '../../functions/store/keys';
import { claimMessages } from '../../shared/claims';
import { moveClock, withClock } from '../support/clock';
import { startTestStack, type TestEnv, type TestStack } from '../support/global-setup';
import { request } from '../support/http';
import { png } from '../support/images';
import { createUser, type TestUser } from '../support/users';
import { customer, quote } from './payment-support';

let testStack: TestStack;
let env: TestEnv;
let db: DynamoDBDocumentClient;
let a: TestUser;
let b: TestUser;
let staff: TestUser;
let admin: TestUser;

beforeAll(async () => {
  testStack = await startTestStack('none', 'runway-claims-');
  env = testStack.env;
  // The stack put its pass key in this process's environment: sign pass links as the product does.
  forgetPassSigningKey();
  db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'ap-southeast-2', endpoint: env.dynamodbEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
  [a, b, staff, admin] = await Promise.all([createUser(env), createUser(env), createUser(env, { staff: true }), createUser(env, { admin: true })]);
});

afterAll(async () => {
  db?.destroy();
  await testStack?.stop();
});

const api = <T = any>(method: string, p: string, body?: unknown, user?: TestUser | null) => request<T>(env.baseUrl, method, p, body, user ? { authorization: user.bearer } : {});
const stored = async (id: string) => (await db.send(new GetCommand({ TableName: env.tableName, Key: keys.booking(id), ConsistentRead: true }))).Item!;
const inPartition = async (pk: string, prefix: string) =>
  (await db.send(new QueryCommand({ TableName: env.tableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': pk, ':p': prefix }, ConsistentRead: true }))).Items ?? [];
const claimsOf = (id: string) => inPartition(keys.booking(id).pk, 'CLAIM#');
const openEntriesOf = async (id: string) => (await inPartition('OPEN_CLAIMS', '2')).filter((e) => e.bookingId === id);
const audits = (id: string) => inPartition(keys.booking(id).pk, 'AUDIT#');
const outboxFor = async (email: string) => (await api<StoredEmail[]>('GET', '/_local/outbox.json')).body.filter((m) => m.to.includes(email));

interface Trip {
  id: string;
  token: string;
  email: string;
  reference: string;
}

/** Customer A's paid booking (booked signed in), checked in by an admin and checked out by staff now (by the stack's clock). */
async function collected(): Promise<Trip> {
  const body = { quote: quote({ carWash: false }), customer: customer({ email: a.email }), paymentType: 'full' };
  const started = await api('POST', '/api/checkout', body, a);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  await fetch(`${env.baseUrl}/_local/stripe/checkout/${started.body.sessionId}/pay`, { method: 'POST', redirect: 'manual' });
  const id = started.body.bookingId as string;
  const checkIn = await api('POST', `/api/yard/bookings/${id}/check-in`, { car_registration: 'KTA123', parking_bay_number: String(1 + Math.floor(Math.random() * 250)), version: (await stored(id)).updatedAt, status_override: { confirmed: true, reason: 'Arrived early' } }, admin);
  expect(checkIn.status, JSON.stringify(checkIn.body)).toBeLessThan(300);
  const checkOut = await api('POST', `/api/yard/bookings/${id}/check-out`, { version: (await stored(id)).updatedAt }, staff);
  expect(checkOut.status, JSON.stringify(checkOut.body)).toBeLessThan(300);
  const booking = await stored(id);
  expect(booking.status).toBe('checkout');
  return { id, token: await passTokenFor(id), email: a.email, reference: booking.bookingReference };
}

const claim = (overrides: Record<string, unknown> = {}) => ({ submission_id: randomUUID(), panel: 'left-front-door', description: 'A long scratch below the handle', photo_ids: [], ...overrides });
const byPass = (t: Trip, body: unknown) => api('POST', `/api/pass/${encodeURIComponent(t.token)}/claims`, body);
const byOwner = (t: Trip, body: unknown, user: TestUser = a) => api('POST', `/api/me/bookings/${t.id}/claims`, body, user);

/** A photo uploaded as a browser does: presign (by the pass, or an account's photo route), post to the bucket, complete. */
async function uploadPhoto(t: Trip, via: 'pass' | TestUser): Promise<string> {
  const file = { fileName: 'door.png', contentType: 'image/png', size: png().length, uploadType: 'damage_inspection' };
  const base = via === 'pass' ? `/api/pass/${encodeURIComponent(t.token)}/photos` : `/api/bookings/${t.id}/photos`;
  const user = via === 'pass' ? null : via;
  const started = await api('POST', base, file, user);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const form = new FormData();
  for (const [k, v] of Object.entries(started.body.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'upload');
  const posted = await fetch(started.body.url, { method: 'POST', body: form });
  await posted.arrayBuffer();
  expect(posted.status).toBeLessThan(300);
  const done = await api('POST', `${base}/${started.body.photoId}/complete`, undefined, user);
  expect(done.status, JSON.stringify(done.body)).toBe(201);
  return started.body.photoId as string;
}

describe('who may use the claim routes', () => {
  it('pass holder and owner report and read; a made-up pass 404; anonymous 401 on the account routes, customer B 404', async () => {
    const t = await collected();
    const fake = `p1.${randomUUID()}.AAAAAAAAAAAAAAAAAAAAAA`;

    // The pass: a made-up token is 404 for reading and writing, and writes nothing.
    expect((await api('GET', `/api/pass/${fake}/claims`)).status).toBe(404);
    expect((await api('POST', `/api/pass/${fake}/claims`, claim())).status).toBe(404);
    const viaPass = await byPass(t, claim());
    expect(viaPass.status, JSON.stringify(viaPass.body)).toBe(201);

    // The account routes: anonymous 401, B 404 (never a hint the booking exists), A is the owner.
    expect((await api('GET', `/api/me/bookings/${t.id}/claims`)).status).toBe(401);
    expect((await api('POST', `/api/me/bookings/${t.id}/claims`, claim())).status).toBe(401);
    const bRead = await api('GET', `/api/me/bookings/${t.id}/claims`, undefined, b);
    expect(bRead.status).toBe(404);
    expect(bRead.body.message).toBe('Booking not found');
    expect((await byOwner(t, claim(), b)).status).toBe(404);
    const viaOwner = await byOwner(t, claim({ panel: 'rear-bumper', description: 'Dent on the left corner' }));
    expect(viaOwner.status, JSON.stringify(viaOwner.body)).toBe(201);
    // Staff and admins are not the traveller: the account route is the owner's only.
    expect((await api('GET', `/api/me/bookings/${t.id}/claims`, undefined, staff)).status).toBe(404);

    for (const reader of [a]) {
      const read = await api('GET', `/api/me/bookings/${t.id}/claims`, undefined, reader);
      expect(read.status).toBe(200);
      expect(read.body.claims.map((c: any) => [c.panel_label, c.status])).toEqual([
        ['Left front door', 'open'],
        ['Rear bumper', 'open'],
      ]);
      expect(read.body.window.state).toBe('open');
    }
    expect((await api('GET', `/api/pass/${encodeURIComponent(t.token)}/claims`)).body.claims).toHaveLength(2);
  });

  it("staff's routes: anonymous 401, customers 403, staff read, only admins decide; unknown bookings and claims 404", async () => {
    const t = await collected();
    const viaPass = await byPass(t, claim());
    expect(viaPass.status).toBe(201);
    expect((await byOwner(t, claim({ panel: 'rear-bumper', description: 'Dent on the left corner' }))).status).toBe(201);

    // Staff's reads: anonymous 401, customers 403, staff and admins see the claims with the handover view.
    const staffPath = `/api/admin/bookings/${t.id}/claims`;
    expect((await api('GET', staffPath)).status).toBe(401);
    for (const user of [a, b]) expect((await api('GET', staffPath, undefined, user)).status).toBe(403);
    for (const user of [staff, admin]) {
      const read = await api('GET', staffPath, undefined, user);
      expect(read.status).toBe(200);
      // An access token carries no e-mail: the account is named by its id.
      expect(read.body.claims.map((c: any) => c.submitted_by)).toEqual(['Traveller (booking pass)', `Traveller (account ${a.sub})`]);
      expect(read.body.condition).toMatchObject({ drop_off: null, collection: null, comparison: null });
    }

    // The decision: anonymous 401, customers and staff 403, nothing changed; an admin decides.
    const first = viaPass.body.claim;
    const version = (await api('GET', staffPath, undefined, staff)).body.claims[0].version;
    const decision = { outcome: 'declined', reason: 'The scratch is on the drop-off record', version };
    const decide = (user?: TestUser) => api('POST', `${staffPath}/${first.id}/decision`, decision, user);
    expect((await decide()).status).toBe(401);
    for (const user of [a, b, staff]) expect((await decide(user)).status).toBe(403);
    expect((await claimsOf(t.id)).every((c) => c.status === 'open')).toBe(true);
    const decided = await decide(admin);
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.claim).toMatchObject({ status: 'declined', decision: { outcome: 'declined', reason: decision.reason } });
    // Another booking's id in the path, or an unknown claim: 404.
    expect((await api('POST', `/api/admin/bookings/${randomUUID()}/claims/${first.id}/decision`, decision, admin)).status).toBe(404);
    expect((await api('POST', `${staffPath}/${randomUUID()}/decision`, decision, admin)).status).toBe(404);
  });
});

describe('the 48 hours after collection, by the clock', () => {
  it('takes a claim 47 hours after check-out and refuses one after 48 with the contact details; the pass says so', async () => {
    const t = await collected();
    expect((await stored(t.id)).checkedOutAt).toBeTruthy();
    await withClock(env.baseUrl, async () => {
      await moveClock(env.baseUrl, { advance: '47h' });
      expect((await byPass(t, claim())).status).toBe(201);
      await moveClock(env.baseUrl, { advance: '2h' });
      for (const res of [await byPass(t, claim()), await byOwner(t, claim())]) {
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(claimMessages.windowClosed);
        expect(res.body.message).toContain('09 000 0000');
      }
      const read = await api('GET', `/api/pass/${encodeURIComponent(t.token)}/claims`);
      expect(read.body.window).toMatchObject({ state: 'closed', message: claimMessages.windowClosed });
      // The pass's photo upload is for claims: closed with them.
      const photo = await api('POST', `/api/pass/${encodeURIComponent(t.token)}/photos`, { fileName: 'a.png', contentType: 'image/png', size: 10 });
      expect(photo.status).toBe(409);
    });
    expect(await claimsOf(t.id)).toHaveLength(1);
  });

  it('refuses a claim before the car is collected', async () => {
    const body = { quote: quote({ carWash: false }), customer: customer({ email: a.email }), paymentType: 'full' };
    const started = await api('POST', '/api/checkout', body, a);
    await fetch(`${env.baseUrl}/_local/stripe/checkout/${started.body.sessionId}/pay`, { method: 'POST', redirect: 'manual' });
    const t = { id: started.body.bookingId, token: await passTokenFor(started.body.bookingId), email: a.email, reference: '' };
    const res = await byOwner(t, claim());
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(claimMessages.notCollected);
    expect(await claimsOf(t.id)).toEqual([]);
  });
});

describe('a claim', () => {
  it('a double-submit makes one claim, with one history line and one open entry', async () => {
    const t = await collected();
    const body = claim();
    const [one, two] = await Promise.all([byPass(t, body), byPass(t, body)]);
    expect([one.status, two.status].sort()).toEqual([200, 201]);
    expect(one.body.claim.id).toBe(two.body.claim.id);
    const again = await byOwner(t, body);
    expect(again.status).toBe(200);
    expect(await claimsOf(t.id)).toHaveLength(1);
    expect(await openEntriesOf(t.id)).toHaveLength(1);
    expect((await audits(t.id)).filter((e) => e.changes.some((c: any) => c.field === 'damage_claim'))).toHaveLength(1);
  });

  it("takes the traveller's photos (by the pass and by the account) and refuses another booking's with 400", async () => {
    const [t, other] = await Promise.all([collected(), collected()]);
    const fromPass = await uploadPhoto(t, 'pass');
    const fromAccount = await uploadPhoto(t, a);
    const theirs = await uploadPhoto(other, 'pass');
    const refused = await byPass(t, claim({ photo_ids: [fromPass, theirs] }));
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors['photo_ids.1']).toBe(claimMessages.notThisBookingsPhoto);
    expect(await claimsOf(t.id)).toEqual([]);
    const ok = await byPass(t, claim({ photo_ids: [fromPass, fromAccount] }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.claim.photos.map((p: any) => p.id)).toEqual([fromPass, fromAccount]);
    expect(ok.body.claim.photos.every((p: any) => typeof p.url === 'string')).toBe(true);
    expect((await audits(t.id)).some((e) => e.by === 'Traveller (booking pass)' && e.changes.some((c: any) => c.new === 'Left front door: A long scratch below the handle (2 photos)'))).toBe(true);
  });

  it('refuses bad input with the field message and nothing saved', async () => {
    const t = await collected();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ panel: 'spoiler' }, 'panel', claimMessages.panelInvalid],
      [{ description: '  ' }, 'description', claimMessages.descriptionNeeded],
      [{ description: 'x'.repeat(1001) }, 'description', claimMessages.descriptionInvalid],
      [{ submission_id: 'twice' }, 'submission_id', claimMessages.submissionInvalid],
      [{ photo_ids: ['not-a-photo'] }, 'photo_ids.0', claimMessages.photoInvalid],
    ];
    for (const [body, field, message] of cases) {
      const res = await byPass(t, claim(body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.fieldErrors?.[field], JSON.stringify(res.body)).toBe(message);
    }
    expect(await claimsOf(t.id)).toEqual([]);
  });

  it('a booking holds at most five claims', async () => {
    const t = await collected();
    for (let i = 0; i < 5; i++) expect((await byPass(t, claim())).status).toBe(201);
    const sixth = await byPass(t, claim());
    expect(sixth.status).toBe(409);
    expect(sixth.body.message).toBe(claimMessages.tooManyClaims);
    expect(await claimsOf(t.id)).toHaveLength(5);
  });
});

describe('the decision', () => {
  it('two admins at once: one wins, the other gets 409; the traveller is e-mailed and reads it; the history keeps both steps', async () => {
    const t = await collected();
    const submitted = (await byPass(t, claim({ panel: 'bonnet', description: 'Stone chip in the middle' }))).body.claim;
    const staffView = (await api('GET', `/api/admin/bookings/${t.id}/claims`, undefined, staff)).body.claims[0];
    const path = `/api/admin/bookings/${t.id}/claims/${submitted.id}/decision`;
    const [x, y] = await Promise.all([
      api('POST', path, { outcome: 'accepted', reason: 'We will pay for the repair: call us to arrange it', version: staffView.version }, admin),
      api('POST', path, { outcome: 'declined', reason: 'On the drop-off record', version: staffView.version }, admin),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const winner = x.status === 200 ? x : y;
    const loser = x.status === 200 ? y : x;
    expect(loser.body.message).toBe(claimMessages.alreadyDecided);
    const outcome = winner.body.claim.decision.outcome as string;
    const reason = winner.body.claim.decision.reason as string;

    const read = await api('GET', `/api/pass/${encodeURIComponent(t.token)}/claims`);
    expect(read.body.claims[0]).toMatchObject({ status: outcome, decision: { outcome, reason } });
    // Who decided is the business's, not the traveller's.
    expect(read.body.claims[0].decision.decided_by).toBeUndefined();
    expect((await api('GET', `/api/me/bookings/${t.id}/claims`, undefined, a)).body.claims[0].status).toBe(outcome);

    const mails = (await outboxFor(t.email)).filter((m) => m.subject.startsWith(`Your damage report for booking ${t.reference}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(outcome);
    expect(mails[0]!.text).toContain(reason);
    expect(mails[0]!.text).toContain('/pass/');

    const lines = (await audits(t.id)).flatMap((e) => e.changes.map((c: any) => [c.field, c.new]));
    expect(lines).toContainEqual(['damage_claim', 'Bonnet: Stone chip in the middle']);
    expect(lines).toContainEqual(['damage_claim_decision', `${outcome === 'accepted' ? 'Accepted' : 'Declined'}: ${reason}`]);
    // Decided: off the open list; a later decision with the old version is refused and changes nothing.
    expect(await openEntriesOf(t.id)).toEqual([]);
    const late = await api('POST', path, { outcome: 'accepted', reason: 'Changed my mind', version: staffView.version }, admin);
    expect(late.status).toBe(409);
    expect((await claimsOf(t.id))[0]!.decision.reason).toBe(reason);
  });

  it('refuses a decision without a reason or with an unknown outcome', async () => {
    const t = await collected();
    const submitted = (await byPass(t, claim())).body.claim;
    const version = (await api('GET', `/api/admin/bookings/${t.id}/claims`, undefined, staff)).body.claims[0].version;
    const path = `/api/admin/bookings/${t.id}/claims/${submitted.id}/decision`;
    const noReason = await api('POST', path, { outcome: 'accepted', reason: ' ', version }, admin);
    expect(noReason.status).toBe(400);
    expect(noReason.body.fieldErrors.reason).toBe(claimMessages.reasonNeeded);
    const unknown = await api('POST', path, { outcome: 'maybe', reason: 'Hmm', version }, admin);
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors.outcome).toBe(claimMessages.outcomeInvalid);
    expect((await claimsOf(t.id))[0]!.status).toBe('open');
  });
});

describe("the admin's open-claims filter and count", () => {
  it('lists only bookings with an open claim, and the summary counts the open claims; a decision takes one off both', async () => {
    const [withClaim, withTwo, without] = await Promise.all([collected(), collected(), collected()]);
    const c1 = (await byPass(withClaim, claim())).body.claim;
    await byPass(withTwo, claim());
    await byPass(withTwo, claim({ panel: 'roof' }));
    const count = async () => (await api('GET', '/api/admin/summary', undefined, admin)).body.open_claims as number;
    const listed = async () => ((await api('GET', '/api/admin/bookings?claims=open&pageSize=100', undefined, staff)).body.items as any[]).map((i) => i.id);
    const before = await count();
    const ids = await listed();
    expect(ids).toEqual(expect.arrayContaining([withClaim.id, withTwo.id]));
    expect(ids).not.toContain(without.id);
    // One row per booking however many claims it holds.
    expect(ids.filter((id) => id === withTwo.id)).toHaveLength(1);
    expect(before).toBeGreaterThanOrEqual(3);
    // The filter with a search: only the searched booking, if it has an open claim.
    const searched = (await api('GET', `/api/admin/bookings?claims=open&q=${encodeURIComponent(withClaim.reference)}`, undefined, staff)).body.items.map((i: any) => i.id);
    expect(searched).toEqual([withClaim.id]);
    expect((await api('GET', '/api/admin/bookings?claims=closed', undefined, staff)).status).toBe(400);

    const version = (await api('GET', `/api/admin/bookings/${withClaim.id}/claims`, undefined, staff)).body.claims[0].version;
    expect((await api('POST', `/api/admin/bookings/${withClaim.id}/claims/${c1.id}/decision`, { outcome: 'accepted', reason: 'Repair booked', version }, admin)).status).toBe(200);
    expect(await count()).toBe(before - 1);
    expect(await listed()).not.toContain(withClaim.id);
    // The summary is the admins'; staff are refused it as before.
    expect((await api('GET', '/api/admin/summary', undefined, staff)).status).toBe(403);
  });
});
