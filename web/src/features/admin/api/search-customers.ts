/** GET /api/admin/customers?search=: up to 5 customers matching 2 or more characters. */
import { customerSearchResponseSchema, type AdminCustomer } from '@shared/admin';
import { apiRequest } from '../../../lib/api-client';

export async function searchCustomers(text: string, signal?: AbortSignal): Promise<AdminCustomer[]> {
  const params = new URLSearchParams({ search: text });
  return (await apiRequest(`/admin/customers?${params}`, { schema: customerSearchResponseSchema, auth: true, signal })).customers;
}
