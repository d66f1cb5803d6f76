/** GET /api/admin/customers/{id}: one customer record, for the customer editor. */
import { httpHandler } from '../lib/http';
import { adminCustomer } from '../use-cases/admin/customers';

export const handler = httpHandler({ access: 'admin' }, async ({ params }) => ({ body: { customer: await adminCustomer(params.id ?? '') } }));
