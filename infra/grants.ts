/**
 * Least privilege from the route table: each `Need` a route declares becomes exactly these actions on
 * exactly these resources, and nothing else reaches the function's role. No Scan anywhere: no request
 * path reads the whole table (design), so no role may.
 */
import { Stack } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import { TABLE_GRANTS, type Need, type TableGrant } from '../functions/routes';
import { TABLE_KEYS } from '../functions/store/keys';

export interface GrantTargets {
  table: ITable;
  photos: IBucket;
  emailIdentity: IEmailIdentity;
  /** Set while the account is in the SES sandbox (email.sandbox): the From address the sandbox grant is limited to. */
  emailSandbox: { fromAddress: string } | null;
  /** The Stripe API key. */
  stripeSecret: ISecret;
  /** The Stripe webhook signing secret: only the webhook reads it. */
  stripeWebhookSecret: ISecret;
  userPool: IUserPool;
}

/** The IAM actions of a need's table grant (functions/routes.ts TABLE_GRANTS). */
export const tableActions = (grant: TableGrant): string[] => grant.actions.map((a) => `dynamodb:${a}`);

/** `CONTACT#` -> `CONTACT#*`: the LeadingKeys pattern for a key prefix. */
export const leadingKeyPattern = (prefix: string): string => `${prefix}*`;

export const USER_POOL_READ_ACTIONS = ['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser', 'cognito-idp:ListUsers'] as const;

export const SES_SEND_ACTIONS = ['ses:SendEmail', 'ses:SendRawEmail'] as const;

/** Every SES identity of the account in the stack's region: what the sandbox checks recipients against. */
export function sesIdentitiesArn(scope: Stack): string {
  return scope.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' });
}

export function grantTable(role: IGrantable, table: ITable, grant: TableGrant): void {
  const indexes = grant.indexes ? TABLE_KEYS.indexes.map((ix) => `${table.tableArn}/index/${ix.name}`) : [];
  role.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({
      actions: tableActions(grant),
      resources: [table.tableArn, ...indexes],
      // Every item key the call names must start with one of the prefixes (the partition key; ForAllValues: all of them).
      ...(grant.leadingKeys ? { conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': grant.leadingKeys.map(leadingKeyPattern) } } } : {}),
    }),
  );
}

export function grantNeed(role: IGrantable, need: Need, targets: GrantTargets): void {
  const { table, photos } = targets;
  switch (need) {
    case 'table:get':
    case 'table:read':
    case 'table:write':
    case 'contact:write':
    case 'occupancy:read':
    case 'account-email:write':
    case 'idempotency':
      grantTable(role, table, TABLE_GRANTS[need]!);
      return;
    case 'photos:read':
      // GetObject also covers HeadObject, which the upload check uses to inspect what a browser sent.
      role.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [photos.arnForObjects('*')] }));
      return;
    case 'photos:write':
      // Presigned POSTs are signed with the function's credentials, so the role itself must be allowed to put.
      role.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: [photos.arnForObjects('*')] }));
      return;
    case 'photos:delete':
      // The upload check deletes what it refuses; only the route that runs the check holds this.
      role.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:DeleteObject'], resources: [photos.arnForObjects('*')] }));
      return;
    case 'email':
      // With production access SES checks IAM against the sending identity only.
      targets.emailIdentity.grantSendEmail(role);
      // In the sandbox it also checks each recipient's identity (recipients must be verified identities of the
      // account), so a role limited to the sender is refused. Only while sandboxed, and only with our From.
      if (targets.emailSandbox) {
        role.grantPrincipal.addToPrincipalPolicy(
          new PolicyStatement({
            actions: [...SES_SEND_ACTIONS],
            resources: [sesIdentitiesArn(Stack.of(targets.table))],
            conditions: { StringEqualsIgnoreCase: { 'ses:FromAddress': targets.emailSandbox.fromAddress } },
          }),
        );
      }
      return;
    case 'stripe':
      targets.stripeSecret.grantRead(role);
      return;
    case 'stripe:webhook':
      targets.stripeWebhookSecret.grantRead(role);
      return;
    case 'userpool:read':
      targets.userPool.grant(role, ...USER_POOL_READ_ACTIONS);
      return;
    case 'userpool:get-user':
      targets.userPool.grant(role, 'cognito-idp:AdminGetUser');
      return;
    default: {
      const unknown: never = need;
      throw new Error(`No grant defined for need ${String(unknown)}`);
    }
  }
}
