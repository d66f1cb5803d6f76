/** POST /api/manage-booking: ask for a one-time link; the answer is the same sentence whether or not a booking matched. */
import { messageResponseSchema } from '@shared/pass';
import { apiRequest } from '../../../lib/api-client';

export async function requestManageLink(reference: string, email: string): Promise<string> {
  return (await apiRequest('/manage-booking', { method: 'POST', body: { reference, email }, schema: messageResponseSchema })).message;
}
