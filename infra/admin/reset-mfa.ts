/**
 * `npm run admin -- reset-mfa EMAIL`: clears the authenticator (TOTP) of a person who lost it, so they sign
 * in with their password alone and can set up a new one from Profile > Password & Security. Works on the local
 * emulator and on a deployed pool (AdminSetUserMFAPreference), on every account with that e-mail.
 */
import { AdminSetUserMFAPreferenceCommand } from '@aws-sdk/client-cognito-identity-provider';
import { accountsByEmail, AdminCommandError, EMAIL, type PoolTarget } from './admin-role';

export async function resetMfa(target: PoolTarget, rawEmail: string): Promise<string[]> {
  const email = rawEmail.trim();
  if (!EMAIL.test(email)) throw new AdminCommandError(`"${rawEmail}" is not an e-mail address`);
  const accounts = await accountsByEmail(target, email);
  if (accounts.length === 0) throw new AdminCommandError(`No account with the e-mail ${email} in ${target.label}.`);
  for (const account of accounts) {
    await target.client.send(
      new AdminSetUserMFAPreferenceCommand({ UserPoolId: target.userPoolId, Username: account.Username!, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } }),
    );
  }
  return accounts.map((a) => a.Username!);
}
