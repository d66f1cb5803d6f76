/** PATCH /api/admin/customers/{id}: name, e-mail and number, unique; 409 with the duplicate messages (docs/product-rules.md, Checkout and confirmation). */
import { adminCustomerEditSchema } from '../../shared/admin';
import { httpHandler } from '../lib/http';
import { adminEditCustomer } from '../use-cases/admin/customers';

export const handler = httpHandler({ access: 'admin', body: adminCustomerEditSchema }, async ({ auth, body, params }) => ({ body: { customer: await adminEditCustomer(auth.user!, params.id ?? '', body) } }));
