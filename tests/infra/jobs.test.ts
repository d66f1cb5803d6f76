/**
 * The refund worker and the alarms (docs/operations.md, Alarms): the job runs on a one-minute
 * schedule, one pass at a time, with only its grants; the failed-refund alarm watches the business metric the
 * settling code counts (RefundFailures), the unconfirmed-refund alarm counts long-unconfirmed refunds from every
 * function that sends refunds (the routes that change or cancel a paid booking, and the worker); every alarm
 * notifies the SNS topic.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes';
import { BUSINESS_METRICS, SERVICE_NAME } from '../../functions/lib/metric-names';
import { asText, devStack, environments, resourcesOfType, type Synthesized } from './support/synth';

const dev = environments.dev as { namePrefix: string };
let s: Synthesized;

beforeAll(() => {
  s = devStack();
});

const workerName = () => `${dev.namePrefix}-SendRefunds`;

function worker(): [string, any] {
  const found = resourcesOfType(s, 'AWS::Lambda::Function').filter(([, p]) => p.FunctionName === workerName());
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe('the refund worker', () => {
  it('runs every minute, one pass at a time, with the table and the Stripe key only', () => {
    const [id, fn] = worker();
    expect(fn.ReservedConcurrentExecutions).toBe(1);
    expect(fn.Timeout).toBe(50);
    expect(Object.keys(fn.Environment.Variables).sort()).toEqual(['LOG_LEVEL', 'NODE_OPTIONS', 'POWERTOOLS_METRICS_NAMESPACE', 'STRIPE_SECRET_ID', 'TABLE_NAME']);
    const rules = resourcesOfType(s, 'AWS::Events::Rule').filter(([, p]) => JSON.stringify(p.Targets).includes(id));
    expect(rules.map(([, p]) => [p.ScheduleExpression, p.Targets[0].RetryPolicy?.MaximumRetryAttempts])).toEqual([['rate(1 minute)', 0]]);

    const roleId = fn.Role['Fn::GetAtt'][0] as string;
    const actions = resourcesOfType(s, 'AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Roles).includes(roleId))
      .flatMap(([, p]) => p.PolicyDocument.Statement.flatMap((st: { Action: string | string[] }) => (Array.isArray(st.Action) ? st.Action : [st.Action])));
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'secretsmanager:GetSecretValue']));
    expect(actions.filter((a: string) => a.startsWith('s3:') || a.startsWith('ses:') || a.startsWith('cognito-idp:'))).toEqual([]);
    expect(actions).not.toContain('dynamodb:Scan');
  });
});

describe('the alarms', () => {
  const alarms = () => resourcesOfType(s, 'AWS::CloudWatch::Alarm');
  const topics = () => resourcesOfType(s, 'AWS::SNS::Topic');
  const named = (name: string) => {
    const found = alarms().filter(([, p]) => p.AlarmName === name);
    expect(found, name).toHaveLength(1);
    return found[0]![1];
  };

  it('a failed refund, a refund unconfirmed for an hour, and a failing worker each alarm on the topic', () => {
    expect(topics()).toHaveLength(1);
    const [topicId] = topics()[0]!;
    for (const name of [`${dev.namePrefix}-RefundsFailed`, `${dev.namePrefix}-RefundsUnconfirmed`, `${workerName()}-errors`]) {
      const alarm = named(name);
      expect(alarm.AlarmActions).toEqual([{ Ref: topicId }]);
      expect([alarm.Threshold, alarm.ComparisonOperator]).toEqual([1, 'GreaterThanOrEqualToThreshold']);
    }
    expect(named(`${workerName()}-errors`).EvaluationPeriods).toBe(3);
  });

  it("each job's errors alarm reads one period per scheduled pass, so a failing job can set it off", () => {
    // [job, period in seconds, passes]: every minute three running; every 15 minutes three running; once a day, one.
    for (const [job, period, passes] of [['SendRefunds', 60, 3], ['SendReminders', 900, 3], ['Reconcile', 86_400, 1]] as const) {
      const alarm = named(`${dev.namePrefix}-${job}-errors`);
      expect([alarm.MetricName, alarm.Period, alarm.EvaluationPeriods, alarm.TreatMissingData], job).toEqual(['Errors', period, passes, 'notBreaching']);
    }
  });

  it('the failed-refund alarm watches the business metric every function counts, RefundFailures, not a log text', () => {
    const alarm = named(`${dev.namePrefix}-RefundsFailed`);
    const watched = alarm.Metrics.filter((m: { MetricStat?: unknown }) => m.MetricStat).map((m: { MetricStat: { Metric: unknown } }) => m.MetricStat.Metric);
    expect(watched).toEqual([{ Namespace: 'RunwayParking/dev', MetricName: BUSINESS_METRICS.refundFailed, Dimensions: [{ Name: 'service', Value: SERVICE_NAME }] }]);
    // One failure, one name: no log filter counts it a second time under another.
    const filters = resourcesOfType(s, 'AWS::Logs::MetricFilter');
    expect(filters.filter(([, p]) => p.MetricTransformations[0].MetricName === 'RefundsFailed' || String(p.FilterPattern).includes('Refund failed'))).toEqual([]);
  });

  it('counts a refund unconfirmed for an hour from the worker and from every route that may send a refund', () => {
    const senders = routes.filter((r) => r.needs.includes('stripe')).length + 1;
    const unconfirmed = resourcesOfType(s, 'AWS::Logs::MetricFilter').filter(([, p]) => p.MetricTransformations[0].MetricName === 'RefundsUnconfirmed');
    expect(unconfirmed).toHaveLength(senders);
    expect(unconfirmed[0]![1].FilterPattern).toBe('{ $.message = "Refund not confirmed yet; it will be sent again" && $.attempts >= 5 }');
  });
});

describe('the daily reconcile', () => {
  it('runs once a day with read access to the table and the Stripe key, and a difference it logs raises an alarm on the topic', () => {
    const found = resourcesOfType(s, 'AWS::Lambda::Function').filter(([, p]) => p.FunctionName === `${dev.namePrefix}-Reconcile`);
    expect(found).toHaveLength(1);
    const [id, fn] = found[0]!;
    expect(fn.Timeout).toBe(900);
    expect(Object.keys(fn.Environment.Variables).sort()).toEqual(['LOG_LEVEL', 'NODE_OPTIONS', 'POWERTOOLS_METRICS_NAMESPACE', 'STRIPE_SECRET_ID', 'TABLE_NAME']);
    const rules = resourcesOfType(s, 'AWS::Events::Rule').filter(([, p]) => JSON.stringify(p.Targets).includes(id));
    expect(rules.map(([, p]) => p.ScheduleExpression)).toEqual(['rate(1 day)']);

    const roleId = fn.Role['Fn::GetAtt'][0] as string;
    const actions = resourcesOfType(s, 'AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Roles).includes(roleId))
      .flatMap(([, p]) => p.PolicyDocument.Statement.flatMap((st: { Action: string | string[] }) => (Array.isArray(st.Action) ? st.Action : [st.Action])));
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:GetItem', 'secretsmanager:GetSecretValue']));
    expect(actions.filter((a: string) => ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:Scan'].includes(a))).toEqual([]);

    const filters = resourcesOfType(s, 'AWS::Logs::MetricFilter').filter(([, p]) => p.MetricTransformations[0].MetricName === 'ReconcileDifferences');
    expect(filters.map(([, p]) => p.FilterPattern)).toEqual(['{ $.message = "Reconcile difference" }']);
    const alarm = resourcesOfType(s, 'AWS::CloudWatch::Alarm').filter(([, p]) => p.AlarmName === `${dev.namePrefix}-ReconcileDifferences`);
    expect(alarm).toHaveLength(1);
    const [topicId] = resourcesOfType(s, 'AWS::SNS::Topic')[0]!;
    expect(alarm[0]![1].AlarmActions).toEqual([{ Ref: topicId }]);
    expect([alarm[0]![1].Threshold, alarm[0]![1].ComparisonOperator]).toEqual([1, 'GreaterThanOrEqualToThreshold']);
    // On the dashboard with every other alarm.
    const body = asText(resourcesOfType(s, 'AWS::CloudWatch::Dashboard')[0]![1].DashboardBody);
    expect(body).toContain(`<${alarm[0]![0]}.Arn>`);
  });
});
