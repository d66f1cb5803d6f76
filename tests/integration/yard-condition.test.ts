/**
 * The handover on record through the yard's API (docs/yard.md, The handover): who may read and write a booking's
 * condition records (anonymous, customer A who owns the booking, customer B, staff, admin), what bad input is refused
 * with nothing saved (fuel out of range, an unknown panel, another booking's photo, a signature that is not an image,
 * a lower odometer at collection without a note), that a record never changes once acknowledged (a correction is a
 * new record naming it), and the comparison at collection.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { conditionMessages } from '../../shared/condition';
import { keys } from '../../functions/store/keys';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import { pdf, png } from '../support/images';
import type { TestUser } from '../support/users';
import { baseUrl, booking, customer, env, partition, payOnPage, quote } from './payment-support';
import { presign, postFile, complete, upload } from './photo-support';
import { sharedStackWithUsers } from '../support/stack-with-users';

const { db, users: { a, b, staff, admin } } = sharedStackWithUsers({ a: {}, b: {}, staff: { staff: true }, admin: { admin: true } });

const api = <T = any>(method: string, p: string, body?: unknown, user?: TestUser) => request<T>(baseUrl, method, p, body, user ? { authorization: user.bearer } : {});
const version = async (id: string) => (await booking(id))!.updatedAt as string;

/** Customer A's paid booking, its drop-off moved to today so the yard may check it in. */
async function paidToday(): Promise<string> {
  const res = await api('POST', '/api/checkout', { quote: quote({ dropOffDate: daysFromToday(3), pickUpDate: daysFromToday(10), carWash: false }), customer: customer({ email: a.email }), paymentType: 'full' }, a);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect((await payOnPage(res.body.sessionId)).status).toBeLessThan(400);
  const id = res.body.bookingId as string;
  await db.send(new UpdateCommand({ TableName: env.tableName, Key: keys.booking(id), UpdateExpression: 'SET dropOffDate = :d, dropOffTime = :t', ExpressionAttributeValues: { ':d': daysFromToday(0), ':t': '00:00' } }));
  return id;
}

const conditions = (id: string) => partition(keys.booking(id).pk, 'CONDITION#');
const audits = (id: string) => partition(keys.booking(id).pk, 'AUDIT#');
const record = async (id: string, body: Record<string, unknown>, user: TestUser = staff) =>
  api('POST', `/api/yard/bookings/${id}/condition`, { stage: 'drop-off', odometer_km: 45210, fuel: { eighths: 6 }, marks: [], ack: { not_present: 'Dropped the keys in the box' }, version: await version(id), ...body }, user);

describe('who may use the condition routes', () => {
  it('anonymous 401, customers 403 (the owner too), staff and admins record and read', async () => {
    const id = await paidToday();
    const body = { stage: 'drop-off', odometer_km: 1000, fuel: { eighths: 4 }, marks: [], ack: { not_present: 'Away' }, version: await version(id) };
    for (const [method, sent] of [['GET', undefined], ['POST', body]] as const) {
      expect((await api(method, `/api/yard/bookings/${id}/condition`, sent)).status).toBe(401);
      for (const user of [a, b]) {
        const res = await api(method, `/api/yard/bookings/${id}/condition`, sent, user);
        expect(res.status).toBe(403);
        expect(res.body.message).toBe("You don't have admin privileges to access this page");
      }
    }
    expect(await conditions(id)).toEqual([]);
    const byStaff = await record(id, { odometer_km: 1000 });
    expect(byStaff.status, JSON.stringify(byStaff.body)).toBe(201);
    const byAdmin = await record(id, { stage: 'collection', odometer_km: 1004 }, admin);
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(201);
    for (const user of [staff, admin]) {
      const read = await api('GET', `/api/yard/bookings/${id}/condition`, undefined, user);
      expect(read.status).toBe(200);
      expect(read.body.records.map((r: any) => [r.stage, r.odometer_km, r.taken_by])).toEqual([
        ['drop-off', 1000, staff.sub],
        ['collection', 1004, admin.sub],
      ]);
    }
    // A booking that does not exist answers 404 and writes nothing.
    expect((await api('POST', '/api/yard/bookings/00000000-0000-4000-8000-000000000000/condition', body, staff)).status).toBe(404);
  });
});

