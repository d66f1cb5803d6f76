/**
 * `npm run admin -- grant|revoke EMAIL` against the running local stack: the module the command uses, and
 * the command itself as a person runs it. What matters is what Cognito then holds (group membership) and
 * what the person's next sign-in carries (the cognito:groups claim the API checks).
 */
import {
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminUserGlobalSignOutCommand,
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  SetUserMFAPreferenceCommand,
  SignUpCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { AdminCommandError, changeAdminRole } from '../../infra/admin/admin-role';
import { localTarget } from '../../infra/admin/targets';
import { cognitoClient, randomPassword } from '../../local/provision';
import { totpCode } from '../support/cognito';
import { createUser, type TestUser } from '../support/users';

const env = inject('env');
const cognito = cognitoClient(env.cognitoEndpoint, env.cognitoAdminSecret);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

/** The groups Cognito holds for the account with this e-mail (asked by its real username, as the emulator needs). */
async function groupsOf(email: string): Promise<string[]> {
  const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: env.userPoolId, Username: email }));
  const out = await cognito.send(new AdminListGroupsForUserCommand({ UserPoolId: env.userPoolId, Username: user.Username! }));
  return (out.Groups ?? []).map((g) => g.GroupName!);
}

async function groupsClaimAfterSignIn(user: TestUser): Promise<unknown> {
  const auth = await cognito.send(
    new InitiateAuthCommand({ ClientId: env.userPoolClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: user.email, PASSWORD: user.password } }),
  );
  const payload = auth.AuthenticationResult!.IdToken!.split('.')[1]!;
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>)['cognito:groups'];
}

/** npm run admin -- ARGS, as a person runs it (tsx, a separate process). */
async function adminCommand(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
  try {
    const out = await run(process.execPath, [tsx, path.join(root, 'bin/admin.ts'), ...args], { cwd: root, env: { ...process.env, AWS_REGION: 'ap-southeast-2' } });
    return { code: 0, ...out };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('admin role: grant and revoke on the local stack', () => {
  const target = localTarget(env.dataDir, (endpoint) => cognitoClient(endpoint, env.cognitoAdminSecret));

  it('grant puts the account in the admin group and its next sign-in carries the admin claim', async () => {
    const user = await createUser(env);
    expect(await groupsOf(user.email)).toEqual([]);

    const changes = await changeAdminRole(target, 'grant', user.email);

    expect(changes.map((c) => c.outcome)).toEqual(['granted']);
    expect(await groupsOf(user.email)).toEqual(['admin']);
    expect(await groupsClaimAfterSignIn(user)).toEqual(['admin']);
  });

  it('finds the account whatever the case of the typed address, and says when it is already an admin', async () => {
    const user = await createUser(env);
    await changeAdminRole(target, 'grant', user.email);

    const again = await changeAdminRole(target, 'grant', `  ${user.email.toUpperCase()} `);

    expect(again.map((c) => c.outcome)).toEqual(['already admin']);
    expect(await groupsOf(user.email)).toEqual(['admin']);
  });

  it('revoke takes the role away; revoking again changes nothing', async () => {
    const user = await createUser(env, { admin: true });
    expect(await groupsOf(user.email)).toEqual(['admin']);

    const revoked = await changeAdminRole(target, 'revoke', user.email);
    // cognito-local has no global sign-out: the revoke says so rather than pretending the sessions ended.
    expect(revoked).toEqual([{ username: expect.any(String), outcome: 'revoked', signOut: { done: false, reason: 'unsupported' } }]);
    expect(await groupsOf(user.email)).toEqual([]);
    expect(await groupsClaimAfterSignIn(user)).toBeUndefined();
    expect((await changeAdminRole(target, 'revoke', user.email)).map((c) => c.outcome)).toEqual(['was not admin']);
  });

  it('the local target does not claim a sign-out the emulator cannot do (cognito-local has no AdminUserGlobalSignOut)', async () => {
    expect(target.canSignOut).toBe(false);
    const user = await createUser(env);
    const { Username } = await cognito.send(new AdminGetUserCommand({ UserPoolId: env.userPoolId, Username: user.email }));
    await expect(cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: env.userPoolId, Username }))).rejects.toThrow(/unsupported/i);
    // Even a target that tried would report it as not done, not as a failure.
    const trying = { ...target, canSignOut: true };
    await changeAdminRole(target, 'grant', user.email);
    expect(await changeAdminRole(trying, 'revoke', user.email)).toEqual([{ username: Username, outcome: 'revoked', signOut: { done: false, reason: 'unsupported' } }]);
  });

  it('refuses an address with no account, and one that never confirmed its e-mail', async () => {
    await expect(changeAdminRole(target, 'grant', 'nobody-here@example.com')).rejects.toThrow(
      new AdminCommandError(`No account with the e-mail nobody-here@example.com in ${target.label}. The person must sign up first.`),
    );
    await expect(changeAdminRole(target, 'grant', 'not-an-email')).rejects.toThrow('"not-an-email" is not an e-mail address');

    const email = `unconfirmed-${Date.now()}@example.com`;
    await cognito.send(new SignUpCommand({ ClientId: env.userPoolClientId, Username: email, Password: randomPassword(), UserAttributes: [{ Name: 'email', Value: email }] }));
    await expect(changeAdminRole(target, 'grant', email)).rejects.toThrow('has not confirmed its e-mail address yet');
    expect(await groupsOf(email)).toEqual([]);
  });
});

