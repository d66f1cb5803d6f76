/**
 * Security notices in AWS (docs/security.md): an EventBridge rule on CloudTrail's record of every
 * successful user pool call that changes a password or turns two-step sign-in on or off runs the SecurityNotice
 * function, which may read users of its own pool (AdminGetUser, nothing else of Cognito) and send e-mail; a trail
 * makes CloudTrail hand those records to EventBridge.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { asText, devStack, environments, resourcesOfType, type Synthesized } from './support/synth';

const dev = environments.dev as { namePrefix: string; logRetentionDays: number };
let s: Synthesized;

beforeAll(() => {
  s = devStack();
});

function noticeFunction(): [string, any] {
  const found = resourcesOfType(s, 'AWS::Lambda::Function').filter(([, p]) => p.FunctionName === `${dev.namePrefix}-SecurityNotice`);
  expect(found).toHaveLength(1);
  return found[0]!;
}

function statementsOf(fn: any): { Action: string | string[]; Resource: unknown }[] {
  const roleId = fn.Role['Fn::GetAtt'][0] as string;
  return resourcesOfType(s, 'AWS::IAM::Policy')
    .filter(([, p]) => (p.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
    .flatMap(([, p]) => p.PolicyDocument.Statement);
}

const actionsOf = (st: { Action: string | string[] }) => (Array.isArray(st.Action) ? st.Action : [st.Action]);

describe('the security notice rule', () => {
  it('matches only successful ChangePassword, ConfirmForgotPassword, SetUserMFAPreference and AdminSetUserMFAPreference calls of Cognito user pools, and targets the notice function', () => {
    const [fnId] = noticeFunction();
    const rules = resourcesOfType(s, 'AWS::Events::Rule').filter(([, p]) => JSON.stringify(p.Targets).includes(fnId));
    expect(rules).toHaveLength(1);
    const rule = rules[0]![1];
    expect(rule.State ?? 'ENABLED').toBe('ENABLED');
    expect(rule.EventPattern).toEqual({
      source: ['aws.cognito-idp'],
      'detail-type': ['AWS API Call via CloudTrail'],
      detail: {
        eventSource: ['cognito-idp.amazonaws.com'],
        eventName: ['ChangePassword', 'ConfirmForgotPassword', 'SetUserMFAPreference', 'AdminSetUserMFAPreference'],
        errorCode: [{ exists: false }],
      },
    });
    expect(rule.Targets).toHaveLength(1);
    expect(rule.Targets[0].Arn).toEqual({ 'Fn::GetAtt': [fnId, 'Arn'] });
    expect(rule.Targets[0].RetryPolicy).toEqual({ MaximumEventAgeInSeconds: 6 * 3600, MaximumRetryAttempts: 8 });
    // EventBridge may invoke it, and only this rule.
    const permissions = resourcesOfType(s, 'AWS::Lambda::Permission').filter(([, p]) => JSON.stringify(p.FunctionName).includes(fnId));
    expect(permissions.map(([, p]) => p.Principal)).toEqual(['events.amazonaws.com']);
  });

  it('lets the function read one user of its own pool and send e-mail, nothing else', () => {
    const [, fn] = noticeFunction();
    const statements = statementsOf(fn);
    const cognito = statements.filter((st) => actionsOf(st).some((a) => a.startsWith('cognito-idp:')));
    expect(cognito.flatMap(actionsOf)).toEqual(['cognito-idp:AdminGetUser']);
    const poolId = resourcesOfType(s, 'AWS::Cognito::UserPool')[0]![0];
    expect(cognito[0]!.Resource).toEqual({ 'Fn::GetAtt': [poolId, 'Arn'] });
    // Its dead-letter queue (the on-failure destination), and only that queue.
    const [queueId] = deadLetterQueue();
    const sqs = statements.filter((st) => actionsOf(st).some((a) => a.startsWith('sqs:')));
    expect(sqs.flatMap(actionsOf)).toContain('sqs:SendMessage');
    for (const st of sqs) expect(st.Resource).toEqual({ 'Fn::GetAtt': [queueId, 'Arn'] });
    const actions = [...new Set(statements.flatMap(actionsOf))].filter((a) => !a.startsWith('sqs:')).sort();
    expect(actions).toEqual(['cognito-idp:AdminGetUser', 'logs:CreateLogStream', 'logs:PutLogEvents', 'ses:SendEmail', 'ses:SendRawEmail']);
    expect(Object.keys(fn.Environment.Variables).sort()).toEqual(['EMAIL_FROM', 'LOG_LEVEL', 'NODE_OPTIONS', 'POWERTOOLS_METRICS_NAMESPACE', 'SITE_URL', 'USER_POOL_ID']);
    expect(fn.Environment.Variables.POWERTOOLS_METRICS_NAMESPACE).toBe('RunwayParking/dev');
    expect(fn.Environment.Variables.USER_POOL_ID).toEqual({ Ref: poolId });
  });

  it('alarms on the topic when a notice fails', () => {
    const alarms = resourcesOfType(s, 'AWS::CloudWatch::Alarm').filter(([, p]) => p.AlarmName === `${dev.namePrefix}-SecurityNotice-errors`);
    expect(alarms).toHaveLength(1);
    const [topicId] = resourcesOfType(s, 'AWS::SNS::Topic')[0]!;
    expect(alarms[0]![1].AlarmActions).toEqual([{ Ref: topicId }]);
  });
});

function deadLetterQueue(): [string, any] {
  const found = resourcesOfType(s, 'AWS::SQS::Queue').filter(([, p]) => p.QueueName === `${dev.namePrefix}-SecurityNotice-dead-letters`);
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe('an event the notice function failed on', () => {
  it('is kept in an encrypted SQS queue for 14 days: the on-failure destination of its asynchronous invocation, after two retries', () => {
    const [fnId] = noticeFunction();
    const [queueId, queue] = deadLetterQueue();
    expect(queue.SqsManagedSseEnabled).toBe(true);
    expect(queue.MessageRetentionPeriod).toBe(14 * 24 * 3600);
    const configs = resourcesOfType(s, 'AWS::Lambda::EventInvokeConfig').filter(([, p]) => JSON.stringify(p.FunctionName).includes(fnId));
    expect(configs).toHaveLength(1);
    const config = configs[0]![1];
    expect(config.DestinationConfig).toEqual({ OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } });
    expect([config.MaximumRetryAttempts, config.MaximumEventAgeInSeconds]).toEqual([2, 6 * 3600]);
    // An event EventBridge could not hand over goes there too.
    const rule = resourcesOfType(s, 'AWS::Events::Rule').find(([, p]) => JSON.stringify(p.Targets).includes(fnId))![1];
    expect(rule.Targets[0].DeadLetterConfig).toEqual({ Arn: { 'Fn::GetAtt': [queueId, 'Arn'] } });
    // Only over TLS.
    const policies = resourcesOfType(s, 'AWS::SQS::QueuePolicy').filter(([, p]) => JSON.stringify(p.Queues).includes(queueId));
    const statements = policies.flatMap(([, p]) => p.PolicyDocument.Statement as any[]);
    expect(statements).toContainEqual(expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }));
  });

  it('alarms on the topic while the queue holds any', () => {
    const [, queue] = deadLetterQueue();
    const alarms = resourcesOfType(s, 'AWS::CloudWatch::Alarm').filter(([, p]) => p.AlarmName === `${dev.namePrefix}-SecurityNotice-dead-letters`);
    expect(alarms).toHaveLength(1);
    const alarm = alarms[0]![1];
    expect([alarm.Namespace, alarm.MetricName, alarm.Statistic, alarm.Period]).toEqual(['AWS/SQS', 'ApproximateNumberOfMessagesVisible', 'Maximum', 300]);
    expect(alarm.Dimensions).toHaveLength(1);
    expect(alarm.Dimensions[0].Name).toBe('QueueName');
    expect(queue.QueueName).toBe(`${dev.namePrefix}-SecurityNotice-dead-letters`);
    expect([alarm.Threshold, alarm.ComparisonOperator, alarm.TreatMissingData]).toEqual([1, 'GreaterThanOrEqualToThreshold', 'notBreaching']);
    const [topicId] = resourcesOfType(s, 'AWS::SNS::Topic')[0]!;
    expect(alarm.AlarmActions).toEqual([{ Ref: topicId }]);
  });

  it("shows both of the notice's alarms on the dashboard", () => {
    const body = asText(resourcesOfType(s, 'AWS::CloudWatch::Dashboard')[0]![1].DashboardBody);
    for (const name of ['errors', 'dead-letters']) {
      const [id] = resourcesOfType(s, 'AWS::CloudWatch::Alarm').find(([, p]) => p.AlarmName === `${dev.namePrefix}-SecurityNotice-${name}`)!;
      expect(body, name).toContain(`<${id}.Arn>`);
    }
  });
});

describe('the trail EventBridge needs', () => {
  it('logs write management events in the stack region into a private bucket (cloudTrail: "stack")', () => {
    const trails = resourcesOfType(s, 'AWS::CloudTrail::Trail');
    expect(trails).toHaveLength(1);
    const trail = trails[0]![1];
    expect(trail.IsLogging).toBe(true);
    expect(trail.IsMultiRegionTrail).toBe(false);
    expect(trail.EnableLogFileValidation).toBe(true);
    expect(trail.EventSelectors).toEqual([{ IncludeManagementEvents: true, ReadWriteType: 'WriteOnly' }]);
    const bucket = s.json.Resources[trail.S3BucketName.Ref]!.Properties;
    expect(bucket.PublicAccessBlockConfiguration).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
    expect(bucket.LifecycleConfiguration.Rules).toEqual([expect.objectContaining({ ExpirationInDays: 14, Status: 'Enabled' })]);
  });
});
