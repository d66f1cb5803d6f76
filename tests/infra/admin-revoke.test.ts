/**
 * What a revoke does against a deployed pool, with Cognito replaced by a recorder: the account leaves the
 * admin group and is signed out everywhere, and the command tells the truth about the token the person
 * already holds. The same against the local emulator (which cannot sign out) is in
 * tests/integration/admin-grant.test.ts.
 */
import {
  AdminAddUserToGroupCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminUserGlobalSignOutCommand,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { afterChangeNotes, changeAdminRole, type PoolTarget } from '../../infra/admin/admin-role';
import { TOKEN_VALIDITY_HOURS } from '../../infra/auth';

const EMAIL = 'yard@example.com';

function deployedPool(options: { admin: boolean; signOutFails?: Error }) {
  const calls: unknown[] = [];
  const target: PoolTarget = {
    userPoolId: 'ap-southeast-2_AbC123',
    label: 'prod (RunwayParking-prod, ap-southeast-2)',
    canSignOut: true,
    tokenLifetime: `at most ${TOKEN_VALIDITY_HOURS} hour`,
    client: {
      send: (async (command: unknown) => {
        calls.push(command);
        if (command instanceof ListUsersCommand) return { Users: [{ Username: 'google_123', UserStatus: 'EXTERNAL_PROVIDER' }] };
        if (command instanceof AdminListGroupsForUserCommand) return { Groups: options.admin ? [{ GroupName: 'admin' }] : [] };
        if (command instanceof AdminUserGlobalSignOutCommand && options.signOutFails) throw options.signOutFails;
        return {};
      }) as never,
    },
  };
  return { target, calls };
}

describe('revoke on a deployed pool', () => {
  it('removes the account from the admin group, then signs it out everywhere', async () => {
    const { target, calls } = deployedPool({ admin: true });
    const changes = await changeAdminRole(target, 'revoke', EMAIL);
    expect(changes).toEqual([{ username: 'google_123', outcome: 'revoked', signOut: { done: true } }]);
    const writes = calls.filter((c) => c instanceof AdminRemoveUserFromGroupCommand || c instanceof AdminUserGlobalSignOutCommand);
    expect(writes.map((c) => c.constructor.name)).toEqual(['AdminRemoveUserFromGroupCommand', 'AdminUserGlobalSignOutCommand']);
    expect((writes[1] as AdminUserGlobalSignOutCommand).input).toEqual({ UserPoolId: 'ap-southeast-2_AbC123', Username: 'google_123' });

    const notes = afterChangeNotes(target, changes);
    expect(notes.incomplete).toBe(false);
    expect(notes.lines.join('\n')).toContain('Signed out everywhere');
    // Never "the next time they sign in": the token they hold still works until it expires.
    expect(notes.lines.join('\n')).toContain('A token they already hold keeps the admin claim until it expires (tokens last at most 1 hour)');
  });

  it('does not sign out someone who was not an admin', async () => {
    const { target, calls } = deployedPool({ admin: false });
    expect(await changeAdminRole(target, 'revoke', EMAIL)).toEqual([{ username: 'google_123', outcome: 'was not admin' }]);
    expect(calls.some((c) => c instanceof AdminUserGlobalSignOutCommand || c instanceof AdminRemoveUserFromGroupCommand)).toBe(false);
    expect(afterChangeNotes(target, [])).toEqual({ lines: [], incomplete: false });
  });

  it('a sign-out that fails (for example no permission) is reported with the command to retry, and marks the run incomplete', async () => {
    const denied = Object.assign(new Error('User is not authorized to perform: cognito-idp:AdminUserGlobalSignOut'), { name: 'AccessDeniedException' });
    const { target } = deployedPool({ admin: true, signOutFails: denied });
    const changes = await changeAdminRole(target, 'revoke', EMAIL);
    expect(changes[0]).toMatchObject({ outcome: 'revoked', signOut: { done: false, reason: 'failed' } });
    const notes = afterChangeNotes(target, changes);
    expect(notes.incomplete).toBe(true);
    expect(notes.lines.join('\n')).toContain('aws cognito-idp admin-user-global-sign-out --user-pool-id ap-southeast-2_AbC123 --username google_123');
  });

  it('a grant changes only the group, and says the role comes with their next token', async () => {
    const { target, calls } = deployedPool({ admin: false });
    const changes = await changeAdminRole(target, 'grant', EMAIL);
    expect(changes).toEqual([{ username: 'google_123', outcome: 'granted' }]);
    expect(calls.filter((c) => c instanceof AdminAddUserToGroupCommand)).toHaveLength(1);
    expect(calls.some((c) => c instanceof AdminUserGlobalSignOutCommand)).toBe(false);
    expect(afterChangeNotes(target, changes).lines).toEqual([expect.stringContaining('with their next token')]);
  });
});
