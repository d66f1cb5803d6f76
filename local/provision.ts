/**
 * Creates what the local stack needs when it is missing: the table (from the same key definition as the
 * CDK stack), the Cognito user pool, app client and admin group, and on first start an admin account
 * with a random password written under .data/.
 */
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolsCommand,
  ListUserPoolClientsCommand,
  GetGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TABLE_KEYS } from '../functions/store/keys';
import { ADMIN_SECRET_HEADER } from './cognito/local-secrets';
import { ADMIN_GROUP, STAFF_GROUP } from '../shared/roles';


export const LOCAL_REGION = 'ap-southeast-2';
export const POOL_NAME = 'runway-parking-local';
export const CLIENT_NAME = 'runway-parking-web';
export const DEFAULT_ADMIN_EMAIL = 'admin@runwayparking.example';

const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };

export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({ region: LOCAL_REGION, endpoint, credentials: localCredentials });
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    await addMissingIndexes(client, tableName, new Set((Table?.GlobalSecondaryIndexes ?? []).map((ix) => ix.IndexName ?? '')));
    return;
  } catch (e) {
    if (!(e instanceof ResourceNotFoundException)) throw e;
  }
  const attrs = new Set<string>([TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey]);
  for (const ix of TABLE_KEYS.indexes) {
    attrs.add(ix.partitionKey);
    attrs.add(ix.sortKey);
  }
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...attrs].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE_KEYS.indexes.map((ix) => ({
        IndexName: ix.name,
        KeySchema: [
          { AttributeName: ix.partitionKey, KeyType: 'HASH' },
          { AttributeName: ix.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TABLE_KEYS.ttlAttribute, Enabled: true },
    }),
  );
}

/** Deletes a table if it is there (a test stack's own, in a DynamoDB Local it shares). */
export async function deleteTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({ region: LOCAL_REGION, endpoint, credentials: localCredentials });
  try {
    await client.send(new DeleteTableCommand({ TableName: tableName }));
  } catch (e) {
    if (!(e instanceof ResourceNotFoundException)) throw e;
  } finally {
    client.destroy();
  }
}

/** A table made by an older version lacks indexes added since: add them (DynamoDB Local fills them at once). */
async function addMissingIndexes(client: DynamoDBClient, tableName: string, present: Set<string>): Promise<void> {
  for (const ix of TABLE_KEYS.indexes) {
    if (present.has(ix.name)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: [
          { AttributeName: ix.partitionKey, AttributeType: 'S' },
          { AttributeName: ix.sortKey, AttributeType: 'S' },
        ],
        GlobalSecondaryIndexUpdates: [
          {
            Create: {
              IndexName: ix.name,
              KeySchema: [
                { AttributeName: ix.partitionKey, KeyType: 'HASH' },
                { AttributeName: ix.sortKey, KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'ALL' },
            },
          },
        ],
      }),
    );
  }
}

export interface PoolIds {
  userPoolId: string;
  userPoolClientId: string;
}

/**
 * A client for the local Cognito emulator. With the install's admin secret (local/cognito/local-secrets.ts) it may
 * call the IAM-only operations (Admin*, pool management), as AWS credentials may in Cognito; without it, only what
 * a browser may.
 */
export function cognitoClient(endpoint: string, adminSecret?: string): CognitoIdentityProviderClient {
  const client = new CognitoIdentityProviderClient({ region: LOCAL_REGION, endpoint, credentials: localCredentials });
  if (adminSecret) {
    client.middlewareStack.add(
      (next) => (args) => {
        (args.request as { headers: Record<string, string> }).headers[ADMIN_SECRET_HEADER] = adminSecret;
        return next(args);
      },
      { step: 'build', name: 'localAdminSecret' },
    );
  }
  return client;
}

export async function ensureUserPool(endpoint: string, adminSecret: string): Promise<PoolIds> {
  const client = cognitoClient(endpoint, adminSecret);
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((p) => p.Name === POOL_NAME)?.Id;
  if (!userPoolId) {
    const created = await client.send(
      new CreateUserPoolCommand({
        PoolName: POOL_NAME,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        MfaConfiguration: 'OPTIONAL',
        Policies: { PasswordPolicy: { MinimumLength: 8, RequireLowercase: false, RequireUppercase: false, RequireNumbers: false, RequireSymbols: false } },
      }),
    );
    userPoolId = created.UserPool!.Id!;
  }
  const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let userPoolClientId = clients.UserPoolClients?.find((c) => c.ClientName === CLIENT_NAME)?.ClientId;
  if (!userPoolClientId) {
    const created = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: CLIENT_NAME,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    userPoolClientId = created.UserPoolClient!.ClientId!;
  }
  for (const [name, description] of [
    [ADMIN_GROUP, 'Yard staff with the admin dashboard'],
    [STAFF_GROUP, 'Yard staff who record payments'],
  ] as const) {
    try {
      await client.send(new GetGroupCommand({ UserPoolId: userPoolId, GroupName: name }));
    } catch {
      await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: name, Description: description }));
    }
  }
  return { userPoolId, userPoolClientId };
}

/** A password that satisfies any reasonable policy: letters, digits and a symbol, 20 characters. */
export function randomPassword(): string {
  return `${randomBytes(15).toString('base64url')}a1!`;
}

export interface AdminAccount {
  email: string;
  password: string;
  file: string;
  created: boolean;
}

/**
 * A user signed up by e-mail and already verified, with a permanent password, optionally in the admin group.
 * Returns the user's `sub`. With `reuseExisting`, an account that already has this e-mail is kept and given
 * the password instead of failing.
 */
export async function createVerifiedUser(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  user: { email: string; password: string; admin?: boolean; staff?: boolean; reuseExisting?: boolean },
): Promise<string | null> {
  const { email, password } = user;
  let sub: string | null = null;
  try {
    const created = await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? created.User?.Username ?? null;
  } catch (error) {
    if (!user.reuseExisting || (error as { name?: string }).name !== 'UsernameExistsException') throw error;
  }
  await client.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: password, Permanent: true }));
  if (user.admin) await client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: email, GroupName: ADMIN_GROUP }));
  if (user.staff) await client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: email, GroupName: STAFF_GROUP }));
  return sub;
}

/**
 * The first local admin. Its random password goes to .data/admin-credentials.json (never printed as a
 * fixed value, never in the repo); later starts reuse the account.
 */
export async function ensureAdminAccount(endpoint: string, adminSecret: string, pool: PoolIds, dataDir: string, email = DEFAULT_ADMIN_EMAIL): Promise<AdminAccount> {
  const file = path.join(dataDir, 'admin-credentials.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { email: string; password: string };
    return { ...saved, file, created: false };
  }
  const password = randomPassword();
  // If the credentials file was deleted but the account remains, it gets a new random password.
  await createVerifiedUser(cognitoClient(endpoint, adminSecret), pool.userPoolId, { email, password, admin: true, reuseExisting: true });
  writeFileSync(file, JSON.stringify({ email, password }, null, 2) + '\n', { mode: 0o600 });
  return { email, password, file, created: true };
}
