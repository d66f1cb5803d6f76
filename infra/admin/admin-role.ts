/**
 * Granting and revoking the admin role: membership of the Cognito group `admin` (docs/product-rules.md, Accounts and roles), or the staff role,
 * the group `staff` (the yard's screens, no refunds, exports or capacity). Works
 * on any user pool, the local emulator's or a deployed one; finding the pool is targets.ts's job.
 * Accounts are found by e-mail, so a person who signed up with a password and also with Google (two
 * Cognito users with one e-mail) gets the same role on both.
 *
 * The role travels in the tokens (`cognito:groups`), which the API checks by signature and expiry alone. A
 * revoke therefore also ends the person's sessions (AdminUserGlobalSignOut: their refresh tokens stop
 * working), but a token they already hold keeps the admin claim until it expires; the messages say so.
 */
import {
  AdminAddUserToGroupCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminUserGlobalSignOutCommand,
  ListUsersCommand,
  type CognitoIdentityProviderClient,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP, STAFF_GROUP } from '../../shared/roles';

export type AdminAction = 'grant' | 'revoke';
/** The roles the command gives: each is one Cognito group. */
export type Role = 'admin' | 'staff';
export const ROLE_GROUPS: Record<Role, string> = { admin: ADMIN_GROUP, staff: STAFF_GROUP };

export interface PoolTarget {
  client: Pick<CognitoIdentityProviderClient, 'send'>;
  userPoolId: string;
  /** Where this is, for messages: "the local stack at http://localhost:3000", "dev (RunwayParking-dev)". */
  label: string;
  /** Whether the pool can end a user's sessions (AdminUserGlobalSignOut); cognito-local, the local emulator, cannot. */
  canSignOut: boolean;
  /** How long the tokens it issues live, for messages: "1 hour". */
  tokenLifetime: string;
}

/** After a revoke: whether the account's sessions were ended (its refresh tokens revoked). */
export type SignOutResult = { done: true } | { done: false; reason: 'unsupported' } | { done: false; reason: 'failed'; message: string };

export interface RoleChange {
  username: string;
  outcome: 'granted' | `already ${Role}` | 'revoked' | `was not ${Role}`;
  /** Only for `revoked`. */
  signOut?: SignOutResult;
}

/** A problem the person running the command can fix; shown without a stack trace. */
export class AdminCommandError extends Error {}

export const EMAIL = /^[^\s@"]+@[^\s@"]+\.[^\s@"]+$/;

export async function accountsByEmail(target: PoolTarget, email: string): Promise<UserType[]> {
  // Filter values are matched exactly; people type addresses in any case, so look for both spellings.
  const spellings = [...new Set([email, email.toLowerCase()])];
  const found = new Map<string, UserType>();
  for (const spelling of spellings) {
    let token: string | undefined;
    do {
      const page = await target.client.send(
        new ListUsersCommand({ UserPoolId: target.userPoolId, Filter: `email = "${spelling}"`, PaginationToken: token }),
      );
      for (const user of page.Users ?? []) if (user.Username) found.set(user.Username, user);
      token = page.PaginationToken;
    } while (token);
  }
  return [...found.values()];
}

async function isInGroup(target: PoolTarget, username: string, group: string): Promise<boolean> {
  const out = await target.client.send(new AdminListGroupsForUserCommand({ UserPoolId: target.userPoolId, Username: username }));
  return (out.Groups ?? []).some((g) => g.GroupName === group);
}

async function signOutEverywhere(target: PoolTarget, username: string): Promise<SignOutResult> {
  if (!target.canSignOut) return { done: false, reason: 'unsupported' };
  try {
    await target.client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: target.userPoolId, Username: username }));
    return { done: true };
  } catch (error) {
    const e = error as { name?: string; message?: string };
    // An emulator answering "unsupported feature" is not a failure of this command.
    if (/unsupported/i.test(`${e.name ?? ''} ${e.message ?? ''}`)) return { done: false, reason: 'unsupported' };
    return { done: false, reason: 'failed', message: e.message ?? String(error) };
  }
}

export async function changeAdminRole(target: PoolTarget, action: AdminAction, rawEmail: string, role: Role = 'admin'): Promise<RoleChange[]> {
  const group = ROLE_GROUPS[role];
  const email = rawEmail.trim();
  if (!EMAIL.test(email)) throw new AdminCommandError(`"${rawEmail}" is not an e-mail address`);
  const accounts = await accountsByEmail(target, email);
  if (accounts.length === 0) throw new AdminCommandError(`No account with the e-mail ${email} in ${target.label}. The person must sign up first.`);

  // Only an account that proved it owns the address may become an admin; revoking applies to every account.
  const eligible = action === 'grant' ? accounts.filter((a) => a.UserStatus !== 'UNCONFIRMED') : accounts;
  if (eligible.length === 0) throw new AdminCommandError(`The account ${email} in ${target.label} has not confirmed its e-mail address yet.`);

  const changes: RoleChange[] = [];
  for (const account of eligible) {
    const username = account.Username!;
    const member = await isInGroup(target, username, group);
    if (action === 'grant') {
      if (!member) await target.client.send(new AdminAddUserToGroupCommand({ UserPoolId: target.userPoolId, Username: username, GroupName: group }));
      changes.push({ username, outcome: member ? `already ${role}` : 'granted' });
    } else {
      if (!member) {
        changes.push({ username, outcome: `was not ${role}` });
        continue;
      }
      await target.client.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: target.userPoolId, Username: username, GroupName: group }));
      changes.push({ username, outcome: 'revoked', signOut: await signOutEverywhere(target, username) });
    }
  }
  return changes;
}

/**
 * What the person running the command should know after these changes, true to what happened: lines to
 * print, and whether something is left undone (a sign-out that failed).
 */
export function afterChangeNotes(target: PoolTarget, changes: readonly RoleChange[], role: Role = 'admin'): { lines: string[]; incomplete: boolean } {
  const lines: string[] = [];
  let incomplete = false;
  if (changes.some((c) => c.outcome === 'granted')) {
    lines.push(`They get the ${role} role with their next token: when they sign in again, or when the app refreshes its token (tokens last ${target.tokenLifetime}).`);
  }
  const revoked = changes.filter((c) => c.outcome === 'revoked');
  const held = `A token they already hold keeps the ${role} claim until it expires (tokens last ${target.tokenLifetime}): the API checks tokens by signature and expiry without asking Cognito.`;
  if (revoked.length > 0) {
    if (revoked.every((c) => c.signOut?.done)) {
      lines.push(`Signed out everywhere: their refresh tokens no longer work, so they cannot get another token without signing in. ${held}`);
    } else if (revoked.every((c) => c.signOut && !c.signOut.done && c.signOut.reason === 'unsupported')) {
      lines.push(`Not signed out: ${target.label} cannot end sessions (cognito-local has no global sign-out). New tokens no longer carry the role. ${held}`);
    } else {
      for (const c of revoked) {
        if (c.signOut?.done) lines.push(`${c.username}: signed out everywhere.`);
        else if (c.signOut?.reason === 'failed') {
          incomplete = true;
          lines.push(
            `${c.username}: removed from the ${role} group, but their sessions could not be ended (${c.signOut.message}). ` +
              `Retry with: aws cognito-idp admin-user-global-sign-out --user-pool-id ${target.userPoolId} --username ${c.username}`,
          );
        } else lines.push(`${c.username}: not signed out (${target.label} cannot end sessions).`);
      }
      lines.push(held);
    }
  }
  return { lines, incomplete };
}
