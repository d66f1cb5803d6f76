/**
 * Customers and their uniqueness guards. A customer is found by e-mail (case-insensitive) through its
 * e-mail guard; its contact number is held by a phone guard. The customer, both guards and its search
 * tokens are always written in one transaction, so a customer is never half-written and no two customers
 * share an e-mail or a number, even when two checkouts race.
 */
import { randomUUID } from 'node:crypto';
import { phoneIdentity, searchTokensOf, type CustomerDetails } from '../../shared/booking';
import { conflict } from '../lib/errors';
import { keys } from './keys';
import { getItem, transact, type Item } from './table';


export interface Customer {
  id: string;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  contactNumber: string;
  userId: string | null;
  createdAt: string;
  updatedAt: string;
  /** Set by the first confirmed booking; the 'unique customers' counter counts these. */
  firstConfirmedAt?: string;
}

export const CONTACT_NUMBER_TAKEN = 'This contact number belongs to another customer. Please use a different number or contact us.';

interface GuardItem extends Item {
  customerId: string;
}

type CustomerItem = Item & Customer;

function toCustomer(item: CustomerItem): Customer {
  const { id, name, firstName, lastName, email, contactNumber, userId, createdAt, updatedAt, firstConfirmedAt } = item;
  return { id, name, firstName, lastName, email, contactNumber, userId: userId ?? null, createdAt, updatedAt, ...(firstConfirmedAt ? { firstConfirmedAt } : {}) };
}

export async function getCustomer(id: string, consistent = false): Promise<Customer | null> {
  const item = await getItem<CustomerItem>(keys.customer(id), consistent);
  return item ? toCustomer(item) : null;
}

function tokenKeys(c: Pick<Customer, 'id' | 'name' | 'email' | 'contactNumber'>) {
  return searchTokensOf(c).map((token) => keys.searchToken('customer', token, c.id));
}

function tokenPut(key: { pk: string; sk: string }, customerId: string) {
  return { Put: { Item: { ...key, type: 'search_token', kind: 'customer', customerId } } };
}

function customerItem(c: Customer): CustomerItem {
  return {
    ...keys.customer(c.id),
    type: 'customer',
    ...c,
    ...(c.userId ? keys.customerByUser(c.userId, c.createdAt) : {}),
  } as CustomerItem;
}

const phoneTaken = () => conflict(CONTACT_NUMBER_TAKEN, { 'customer.contactNumber': CONTACT_NUMBER_TAKEN });

/** Which items of a cancelled transaction failed their condition (by position). */
function failedConditions(error: unknown): number[] {
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
}

const isCancelled = (error: unknown) => (error as { name?: string } | null)?.name === 'TransactionCanceledException';

