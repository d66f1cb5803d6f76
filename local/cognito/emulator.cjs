/* eslint-disable @typescript-eslint/no-require-imports -- a plain CommonJS entry, started as its own process */
/**
 * cognito-local, started with the things Amazon Cognito does that the emulator lacks, so the SPA's Amplify code
 * runs unchanged offline and the local stack is as hard to break into as the user pool in AWS (design.md,
 * "Accounts"; docs/accounts.md lists each bridge, docs/security.md what each closes). Each bridge is the smallest
 * change at the emulator's own seam (its target table, its user lookup, its message service, its key files, its
 * HTTP listener); nothing here is used in AWS.
 *
 * - GetTokensFromRefreshToken (Amplify >= 6.15.4 refreshes with it): answered by REFRESH_TOKEN_AUTH.
 * - A refresh token issued after an MFA challenge is kept, as after a password sign-in.
 * - ResendConfirmationCode: a new code, delivered like the first.
 * - Cognito's answers where the emulator's differ: a wrong password or an unknown user is
 *   NotAuthorizedException 'Incorrect username or password.'; too many wrong passwords lock sign-in for a
 *   while; passwords shorter than the pool's 8 characters are refused; a reset for an unknown e-mail looks
 *   like any other (the pool prevents user-existence errors); a used confirmation is NotAuthorized.
 * - AdminSetUserMFAPreference (npm run admin -- reset-mfa), which the emulator lacks.
 * - An e-mail not verified (the attribute email_verified 'false') is `email_verified: false` in the id token, as in
 *   Cognito; the emulator turns the string 'false' into true, so an unverified account looked verified.
 * - E-mails (the Custom Message trigger's output) land in the local outbox instead of the console.
 * - VerifySoftwareToken proves an authenticator without turning TOTP on (SetUserMFAPreference does), as in a pool
 *   with optional MFA.
 * - Security notices: after a call that changes a password or two-step sign-in succeeds, the SecurityNotice
 *   function runs with the record CloudTrail would hand it in AWS (functions/events.ts).
 *
 * Environment: PORT (printed once listening, for local/emulators.ts), HOST, OUTBOX_DIR, EMAIL_FROM, PASSWORD_MIN_LENGTH, SIGNING_KEY_FILE and ADMIN_SECRET_FILE
 * (local/cognito/local-secrets.ts), CLIENT_OPERATIONS (the operations open without the admin secret, comma-separated),
 * SECURITY_NOTICE_FUNCTION and SECURITY_NOTICE_CALLS (the function the notices run and the calls that run it).
 */
const { randomUUID } = require('node:crypto');
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { createServer } = require('node:http');
const { createRequire } = require('node:module');
const path = require('node:path');
const { ChallengeSessions } = require('./challenge-sessions.cjs');
const { gate } = require('./http-gate.cjs');
const { useSigningKey } = require('./signing-key.cjs');

const fromEmulator = createRequire(require.resolve('cognito-local/package.json'));
const { Targets } = fromEmulator('./lib/targets/targets');
const errors = fromEmulator('./lib/errors');
const { ConsoleMessageSender } = fromEmulator('./lib/services/messageDelivery/consoleMessageSender');
const { MessagesService } = fromEmulator('./lib/services/messages');
const { UserPoolServiceImpl } = fromEmulator('./lib/services/userPoolService');
const { createDefaultServer } = fromEmulator('./lib/server');
const { JwtTokenGenerator } = fromEmulator('./lib/services/tokenGenerator');
const pino = fromEmulator('pino');

const MIN_LENGTH = Number(process.env.PASSWORD_MIN_LENGTH ?? 8);
const LOCKOUT_AFTER = 5;
const LOCKOUT_MS = 15 * 60 * 1000;
/** Wrong tries a confirmation or reset code survives; then it is dead and the person asks for a new one. */
const CODE_ATTEMPTS = 5;

const incorrect = () => new errors.NotAuthorizedError('Incorrect username or password.');
const weakPassword = () => new errors.InvalidPasswordError();

function checkPassword(password) {
  if (typeof password === 'string' && password.length < MIN_LENGTH) {
    const error = weakPassword();
    error.message = 'Password did not conform with policy: Password not long enough';
    throw error;
  }
}

/** Wraps one of the emulator's targets: `around(services, original)` returns the new (ctx, req) function. */
function wrap(name, around) {
  const original = Targets[name];
  Targets[name] = (services) => around(services, original(services));
}

