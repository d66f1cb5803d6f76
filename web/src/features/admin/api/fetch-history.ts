/** GET /api/admin/bookings/{id}/history?before=: the page of a booking's history older than a page's `history_older`. */
import { historyPageSchema, type HistoryPageView } from '@shared/admin';
import { apiRequest } from '../../../lib/api-client';

export const fetchOlderHistory = (id: string, before: string, signal?: AbortSignal): Promise<HistoryPageView> =>
  apiRequest(`/admin/bookings/${encodeURIComponent(id)}/history?before=${encodeURIComponent(before)}`, { schema: historyPageSchema, auth: true, signal });