describe('a drop-off and a collection', () => {
  it('keeps readings, marks with photos, items, key tag and the signature, and compares them at collection', async () => {
    const id = await paidToday();
    const scratch = await upload(staff, id, png(), { uploadType: 'drop_off' });
    const signature = await upload(staff, id, png(8, 4, [0, 0, 0]), { fileName: 'signature.png', uploadType: 'drop_off' });
    const dropOff = await record(id, {
      odometer_km: 45210,
      fuel: { eighths: 6 },
      marks: [{ panel: 'left-front-door', kind: 'scratch', photo_id: scratch.photoId, note: 'Long, low' }],
      items: ['Child seat', 'Sunglasses'],
      key_tag: 'k-12',
      ack: { name: 'Ana Lee', signature: signature.photoId },
    });
    expect(dropOff.status, JSON.stringify(dropOff.body)).toBe(201);
    const [stored] = await conditions(id);
    expect(stored).toMatchObject({
      stage: 'drop-off',
      sequence: 1,
      odometer_km: 45210,
      fuel: { eighths: 6 },
      marks: [{ panel: 'left-front-door', kind: 'scratch', photo_id: scratch.photoId, note: 'Long, low' }],
      items: ['Child seat', 'Sunglasses'],
      key_tag: 'K-12',
      ack: { name: 'Ana Lee', signature: signature.photoId, not_present: null },
      corrects: null,
      taken_by: staff.sub,
    });
    expect((await audits(id)).some((e) => e.changes.some((c: any) => c.field === 'condition_drop_off' && c.new === '45,210 km, fuel 6/8, 1 mark; signed by Ana Lee'))).toBe(true);

    const collection = await record(id, {
      stage: 'collection',
      odometer_km: 45290,
      fuel: { eighths: 2 },
      marks: [
        { panel: 'left-front-door', kind: 'scratch' },
        { panel: 'rear-bumper', kind: 'dent' },
      ],
      ack: { name: 'Ana Lee', signature: signature.photoId },
    });
    expect(collection.status, JSON.stringify(collection.body)).toBe(201);
    const view = (await api('GET', `/api/yard/bookings/${id}/condition`, undefined, staff)).body;
    expect(view.yard_moves_km).toBe(5);
    expect(view.comparison).toEqual({ new_marks: [{ panel: 'rear-bumper', kind: 'dent', photo_id: null, note: null }], distance_km: 80, beyond_yard_km: 75, fuel_used: { eighths: 4 } });
  });
});

