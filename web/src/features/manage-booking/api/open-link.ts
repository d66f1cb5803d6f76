/** POST /api/manage-booking/open: spend the one-time link; the pass token to go to. */
import { manageLinkOpenedSchema } from '@shared/manage-booking';
import { apiRequest } from '../../../lib/api-client';

export async function openManageLink(token: string): Promise<string> {
  return (await apiRequest('/manage-booking/open', { method: 'POST', body: { token }, schema: manageLinkOpenedSchema })).pass_token;
}
