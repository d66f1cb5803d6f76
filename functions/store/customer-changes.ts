/**
 * Changing a customer (a profile saved by the account's owner, or an admin's edit) under the uniqueness rules:
 * an e-mail or a number held by another customer is refused. The customer, the guards that move, its search
 * tokens and, for staff, an audit entry change in one transaction; `stale` when someone changed the customer
 * since it was read.
 */
import { randomUUID } from 'node:crypto';
import { phoneIdentity } from '../../shared/booking';
import { splitName } from '../../shared/profile';
import type { Customer } from '../../shared/records';
import { customerAuditPut } from './audit';
import type { FieldChange } from './booking-changes';
import { customerListKeys, getCustomer, isCancelled, isEstablishedCustomer, tokenKeys, tokenPut, type GuardItem } from './customers';
import { keys, type ItemKey } from './keys';
import { getItem, transact, type TransactItem } from './table';
import * as clock from '../lib/clock';

export type CustomerChange = 'changed' | 'unchanged' | 'email-taken' | 'phone-taken' | 'stale';

export interface CustomerFields {
  firstName: string;
  lastName: string;
  email: string;
  contactNumber: string;
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The moves of one guard (e-mail or phone): release the old one if this customer holds it, take the new one. */
async function guardMoves(oldKey: ItemKey, newKey: ItemKey, type: string, customerId: string): Promise<TransactItem[] | 'taken'> {
  const holder = await getItem<GuardItem>(newKey, true);
  if (holder && holder.customerId !== customerId) return 'taken';
  // A customer who shares a number may hold no guard of its own: only its own guard moves.
  const ownsOld = (await getItem<GuardItem>(oldKey, true))?.customerId === customerId;
  const own = { ':id': customerId };
  return [
    ...(ownsOld ? [{ Delete: { Key: oldKey, ConditionExpression: 'customerId = :id', ExpressionAttributeValues: own } }] : []),
    { Put: { Item: { ...newKey, type, customerId }, ConditionExpression: 'attribute_not_exists(pk) OR customerId = :id', ExpressionAttributeValues: own } },
  ];
}

export async function changeCustomer(existing: Customer, next: CustomerFields, audit?: { by: string; changes: FieldChange[] }): Promise<{ outcome: CustomerChange; customer: Customer }> {
  const name = `${next.firstName} ${next.lastName}`.trim();
  const emailMoves = !sameEmail(next.email, existing.email);
  const phoneMoves = phoneIdentity(next.contactNumber) !== phoneIdentity(existing.contactNumber);
  if (name === existing.name && next.email === existing.email && next.contactNumber === existing.contactNumber) return { outcome: 'unchanged', customer: existing };

  const emailItems = emailMoves ? await guardMoves(keys.emailGuard(existing.email), keys.emailGuard(next.email), 'customer_email_guard', existing.id) : [];
  if (emailItems === 'taken') return { outcome: 'email-taken', customer: existing };
  const phoneItems = phoneMoves ? await guardMoves(keys.phoneGuard(existing.contactNumber), keys.phoneGuard(next.contactNumber), 'customer_phone_guard', existing.id) : [];
  if (phoneItems === 'taken') return { outcome: 'phone-taken', customer: existing };

  const updated: Customer = { ...existing, name, firstName: next.firstName, lastName: next.lastName, email: next.email.trim(), contactNumber: next.contactNumber, updatedAt: clock.now().toISOString() };
  const oldTokens = tokenKeys(existing);
  const newTokens = tokenKeys(updated);
  const sameAs = (a: { sk: string }) => (b: { sk: string }) => a.sk === b.sk;
  // The customer list's place follows the name (and is set here on a customer written before the list existed); a
  // customer who has neither paid nor an account stays out of the list (customers.ts, isEstablishedCustomer).
  const listed = isEstablishedCustomer(existing) ? customerListKeys(updated) : null;
  const items: TransactItem[] = [
    {
      Update: {
        Key: keys.customer(existing.id),
        UpdateExpression: `SET #name = :name, firstName = :first, lastName = :last, email = :email, contactNumber = :phone, updatedAt = :now${listed ? ', gsi2pk = :listPk, gsi2sk = :listSk' : ''}`,
        ConditionExpression: 'updatedAt = :seen',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: {
          ...{ ':name': name, ':first': updated.firstName, ':last': updated.lastName, ':email': updated.email, ':phone': updated.contactNumber, ':now': updated.updatedAt, ':seen': existing.updatedAt },
          ...(listed ? { ':listPk': listed.gsi2pk, ':listSk': listed.gsi2sk } : {}),
        },
      },
    },
    ...emailItems,
    ...phoneItems,
    ...oldTokens.filter((t) => !newTokens.some(sameAs(t))).map((Key) => ({ Delete: { Key } })),
    ...newTokens.filter((t) => !oldTokens.some(sameAs(t))).map((k) => tokenPut(k, existing.id)),
    ...(audit ? [customerAuditPut(existing.id, updated.updatedAt, audit.by, audit.changes, randomUUID().slice(0, 8))] : []),
  ];
  try {
    await transact(items);
    return { outcome: 'changed', customer: updated };
  } catch (error) {
    if (!isCancelled(error)) throw error;
    const fresh = await getCustomer(existing.id, true);
    if (fresh && fresh.updatedAt !== existing.updatedAt) return { outcome: 'stale', customer: fresh };
    // A guard was taken between the read and the write.
    const emailHolder = emailMoves ? await getItem<GuardItem>(keys.emailGuard(next.email), true) : null;
    return { outcome: emailHolder && emailHolder.customerId !== existing.id ? 'email-taken' : 'phone-taken', customer: existing };
  }
}

export type DetailsChange = 'changed' | 'unchanged' | 'phone-taken' | 'stale';

/** The account owner's profile carries its name and number to the customer (the e-mail stays the account's). */
export async function changeCustomerDetails(existing: Customer, next: { firstName: string; lastName: string; contactNumber: string }): Promise<DetailsChange> {
  const { outcome } = await changeCustomer(existing, { ...next, email: existing.email });
  return outcome === 'email-taken' ? 'stale' : outcome;
}

/**
 * A customer's first paid booking gives the customer record the name and number typed with it (docs/accounts.md, "Identity
 * and accounts"): a checkout that is never paid leaves the record as it was, and the details of an abandoned checkout
 * that created it give way to those that were paid for. The items go into the confirmation's transaction, the customer's
 * update first: it sets `firstConfirmedAt`, on condition that none is set and nobody changed the customer since it was
 * read. A number another customer holds is not taken (a shared number never blocks a booking); this customer's own
 * guard for its old number is released.
 */
export async function firstConfirmationItems(existing: Customer, given: { name: string; contactNumber: string }, at: string): Promise<TransactItem[]> {
  const sameName = given.name.trim() === existing.name.trim();
  const { first, last } = sameName ? { first: existing.firstName, last: existing.lastName } : splitName(given.name);
  const updated: Customer = { ...existing, name: sameName ? existing.name : `${first} ${last}`.trim(), firstName: first, lastName: last, contactNumber: given.contactNumber, updatedAt: at };
  const phoneMoves = phoneIdentity(given.contactNumber) !== phoneIdentity(existing.contactNumber);
  const own = { ':id': existing.id };
  const phoneItems: TransactItem[] = [];
  if (phoneMoves) {
    const oldKey = keys.phoneGuard(existing.contactNumber);
    const newKey = keys.phoneGuard(given.contactNumber);
    if ((await getItem<GuardItem>(oldKey, true))?.customerId === existing.id) phoneItems.push({ Delete: { Key: oldKey, ConditionExpression: 'customerId = :id', ExpressionAttributeValues: own } });
    if (!(await getItem<GuardItem>(newKey, true))) phoneItems.push({ Put: { Item: { ...newKey, type: 'customer_phone_guard', customerId: existing.id }, ConditionExpression: 'attribute_not_exists(pk)' } });
  }
  const oldTokens = tokenKeys(existing);
  const newTokens = tokenKeys(updated);
  const sameAs = (a: { sk: string }) => (b: { sk: string }) => a.sk === b.sk;
  // The first payment puts the customer in the admin's customer list, under the name paid with.
  const listed = customerListKeys(updated);
  return [
    {
      Update: {
        Key: keys.customer(existing.id),
        UpdateExpression: 'SET #name = :name, firstName = :first, lastName = :last, contactNumber = :phone, updatedAt = :at, firstConfirmedAt = :at, gsi2pk = :listPk, gsi2sk = :listSk',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(firstConfirmedAt) AND updatedAt = :seen',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: { ':name': updated.name, ':first': first, ':last': last, ':phone': updated.contactNumber, ':at': at, ':seen': existing.updatedAt, ':listPk': listed.gsi2pk, ':listSk': listed.gsi2sk },
      },
    },
    ...phoneItems,
    ...oldTokens.filter((t) => !newTokens.some(sameAs(t))).map((Key) => ({ Delete: { Key } })),
    ...newTokens.filter((t) => !oldTokens.some(sameAs(t))).map((k) => tokenPut(k, existing.id)),
  ];
}
