/** POST /api/manage-booking/open: spends a one-time link (its secret in the body) and answers the pass to go to. */
import { manageLinkOpenSchema } from '../../shared/manage-booking';
import { httpHandler } from '../lib/http';
import { openManageLink } from '../use-cases/pass/manage-link';

export const handler = httpHandler({ access: 'public', body: manageLinkOpenSchema }, async ({ body }) => {
  const link = await openManageLink(body.token);
  return { body: { pass_token: link.token, pass_url: link.url } };
});
