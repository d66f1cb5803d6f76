/**
 * A checkout that is never paid does not decide the customer's details (the name typed in an
 * abandoned checkout stayed on the customer record and showed in admin search). The details typed are kept on the
 * checkout's pending booking; the customer's first paid booking gives the record its name and number. After that a
 * checkout by someone else with the same e-mail changes nothing, and neither does another person's first payment for a
 * customer an account holds (docs/accounts.md, "Identity rules").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/store/keys';
import { request } from '../support/http';
import { createUser, type TestUser } from '../support/users';
import { accountHoldingUnpaidCustomer, baseUrl, booking, checkout, checkoutBody, customer, customerByEmail, env, getCheckout, item, payOnPage, uniquePhone } from './payment-support';

let admin: TestUser;
beforeAll(async () => {
  admin = await createUser(env, { admin: true });
});

const search = async (text: string) => (await request(baseUrl, 'GET', `/api/admin/customers?search=${encodeURIComponent(text)}`, undefined, { authorization: admin.bearer })).body.customers as { name: string; email: string; contact_number: string }[];

async function pay(sessionId: string) {
  expect((await payOnPage(sessionId)).status).toBe(303);
  expect((await getCheckout(sessionId)).status).toBe(200);
}

describe('the customer of an abandoned checkout', () => {
  it('takes the name and number of the first paid booking, not those of the checkout left unpaid', async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const abandoned = customer({ firstName: 'Abby', lastName: `Typo${suffix}` });
    await checkout(checkoutBody({ customer: abandoned }));
    // Unpaid, the record is not offered to staff.
    expect(await search(`Typo${suffix}`)).toEqual([]);

    const paid = { ...abandoned, firstName: 'Abigail', lastName: `Tipene${suffix}`, contactNumber: uniquePhone() };
    const { sessionId, bookingId } = await checkout(checkoutBody({ customer: paid }));
    await pay(sessionId);

    const record = await customerByEmail(abandoned.email);
    expect(record).toMatchObject({ name: `Abigail Tipene${suffix}`, firstName: 'Abigail', lastName: `Tipene${suffix}`, contactNumber: paid.contactNumber });
    expect(record!.firstConfirmedAt).toBeTruthy();
    expect((await booking(bookingId))!.customerId).toBe(record!.id);
    expect(await search(`Typo${suffix}`)).toEqual([]);
    expect(await search(`Tipene${suffix}`)).toEqual([expect.objectContaining({ name: `Abigail Tipene${suffix}`, email: abandoned.email, contact_number: paid.contactNumber })]);
    // The number guard moved with the number.
    expect(await item(keys.phoneGuard(abandoned.contactNumber))).toBeUndefined();
    expect(await item(keys.phoneGuard(paid.contactNumber))).toMatchObject({ customerId: record!.id });

    // Once the customer has paid, another checkout with the same e-mail (paid or not) leaves the record as it is.
    const stranger = { ...abandoned, firstName: 'Someone', lastName: 'Else', contactNumber: uniquePhone() };
    const later = await checkout(checkoutBody({ customer: stranger }));
    await pay(later.sessionId);
    expect(await customerByEmail(abandoned.email)).toEqual(record);
    expect((await booking(later.bookingId))!.customer).toMatchObject({ name: 'Someone Else' });
  });

  it("an account holder's customer is not renamed by another person's first paid booking with that e-mail", async () => {
    const { holder, typed, claimed } = await accountHoldingUnpaidCustomer();

    // Someone else, not signed in, books and pays with the holder's e-mail: the booking is the customer's, but the name
    // and number stay the account's (that record changes only through its account or staff).
    const other = { ...typed, firstName: 'Mallory', lastName: 'Else', contactNumber: uniquePhone() };
    const theirs = await checkout(checkoutBody({ customer: other }));
    await pay(theirs.sessionId);
    const afterTheirs = (await customerByEmail(holder.email))!;
    expect(afterTheirs).toMatchObject({ name: claimed.name, firstName: claimed.firstName, lastName: claimed.lastName, contactNumber: claimed.contactNumber, userId: holder.sub });
    expect(afterTheirs.firstConfirmedAt).toBeTruthy();
    expect((await booking(theirs.bookingId))!.customer).toMatchObject({ name: 'Mallory Else' });
  });

  it("the account holder's own first paid booking gives their customer its name and number", async () => {
    const { holder, typed } = await accountHoldingUnpaidCustomer();

    const own = { ...typed, firstName: 'Hemi', lastName: 'Paid', contactNumber: uniquePhone() };
    const mine = await checkout(checkoutBody({ customer: own }), { authorization: `Bearer ${holder.idToken}` });
    await pay(mine.sessionId);
    expect(await customerByEmail(holder.email)).toMatchObject({ name: 'Hemi Paid', lastName: 'Paid', contactNumber: own.contactNumber, userId: holder.sub });
  });
});