// The id token of an unverified e-mail: the emulator reads the attribute as Boolean('false'); without it, false.
const generateTokens = JwtTokenGenerator.prototype.generate;
JwtTokenGenerator.prototype.generate = function (ctx, user, ...rest) {
  const attributes = user.Attributes ?? [];
  const unverified = attributes.some((a) => a.Name === 'email_verified' && a.Value === 'false');
  return generateTokens.call(this, ctx, unverified ? { ...user, Attributes: attributes.filter((a) => a.Name !== 'email_verified') } : user, ...rest);
};

/** The app client's pool and the user a typed name (e-mail, username or sub) names, if any. */
async function poolAndUser(services, ctx, clientId, name) {
  const pool = await services.cognito.getUserPoolForClientId(ctx, clientId);
  const user = typeof name === 'string' && name ? await pool.getUserByUsername(ctx, name) : null;
  return { pool, user };
}

// Sign-in names are case-insensitive, as in the user pool (infra/auth.ts, signInCaseSensitive: false):
// `Jane.Walk@example.com` finds jane.walk@example.com. The emulator compares exactly.
const exactLookup = UserPoolServiceImpl.prototype.getUserByUsername;
UserPoolServiceImpl.prototype.getUserByUsername = async function getUserByUsername(ctx, username) {
  const found = await exactLookup.call(this, ctx, username);
  if (found || typeof username !== 'string') return found;
  const wanted = username.toLowerCase();
  const byEmail = this.options.UsernameAttributes?.includes('email');
  const users = Object.values((await this.dataStore.get(ctx, 'Users', {})) ?? {});
  return (
    users.find(
      (user) =>
        String(user.Username).toLowerCase() === wanted ||
        (byEmail && (user.Attributes ?? []).some((a) => a.Name === 'email' && String(a.Value).toLowerCase() === wanted)),
    ) ?? null
  );
};

// Sign-in: Cognito's error for a wrong password or unknown user, and a lockout per user (not per typed name: the
// e-mail in another case, or the sub, reach the same account and the same count). A try is counted before the
// password is compared, so a burst of parallel guesses cannot all slip in before the first failure is recorded.
const failures = new Map();
function lockoutKey(pool, user, typed) {
  return user ? `${pool.options.Id}/user/${user.Username}` : `${pool.options.Id}/name/${String(typed ?? '').toLowerCase()}`;
}

// Only a Session this emulator issued for that user, client and challenge may answer it.
const sessions = new ChallengeSessions();

wrap('InitiateAuth', (services, initiate) => async (ctx, req) => {
  if (req.AuthFlow !== 'USER_PASSWORD_AUTH') return initiate(ctx, req);
  const typed = req.AuthParameters?.USERNAME;
  const { pool, user } = await poolAndUser(services, ctx, req.ClientId, typed);
  const key = lockoutKey(pool, user, typed);
  const now = Date.now();
  const seen = failures.get(key);
  const recent = seen && now - seen.last < LOCKOUT_MS ? seen.count : 0;
  if (recent >= LOCKOUT_AFTER) throw new errors.NotAuthorizedError('Password attempts exceeded');
  failures.set(key, { count: recent + 1, last: now });
  try {
    // The emulator offers NEW_PASSWORD_REQUIRED before it compares the (temporary) password; Cognito does not.
    if (user?.UserStatus === 'FORCE_CHANGE_PASSWORD' && user.Password !== req.AuthParameters?.PASSWORD) throw incorrect();
    const result = await initiate(ctx, req);
    failures.delete(key);
    return sessions.issue(result, user, req.ClientId);
  } catch (error) {
    const name = error?.code;
    if (name === 'InvalidPasswordException' || name === 'NotAuthorizedException' || name === 'UserNotFoundException') throw incorrect();
    // Not a guess (an unconfirmed account, a bad request): it does not count.
    const entry = failures.get(key);
    if (entry) entry.count = Math.max(0, entry.count - 1);
    throw error;
  }
});

const CODE_CHALLENGES = new Set(['SOFTWARE_TOKEN_MFA', 'SMS_MFA']);

