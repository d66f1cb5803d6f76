/**
 * A signed-in person books from the dashboard: the details on the booking are their profile's (else their
 * latest customer record's) and their account's e-mail; the stay is priced and paid like any checkout, and the
 * hosted checkout returns to the dashboard.
 */
import { customerDetailsSchema, type CheckoutResponse } from '../../../shared/booking';
import { myCheckoutMessages, type MyCheckoutRequest } from '../../../shared/my-checkout';
import { splitName } from '../../../shared/profile';
import type { Caller } from '../../lib/auth';
import { badRequest } from '../../domain/errors';
import { getProfile } from '../../store/profiles';
import { startCheckout } from '../booking/start-checkout';
import { quoteOf, withSpecFieldNames } from '../booking/spec-field-names';
import { accountCustomer } from './account-customer';

export async function startMyCheckout(caller: Caller, req: MyCheckoutRequest, siteUrl: string, remainingMs?: () => number, spendBudget?: () => Promise<void>): Promise<CheckoutResponse> {
  const [profile, customer] = await Promise.all([getProfile(caller.sub), accountCustomer(caller)]);
  const fromRecord = customer ? splitName(customer.name) : { first: '', last: '' };
  const details = customerDetailsSchema.safeParse({
    firstName: profile?.firstName || fromRecord.first,
    lastName: profile?.lastName || fromRecord.last,
    email: (caller.emailVerified ? caller.email : null) ?? customer?.email ?? '',
    contactNumber: profile?.phone || customer?.contactNumber || '',
    carRegistration: req.car_registration,
  });
  if (!details.success) throw badRequest(myCheckoutMessages.profileIncomplete, { profile: myCheckoutMessages.profileIncomplete });
  return withSpecFieldNames(() =>
    startCheckout(
      {
        quote: quoteOf(req),
        customer: details.data,
        paymentType: req.payment_type,
        confirm_duplicate: req.confirm_duplicate,
      },
      { userId: caller.sub, userEmail: caller.email, userEmailVerified: caller.emailVerified, siteUrl, returnTo: 'dashboard', remainingMs, ownersBookings: true, spendBudget },
    ),
  );
}

