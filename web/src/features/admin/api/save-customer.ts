/** PATCH /api/admin/customers/{id}: name, e-mail and contact number; a duplicate answers 409 with its message (docs/product-rules.md). */
import type * as z from 'zod';
import { adminCustomerResponseSchema, type AdminCustomerEdit } from '@shared/admin';
import { apiRequest } from '../../../lib/api-client';

export const saveAdminCustomer = (id: string, edit: AdminCustomerEdit): Promise<z.infer<typeof adminCustomerResponseSchema>> =>
  apiRequest(`/admin/customers/${encodeURIComponent(id)}`, { method: 'PATCH', body: edit, schema: adminCustomerResponseSchema, auth: true });
