/**
 * The person hears of every change to their password or two-step sign-in, from the platform and not
 * from the browser. Each change is made as the SPA makes it (through /_cognito) or as staff do (reset-mfa's admin
 * call); nothing here asks for a notice, yet exactly one lands in the outbox, addressed to that account. A change
 * that fails sends none.
 */
import { AdminSetUserMFAPreferenceCommand } from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { StoredEmail } from '../../functions/lib/email';
import { cognitoClient } from '../../local/provision';
import { cognito, latestEmail, linkIn, outbox, totpCode } from '../support/cognito';

const baseUrl = inject('baseUrl');
const env = inject('env');
const ClientId = env.userPoolClientId;
const newEmail = () => `notice-${randomUUID().slice(0, 8)}@example.com`;
const password = 'correct horse 1';

const signIn = (email: string, pw = password) =>
  cognito(baseUrl, 'InitiateAuth', { ClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: pw } });

async function signUpAndConfirm(email: string): Promise<string> {
  expect((await cognito(baseUrl, 'SignUp', { ClientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] })).status).toBe(200);
  const code = linkIn(await latestEmail(baseUrl, email, /Confirm your/), baseUrl).searchParams.get('confirm')!;
  expect((await cognito(baseUrl, 'ConfirmSignUp', { ClientId, Username: email, ConfirmationCode: code })).status).toBe(200);
  return (await signIn(email)).body.AuthenticationResult.AccessToken as string;
}

const NOTICE = /^(Your password was changed|Two-step sign-in was turned (on|off)) - Runway Parking$/;

/** The security notices in the outbox for one address (the emulator answers only once its notice is written). */
async function noticesTo(email: string): Promise<StoredEmail[]> {
  return (await outbox(baseUrl, email)).filter((m) => m.to.includes(email) && NOTICE.test(m.subject));
}

/** What every notice says besides its news: when, and what to do if it was not them. */
function expectAdvice(mail: StoredEmail, email: string) {
  expect(mail.to).toEqual([email]);
  expect(mail.text).toMatch(/on \w+day, \d{1,2} \w+ \d{4} at \d{1,2}:\d{2} [ap]m \(NZ time\)\./);
  expect(mail.text).toContain('If this was you, there is nothing more to do.');
  expect(mail.text).toContain(`If it was not you, someone else may be using your account: reset your password now with 'Forgot password?' at ${baseUrl}/customer-auth`);
  expect(mail.text).toContain('call us on 09 000 0000 or e-mail bookings@runwayparking.example.');
}

describe('password notices', () => {
  it('e-mails once when the password is changed signed in, and not when the current password is wrong', async () => {
    const email = newEmail();
    const AccessToken = await signUpAndConfirm(email);

    const wrong = await cognito(baseUrl, 'ChangePassword', { AccessToken, PreviousPassword: 'not my password', ProposedPassword: 'a new password 2' });
    expect(wrong.body.__type).toBe('NotAuthorizedException');
    const tooShort = await cognito(baseUrl, 'ChangePassword', { AccessToken, PreviousPassword: password, ProposedPassword: 'short' });
    expect(tooShort.body.__type).toBe('InvalidPasswordException');
    expect(await noticesTo(email)).toEqual([]);

    expect((await cognito(baseUrl, 'ChangePassword', { AccessToken, PreviousPassword: password, ProposedPassword: 'a new password 2' })).status).toBe(200);
    const notices = await noticesTo(email);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe('Your password was changed - Runway Parking');
    expect(notices[0]!.text).toContain(`The password of your account was changed (${email}) on `);
    expect(notices[0]!.text).toContain('You now sign in with the new password.');
    expectAdvice(notices[0]!, email);
  });

  it('e-mails once when the password is reset through Forgot password, and not for a wrong code', async () => {
    const email = newEmail();
    await signUpAndConfirm(email);
    const forgot = await cognito(baseUrl, 'ForgotPassword', { ClientId, Username: email });
    // The emulator's answer names its reason: a refusal here once failed a busy CI run with only its status.
    expect(forgot.status, JSON.stringify(forgot.body)).toBe(200);
    const code = linkIn(await latestEmail(baseUrl, email, /Reset your/), baseUrl).searchParams.get('reset')!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await cognito(baseUrl, 'ConfirmForgotPassword', { ClientId, Username: email, ConfirmationCode: wrongCode, Password: 'a reset password 3' })).body.__type).toBe('CodeMismatchException');
    expect(await noticesTo(email)).toEqual([]);

    expect((await cognito(baseUrl, 'ConfirmForgotPassword', { ClientId, Username: email, ConfirmationCode: code, Password: 'a reset password 3' })).status).toBe(200);
    const notices = await noticesTo(email);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe('Your password was changed - Runway Parking');
    expect(notices[0]!.text).toContain(`The password of your account was reset with a link sent to this address (${email}) on `);
    expectAdvice(notices[0]!, email);
  });
});