describe('bad input: 400 with the field message, nothing saved', () => {
  it('refuses fuel out of range, an unknown panel, and a mark on no panel', async () => {
    const id = await paidToday();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ fuel: { eighths: 9 } }, 'fuel.eighths', conditionMessages.eighthsInvalid],
      [{ fuel: { charge_percent: 101 } }, 'fuel.charge_percent', conditionMessages.chargeInvalid],
      [{ fuel: 'full' }, 'fuel', conditionMessages.fuelInvalid],
      [{ marks: [{ panel: 'spoiler', kind: 'dent' }] }, 'marks.0.panel', conditionMessages.panelInvalid],
      [{ marks: [{ panel: 'roof', kind: 'rust' }] }, 'marks.0.kind', conditionMessages.kindInvalid],
      [{ odometer_km: -1 }, 'odometer_km', conditionMessages.odometerInvalid],
      [{ ack: { name: 'Ana' } }, 'ack', conditionMessages.ackInvalid],
      [{ ack: { name: 'Ana', signature: 'a drawing' } }, 'ack.signature', conditionMessages.signatureNeeded],
    ];
    for (const [body, field, message] of cases) {
      const res = await record(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.fieldErrors?.[field], JSON.stringify(res.body)).toBe(message);
    }
    expect(await conditions(id)).toEqual([]);
  });

  it("refuses another booking's photo and a signature that is not an image", async () => {
    const [id, other] = await Promise.all([paidToday(), paidToday()]);
    const theirs = await upload(staff, other, png());
    const mark = await record(id, { marks: [{ panel: 'bonnet', kind: 'chip', photo_id: theirs.photoId }] });
    expect(mark.status).toBe(400);
    expect(mark.body.fieldErrors['marks.0.photo_id']).toBe(conditionMessages.notThisBookingsPhoto);
    const borrowedSignature = await record(id, { ack: { name: 'Ana Lee', signature: theirs.photoId } });
    expect(borrowedSignature.status).toBe(400);
    expect(borrowedSignature.body.fieldErrors['ack.signature']).toBe(conditionMessages.signatureNotAnImage);

    // A PDF sent as the signature: the upload's completion check refuses it, so its id never names a photo.
    const started = await presign(staff, id, { fileName: 'signature.png', contentType: 'image/png', size: pdf().length });
    expect(started.status).toBe(201);
    await postFile(started.body, pdf());
    expect((await complete(staff, id, started.body.photoId)).status).toBe(400);
    const notImage = await record(id, { ack: { name: 'Ana Lee', signature: started.body.photoId } });
    expect(notImage.status).toBe(400);
    expect(notImage.body.message).toBe(conditionMessages.signatureNotAnImage);
    expect(await conditions(id)).toEqual([]);
  });

  it('questions an odometer lower at collection than at drop-off until a note explains it', async () => {
    const id = await paidToday();
    expect((await record(id, { odometer_km: 45210 })).status).toBe(201);
    const lower = await record(id, { stage: 'collection', odometer_km: 45100 });
    expect(lower.status).toBe(400);
    expect(lower.body.message).toBe('Lower than at drop-off, 45,210 km: check the reading');
    expect(lower.body.fieldErrors.odometer_km).toBe('Lower than at drop-off, 45,210 km: check the reading');
    expect((await conditions(id)).map((r) => r.stage)).toEqual(['drop-off']);
    const explained = await record(id, { stage: 'collection', odometer_km: 45100, odometer_note: 'Instrument cluster replaced by the owner' });
    expect(explained.status, JSON.stringify(explained.body)).toBe(201);
    expect(explained.body.view.comparison.distance_km).toBe(-110);
    expect(explained.body.view.comparison.beyond_yard_km).toBe(0);
  });
});

describe('a record never changes once acknowledged', () => {
  it('refuses a second record for the stage; a correction is a new record naming the one it corrects', async () => {
    const id = await paidToday();
    const first = await record(id, { odometer_km: 52000 });
    expect(first.status).toBe(201);
    const again = await record(id, { odometer_km: 25000 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(conditionMessages.alreadyRecorded('drop-off'));

    const correction = await record(id, { odometer_km: 25000, corrects: first.body.record.id });
    expect(correction.status, JSON.stringify(correction.body)).toBe(201);
    expect(correction.body.record).toMatchObject({ sequence: 2, corrects: first.body.record.id, odometer_km: 25000 });
    // The first is kept as it was; the current drop-off record is the correction.
    const rows = await conditions(id);
    expect(rows.map((r) => [r.id, r.odometer_km])).toEqual([
      [first.body.record.id, 52000],
      [correction.body.record.id, 25000],
    ]);
    expect(correction.body.view.drop_off.id).toBe(correction.body.record.id);
    // Correcting the first again (it is no longer the latest) is refused.
    const stale = await record(id, { odometer_km: 26000, corrects: first.body.record.id });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(conditionMessages.correctsNotLatest);
    expect(await conditions(id)).toHaveLength(2);
  });

  it('two corrections of one record at once: one is kept', async () => {
    const id = await paidToday();
    const first = await record(id, {});
    const both = await Promise.all([record(id, { odometer_km: 1, corrects: first.body.record.id }), record(id, { odometer_km: 2, corrects: first.body.record.id })]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await conditions(id)).toHaveLength(2);
  });
});
