/**
 * The attacks an outside probe made on accounts, replayed over HTTP as a page or a script would make them, through the site's
 * /_cognito proxy and directly on the Cognito emulator's port: taking an account over with a made-up challenge
 * session, forging tokens with the key cognito-local ships, using the emulator's admin operations, choosing a
 * `sub` at sign-up, and guessing codes. Each fails, and what a real person does still works.
 */
import { AdminCreateUserCommand, CognitoIdentityProviderClient, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { createPrivateKey, randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { SignJWT } from 'jose';
import { describe, expect, inject, it } from 'vitest';
import { cognitoClient } from '../../local/provision';
import { cognito, latestEmail, linkIn, outbox, totpCode } from '../support/cognito';
import { request } from '../support/http';
import { createUser } from '../support/users';
import { checkout, checkoutBody, payOnPage } from './payment-support';

const baseUrl = inject('baseUrl');
const env = inject('env');
const ClientId = env.userPoolClientId;
const newEmail = () => `attack-${randomUUID().slice(0, 8)}@example.com`;
const password = 'correct horse 1';

/** The emulator's own port, as a script on the machine (or a page, with its headers) reaches it. */
async function direct<T = any>(operation: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${env.cognitoEndpoint}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`, ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : {}) as T & { __type?: string; message?: string } };
}

const signIn = (email: string, pw = password) =>
  cognito(baseUrl, 'InitiateAuth', { ClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: pw } });

async function signUp(email: string) {
  const up = await cognito(baseUrl, 'SignUp', { ClientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] });
  expect(up.status).toBe(200);
  return linkIn(await latestEmail(baseUrl, email, /Confirm your/), baseUrl).searchParams.get('confirm')!;
}

async function signUpAndConfirm(email: string) {
  const code = await signUp(email);
  expect((await cognito(baseUrl, 'ConfirmSignUp', { ClientId, Username: email, ConfirmationCode: code })).status).toBe(200);
}

/** An account with two-step sign-in on; returns its TOTP secret. */
async function withTotp(email: string): Promise<string> {
  await signUpAndConfirm(email);
  const { AccessToken } = (await signIn(email)).body.AuthenticationResult;
  const { SecretCode } = (await cognito(baseUrl, 'AssociateSoftwareToken', { AccessToken })).body;
  expect((await cognito(baseUrl, 'VerifySoftwareToken', { AccessToken, UserCode: totpCode(SecretCode) })).body.Status).toBe('SUCCESS');
  await cognito(baseUrl, 'SetUserMFAPreference', { AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } });
  return SecretCode as string;
}

describe('1. challenge sessions', () => {
  it('refuses NEW_PASSWORD_REQUIRED with a made-up session, through /_cognito and on the emulator port, and the password stays', async () => {
    const email = newEmail();
    await signUpAndConfirm(email);
    const takeover = { ClientId, ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: 'made-up', ChallengeResponses: { USERNAME: email, NEW_PASSWORD: 'attacker password 1' } };
    for (const answer of [await cognito(baseUrl, 'RespondToAuthChallenge', takeover), await direct('RespondToAuthChallenge', takeover)]) {
      expect(answer.status).toBe(400);
      expect([answer.body.__type, answer.body.message]).toEqual(['NotAuthorizedException', 'Invalid session for the user.']);
      expect(answer.body).not.toHaveProperty('AuthenticationResult');
    }
    expect((await signIn(email, 'attacker password 1')).body.__type).toBe('NotAuthorizedException');
    expect((await signIn(email)).body.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('refuses an MFA answer with a made-up session or another user\'s, even with the right code', async () => {
    const [victim, attacker] = [newEmail(), newEmail()];
    const secret = await withTotp(victim);
    const attackerSecret = await withTotp(attacker);
    const made = await cognito(baseUrl, 'RespondToAuthChallenge', { ClientId, ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: randomUUID(), ChallengeResponses: { USERNAME: victim, SOFTWARE_TOKEN_MFA_CODE: totpCode(secret) } });
    expect([made.body.__type, made.body.message]).toEqual(['NotAuthorizedException', 'Invalid session for the user.']);
    // The attacker's own, real session, presented for the victim.
    const own = (await signIn(attacker)).body;
    expect(own.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const swapped = await cognito(baseUrl, 'RespondToAuthChallenge', { ClientId, ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: own.Session, ChallengeResponses: { USERNAME: victim, SOFTWARE_TOKEN_MFA_CODE: totpCode(secret) } });
    expect(swapped.body.__type).toBe('NotAuthorizedException');
    // The same session still answers for its own user.
    const mine = await cognito(baseUrl, 'RespondToAuthChallenge', { ClientId, ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: own.Session, ChallengeResponses: { USERNAME: attacker, SOFTWARE_TOKEN_MFA_CODE: totpCode(attackerSecret) } });
    expect(mine.body.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('ends an MFA session after 3 wrong codes, and spends it on the right one', async () => {
    const email = newEmail();
    const secret = await withTotp(email);
    const challenge = (await signIn(email)).body;
    const respond = (code: string) =>
      cognito(baseUrl, 'RespondToAuthChallenge', { ClientId, ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: challenge.Session, ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code } });
    const wrong = totpCode(secret) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i++) expect((await respond(wrong)).body.__type).toBe('CodeMismatchException');
    const late = await respond(totpCode(secret));
    expect([late.body.__type, late.body.message]).toEqual(['NotAuthorizedException', 'Invalid session for the user, session is expired.']);

    const fresh = (await signIn(email)).body;
    const answer = (code: string) =>
      cognito(baseUrl, 'RespondToAuthChallenge', { ClientId, ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: fresh.Session, ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code } });
    expect((await answer(wrong)).body.__type).toBe('CodeMismatchException');
    expect((await answer(totpCode(secret))).body.AuthenticationResult?.AccessToken).toBeTruthy();
    expect((await answer(totpCode(secret))).body.__type).toBe('NotAuthorizedException');
  });

  it('offers NEW_PASSWORD_REQUIRED only to the temporary password, and its own session sets the new one', async () => {
    const email = newEmail();
    const admin = cognitoClient(env.cognitoEndpoint, env.cognitoAdminSecret);
    await admin.send(new AdminCreateUserCommand({ UserPoolId: env.userPoolId, Username: email, TemporaryPassword: 'temporary pw 1', MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: email }] }));
    const guessed = await signIn(email, 'anything at all');
    expect(guessed.body.__type).toBe('NotAuthorizedException');
    expect(guessed.body).not.toHaveProperty('Session');
    const challenge = (await signIn(email, 'temporary pw 1')).body;
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const done = await cognito(baseUrl, 'RespondToAuthChallenge', { ClientId, ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: challenge.Session, ChallengeResponses: { USERNAME: email, NEW_PASSWORD: 'my own password 1' } });
    expect(done.body).toMatchObject({ AuthenticationResult: { AccessToken: expect.any(String) } });
    expect((await signIn(email, 'my own password 1')).body).toMatchObject({ AuthenticationResult: { AccessToken: expect.any(String) } });
  });
});

describe('2. token signing', () => {
  it('refuses a token signed with the key cognito-local ships (401), and accepts the emulator\'s own', async () => {
    const admin = await createUser(env, { admin: true });
    const shipped = createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json') as { pem: string };
    const forged = await new SignJWT({ sub: admin.sub, token_use: 'access', client_id: ClientId, username: admin.sub, 'cognito:groups': ['admin'] })
      .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
      .setIssuer(`${env.cognitoEndpoint}/${env.userPoolId}`)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(createPrivateKey(shipped.pem));
    expect((await request(baseUrl, 'GET', '/api/admin/summary', undefined, { authorization: `Bearer ${forged}` })).status).toBe(401);
    expect((await request(baseUrl, 'GET', '/api/me/profile', undefined, { authorization: `Bearer ${forged}` })).status).toBe(401);
    expect((await request(baseUrl, 'GET', '/api/admin/summary', undefined, { authorization: admin.bearer })).status).toBe(200);
  });

  it('keeps the signing key and the admin secret in the data folder, readable by the user only', () => {
    const dir = path.join(env.dataDir, 'secrets');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    for (const file of ['cognito-signing-key.pem', 'cognito-admin-secret']) expect(statSync(path.join(dir, file)).mode & 0o777).toBe(0o600);
    expect(readFileSync(path.join(dir, 'cognito-signing-key.pem'), 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
  });
});

describe('3. the emulator port', () => {
  it('refuses every IAM-only operation without the install\'s admin secret', async () => {
    const listUsers = { UserPoolId: env.userPoolId };
    const none = await direct('ListUsers', listUsers);
    expect([none.status, none.body.__type]).toEqual([403, 'MissingAuthenticationTokenException']);
    const wrong = await direct('AdminAddUserToGroup', { UserPoolId: env.userPoolId, Username: 'x', GroupName: 'admin' }, { 'x-runway-local-admin-secret': 'guess' });
    expect([wrong.status, wrong.body.__type]).toEqual([403, 'UnrecognizedClientException']);
    const sdk = new CognitoIdentityProviderClient({ region: 'ap-southeast-2', endpoint: env.cognitoEndpoint, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    await expect(sdk.send(new ListUsersCommand(listUsers))).rejects.toMatchObject({ name: 'MissingAuthenticationTokenException' });
    const allowed = await cognitoClient(env.cognitoEndpoint, env.cognitoAdminSecret).send(new ListUsersCommand(listUsers));
    expect(Array.isArray(allowed.Users)).toBe(true);
  });

  it('refuses browsers (Origin, Sec-Fetch-Site) and sends no CORS headers', async () => {
    const email = newEmail();
    const args = { ClientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] };
    const page = await direct('SignUp', args, { origin: 'https://evil.example' });
    expect(page.status).toBe(403);
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${env.cognitoEndpoint}/`, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const form = await direct('SignUp', args, { 'sec-fetch-site': 'cross-site' });
    expect(form.status).toBe(403);
    const keys = await fetch(`${env.cognitoEndpoint}/${env.userPoolId}/.well-known/jwks.json`, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(keys.status).toBe(403);
    // A script without browser headers still signs up, and nothing above made an account.
    const ok = await direct('SignUp', args);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a request naming another host (DNS rebinding)', async () => {
    const url = new URL(env.cognitoEndpoint);
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest({ hostname: url.hostname, port: url.port, path: `/${env.userPoolId}/.well-known/jwks.json`, headers: { host: `rebind.example:${url.port}` } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });
});

describe('4. sign-up attributes', () => {
  it('refuses a chosen sub or email_verified, and the new account is not the victim', async () => {
    const victim = await createUser(env);
    const email = newEmail();
    const sub = await cognito(baseUrl, 'SignUp', { ClientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }, { Name: 'sub', Value: victim.sub }] });
    expect([sub.status, sub.body.__type]).toEqual([400, 'NotAuthorizedException']);
    const verified = await direct('SignUp', { ClientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'true' }] });
    expect([verified.status, verified.body.__type]).toEqual([400, 'NotAuthorizedException']);
    const unknown = await cognito(baseUrl, 'SignUp', { ClientId, Username: email, Password: password, UserAttributes: [{ Name: 'custom:role', Value: 'admin' }] });
    expect(unknown.body.__type).toBe('InvalidParameterException');
    // Nothing was made: the e-mail is still free, and its own sign-up gets its own sub.
    const code = await signUp(email);
    expect((await cognito(baseUrl, 'ConfirmSignUp', { ClientId, Username: email, ConfirmationCode: code })).status).toBe(200);
    const { AccessToken } = (await signIn(email)).body.AuthenticationResult;
    const me = await cognito(baseUrl, 'GetUser', { AccessToken });
    const attributes = Object.fromEntries(me.body.UserAttributes.map((a: { Name: string; Value: string }) => [a.Name, a.Value]));
    expect(attributes.sub).not.toBe(victim.sub);
    expect(attributes.email_verified).toBe('true');
  });

  it('shows a booking paid as a guest once the same e-mail signs up and confirms by the e-mailed link', async () => {
    const body = checkoutBody();
    const email = body.customer.email as string;
    const started = await checkout(body);
    await payOnPage(started.sessionId);
    await signUpAndConfirm(email);
    const { IdToken } = (await signIn(email)).body.AuthenticationResult;
    const mine = await request(baseUrl, 'GET', '/api/me/bookings', undefined, { authorization: `Bearer ${IdToken}` });
    expect(mine.status).toBe(200);
    expect(mine.body.bookings.map((b: { id: string }) => b.id)).toEqual([started.bookingId]);
  });
});

