/** POST /api/manage-booking: reference + e-mail ask for a one-time link; the same 202 whether or not they match a booking. */
import { manageLinkRequestSchema } from '../../shared/manage-booking';
import { httpHandler } from '../lib/http';
import { clientAddress } from '../lib/origin';
import { requestManageLink } from '../use-cases/pass/manage-link';

export const handler = httpHandler({ access: 'public', body: manageLinkRequestSchema }, async ({ body, event }) => {
  return { status: 202, body: { message: await requestManageLink(body, clientAddress(event)) } };
});