describe('npm run admin (the command)', () => {
  const emptyDir = mkdtempSync(path.join(os.tmpdir(), 'runway-admin-'));
  afterAll(() => rmSync(emptyDir, { recursive: true, force: true }));

  it('grants and revokes on the stack whose data folder it is given', async () => {
    const user = await createUser(env);

    const granted = await adminCommand('grant', user.email, '--data-dir', env.dataDir);
    expect(granted).toMatchObject({ code: 0 });
    expect(granted.stdout).toContain(`${user.email} (`);
    expect(granted.stdout).toContain(`granted in the local stack at ${env.baseUrl}`);
    expect(granted.stdout).toContain('with their next token');
    expect(await groupsOf(user.email)).toEqual(['admin']);

    const revoked = await adminCommand('revoke', user.email, '--data-dir', env.dataDir);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain('revoked');
    expect(await groupsOf(user.email)).toEqual([]);
    // True to what happened locally: no sign-out, and a held token keeps the claim until it expires.
    expect(revoked.stdout).toContain('Not signed out');
    expect(revoked.stdout).toContain('A token they already hold keeps the admin claim until it expires');
    expect(revoked.stdout).not.toContain('the next time they sign in');
  });

  it('grants and revokes the staff role with --role staff, leaving the admin group alone; refuses another role', async () => {
    const user = await createUser(env);
    const granted = await adminCommand('grant', user.email, '--role', 'staff', '--data-dir', env.dataDir);
    expect(granted).toMatchObject({ code: 0 });
    expect(granted.stdout).toContain('staff role granted in the local stack');
    expect(granted.stdout).toContain('They get the staff role with their next token');
    expect(await groupsOf(user.email)).toEqual(['staff']);
    expect(await groupsClaimAfterSignIn(user)).toEqual(['staff']);

    const revoked = await adminCommand('revoke', user.email, '--role', 'staff', '--data-dir', env.dataDir);
    expect(revoked.code).toBe(0);
    expect(await groupsOf(user.email)).toEqual([]);

    const wrong = await adminCommand('grant', user.email, '--role', 'owner', '--data-dir', env.dataDir);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('--role is admin or staff, not owner');
    expect(await groupsOf(user.email)).toEqual([]);
  });

  it('says plainly when no local stack runs, and shows usage for a wrong call', async () => {
    const none = await adminCommand('grant', 'someone@example.com', '--data-dir', emptyDir);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('No local stack is running');
    expect(none.stderr).toContain('npm start');

    const wrong = await adminCommand('promote', 'someone@example.com');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('Usage: npm run admin -- grant|revoke|reset-mfa EMAIL');
  });
});

describe('reset-mfa: a person who lost their authenticator signs in with the password again', () => {
  it('turns TOTP off on the local stack, through the command as a person runs it', async () => {
    const user = await createUser(env);
    const { AccessToken } = (
      await cognito.send(new InitiateAuthCommand({ ClientId: env.userPoolClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: user.email, PASSWORD: user.password } }))
    ).AuthenticationResult!;
    const { SecretCode } = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken }));
    await cognito.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: totpCode(SecretCode!) }));
    await cognito.send(new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
    const signIn = () =>
      cognito.send(new InitiateAuthCommand({ ClientId: env.userPoolClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: user.email, PASSWORD: user.password } }));
    expect((await signIn()).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');

    const out = await adminCommand('reset-mfa', user.email, '--data-dir', env.dataDir);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('two-step sign-in turned off');
    const after = await signIn();
    expect(after.ChallengeName).toBeUndefined();
    expect(after.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('says so when no account has the e-mail', async () => {
    const out = await adminCommand('reset-mfa', 'nobody-here@example.com', '--data-dir', env.dataDir);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('No account with the e-mail nobody-here@example.com');
  });
});
