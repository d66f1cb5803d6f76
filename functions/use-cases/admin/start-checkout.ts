/**
 * Staff book for a customer (docs/admin.md, New Booking for a customer): the name, number and e-mail
 * typed (or filled from the customer search), a parking bay if chosen, and the stay, priced and paid like any
 * checkout; the hosted checkout returns to the admin dashboard. The booking belongs to the customer found by
 * that e-mail (an existing customer record is never changed by it), not to the member of staff.
 */
import { adminMessages, type AdminCheckoutRequest } from '../../../shared/admin';
import type { CheckoutResponse } from '../../../shared/booking';
import { splitName } from '../../../shared/profile';
import { notFound } from '../../domain/errors';
import { getCustomer } from '../../store/customers';
import { startCheckout } from '../booking/start-checkout';
import { ruledOptionalBay } from '../yard/bay-rule';
import { quoteOf, withSpecFieldNames } from '../booking/spec-field-names';


export async function startAdminCheckout(asked: AdminCheckoutRequest, siteUrl: string, remainingMs?: () => number): Promise<CheckoutResponse> {
  const req: AdminCheckoutRequest = { ...asked, parking_bay_number: await ruledOptionalBay(asked.parking_bay_number) };
  if (req.customer_id && !(await getCustomer(req.customer_id))) throw notFound(adminMessages.customerNotFound);
  const { first, last } = splitName(req.name);
  return withSpecFieldNames(() =>
    startCheckout(
      {
        quote: quoteOf(req),
        customer: { firstName: first, lastName: last, email: req.email, contactNumber: req.contact_number, carRegistration: req.car_registration },
        paymentType: req.payment_type,
      },
      { userId: null, siteUrl, returnTo: 'admin', parkingBayNumber: req.parking_bay_number ?? null, remainingMs, enforceLateNight: false },
    ),
  );
}
