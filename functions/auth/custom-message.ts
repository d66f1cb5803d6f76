/**
 * Cognito's Custom Message trigger: sign-up confirmations and password resets carry a link to our site
 * instead of a bare code. Locally the emulator invokes this same module through the local Lambda endpoint.
 * Other messages (admin invitations) keep Cognito's defaults.
 *
 * Every message a caller can make Cognito send (sign-up, resend, reset, attribute verification) first spends from
 * the account's and the address's e-mail budgets (use-cases/limits/account-email-budget.ts). Past them this throws:
 * Cognito then sends nothing, which is the only way a trigger can stop a message.
 */
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { accountEmail, type AccountEmailKind } from '../use-cases/account/account-emails';
import { logger } from '../lib/logger';
import { observed } from '../lib/observed';
import { AccountEmailBudgetSpent, spendAccountEmailBudget } from '../use-cases/limits/account-email-budget';

const kinds: Partial<Record<CustomMessageTriggerEvent['triggerSource'], AccountEmailKind>> = {
  CustomMessage_SignUp: 'confirm-sign-up',
  CustomMessage_ResendCode: 'confirm-sign-up',
  CustomMessage_ForgotPassword: 'reset-password',
};

/** What anyone can ask Cognito to send, again and again. */
const budgeted = new Set<CustomMessageTriggerEvent['triggerSource']>([
  'CustomMessage_SignUp',
  'CustomMessage_ResendCode',
  'CustomMessage_ForgotPassword',
  'CustomMessage_UpdateUserAttribute',
  'CustomMessage_VerifyUserAttribute',
]);

export const handler = observed(async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
  const email = event.request.userAttributes.email;
  if (budgeted.has(event.triggerSource) && email) {
    try {
      await spendAccountEmailBudget({ account: event.request.userAttributes.sub ?? event.userName, email });
    } catch (error) {
      if (error instanceof AccountEmailBudgetSpent) throw error;
      // The table unreachable: the person still gets their code (the WAF's rate rules still hold); logged to look at.
      logger.error('Account e-mail budget could not be counted', { error: String(error) });
    }
  }
  const kind = kinds[event.triggerSource];
  const siteUrl = process.env.SITE_URL;
  if (!kind || !email || !siteUrl) return event;
  const message = accountEmail(kind, siteUrl, email, event.request.codeParameter);
  event.response.emailSubject = message.subject;
  event.response.emailMessage = message.html;
  return event;
});
