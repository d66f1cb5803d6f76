/** GET /api/admin/summary: the four summary cards and the upcoming tabs' counts. */
import { adminSummarySchema, type AdminSummary } from '@shared/admin';
import { apiRequest } from '../../../lib/api-client';

export const fetchAdminSummary = (signal?: AbortSignal): Promise<AdminSummary> => apiRequest('/admin/summary', { schema: adminSummarySchema, auth: true, signal });
