/**
 * Cognito's Custom Message trigger: sign-up confirmations and password resets carry a link to our site
 * instead of a bare code. Locally the emulator invokes this same module through the local Lambda endpoint.
 * Other messages (admin invitations, attribute verification) keep Cognito's defaults.
 */
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { accountEmail, type AccountEmailKind } from '../use-cases/account/account-emails';

const kinds: Partial<Record<CustomMessageTriggerEvent['triggerSource'], AccountEmailKind>> = {
  CustomMessage_SignUp: 'confirm-sign-up',
  CustomMessage_ResendCode: 'confirm-sign-up',
  CustomMessage_ForgotPassword: 'reset-password',
};

export const handler = async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
  const kind = kinds[event.triggerSource];
  const email = event.request.userAttributes.email;
  const siteUrl = process.env.SITE_URL;
  if (!kind || !email || !siteUrl) return event;
  const message = accountEmail(kind, siteUrl, email, event.request.codeParameter);
  event.response.emailSubject = message.subject;
  event.response.emailMessage = message.html;
  return event;
};