describe('two-step sign-in notices', () => {
  it('e-mails once when TOTP is turned on and once when it is turned off, as the Password & Security tab does it', async () => {
    const email = newEmail();
    const AccessToken = await signUpAndConfirm(email);
    const { SecretCode } = (await cognito(baseUrl, 'AssociateSoftwareToken', { AccessToken })).body;
    expect((await cognito(baseUrl, 'VerifySoftwareToken', { AccessToken, UserCode: totpCode(SecretCode) })).body.Status).toBe('SUCCESS');
    // Proving the authenticator turns nothing on (Cognito with optional MFA): no notice, no code asked at sign-in.
    expect(await noticesTo(email)).toEqual([]);
    expect((await signIn(email)).body.AuthenticationResult?.AccessToken).toBeTruthy();

    expect((await cognito(baseUrl, 'SetUserMFAPreference', { AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } })).status).toBe(200);
    const on = await noticesTo(email);
    expect(on.map((m) => m.subject)).toEqual(['Two-step sign-in was turned on - Runway Parking']);
    expect(on[0]!.text).toContain(`Two-step sign-in was turned on for your account (${email}) on `);
    expect(on[0]!.text).toContain('When you sign in we now ask for a code from your authenticator app as well as your password.');
    expectAdvice(on[0]!, email);
    expect((await signIn(email)).body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');

    expect((await cognito(baseUrl, 'SetUserMFAPreference', { AccessToken, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } })).status).toBe(200);
    const off = (await noticesTo(email)).filter((m) => m.subject === 'Two-step sign-in was turned off - Runway Parking');
    expect(off).toHaveLength(1);
    expect(await noticesTo(email)).toHaveLength(2);
    expect(off[0]!.text).toContain(`Two-step sign-in was turned off for your account (${email}) on `);
    expect(off[0]!.text).toContain('Signing in now needs only your password.');
    expect(off[0]!.text).toContain('then turn two-step sign-in back on under Profile > Password & Security');
    expectAdvice(off[0]!, email);
  });

  it('e-mails when staff turn it off (npm run admin -- reset-mfa), and not for a call that fails', async () => {
    const email = newEmail();
    const AccessToken = await signUpAndConfirm(email);
    // Turning on before an authenticator is proven fails, and says nothing.
    expect((await cognito(baseUrl, 'SetUserMFAPreference', { AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } })).status).toBe(400);
    expect(await noticesTo(email)).toEqual([]);
    const { SecretCode } = (await cognito(baseUrl, 'AssociateSoftwareToken', { AccessToken })).body;
    await cognito(baseUrl, 'VerifySoftwareToken', { AccessToken, UserCode: totpCode(SecretCode) });
    await cognito(baseUrl, 'SetUserMFAPreference', { AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } });

    const admin = cognitoClient(env.cognitoEndpoint, env.cognitoAdminSecret);
    await admin.send(new AdminSetUserMFAPreferenceCommand({ UserPoolId: env.userPoolId, Username: email, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } }));
    const off = (await noticesTo(email)).filter((m) => /turned off/.test(m.subject));
    expect(off).toHaveLength(1);
    expect(off[0]!.text).toContain(`Our staff turned off two-step sign-in for your account (${email}) on `);
    expectAdvice(off[0]!, email);
  });
});
