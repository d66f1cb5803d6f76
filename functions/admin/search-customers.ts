/** GET /api/admin/customers?search=: up to 5 customers for 2 or more characters. */
import { customerSearchQuerySchema } from '../../shared/admin';
import { httpHandler } from '../lib/http';
import { searchCustomers } from '../use-cases/admin/customers';

export const handler = httpHandler({ access: 'admin', query: customerSearchQuerySchema }, async ({ query }) => ({ body: { customers: await searchCustomers(query.search) } }));
