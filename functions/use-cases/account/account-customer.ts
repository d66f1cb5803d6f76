/**
 * The customer record behind a signed-in caller: their newest linked customer, or, when the token vouches
 * for the e-mail (email_verified), the unlinked customer with that e-mail, linked now. Anything else (an
 * unverified e-mail, a customer linked to someone else) gives none.
 */
import type { Caller } from '../../lib/auth';
import { customerByEmail, latestLinkedCustomer } from '../../store/account-customers';
import { linkToUser, type Customer } from '../../store/customers';

export async function accountCustomer(caller: Caller): Promise<Customer | null> {
  const linked = await latestLinkedCustomer(caller.sub);
  if (linked) return linked;
  if (!caller.email || !caller.emailVerified) return null;
  const byEmail = await customerByEmail(caller.email);
  if (!byEmail || (byEmail.userId && byEmail.userId !== caller.sub)) return null;
  if (byEmail.userId === caller.sub) return byEmail;
  return (await linkToUser(byEmail, caller.sub)) ?? (await latestLinkedCustomer(caller.sub));
}
