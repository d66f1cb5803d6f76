/**
 * A Cognito trigger of functions/triggers.ts as a Lambda function: its own role (its log group, and the table only
 * as its needs say: the Custom Message trigger updates its e-mail budgets' items) and the site's origin for the links
 * it writes.
 */
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Function as BundledLambda } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { TABLE_GRANTS } from '../functions/routes';
import type { TriggerDef } from '../functions/triggers';
import { grantTable } from './grants';
import { metricsNamespace, type Environment } from './environments';
import { removalPolicy } from './removal';
import { bundledFunction } from './route-function';

export class TriggerFunction extends Construct {
  readonly fn: BundledLambda;

  constructor(scope: Construct, id: string, props: { trigger: TriggerDef; env: Environment; siteUrl: string; table: ITable }) {
    super(scope, id);
    const { trigger, env } = props;
    const name = `${env.namePrefix}-${trigger.name}`;
    const logGroup = new LogGroup(this, 'Logs', { logGroupName: `/aws/lambda/${name}`, retention: env.logRetentionDays, removalPolicy: removalPolicy(env) });
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com'), description: `Cognito ${trigger.cognitoTrigger} trigger` });
    logGroup.grantWrite(role);
    const tableGrants = trigger.needs.flatMap((need) => (TABLE_GRANTS[need] ? [TABLE_GRANTS[need]] : []));
    for (const grant of tableGrants) grantTable(role, props.table, grant);
    this.fn = bundledFunction(this, {
      name,
      description: `Cognito ${trigger.cognitoTrigger} trigger`,
      entry: trigger.entry,
      memoryMb: 256,
      timeoutSeconds: 5,
      role,
      logGroup,
      environment: {
        SITE_URL: props.siteUrl,
        LOG_LEVEL: 'INFO',
        POWERTOOLS_METRICS_NAMESPACE: metricsNamespace(env),
        NODE_OPTIONS: '--enable-source-maps',
        ...(tableGrants.length ? { TABLE_NAME: props.table.tableName } : {}),
      },
    });
  }
}
