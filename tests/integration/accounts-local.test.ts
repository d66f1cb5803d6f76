/**
 * The local Cognito bridges (local/cognito): what the SPA needs from Cognito works offline, through the
 * proxy it uses, with Cognito's answers and with every e-mail in the outbox.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { cognito, latestEmail, linkIn, totpCode } from '../support/cognito';

const baseUrl = inject('baseUrl');
const env = inject('env');
const ClientId = env.userPoolClientId;
const newEmail = () => `acct-${randomUUID().slice(0, 8)}@example.com`;
const password = 'correct horse 1';

async function signUpAndConfirm(email: string) {
  const up = await cognito(baseUrl, 'SignUp', { ClientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] });
  expect(up.status).toBe(200);
  const link = linkIn(await latestEmail(baseUrl, email, /Confirm your/), baseUrl);
  const confirmed = await cognito(baseUrl, 'ConfirmSignUp', { ClientId, Username: email, ConfirmationCode: link.searchParams.get('confirm') });
  expect(confirmed.status).toBe(200);
}

const signIn = (email: string, pw = password) =>
  cognito(baseUrl, 'InitiateAuth', { ClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: pw } });

describe('sign-up confirmed by a link to our site', () => {
  it('e-mails a link to the site root carrying the e-mail and the code, which confirms once', async () => {
    const email = newEmail();
    const up = await cognito(baseUrl, 'SignUp', { ClientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] });
    expect(up.body.UserConfirmed).toBe(false);
    const mail = await latestEmail(baseUrl, email, /Confirm your Runway Parking account/);
    const link = linkIn(mail, baseUrl);
    expect(link.pathname).toBe('/');
    expect(link.searchParams.get('email')).toBe(email);
    expect(link.searchParams.get('confirm')).toMatch(/^\d{6}$/);
    expect(link.searchParams.has('code')).toBe(false);
    expect(mail.text).toContain(link.searchParams.get('confirm'));
    // The text part reads as text, its link as the HTML's: no HTML entities left in either.
    expect(mail.text).toContain("If you didn't create an account, ignore this e-mail.");
    expect(mail.text).toContain(/href="([^"]+)"/.exec(mail.html ?? '')![1]!.replace(/&amp;/g, '&'));
    expect(mail.text).not.toMatch(/&(#\d+|amp|quot|lt|gt);/);

    const unconfirmed = await signIn(email);
    expect(unconfirmed.body.__type).toBe('UserNotConfirmedException');

    const ok = await cognito(baseUrl, 'ConfirmSignUp', { ClientId, Username: email, ConfirmationCode: link.searchParams.get('confirm') });
    expect(ok.status).toBe(200);
    const again = await cognito(baseUrl, 'ConfirmSignUp', { ClientId, Username: email, ConfirmationCode: link.searchParams.get('confirm') });
    expect(again.body.__type).toBe('NotAuthorizedException');
    expect((await signIn(email)).body.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('resends a new code that replaces the first, and answers alike for an unknown e-mail', async () => {
    const email = newEmail();
    await cognito(baseUrl, 'SignUp', { ClientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] });
    const first = linkIn(await latestEmail(baseUrl, email, /Confirm your/), baseUrl).searchParams.get('confirm');
    const resent = await cognito(baseUrl, 'ResendConfirmationCode', { ClientId, Username: email });
    expect(resent.status).toBe(200);
    const mails = async () => (await (await fetch(`${baseUrl}/_local/outbox.json?to=${encodeURIComponent(email)}`)).json()).filter((m: { to: string[] }) => m.to.includes(email));
    expect(await mails()).toHaveLength(2);
    const second = linkIn((await mails())[0], baseUrl).searchParams.get('confirm');
    if (second !== first) {
      const stale = await cognito(baseUrl, 'ConfirmSignUp', { ClientId, Username: email, ConfirmationCode: first });
      expect(stale.body.__type).toBe('CodeMismatchException');
    }
    expect((await cognito(baseUrl, 'ConfirmSignUp', { ClientId, Username: email, ConfirmationCode: second })).status).toBe(200);

    const unknown = await cognito(baseUrl, 'ResendConfirmationCode', { ClientId, Username: newEmail() });
    expect(unknown.status).toBe(200);
  });

  it('refuses a password shorter than 8 characters and an e-mail already registered', async () => {
    const email = newEmail();
    const weak = await cognito(baseUrl, 'SignUp', { ClientId, Username: email, Password: 'short', UserAttributes: [{ Name: 'email', Value: email }] });
    expect(weak.body.__type).toBe('InvalidPasswordException');
    await signUpAndConfirm(email);
    const twice = await cognito(baseUrl, 'SignUp', { ClientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] });
    expect(twice.body.__type).toBe('UsernameExistsException');
  });
});

describe('sign-in answers as Cognito does', () => {
  it('says the same for a wrong password and an unknown user, and locks after five failures', async () => {
    const email = newEmail();
    await signUpAndConfirm(email);
    const wrong = await signIn(email, 'not the password');
    const unknown = await signIn(newEmail(), 'not the password');
    expect([wrong.body.__type, wrong.body.message]).toEqual(['NotAuthorizedException', 'Incorrect username or password.']);
    expect([unknown.body.__type, unknown.body.message]).toEqual(['NotAuthorizedException', 'Incorrect username or password.']);
    for (let i = 0; i < 4; i++) await signIn(email, 'not the password');
    const locked = await signIn(email);
    expect(locked.body.message).toBe('Password attempts exceeded');
  });
});

describe('password reset by a link to the sign-in page', () => {
  it('e-mails a /customer-auth link whose code sets a new password', async () => {
    const email = newEmail();
    await signUpAndConfirm(email);
    expect((await cognito(baseUrl, 'ForgotPassword', { ClientId, Username: email })).status).toBe(200);
    const link = linkIn(await latestEmail(baseUrl, email, /Reset your Runway Parking password/), baseUrl);
    expect(link.pathname).toBe('/customer-auth');
    expect(link.searchParams.get('email')).toBe(email);
    const code = link.searchParams.get('reset');
    const weak = await cognito(baseUrl, 'ConfirmForgotPassword', { ClientId, Username: email, ConfirmationCode: code, Password: 'short' });
    expect(weak.body.__type).toBe('InvalidPasswordException');
    const reset = await cognito(baseUrl, 'ConfirmForgotPassword', { ClientId, Username: email, ConfirmationCode: code, Password: 'a new password 2' });
    expect(reset.status).toBe(200);
    expect((await signIn(email, 'a new password 2')).body.AuthenticationResult).toBeTruthy();
  });

  it('answers a reset for an unknown e-mail like any other, and sends nothing', async () => {
    const email = newEmail();
    const res = await cognito(baseUrl, 'ForgotPassword', { ClientId, Username: email });
    expect(res.status).toBe(200);
    expect(res.body.CodeDeliveryDetails.DeliveryMedium).toBe('EMAIL');
  });
});

describe('TOTP and sessions', () => {
  it('asks for the code after set-up, and the session from it refreshes', async () => {
    const email = newEmail();
    await signUpAndConfirm(email);
    const { AccessToken } = (await signIn(email)).body.AuthenticationResult;
    const { SecretCode } = (await cognito(baseUrl, 'AssociateSoftwareToken', { AccessToken })).body;
    expect(SecretCode).toMatch(/^[A-Z2-7]+=*$/);
    const wrongSetup = await cognito(baseUrl, 'VerifySoftwareToken', { AccessToken, UserCode: '000000' });
    expect(wrongSetup.body.__type).toBe('CodeMismatchException');
    expect((await cognito(baseUrl, 'VerifySoftwareToken', { AccessToken, UserCode: totpCode(SecretCode) })).body.Status).toBe('SUCCESS');
    await cognito(baseUrl, 'SetUserMFAPreference', { AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } });

    const challenge = (await signIn(email)).body;
    expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const respond = (code: string) =>
      cognito(baseUrl, 'RespondToAuthChallenge', { ClientId, ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: challenge.Session, ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code } });
    expect((await respond('000000')).body.__type).toBe('CodeMismatchException');
    const tokens = (await respond(totpCode(SecretCode))).body.AuthenticationResult;
    expect(tokens.RefreshToken).toBeTruthy();

    const refreshed = await cognito(baseUrl, 'GetTokensFromRefreshToken', { ClientId, RefreshToken: tokens.RefreshToken });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.AuthenticationResult.AccessToken).toBeTruthy();
    expect(refreshed.body.AuthenticationResult.IdToken).toBeTruthy();
  });
});

describe('the /_cognito proxy', () => {
  it('forwards no Admin operation', async () => {
    const res = await cognito(baseUrl, 'AdminCreateUser', { UserPoolId: env.userPoolId, Username: newEmail() });
    expect(res.status).toBe(400);
    expect(res.body.__type).toBe('UnsupportedOperationException');
    const groups = await cognito(baseUrl, 'AdminAddUserToGroup', { UserPoolId: env.userPoolId, Username: 'x', GroupName: 'admin' });
    expect(groups.status).toBe(400);
  });

  it('refuses cross-site requests and sends no wildcard CORS', async () => {
    const email = newEmail();
    const args = { ClientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] };
    const cross = await cognito(baseUrl, 'SignUp', args, { origin: 'https://evil.example' });
    expect(cross.status).toBe(403);
    const formPost = await cognito(baseUrl, 'SignUp', args, { 'sec-fetch-site': 'cross-site' });
    expect(formPost.status).toBe(403);
    const res = await fetch(`${baseUrl}/_cognito/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp', origin: baseUrl },
      body: JSON.stringify(args),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
