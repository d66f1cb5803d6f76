/**
 * GET/PUT /api/me/profile for anonymous, customer A, customer B and admin: each reads and writes only their
 * own profile; the first read makes it from the latest customer record (bookings paid before sign-up count
 * once the account's e-mail is verified).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { profileMessages } from '../../shared/profile';
import { request } from '../support/http';
import { createUser, type TestUser } from '../support/users';
import { keys } from '../../functions/store/keys';
import { baseUrl, checkout, checkoutBody, customerByEmail, env, item, payOnPage, uniquePhone } from './payment-support';

const asIdToken = (u: TestUser) => ({ authorization: `Bearer ${u.idToken}` });
const getProfile = (headers: Record<string, string>) => request(baseUrl, 'GET', '/api/me/profile', undefined, headers);
const putProfile = (body: unknown, headers: Record<string, string>) => request(baseUrl, 'PUT', '/api/me/profile', body, headers);
const fields = { first_name: 'Mere', last_name: 'Tane-Smith', phone: '021 555 0101', address: '1 Queen Street\nAuckland 1010' };

let a: TestUser;
let b: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [a, b, admin] = await Promise.all([createUser(env), createUser(env), createUser(env, { admin: true })]);
});

describe('access', () => {
  it('answers 401 to anonymous callers and to a bad token, and changes nothing', async () => {
    expect((await getProfile({})).status).toBe(401);
    expect((await putProfile(fields, {})).status).toBe(401);
    expect((await putProfile(fields, { authorization: 'Bearer not-a-token' })).status).toBe(401);
  });

  it('keeps each person to their own profile (A, B and admin)', async () => {
    for (const user of [a, b, admin]) {
      const res = await getProfile({ authorization: user.bearer });
      expect(res.status).toBe(200);
      expect(res.body.profile.user_id).toBe(user.sub);
    }
    expect((await putProfile(fields, { authorization: a.bearer })).status).toBe(200);
    const seenByB = await getProfile({ authorization: b.bearer });
    expect(seenByB.body.profile.first_name).toBe('');
    const seenByAdmin = await getProfile({ authorization: admin.bearer });
    expect(seenByAdmin.body.profile.user_id).toBe(admin.sub);
    expect(seenByAdmin.body.profile.first_name).toBe('');
    const seenByA = await getProfile({ authorization: a.bearer });
    expect(seenByA.body.profile).toMatchObject(fields);
    expect(seenByA.body.greeting_name).toBe('Mere');
  });

  it('ignores any id in the body: the token decides whose profile is written', async () => {
    const res = await putProfile({ ...fields, user_id: a.sub }, { authorization: b.bearer });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.user_id).toBe("Unknown field 'user_id'");
  });
});

describe('validation', () => {
  it.each([
    [{ ...fields, first_name: 'x'.repeat(51) }, 'first_name', profileMessages.nameTooLong],
    [{ ...fields, last_name: '<script>' }, 'last_name', profileMessages.nameInvalid],
    [{ ...fields, phone: '12' }, 'phone', profileMessages.phoneInvalid],
    [{ ...fields, phone: 'call me' }, 'phone', profileMessages.phoneInvalid],
    [{ ...fields, address: 'a'.repeat(301) }, 'address', profileMessages.addressTooLong],
  ])('refuses %j with a message for the field', async (body, field, message) => {
    const res = await putProfile(body, { authorization: a.bearer });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors[field]).toBe(message);
  });

  it('refuses malformed JSON and a missing field', async () => {
    expect((await putProfile('{"first_name":', { authorization: a.bearer, 'content-type': 'application/json' })).status).toBe(400);
    const { address: _address, ...missing } = fields;
    expect((await putProfile(missing, { authorization: a.bearer })).status).toBe(400);
  });
});

describe('made from the latest customer record', () => {
  it('fills a new profile from a booking paid before sign-up with the same, verified e-mail, once', async () => {
    const body = checkoutBody({ customer: { firstName: 'Hemi', lastName: 'Walker Jones' } });
    const started = await checkout(body);
    await payOnPage(started.sessionId);
    const user = await createUser(env, { email: body.customer.email });

    const first = await getProfile(asIdToken(user));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      populated: true,
      greeting_name: 'Hemi',
      profile: { first_name: 'Hemi', last_name: 'Walker Jones', phone: body.customer.contactNumber, address: '' },
    });
    const second = await getProfile(asIdToken(user));
    expect(second.body.populated).toBe(false);
    expect(second.body.profile.first_name).toBe('Hemi');
  });

  it('does not take a customer through an access token, which vouches for no e-mail', async () => {
    const body = checkoutBody();
    await checkout(body);
    const user = await createUser(env, { email: body.customer.email.toUpperCase() });
    const res = await getProfile({ authorization: user.bearer });
    expect(res.body).toMatchObject({ populated: false, greeting_name: null });
  });
});

describe("the account's customer record follows the profile", () => {
  it('takes the new name and number, and refuses a number another customer holds with the spec message, writing nothing', async () => {
    const mine = checkoutBody();
    await payOnPage((await checkout(mine)).sessionId);
    const other = checkoutBody();
    await checkout(other);
    const user = await createUser(env, { email: mine.customer.email });
    const headers = asIdToken(user);
    await getProfile(headers);

    const taken = await putProfile({ ...fields, phone: other.customer.contactNumber }, headers);
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: profileMessages.phoneTaken, fieldErrors: { phone: profileMessages.phoneTaken } });
    expect((await getProfile(headers)).body.profile.phone).toBe(mine.customer.contactNumber);
    expect((await customerByEmail(mine.customer.email))!.contactNumber).toBe(mine.customer.contactNumber);

    const newNumber = uniquePhone();
    const saved = await putProfile({ ...fields, phone: newNumber }, headers);
    expect(saved.status).toBe(200);
    const customer = (await customerByEmail(mine.customer.email))!;
    expect(customer).toMatchObject({ name: 'Mere Tane-Smith', contactNumber: newNumber, userId: user.sub });
    expect(await item(keys.phoneGuard(newNumber))).toMatchObject({ customerId: customer.id });
    expect(await item(keys.phoneGuard(mine.customer.contactNumber))).toBeUndefined();
  });
});
