/**
 * The customer record behind an account (docs/accounts.md, "Identity rules"): the newest customer linked to
 * the user, or else the customer whose e-mail is the account's verified e-mail, which is then linked, so
 * bookings paid before sign-up appear in the account. A customer linked to another account is never taken.
 */
import { getCustomer, type Customer } from './customers';
import { keys, queries } from './keys';
import { getItem, query } from './table';

/** The ids of the customers linked to an account, newest first (gsi1 `USER#<sub>` / `CUSTOMER#<createdAt>`). */
export async function linkedCustomerIds(userId: string, limit?: number): Promise<string[]> {
  const { items } = await query<{ id: string }>({
    ...queries.customersOfAccount(userId),
    ProjectionExpression: 'id',
    ScanIndexForward: false,
    ...(limit ? { Limit: limit } : {}),
  });
  return items.map((i) => i.id);
}

export async function latestLinkedCustomer(userId: string): Promise<Customer | null> {
  const [newest] = await linkedCustomerIds(userId, 1);
  return newest ? getCustomer(newest, true) : null;
}

export async function customerByEmail(email: string): Promise<Customer | null> {
  const guard = await getItem<{ customerId: string }>(keys.emailGuard(email), true);
  return guard ? getCustomer(guard.customerId, true) : null;
}

