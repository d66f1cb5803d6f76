/** GET /api/admin/customer-list: a page of every customer in name order, or of a search's matches (admins). */
import { customerListResponseSchema, type CustomerListResponse } from '@shared/admin-customers';
import { apiRequest } from '../../../lib/api-client';

export function fetchCustomerList(query: { q: string; cursor: string | null }, signal?: AbortSignal): Promise<CustomerListResponse> {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.cursor) params.set('cursor', query.cursor);
  const text = params.toString();
  return apiRequest(`/admin/customer-list${text ? `?${text}` : ''}`, { schema: customerListResponseSchema, auth: true, signal });
}