async function createCustomer(details: CustomerDetails, userId: string | null): Promise<Customer | 'retry'> {
  const now = new Date().toISOString();
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
  try {
    await transact([
      { Put: { Item: customerItem(customer), ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { Item: { ...keys.emailGuard(customer.email), type: 'customer_email_guard', customerId: customer.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { Item: { ...keys.phoneGuard(customer.contactNumber), type: 'customer_phone_guard', customerId: customer.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
      ...tokenKeys(customer).map((k) => tokenPut(k, customer.id)),
    ]);
    return customer;
  } catch (error) {
    if (!isCancelled(error)) throw error;
    const failed = failedConditions(error);
    if (failed.includes(2) && !failed.includes(1)) throw phoneTaken();
    // The e-mail was taken by a concurrent checkout (or the write conflicted): start again as an update.
    return 'retry';
  }
}

/** Who is checking out: the signed-in account, if any, and the e-mail its token vouches for. */
export interface CheckoutOwner {
  userId: string | null;
  userEmail?: string | null;
}

async function updateCustomer(existing: Customer, details: CustomerDetails, owner: CheckoutOwner): Promise<Customer | 'retry'> {
  // A customer linked to an account changes only through that account; anyone else who types its e-mail
  // books with the details they gave (kept on the booking) and leaves the customer record alone.
  if (existing.userId && existing.userId !== owner.userId) return existing;
  // An unlinked customer joins an account only when the account's own verified e-mail is this one, so
  // nobody can attach a stranger's record (and its name and number) to their account by typing an e-mail.
  const claims = !!owner.userId && !!owner.userEmail && owner.userEmail.toLowerCase() === existing.email.toLowerCase();
  const userId = existing.userId ?? (claims ? owner.userId : null);
  const name = `${details.firstName} ${details.lastName}`;
  const phoneMoves = phoneIdentity(details.contactNumber) !== phoneIdentity(existing.contactNumber);
  if (phoneMoves) {
    const guard = await getItem<GuardItem>(keys.phoneGuard(details.contactNumber), true);
    if (guard && guard.customerId !== existing.id) throw phoneTaken();
  }
  const next: Customer = {
    ...existing,
    name,
    firstName: details.firstName,
    lastName: details.lastName,
    email: details.email,
    contactNumber: details.contactNumber,
    userId,
    updatedAt: new Date().toISOString(),
  };
  const unchanged = (['name', 'email', 'contactNumber', 'userId'] as const).every((f) => next[f] === existing[f]);
  if (unchanged) return existing;

  const oldTokens = tokenKeys(existing);
  const newTokens = tokenKeys(next);
  const same = (a: { sk: string }) => (b: { sk: string }) => a.sk === b.sk;
  const userKeys = next.userId && !existing.userId ? keys.customerByUser(next.userId, next.createdAt) : null;
  try {
    await transact([
      {
        Update: {
          Key: keys.customer(existing.id),
          UpdateExpression: `SET #name = :name, firstName = :first, lastName = :last, email = :email, contactNumber = :phone, userId = :user, updatedAt = :now${userKeys ? ', gsi1pk = :g1pk, gsi1sk = :g1sk' : ''}`,
          ConditionExpression: 'updatedAt = :seen',
          ExpressionAttributeNames: { '#name': 'name' },
          ExpressionAttributeValues: {
            ':name': next.name,
            ':first': next.firstName,
            ':last': next.lastName,
            ':email': next.email,
            ':phone': next.contactNumber,
            ':user': next.userId,
            ':now': next.updatedAt,
            ':seen': existing.updatedAt,
            ...(userKeys ? { ':g1pk': userKeys.gsi1pk, ':g1sk': userKeys.gsi1sk } : {}),
          },
        },
      },
      ...(phoneMoves
        ? [
            { Delete: { Key: keys.phoneGuard(existing.contactNumber), ConditionExpression: 'customerId = :id', ExpressionAttributeValues: { ':id': existing.id } } },
            {
              Put: {
                Item: { ...keys.phoneGuard(next.contactNumber), type: 'customer_phone_guard', customerId: existing.id },
                ConditionExpression: 'attribute_not_exists(pk) OR customerId = :id',
                ExpressionAttributeValues: { ':id': existing.id },
              },
            },
          ]
        : []),
      ...oldTokens.filter((t) => !newTokens.some(same(t))).map((Key) => ({ Delete: { Key } })),
      ...newTokens.filter((t) => !oldTokens.some(same(t))).map((k) => tokenPut(k, existing.id)),
    ]);
    return next;
  } catch (error) {
    if (!isCancelled(error)) throw error;
    return 'retry';
  }
}

/**
 * The customer for a checkout: the one with this e-mail (updated with the details given), or a new one.
 * A contact number held by another customer is a 409. A signed-in caller's id is recorded on a new
 * customer, and on an existing one that has none yet.
 */
export async function upsertCustomer(details: CustomerDetails, owner: CheckoutOwner): Promise<Customer> {
  const { userId } = owner;
  for (let attempt = 0; attempt < 6; attempt++) {
    const guard = await getItem<GuardItem>(keys.emailGuard(details.email), true);
    if (!guard) {
      const phone = await getItem<GuardItem>(keys.phoneGuard(details.contactNumber), true);
      if (phone) {
        // A concurrent checkout with this same e-mail may have just created the customer: update it then.
        const owner = await getCustomer(phone.customerId, true);
        if (owner?.email.toLowerCase() !== details.email.toLowerCase()) throw phoneTaken();
      } else {
        const created = await createCustomer(details, userId);
        if (created !== 'retry') return created;
      }
    } else {
      const existing = await getCustomer(guard.customerId, true);
      if (!existing) throw new Error(`E-mail guard points at a missing customer ${guard.customerId}`);
      const updated = await updateCustomer(existing, details, owner);
      if (updated !== 'retry') return updated;
    }
    await new Promise((r) => setTimeout(r, 10 + Math.random() * 40 * (attempt + 1)));
  }
  throw new Error('Could not save the customer after several attempts');
}