wrap('RespondToAuthChallenge', (services, respond) => async (ctx, req) => {
  const { pool, user } = await poolAndUser(services, ctx, req.ClientId, req.ChallengeResponses?.USERNAME);
  const checked = sessions.check(req.Session, user, req.ClientId, req.ChallengeName);
  if (checked.refused) throw new errors.NotAuthorizedError(checked.refused);
  if (req.ChallengeName === 'NEW_PASSWORD_REQUIRED') checkPassword(req.ChallengeResponses?.NEW_PASSWORD);
  // Counted before the code is compared, so parallel guesses on one session get three tries in all.
  if (CODE_CHALLENGES.has(req.ChallengeName)) sessions.countTry(req.Session);
  let result;
  try {
    result = await respond(ctx, req);
  } catch (error) {
    if (error?.code !== 'CodeMismatchException') sessions.forgiveTry(req.Session);
    throw error;
  }
  sessions.spend(req.Session);
  // After an MFA challenge the emulator issues a refresh token but forgets it; keep it as a password sign-in does.
  const refreshToken = result?.AuthenticationResult?.RefreshToken;
  if (refreshToken) {
    // Read again: the answer may have changed the user (NEW_PASSWORD_REQUIRED sets the password).
    const current = await pool.getUserByUsername(ctx, user.Username);
    if (current) await pool.storeRefreshToken(ctx, refreshToken, current);
  }
  return sessions.issue(result, user, req.ClientId);
});

Targets.GetTokensFromRefreshToken = (services) => async (ctx, req) => {
  const result = await Targets.InitiateAuth(services)(ctx, {
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    ClientId: req.ClientId,
    AuthParameters: { REFRESH_TOKEN: req.RefreshToken },
  });
  const { AccessToken, IdToken } = result.AuthenticationResult;
  return { AuthenticationResult: { AccessToken, IdToken, ExpiresIn: 3600, TokenType: 'Bearer' } };
};

Targets.ResendConfirmationCode = (services) => async (ctx, req) => {
  const { pool, user } = await poolAndUser(services, ctx, req.ClientId, req.Username);
  const email = user?.Attributes?.find((a) => a.Name === 'email')?.Value ?? String(req.Username);
  const delivery = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email };
  // An unknown e-mail answers like a known one: the pool prevents user-existence errors.
  if (!user) return { CodeDeliveryDetails: delivery };
  if (user.UserStatus === 'CONFIRMED') throw new errors.InvalidParameterError('User is already confirmed.');
  const code = services.otp();
  await services.messages.deliver(ctx, 'ResendCode', req.ClientId, pool.options.Id, user, code, req.ClientMetadata, delivery);
  await pool.saveUser(ctx, { ...user, ConfirmationCode: code, UserLastModifiedDate: services.clock.get() });
  return { CodeDeliveryDetails: delivery };
};

// Confirmation and reset codes die after CODE_ATTEMPTS tries that were not the code (Cognito: a few). A try is
// counted before the code is compared (parallel guesses cannot all pass first); a new code starts a new count.
const codeTries = new Map();
async function limitCodeTries(pool, ctx, user, attempt) {
  const key = `${pool.options.Id}/${user.Username}`;
  const seen = codeTries.get(key);
  const tries = seen?.code === user.ConfirmationCode ? seen.tries : 0;
  if (tries >= CODE_ATTEMPTS) throw new errors.ExpiredCodeError();
  codeTries.set(key, { code: user.ConfirmationCode, tries: tries + 1 });
  try {
    const result = await attempt();
    codeTries.delete(key);
    return result;
  } catch (error) {
    const entry = codeTries.get(key);
    if (error?.code !== 'CodeMismatchException') {
      if (entry) entry.tries = Math.max(0, entry.tries - 1);
    } else if (entry && entry.tries >= CODE_ATTEMPTS) {
      // Dead: the code itself is removed, so only a new one (Resend, Forgot password) can work.
      const current = await pool.getUserByUsername(ctx, user.Username);
      if (current && current.ConfirmationCode === entry.code) await pool.saveUser(ctx, { ...current, ConfirmationCode: undefined });
    }
    throw error;
  }
}

const withAttribute = (attributes, name, value) => [...(attributes ?? []).filter((a) => a.Name !== name), { Name: name, Value: value }];

wrap('ConfirmSignUp', (services, confirm) => async (ctx, req) => {
  const { pool, user } = await poolAndUser(services, ctx, req.ClientId, req.Username);
  if (!user) return confirm(ctx, req);
  if (user.UserStatus === 'CONFIRMED') throw new errors.NotAuthorizedError('User cannot be confirmed. Current status is CONFIRMED');
  return limitCodeTries(pool, ctx, user, async () => {
    // The code reached the e-mail address, so Cognito marks it verified; the emulator only confirms the account.
    // Before the emulator's confirmation, so its PostConfirmation event already says so.
    if (typeof req.ConfirmationCode === 'string' && req.ConfirmationCode === user.ConfirmationCode) {
      await pool.saveUser(ctx, { ...user, Attributes: withAttribute(user.Attributes, 'email_verified', 'true') });
    }
    return confirm(ctx, req);
  });
});

