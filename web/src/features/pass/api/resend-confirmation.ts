/** POST /api/pass/{token}/confirmation-email: the confirmation again, to the booking's own e-mail. */
import { messageResponseSchema } from '@shared/pass';
import { apiRequest } from '../../../lib/api-client';

export async function resendConfirmation(token: string): Promise<string> {
  return (await apiRequest(`/pass/${encodeURIComponent(token)}/confirmation-email`, { method: 'POST', body: {}, schema: messageResponseSchema })).message;
}
