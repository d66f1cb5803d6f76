/**
 * Security notices: when a password changes or two-step sign-in is turned on or off, the account's
 * e-mail address hears of it, whoever made the change. The platform sends it from CloudTrail's record of the
 * user pool call (functions/auth/security-notice.ts), so no caller can skip it; this module decides what the
 * record means and writes the message.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { escapeHtml } from '../../../shared/html';
import { site } from '../../../shared/site';
import { userPool } from '../../lib/cognito';
import { sendEmail } from '../../lib/email';
import { logger } from '../../lib/logger';
import * as clock from '../../lib/clock';

export type SecurityChange = 'password-changed' | 'password-reset' | 'two-step-on' | 'two-step-off' | 'two-step-off-by-staff' | 'two-step-on-by-staff';

/** What CloudTrail records of a user pool call, as far as a notice needs it. */
export interface SecurityCallRecord {
  eventName: string;
  eventTime: string;
  /** Present when the call failed: nothing changed, nothing is sent. */
  errorCode?: string;
  /** The account's `sub` (Cognito records it for calls about one user, never the user name). */
  sub?: string;
  /** Admin calls name the pool and the user; user calls name neither (their access token is hidden). */
  userPoolId?: string;
  username?: string;
  /** The TOTP setting the call asked for, when recorded. */
  totpEnabled?: boolean;
}

/**
 * The change a successful call made. For the MFA calls `totpNow` is the account's TOTP state read afterwards: used
 * only when the record does not say what was asked for.
 */
export function changeOf(record: SecurityCallRecord, totpNow: boolean): SecurityChange | null {
  if (record.errorCode) return null;
  const on = record.totpEnabled ?? totpNow;
  switch (record.eventName) {
    case 'ChangePassword':
      return 'password-changed';
    case 'ConfirmForgotPassword':
      return 'password-reset';
    case 'SetUserMFAPreference':
      return on ? 'two-step-on' : 'two-step-off';
    case 'AdminSetUserMFAPreference':
      return on ? 'two-step-on-by-staff' : 'two-step-off-by-staff';
    default:
      return null;
  }
}

const nzWhen = new Intl.DateTimeFormat('en-NZ', { timeZone: site.timeZone, dateStyle: 'full', timeStyle: 'short' });

/** `Thursday, 26 November 2026 at 11:45 am (NZ time)`. */
export function nzTimeOf(instant: Date): string {
  return `${nzWhen.format(instant)} (NZ time)`;
}

const WHAT: Record<SecurityChange, { subject: string; happened: string; meaning: string }> = {
  'password-changed': { subject: 'Your password was changed', happened: 'The password of your account was changed', meaning: 'You now sign in with the new password.' },
  'password-reset': { subject: 'Your password was changed', happened: 'The password of your account was reset with a link sent to this address', meaning: 'You now sign in with the new password.' },
  'two-step-on': { subject: 'Two-step sign-in was turned on', happened: 'Two-step sign-in was turned on for your account', meaning: 'When you sign in we now ask for a code from your authenticator app as well as your password.' },
  'two-step-on-by-staff': { subject: 'Two-step sign-in was turned on', happened: 'Our staff turned on two-step sign-in for your account', meaning: 'When you sign in we now ask for a code from your authenticator app as well as your password.' },
  'two-step-off': { subject: 'Two-step sign-in was turned off', happened: 'Two-step sign-in was turned off for your account', meaning: 'Signing in now needs only your password.' },
  'two-step-off-by-staff': { subject: 'Two-step sign-in was turned off', happened: 'Our staff turned off two-step sign-in for your account', meaning: 'Signing in now needs only your password.' },
};

export interface SecurityNoticeEmail {
  subject: string;
  text: string;
  html: string;
}

export function securityNoticeEmail(change: SecurityChange, email: string, when: Date, siteUrl: string): SecurityNoticeEmail {
  const what = WHAT[change];
  const signIn = `${siteUrl.replace(/\/+$/, '')}/customer-auth`;
  const twoStep = change.startsWith('two-step');
  const happened = `${what.happened} (${email}) on ${nzTimeOf(when)}.`;
  const ifYou = 'If this was you, there is nothing more to do.';
  const ifNot =
    `If it was not you, someone else may be using your account: reset your password now with 'Forgot password?' at ${signIn}` +
    (twoStep ? ', then turn two-step sign-in back on under Profile > Password & Security' : '') +
    `, and call us on ${site.phone} or e-mail ${site.email}.`;
  const subject = `${what.subject} - ${site.brand}`;
  const text = [happened, what.meaning, ifYou, ifNot, `${site.brand} · ${site.phone} · ${site.email}`].join('\n\n');
  const html = `<div style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:16px;line-height:1.5;color:#1b2733;max-width:560px">
<h1 style="font-size:22px">${escapeHtml(what.subject)}</h1>
<p>${escapeHtml(happened)}</p>
<p>${escapeHtml(what.meaning)}</p>
<p>${escapeHtml(ifYou)}</p>
<p><strong>${escapeHtml(ifNot)}</strong></p>
<p style="font-size:14px;color:#4a5866">${escapeHtml(site.brand)} &middot; ${escapeHtml(site.phone)} &middot; ${escapeHtml(site.email)}</p>
</div>`;
  return { subject, text, html };
}

/**
 * Finds the account a record is about in this pool and e-mails it. Records of failed calls and of another pool's users
 * (dev and prod may share an account and region) send nothing.
 */
export async function sendSecurityNotice(record: SecurityCallRecord, context: { userPoolId: string; siteUrl: string }): Promise<SecurityChange | null> {
  if (record.errorCode) return null;
  if (record.userPoolId && record.userPoolId !== context.userPoolId) return null;
  // The pool's user names are the subs (e-mail is a sign-in alias), so AdminGetUser takes either.
  const who = record.sub ?? record.username;
  if (!who) {
    logger.error('Security notice: the record names no user', { eventName: record.eventName });
    return null;
  }
  let user;
  try {
    user = await userPool().send(new AdminGetUserCommand({ UserPoolId: context.userPoolId, Username: who }));
  } catch (error) {
    // A user of another pool (a user call's record does not name its pool), or deleted since.
    if ((error as { name?: string }).name === 'UserNotFoundException') {
      logger.info('Security notice: no such user in this pool', { eventName: record.eventName });
      return null;
    }
    throw error;
  }
  const email = user.UserAttributes?.find((a) => a.Name === 'email')?.Value;
  if (!email) {
    logger.error('Security notice: the account has no e-mail address', { eventName: record.eventName });
    return null;
  }
  const change = changeOf(record, (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA'));
  if (!change) return null;
  const when = Number.isNaN(Date.parse(record.eventTime)) ? clock.now() : new Date(record.eventTime);
  await sendEmail({ to: [email], ...securityNoticeEmail(change, email, when, context.siteUrl) });
  logger.info('Security notice sent', { change, eventName: record.eventName });
  return change;
}
