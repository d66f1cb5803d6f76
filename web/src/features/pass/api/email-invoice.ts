/** POST /api/pass/{token}/invoice-email: the tax invoice e-mailed to the booking's own address (one that names the buyer). */
import { messageResponseSchema } from '@shared/pass';
import { apiRequest } from '../../../lib/api-client';

export async function emailInvoice(token: string): Promise<string> {
  return (await apiRequest(`/pass/${encodeURIComponent(token)}/invoice-email`, { method: 'POST', body: {}, schema: messageResponseSchema })).message;
}
