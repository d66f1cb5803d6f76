/** POST /api/pass/{token}/confirmation-email: the confirmation again, to the booking's own e-mail, within its budget. */
import { passMessages } from '../../shared/pass';
import { httpHandler } from '../lib/http';
import { clientAddress } from '../lib/origin';
import { resendConfirmation } from '../use-cases/pass/resend-confirmation';

export const handler = httpHandler({ access: 'public' }, async ({ params, event }) => {
  await resendConfirmation(params.token ?? '', clientAddress(event));
  return { status: 202, body: { message: passMessages.resent } };
});
