/**
 * Customers and their uniqueness guards. A customer is found by e-mail (case-insensitive) through its
 * e-mail guard; its contact number is held by a phone guard. The customer, both guards and its search
 * tokens are always written in one transaction, so a customer is never half-written and no two customers
 * share an e-mail or a number, even when two checkouts race.
 */
import { randomUUID } from 'node:crypto';
import { normaliseSearchText, searchTokensOf, type CustomerDetails } from '../../shared/booking';
import type { Customer } from '../../shared/records';
import { isRecordId, keys } from './keys';
import { getItem, transact, updateIf, type Item, type TransactItem } from './table';
import * as clock from '../lib/clock';
import { retryOnStale, stale } from '../lib/retry-on-stale';


export type { Customer };

export interface GuardItem extends Item {
  customerId: string;
}

export type CustomerItem = Item & Customer;

export function toCustomer(item: CustomerItem): Customer {
  const { id, name, firstName, lastName, email, contactNumber, userId, createdAt, updatedAt, firstConfirmedAt } = item;
  return { id, name, firstName, lastName, email, contactNumber, userId: userId ?? null, createdAt, updatedAt, ...(firstConfirmedAt ? { firstConfirmedAt } : {}) };
}

export async function getCustomer(id: string, consistent = false): Promise<Customer | null> {
  if (!isRecordId(id)) return null;
  const item = await getItem<CustomerItem>(keys.customer(id), consistent);
  return item ? toCustomer(item) : null;
}

export function tokenKeys(c: Pick<Customer, 'id' | 'name' | 'email' | 'contactNumber'>) {
  return searchTokensOf(c).map((token) => keys.searchToken('customer', token, c.id));
}

export function tokenPut(key: { pk: string; sk: string }, customerId: string) {
  return { Put: { Item: { ...key, type: 'search_token', kind: 'customer', customerId } } };
}

/** How a name sorts in the admin's customer list: lower case, accents dropped; a name with nothing sortable goes last. */
export const customerSortName = (name: string): string => normaliseSearchText(name) || '~';

/** The customer list's index keys (functions/store/customer-list.ts), attributes of the customer item itself. */
export const customerListKeys = (c: Pick<Customer, 'id' | 'name'>) => keys.customerListEntry(customerSortName(c.name), c.id);

/**
 * A customer the admin's list and search show: one who has paid for a booking or holds an account. A checkout never
 * paid leaves a customer record behind that is nobody's customer yet; the list's index is sparse, so those are never
 * read: the list keys are written with the first payment (firstConfirmedUpdate) or the account link.
 */
export const isEstablishedCustomer = (c: { firstConfirmedAt?: string | undefined; userId?: string | null | undefined }): boolean => !!c.firstConfirmedAt || !!c.userId;

/**
 * The transaction item a customer's first confirmed payment writes (a paid checkout, confirmation.ts, or a walk-in,
 * walk-ins.ts): `firstConfirmedAt`, and with it the customer's place in the admin's customer list. Conditional on no
 * earlier first payment, so two first payments racing count the customer once and the loser learns it.
 */
export function firstConfirmedUpdate(customerId: string, at: string, listed?: { gsi2pk: string; gsi2sk: string }): TransactItem {
  return {
    Update: {
      Key: keys.customer(customerId),
      UpdateExpression: `SET firstConfirmedAt = :at${listed ? ', gsi2pk = :listPk, gsi2sk = :listSk' : ''}`,
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(firstConfirmedAt)',
      ExpressionAttributeValues: { ':at': at, ...(listed ? { ':listPk': listed.gsi2pk, ':listSk': listed.gsi2sk } : {}) },
    },
  };
}

/** The check in place of firstConfirmedUpdate when the booking was read as not the customer's first paid one. */
export function alreadyConfirmedCheck(customerId: string): TransactItem {
  return { ConditionCheck: { Key: keys.customer(customerId), ConditionExpression: 'attribute_exists(firstConfirmedAt)' } };
}

function customerItem(c: Customer): CustomerItem {
  return {
    ...keys.customer(c.id),
    type: 'customer',
    ...c,
    ...(c.userId ? keys.customerByUser(c.userId, c.createdAt) : {}),
    ...(isEstablishedCustomer(c) ? customerListKeys(c) : {}),
  } as CustomerItem;
}

export const isCancelled = (error: unknown) => (error as { name?: string } | null)?.name === 'TransactionCanceledException';