// What a caller may write at sign-up: the pool's standard attributes. `sub`, `email_verified` and the like are
// Cognito's to set (the emulator took a caller's `sub` as the account's).
const WRITABLE_ATTRIBUTES = new Set(['address', 'birthdate', 'email', 'family_name', 'gender', 'given_name', 'locale', 'middle_name', 'name', 'nickname', 'phone_number', 'picture', 'preferred_username', 'profile', 'updated_at', 'website', 'zoneinfo']);
const COGNITO_OWNED = /^(sub|email_verified|phone_number_verified|identities|cognito:.*)$/;

function checkSignUpAttributes(attributes) {
  if (attributes !== undefined && !Array.isArray(attributes)) throw new errors.InvalidParameterError('UserAttributes must be a list.');
  for (const attribute of attributes ?? []) {
    const name = String(attribute?.Name ?? '');
    if (COGNITO_OWNED.test(name)) throw new errors.NotAuthorizedError('A client attempted to write unauthorized attribute');
    if (!WRITABLE_ATTRIBUTES.has(name) || typeof attribute.Value !== 'string') {
      throw new errors.InvalidParameterError(`Attributes did not conform to the schema: ${name}: Attribute does not exist in the schema.`);
    }
  }
}

wrap('SignUp', (_services, signUp) => async (ctx, req) => {
  checkPassword(req.Password);
  checkSignUpAttributes(req.UserAttributes);
  try {
    return await signUp(ctx, req);
  } catch (error) {
    if (error?.code === 'UsernameExistsException') throw Object.assign(error, { message: 'An account with the given email already exists.' });
    throw error;
  }
});

wrap('ForgotPassword', (_services, forgot) => async (ctx, req) => {
  try {
    return await forgot(ctx, req);
  } catch (error) {
    if (error?.code !== 'UserNotFoundException') throw error;
    const masked = String(req.Username).replace(/^(.).*(@.*)$/, '$1***$2');
    return { CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: masked } };
  }
});

wrap('ConfirmForgotPassword', (services, confirm) => async (ctx, req) => {
  checkPassword(req.Password);
  const { pool, user } = await poolAndUser(services, ctx, req.ClientId, req.Username);
  if (!user) return confirm(ctx, req);
  // The emulator compares the stored code with the given one, so no code at all matched an account with no
  // reset pending, and set its password.
  if (typeof req.ConfirmationCode !== 'string' || req.ConfirmationCode === '') throw new errors.InvalidParameterError('Missing required parameter ConfirmationCode');
  if (!user.ConfirmationCode) throw new errors.ExpiredCodeError();
  return limitCodeTries(pool, ctx, user, () => confirm(ctx, req));
});

wrap('ChangePassword', (_services, change) => async (ctx, req) => {
  checkPassword(req.ProposedPassword);
  try {
    return await change(ctx, req);
  } catch (error) {
    // Cognito says NotAuthorized for a wrong current password; the emulator says InvalidPassword.
    if (error?.code === 'InvalidPasswordException') throw new errors.NotAuthorizedError('Incorrect username or password.');
    throw error;
  }
});

// `npm run admin -- reset-mfa` clears a locked-out person's authenticator, as Cognito's admin API does.
Targets.AdminSetUserMFAPreference = (services) => async (ctx, req) => {
  const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
  const user = await pool.getUserByUsername(ctx, req.Username);
  if (!user) throw new errors.UserNotFoundError('User does not exist.');
  const methods = new Set(user.UserMFASettingList ?? []);
  const software = req.SoftwareTokenMfaSettings;
  if (software && !software.Enabled) methods.delete('SOFTWARE_TOKEN_MFA');
  const cleared = software && !software.Enabled ? { SoftwareTokenMfaConfiguration: undefined } : {};
  await pool.saveUser(ctx, {
    ...user,
    ...cleared,
    UserMFASettingList: [...methods],
    PreferredMfaSetting: methods.has(user.PreferredMfaSetting) ? user.PreferredMfaSetting : undefined,
    UserLastModifiedDate: services.clock.get(),
  });
  return {};
};

