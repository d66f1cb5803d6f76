/** GET /api/admin/customer-list?q=&cursor=&pageSize=: a page of the customer list, or of a search's matches (admins). */
import { customerListQuerySchema } from '../../shared/admin-customers';
import { httpHandler } from '../lib/http';
import { listCustomers } from '../use-cases/admin/customer-list';

export const handler = httpHandler({ access: 'admin', query: customerListQuerySchema }, async ({ query }) => ({ body: await listCustomers(query) }));
