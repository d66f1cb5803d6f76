/**
 * Granting and revoking the admin role: membership of the Cognito group `admin` (design decision). Works
 * on any user pool, the local emulator's or a deployed one; finding the pool is targets.ts's job.
 * Accounts are found by e-mail, so a person who signed up with a password and also with Google (two
 * Cognito users with one e-mail) gets the same role on both.
 */
import {
  AdminAddUserToGroupCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  ListUsersCommand,
  type CognitoIdentityProviderClient,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP } from '../../local/provision';

export type AdminAction = 'grant' | 'revoke';

export interface PoolTarget {
  client: Pick<CognitoIdentityProviderClient, 'send'>;
  userPoolId: string;
  /** Where this is, for messages: "the local stack at http://localhost:3000", "dev (RunwayParking-dev)". */
  label: string;
}

export interface RoleChange {
  username: string;
  outcome: 'granted' | 'already admin' | 'revoked' | 'was not admin';
}

/** A problem the person running the command can fix; shown without a stack trace. */
export class AdminCommandError extends Error {}

const EMAIL = /^[^\s@"]+@[^\s@"]+\.[^\s@"]+$/;

async function accountsByEmail(target: PoolTarget, email: string): Promise<UserType[]> {
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

async function isAdmin(target: PoolTarget, username: string): Promise<boolean> {
  const out = await target.client.send(new AdminListGroupsForUserCommand({ UserPoolId: target.userPoolId, Username: username }));
  return (out.Groups ?? []).some((g) => g.GroupName === ADMIN_GROUP);
}

export async function changeAdminRole(target: PoolTarget, action: AdminAction, rawEmail: string): Promise<RoleChange[]> {
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
    const admin = await isAdmin(target, username);
    if (action === 'grant') {
      if (!admin) await target.client.send(new AdminAddUserToGroupCommand({ UserPoolId: target.userPoolId, Username: username, GroupName: ADMIN_GROUP }));
      changes.push({ username, outcome: admin ? 'already admin' : 'granted' });
    } else {
      if (admin) await target.client.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: target.userPoolId, Username: username, GroupName: ADMIN_GROUP }));
      changes.push({ username, outcome: admin ? 'revoked' : 'was not admin' });
    }
  }
  return changes;
}