// Cognito with optional MFA: VerifySoftwareToken proves the authenticator and marks it verified; TOTP is on only once
// SetUserMFAPreference turns it on. The emulator also turned it on here, a change no security notice would announce.
wrap('VerifySoftwareToken', (services, verify) => async (ctx, req) => {
  const found = await tokenUser(services, ctx, req.AccessToken);
  const before = found?.user.UserMFASettingList ?? [];
  const result = await verify(ctx, req);
  if (found && !before.includes('SOFTWARE_TOKEN_MFA')) {
    const current = await found.pool.getUserByUsername(ctx, found.user.Username);
    if (current) await found.pool.saveUser(ctx, { ...current, UserMFASettingList: (current.UserMFASettingList ?? []).filter((m) => m !== 'SOFTWARE_TOKEN_MFA') });
  }
  return result;
});

// Security notices. In AWS, CloudTrail records every user pool call and an EventBridge rule hands the
// record of each successful password or two-step change to the SecurityNotice function (infra/security-notices.ts).
// Here the emulator plays CloudTrail: after such a call succeeds it invokes the same function through the local
// Lambda endpoint with a record of the same shape (what CloudTrail hides is hidden), before it answers, so the
// e-mail is in the outbox when the caller hears back. A notice that fails is logged; the change stands, as in AWS.
const HIDDEN = 'HIDDEN_DUE_TO_SECURITY_REASONS';
const noticeFunction = process.env.SECURITY_NOTICE_FUNCTION;
const noticeCalls = new Set((process.env.SECURITY_NOTICE_CALLS ?? '').split(',').filter(Boolean));

/** The pool and user an access token names (its signature was checked by the call that used it). */
async function tokenUser(services, ctx, accessToken) {
  const payload = typeof accessToken === 'string' ? accessToken.split('.')[1] : undefined;
  if (!payload) return null;
  let claims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  try {
    const pool = await services.cognito.getUserPoolForClientId(ctx, claims.client_id);
    const user = await pool.getUserByUsername(ctx, claims.sub);
    return user ? { pool, user } : null;
  } catch {
    // No such client: the call itself answers with Cognito's error.
    return null;
  }
}

const subOf = (user) => user?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? user?.Username;

/** Totp settings as CloudTrail writes request parameters: lower camel case. */
const mfaSettings = (settings) => (settings ? { enabled: settings.Enabled, preferredMfa: settings.PreferredMfa } : undefined);

/** What CloudTrail records of each call, and whose account it concerns. */
const NOTICE_RECORDS = {
  ChangePassword: async (services, ctx, req) => ({
    user: (await tokenUser(services, ctx, req.AccessToken))?.user,
    requestParameters: { accessToken: HIDDEN, previousPassword: HIDDEN, proposedPassword: HIDDEN },
  }),
  ConfirmForgotPassword: async (services, ctx, req) => ({
    user: (await poolAndUser(services, ctx, req.ClientId, req.Username)).user,
    requestParameters: { clientId: req.ClientId, username: HIDDEN, confirmationCode: HIDDEN, password: HIDDEN },
  }),
  SetUserMFAPreference: async (services, ctx, req) => ({
    user: (await tokenUser(services, ctx, req.AccessToken))?.user,
    requestParameters: { accessToken: HIDDEN, softwareTokenMfaSettings: mfaSettings(req.SoftwareTokenMfaSettings) },
  }),
  AdminSetUserMFAPreference: async (services, ctx, req) => ({
    user: await (await services.cognito.getUserPool(ctx, req.UserPoolId)).getUserByUsername(ctx, req.Username),
    requestParameters: { userPoolId: req.UserPoolId, username: req.Username, softwareTokenMfaSettings: mfaSettings(req.SoftwareTokenMfaSettings) },
  }),
};

/** An EventBridge event as CloudTrail delivers a successful user pool call. */
function cloudTrailEvent(eventName, sub, requestParameters) {
  const now = new Date();
  const time = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'AWS API Call via CloudTrail',
    source: 'aws.cognito-idp',
    account: '000000000000',
    time,
    region: 'local',
    resources: [],
    detail: {
      eventVersion: '1.08',
      userIdentity: { type: 'Unknown', principalId: 'Anonymous' },
      eventTime: time,
      eventSource: 'cognito-idp.amazonaws.com',
      eventName,
      awsRegion: 'local',
      sourceIPAddress: '127.0.0.1',
      userAgent: 'cognito-local',
      requestParameters,
      responseElements: null,
      additionalEventData: { sub },
      requestID: randomUUID(),
      eventID: randomUUID(),
      readOnly: false,
      eventType: 'AwsApiCall',
      managementEvent: true,
      recipientAccountId: '000000000000',
      eventCategory: 'Management',
    },
  };
}

