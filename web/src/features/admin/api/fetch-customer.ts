/** GET /api/admin/customers/{id}: the customer record the editor starts from (its version included). */
import type * as z from 'zod';
import { adminCustomerResponseSchema } from '@shared/admin';
import { apiRequest } from '../../../lib/api-client';

export const fetchAdminCustomer = (id: string, signal?: AbortSignal): Promise<z.infer<typeof adminCustomerResponseSchema>> =>
  apiRequest(`/admin/customers/${encodeURIComponent(id)}`, { schema: adminCustomerResponseSchema, auth: true, signal });
