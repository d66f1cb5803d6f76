/**
 * Least privilege from the route table: each `Need` a route declares becomes exactly these actions on
 * exactly these resources, and nothing else reaches the function's role. No Scan anywhere: no request
 * path reads the whole table (design), so no role may.
 */
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { Need } from '../functions/routes';
import { TABLE_KEYS } from '../functions/store/keys';

export interface GrantTargets {
  table: ITable;
  photos: IBucket;
  emailIdentity: IEmailIdentity;
  stripeSecret: ISecret;
  userPool: IUserPool;
}

/** Reads a transaction or a conditional write may also need (ConditionCheckItem) sit with both read and write. */
export const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'] as const;
export const TABLE_WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem', 'dynamodb:ConditionCheckItem'] as const;
export const USER_POOL_READ_ACTIONS = ['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser', 'cognito-idp:ListUsers'] as const;

export function grantNeed(role: IGrantable, need: Need, targets: GrantTargets): void {
  const { table, photos } = targets;
  switch (need) {
    case 'table:read':
      role.grantPrincipal.addToPrincipalPolicy(
        new PolicyStatement({ actions: [...TABLE_READ_ACTIONS], resources: [table.tableArn, ...TABLE_KEYS.indexes.map((ix) => `${table.tableArn}/index/${ix.name}`)] }),
      );
      return;
    case 'table:write':
      role.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions: [...TABLE_WRITE_ACTIONS], resources: [table.tableArn] }));
      return;
    case 'photos:read':
      // GetObject also covers HeadObject, which the upload check uses to inspect what a browser sent.
      role.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [photos.arnForObjects('*')] }));
      return;
    case 'photos:write':
      // Presigned POSTs are signed with the function's credentials, so the role itself must be allowed to put.
      role.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: [photos.arnForObjects('*')] }));
      return;
    case 'email':
      targets.emailIdentity.grantSendEmail(role);
      return;
    case 'stripe':
      targets.stripeSecret.grantRead(role);
      return;
    case 'userpool:read':
      targets.userPool.grant(role, ...USER_POOL_READ_ACTIONS);
      return;
    default: {
      const unknown: never = need;
      throw new Error(`No grant defined for need ${String(unknown)}`);
    }
  }
}