describe('5. attempt limits', () => {
  it('kills a confirmation code after 5 wrong tries, and a new code works', async () => {
    const email = newEmail();
    const code = await signUp(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await cognito(baseUrl, 'ConfirmSignUp', { ClientId, Username: email, ConfirmationCode: wrong })).body.__type).toBe('CodeMismatchException');
    const late = await cognito(baseUrl, 'ConfirmSignUp', { ClientId, Username: email, ConfirmationCode: code });
    expect(late.body.__type).toBe('ExpiredCodeException');
    expect((await signIn(email)).body.__type).toBe('UserNotConfirmedException');
    expect((await cognito(baseUrl, 'ResendConfirmationCode', { ClientId, Username: email })).status).toBe(200);
    const fresh = linkIn(await latestEmail(baseUrl, email, /Confirm your/), baseUrl).searchParams.get('confirm');
    expect((await cognito(baseUrl, 'ConfirmSignUp', { ClientId, Username: email, ConfirmationCode: fresh })).status).toBe(200);
  });

  it('kills a reset code after 5 wrong tries, even when they arrive together, and the password stays', async () => {
    const email = newEmail();
    await signUpAndConfirm(email);
    await cognito(baseUrl, 'ForgotPassword', { ClientId, Username: email });
    const code = linkIn(await latestEmail(baseUrl, email, /Reset your/), baseUrl).searchParams.get('reset')!;
    const guesses = Array.from({ length: 40 }, (_, i) => String(100000 + i)).filter((g) => g !== code);
    const answers = await Promise.all(guesses.map((g) => cognito(baseUrl, 'ConfirmForgotPassword', { ClientId, Username: email, ConfirmationCode: g, Password: 'attacker password 1' })));
    expect(answers.filter((a) => a.body.__type === 'CodeMismatchException')).toHaveLength(5);
    const late = await cognito(baseUrl, 'ConfirmForgotPassword', { ClientId, Username: email, ConfirmationCode: code, Password: 'attacker password 1' });
    expect(late.body.__type).toBe('ExpiredCodeException');
    const noCode = await cognito(baseUrl, 'ConfirmForgotPassword', { ClientId, Username: email, Password: 'attacker password 1' });
    expect(noCode.status).toBe(400);
    expect((await signIn(email, 'attacker password 1')).body.__type).toBe('NotAuthorizedException');
    expect((await signIn(email)).body.AuthenticationResult).toBeTruthy();
  });

  it('locks the account, not the typed name: the e-mail in capitals and the sub share its five tries', async () => {
    const email = newEmail();
    await signUpAndConfirm(email);
    const { AccessToken } = (await signIn(email)).body.AuthenticationResult;
    const sub = (await cognito(baseUrl, 'GetUser', { AccessToken })).body.UserAttributes.find((a: { Name: string }) => a.Name === 'sub').Value;
    for (const name of [email, email.toUpperCase(), sub, email, sub]) expect((await signIn(name, 'not the password')).body.message).toBe('Incorrect username or password.');
    for (const name of [email, email.toUpperCase(), sub]) expect((await signIn(name)).body.message).toBe('Password attempts exceeded');
  });

  it('signs in with the e-mail in another case', async () => {
    const email = `jane.walk-${randomUUID().slice(0, 8)}@example.com`;
    await signUpAndConfirm(email);
    const capitalised = email.replace(/^j/, 'J').replace('.w', '.W');
    expect((await signIn(capitalised)).body.AuthenticationResult?.AccessToken).toBeTruthy();
    const again = await cognito(baseUrl, 'SignUp', { ClientId, Username: capitalised, Password: password, UserAttributes: [{ Name: 'email', Value: capitalised }] });
    expect(again.body.__type).toBe('UsernameExistsException');
    expect((await outbox(baseUrl, capitalised)).filter((m) => m.to.includes(capitalised))).toHaveLength(0);
  });
});

describe('6. account e-mail floods', () => {
  const mailsTo = async (email: string) => (await outbox(baseUrl, email)).filter((m) => m.to.includes(email));

  it('sends at most 5 reset e-mails an hour to one account however often it is asked, and says why', async () => {
    const email = newEmail();
    await signUpAndConfirm(email);
    const answers = [];
    for (let i = 0; i < 50; i++) answers.push(await cognito(baseUrl, 'ForgotPassword', { ClientId, Username: email }));
    // The sign-up's confirmation spent one of the account's 5.
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    const refused = answers.find((a) => a.status !== 200)!;
    expect(refused.body.__type).toBe('UserLambdaValidationException');
    expect(refused.body.message).toContain('We have sent several emails to this address recently. Please wait an hour, then try again.');
    expect((await mailsTo(email)).filter((m) => /Reset your/.test(m.subject))).toHaveLength(4);
  });

  it("sends a stranger's address 5 e-mails, not 51, for a sign-up and 50 resends", async () => {
    const stranger = newEmail();
    await signUp(stranger);
    for (let i = 0; i < 50; i++) await cognito(baseUrl, 'ResendConfirmationCode', { ClientId, Username: stranger });
    expect(await mailsTo(stranger)).toHaveLength(5);
  });
});
