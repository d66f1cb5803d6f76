/* eslint-disable @typescript-eslint/no-require-imports -- a plain CommonJS entry, started as its own process */
/**
 * cognito-local, started with the few things Amazon Cognito does that the emulator lacks, so the SPA's
 * Amplify code runs unchanged offline (design.md, "Accounts"). Each bridge is the smallest change at the
 * emulator's own seam (its target table and its message sender); nothing here is used in AWS.
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
 *
 * Environment: PORT (printed once listening, for local/emulators.ts), HOST (cognito-local's own), OUTBOX_DIR, EMAIL_FROM, PASSWORD_MIN_LENGTH.
 */
const { randomUUID } = require('node:crypto');
const { mkdirSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const path = require('node:path');

const fromEmulator = createRequire(require.resolve('cognito-local/package.json'));
const { Targets } = fromEmulator('./lib/targets/targets');
const errors = fromEmulator('./lib/errors');
const { ConsoleMessageSender } = fromEmulator('./lib/services/messageDelivery/consoleMessageSender');
const { createDefaultServer } = fromEmulator('./lib/server');
const { JwtTokenGenerator } = fromEmulator('./lib/services/tokenGenerator');
const pino = fromEmulator('pino');

const MIN_LENGTH = Number(process.env.PASSWORD_MIN_LENGTH ?? 8);
const LOCKOUT_AFTER = 5;
const LOCKOUT_MS = 15 * 60 * 1000;

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

// Sign-in: Cognito's error for a wrong password or unknown user, and a lockout after repeated failures.
const failures = new Map();
wrap('InitiateAuth', (services, initiate) => async (ctx, req) => {
  if (req.AuthFlow !== 'USER_PASSWORD_AUTH') return initiate(ctx, req);
  const key = String(req.AuthParameters?.USERNAME ?? '').toLowerCase();
  const seen = failures.get(key);
  if (seen && seen.count >= LOCKOUT_AFTER && Date.now() - seen.last < LOCKOUT_MS) {
    throw new errors.NotAuthorizedError('Password attempts exceeded');
  }
  try {
    const result = await initiate(ctx, req);
    failures.delete(key);
    return result;
  } catch (error) {
    const name = error?.code;
    if (name === 'InvalidPasswordException' || name === 'NotAuthorizedException' || name === 'UserNotFoundException') {
      const count = seen && Date.now() - seen.last < LOCKOUT_MS ? seen.count + 1 : 1;
      failures.set(key, { count, last: Date.now() });
      throw incorrect();
    }
    throw error;
  }
});

// After an MFA challenge the emulator issues a refresh token but forgets it; keep it as a password sign-in does.
wrap('RespondToAuthChallenge', (services, respond) => async (ctx, req) => {
  const result = await respond(ctx, req);
  const refreshToken = result?.AuthenticationResult?.RefreshToken;
  if (refreshToken) {
    const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await pool.getUserByUsername(ctx, req.ChallengeResponses.USERNAME);
    if (user) await pool.storeRefreshToken(ctx, refreshToken, user);
  }
  return result;
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
  const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
  const user = await pool.getUserByUsername(ctx, req.Username);
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

wrap('ConfirmSignUp', (services, confirm) => async (ctx, req) => {
  const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
  const user = await pool.getUserByUsername(ctx, req.Username);
  if (user?.UserStatus === 'CONFIRMED') throw new errors.NotAuthorizedError('User cannot be confirmed. Current status is CONFIRMED');
  return confirm(ctx, req);
});

wrap('SignUp', (_services, signUp) => async (ctx, req) => {
  checkPassword(req.Password);
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

wrap('ConfirmForgotPassword', (_services, confirm) => async (ctx, req) => {
  checkPassword(req.Password);
  return confirm(ctx, req);
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
    .replace(/&middot;/g, '·')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const stored = { id, from: process.env.EMAIL_FROM ?? 'no-reply@localhost', sentAt, to: [destination], subject: message.emailSubject ?? 'Your verification code', text, html };
  mkdirSync(outbox, { recursive: true, mode: 0o700 });
  writeFileSync(path.join(outbox, `${id}.json`), JSON.stringify(stored, null, 2), { mode: 0o600 });
};

const logger = pino({ level: process.env.DEBUG ? 'debug' : 'warn' });
createDefaultServer(logger)
  .then((server) => server.start())
  // local/emulators.ts waits for this line: it is this process listening, not another on the same port.
  .then((http) => console.log(`cognito-local listening on port ${http.address().port}`))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