for (const [eventName, describe] of Object.entries(NOTICE_RECORDS)) {
  if (!noticeFunction || !noticeCalls.has(eventName)) continue;
  wrap(eventName, (services, call) => async (ctx, req) => {
    // Throws when the call fails: a failed change sends nothing (CloudTrail records it with an errorCode, which
    // the rule does not match).
    const result = await call(ctx, req);
    try {
      const { user, requestParameters } = await describe(services, ctx, req);
      const event = cloudTrailEvent(eventName, subOf(user), requestParameters);
      const out = await services.triggers.lambda.lambdaClient
        .invoke({ FunctionName: noticeFunction, InvocationType: 'RequestResponse', Payload: JSON.stringify(event) })
        .promise();
      if (out.FunctionError) console.error(JSON.stringify({ level: 'ERROR', message: 'Security notice failed', eventName, error: String(out.Payload) }));
    } catch (error) {
      console.error(JSON.stringify({ level: 'ERROR', message: 'Security notice failed', eventName, error: String(error) }));
    }
    return result;
  });
}

// The Custom Message trigger writes every account e-mail. When it fails (it refuses past the e-mail budget,
// functions/auth/custom-message.ts) Cognito sends nothing and the call fails with UserLambdaValidationException;
// the emulator swallowed the failure and sent a bare code instead. Cognito also replaces every {####}.
MessagesService.prototype.create = async function create(ctx, source, clientId, userPoolId, user, code, clientMetadata) {
  if (!this.triggers.enabled('CustomMessage')) return { __code: code };
  const response = await this.triggers.lambda.invoke(ctx, 'CustomMessage', {
    clientId: clientId ?? 'CLIENT_ID_NOT_APPLICABLE',
    clientMetadata,
    codeParameter: '{####}',
    triggerSource: `CustomMessage_${source}`,
    userAttributes: Object.fromEntries((user.Attributes ?? []).map((a) => [a.Name, a.Value])),
    username: user.Username,
    usernameParameter: '{username}',
    userPoolId,
  });
  const fill = (text) => text?.replaceAll('{####}', code).replaceAll('{username}', user.Username);
  return { __code: code, emailMessage: fill(response?.emailMessage), emailSubject: response?.emailSubject };
};

// Cognito e-mails the message; locally it goes to the outbox the dev server shows at /_local/outbox.
ConsoleMessageSender.prototype.sendEmail = async function sendEmail(ctx, user, destination, message) {
  const outbox = process.env.OUTBOX_DIR;
  if (!outbox) return this.sendToConsole(ctx, user, destination, message);
  const sentAt = new Date().toISOString();
  const id = `${sentAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
  const html = message.emailMessage ?? `<p>Your verification code is ${message.__code}</p>`;
  const text = html
    .replace(/<a [^>]*href="([^"]+)"[^>]*>([^<]*)<\/a>/g, '$2: $1')
    .replace(/<[^>]+>/g, '')
    // The text part reads as text: every entity the HTML escaped goes back to its character (&amp; last, so
    // '&amp;#39;' stays as typed).
    .replace(/&middot;/g, '·')
    .replace(/&#(\d+);/g, (_m, n) => String.fromCodePoint(Number(n)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const stored = { id, from: process.env.EMAIL_FROM ?? 'no-reply@localhost', sentAt, to: [destination], subject: message.emailSubject ?? 'Your verification code', text, html };
  mkdirSync(outbox, { recursive: true, mode: 0o700 });
  writeFileSync(path.join(outbox, `${id}.json`), JSON.stringify(stored, null, 2), { mode: 0o600 });
};

function required(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (local/emulators.ts startCognito sets it)`);
  return value;
}

async function main() {
  useSigningKey(fromEmulator, required('SIGNING_KEY_FILE'));
  const adminSecret = readFileSync(required('ADMIN_SECRET_FILE'), 'utf8').trim();
  const clientOperations = new Set(required('CLIENT_OPERATIONS').split(','));
  const port = Number(required('PORT'));
  const logger = pino({ level: process.env.DEBUG ? 'debug' : 'warn' });
  const { application } = await createDefaultServer(logger);
  const server = createServer(gate({ app: application, port, adminSecret, clientOperations }));
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, process.env.HOST ?? '127.0.0.1', resolve);
  });
  // local/emulators.ts waits for this line: it is this process listening, not another on the same port.
  console.log(`cognito-local listening on port ${server.address().port}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