/**
 * A new customer with its e-mail guard and search tokens. The phone guard is taken only when the number is
 * free: a shared number (a couple, a family) never blocks a booking; uniqueness applies where an admin or the
 * account's owner edits the customer.
 */
async function createCustomer(details: CustomerDetails, userId: string | null): Promise<Customer | 'retry'> {
  const now = clock.now().toISOString();
  const customer: Customer = {
    id: randomUUID(),
    name: `${details.firstName} ${details.lastName}`,
    firstName: details.firstName,
    lastName: details.lastName,
    email: details.email,
    contactNumber: details.contactNumber,
    userId,
    createdAt: now,
    updatedAt: now,
  };
  const phoneFree = !(await getItem<GuardItem>(keys.phoneGuard(customer.contactNumber), true));
  try {
    await transact([
      { Put: { Item: customerItem(customer), ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { Item: { ...keys.emailGuard(customer.email), type: 'customer_email_guard', customerId: customer.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
      ...(phoneFree
        ? [{ Put: { Item: { ...keys.phoneGuard(customer.contactNumber), type: 'customer_phone_guard', customerId: customer.id }, ConditionExpression: 'attribute_not_exists(pk)' } }]
        : []),
      ...tokenKeys(customer).map((k) => tokenPut(k, customer.id)),
    ]);
    return customer;
  } catch (error) {
    if (!isCancelled(error)) throw error;
    // Either the e-mail was taken by a concurrent checkout (then this becomes that customer) or the number
    // was taken since it was read (then the next attempt leaves the phone guard out).
    return 'retry';
  }
}

/** Who is checking out: the signed-in account, if any, and the e-mail its token vouches for. */
export interface CheckoutOwner {
  userId: string | null;
  /** The e-mail in the caller's token, and whether the token says it is verified (id tokens only). */
  userEmail?: string | null;
  userEmailVerified?: boolean;
}

/** True when the signed-in caller's token vouches for this e-mail: the only way a customer joins an account. */
export function ownsEmail(owner: CheckoutOwner, email: string): boolean {
  return !!owner.userId && !!owner.userEmail && owner.userEmailVerified === true && owner.userEmail.toLowerCase() === email.trim().toLowerCase();
}

/**
 * The customer for a checkout (docs/accounts.md, "Identity rules"): the one with this e-mail, or a new one.
 * A checkout never changes an existing customer (the details typed are kept on the booking) and never fails
 * or says anything because of someone else's number. It links a customer to the signed-in account only
 * when the account's verified e-mail is the customer's.
 */
export async function upsertCustomer(details: CustomerDetails, owner: CheckoutOwner): Promise<Customer> {
  const claims = ownsEmail(owner, details.email);
  return retryOnStale<Customer>(
    { tries: 6 },
    async (attempt) => {
      const guard = await getItem<GuardItem>(keys.emailGuard(details.email), true);
      if (guard) {
        const existing = await getCustomer(guard.customerId, true);
        if (!existing) throw new Error(`E-mail guard points at a missing customer ${guard.customerId}`);
        if (!claims || existing.userId) return existing;
        const linked = await linkToUser(existing, owner.userId!);
        if (linked) return linked;
      } else {
        const created = await createCustomer(details, claims ? owner.userId : null);
        if (created !== 'retry') return created;
      }
      await new Promise((r) => setTimeout(r, 10 + Math.random() * 40 * (attempt + 1)));
      return stale();
    },
    () => {
      throw new Error('Could not save the customer after several attempts');
    },
  );
}

/** Links an unlinked customer to a user; null when someone linked it first (read it again then). */
export async function linkToUser(customer: Customer, userId: string): Promise<Customer | null> {
  const index = keys.customerByUser(userId, customer.createdAt);
  const listed = customerListKeys(customer);
  const updatedAt = clock.now().toISOString();
  const done = await updateIf({
    Key: keys.customer(customer.id),
    // An account holder is in the customer list from now on.
    UpdateExpression: 'SET userId = :user, gsi1pk = :pk, gsi1sk = :sk, updatedAt = :now, gsi2pk = :listPk, gsi2sk = :listSk',
    ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(userId) OR attribute_type(userId, :nul))',
    ExpressionAttributeValues: { ':user': userId, ':pk': index.gsi1pk, ':sk': index.gsi1sk, ':now': updatedAt, ':nul': 'NULL', ':listPk': listed.gsi2pk, ':listSk': listed.gsi2sk },
  });
  return done ? { ...customer, userId, updatedAt } : null;
}
