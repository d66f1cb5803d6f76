/**
 * The links in account e-mails. Cognito puts the one-time code where the trigger writes its placeholder, so
 * the code is inserted as given (never URL-encoded: '{####}' must reach Cognito intact). The parameter is
 * never named `code`: Amplify reads `?code=` on any page as an OAuth reply.
 */
export const accountLinkParams = {
  email: 'email',
  /** Sign-up confirmation: opens the site root, which confirms the account and says so. */
  confirm: 'confirm',
  /** Password reset: opens the sign-in page with a new-password form. */
  reset: 'reset',
} as const;

const base = (siteUrl: string) => siteUrl.replace(/\/+$/, '');

export function confirmSignUpLink(siteUrl: string, email: string, code: string): string {
  return `${base(siteUrl)}/?${accountLinkParams.email}=${encodeURIComponent(email)}&${accountLinkParams.confirm}=${code}`;
}

export function resetPasswordLink(siteUrl: string, email: string, code: string): string {
  return `${base(siteUrl)}/customer-auth?${accountLinkParams.email}=${encodeURIComponent(email)}&${accountLinkParams.reset}=${code}`;
}

export interface AccountLink {
  kind: 'confirm' | 'reset';
  email: string;
  code: string;
}

/** Reads a confirmation or reset link's query; null when the page was not opened from one. */
export function readAccountLink(search: string): AccountLink | null {
  const q = new URLSearchParams(search);
  const email = q.get(accountLinkParams.email)?.trim();
  const confirm = q.get(accountLinkParams.confirm)?.trim();
  const reset = q.get(accountLinkParams.reset)?.trim();
  if (!email) return null;
  if (confirm && /^\d{4,8}$/.test(confirm)) return { kind: 'confirm', email, code: confirm };
  if (reset && /^\d{4,8}$/.test(reset)) return { kind: 'reset', email, code: reset };
  return null;
}
