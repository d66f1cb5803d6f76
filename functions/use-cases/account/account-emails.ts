/**
 * The account e-mails Cognito sends (sign-up confirmation, a resent confirmation, password reset), written
 * by us so their links return to our site rather than to a Cognito page. `code` is Cognito's placeholder
 * ({####}) in AWS; Cognito (or the local emulator) puts the real code in its place.
 */
import { confirmSignUpLink, resetPasswordLink } from '../../../shared/account-links';
import { escapeHtml } from '../../../shared/html';
import { site } from '../../../shared/site';

export interface AccountEmail {
  subject: string;
  html: string;
}

export type AccountEmailKind = 'confirm-sign-up' | 'reset-password';

function layout(title: string, intro: string, link: string, action: string, note: string): string {
  // One link only: the emulator, like Cognito's placeholder check, expects the code once.
  return `<div style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:16px;line-height:1.5;color:#1b2733;max-width:560px">
<h1 style="font-size:22px">${escapeHtml(title)}</h1>
<p>${escapeHtml(intro)}</p>
<p><a href="${link}" style="display:inline-block;background:#0b3d63;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action)}</a></p>
<p style="font-size:14px;color:#4a5866">${escapeHtml(note)}</p>
<p style="font-size:14px;color:#4a5866">${escapeHtml(site.brand)} &middot; ${escapeHtml(site.phone)} &middot; ${escapeHtml(site.email)}</p>
</div>`;
}

export function accountEmail(kind: AccountEmailKind, siteUrl: string, email: string, code: string): AccountEmail {
  if (kind === 'confirm-sign-up') {
    return {
      subject: `Confirm your ${site.brand} account`,
      html: layout(
        'Confirm your e-mail address',
        `Welcome to ${site.brand}. Confirm your e-mail address to finish creating your account.`,
        confirmSignUpLink(siteUrl, email, code),
        'Confirm my account',
        "The link works once and expires after 24 hours. If you didn't create an account, ignore this e-mail.",
      ),
    };
  }
  return {
    subject: `Reset your ${site.brand} password`,
    html: layout(
      'Reset your password',
      'We received a request to reset the password of your account. Choose a new password with the link below.',
      resetPasswordLink(siteUrl, email, code),
      'Choose a new password',
      "The link works once and expires after 1 hour. If you didn't ask for this, ignore this e-mail: your password stays as it is.",
    ),
  };
}
