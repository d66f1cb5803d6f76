/**
 * The alarms and the dashboard an operator watches (docs/operations.md, Alarms): each alarm's
 * metric, threshold and action on the one SNS topic, the functions' metrics namespace, and a dashboard that shows
 * the business events and every alarm.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { routeId, routes } from '../../functions/routes';
import { asText, devStack, environments, logicalIdOf, resourcesOfType, type Synthesized } from './support/synth';

const dev = environments.dev as { namePrefix: string };
const NAMESPACE = 'RunwayParking/dev';
let s: Synthesized;
let topicRef: { Ref: string };

beforeAll(() => {
  s = devStack();
  const topics = resourcesOfType(s, 'AWS::SNS::Topic');
  expect(topics).toHaveLength(1);
  topicRef = { Ref: topics[0]![0] };
});

const alarms = () => resourcesOfType(s, 'AWS::CloudWatch::Alarm');
function alarmNamed(name: string): [string, any] {
  const found = alarms().filter(([, p]) => p.AlarmName === name);
  expect(found, name).toHaveLength(1);
  return found[0]!;
}
/** The metrics an alarm reads, by the id its expression uses. */
const metricsOf = (alarm: any): Record<string, any> => Object.fromEntries((alarm.Metrics as any[]).filter((m) => m.MetricStat).map((m) => [m.Id, m.MetricStat]));
const expressionOf = (alarm: any): string => (alarm.Metrics as any[]).find((m) => m.Expression)!.Expression;

describe('every alarm', () => {
  it('notifies the one topic, and only when something is wrong', () => {
    expect(alarms().length).toBeGreaterThanOrEqual(routes.length + 7);
    for (const [, alarm] of alarms()) {
      expect(alarm.AlarmActions, alarm.AlarmName).toEqual([topicRef]);
      expect(alarm.ComparisonOperator, alarm.AlarmName).toBe('GreaterThanOrEqualToThreshold');
    }
  });

  it('every function writes its business metrics to the environment\'s own namespace', () => {
    for (const [, fn] of resourcesOfType(s, 'AWS::Lambda::Function').filter(([, p]) => String(p.FunctionName ?? '').startsWith(dev.namePrefix))) {
      expect(fn.Environment.Variables.POWERTOOLS_METRICS_NAMESPACE, fn.FunctionName).toBe(NAMESPACE);
    }
    // The refund alarms' log counts too: dev and prod in one account never add to each other's.
    const filters = resourcesOfType(s, 'AWS::Logs::MetricFilter');
    expect(filters.map(([, p]) => p.MetricTransformations[0].MetricNamespace)).toEqual(filters.map(() => NAMESPACE));
  });
});

describe('5xx per route', () => {
  it('counts the 5xx answers of the API access log by route key', () => {
    const accessLogs = logicalIdOf(s, s.stack.api.accessLogs);
    const filters = resourcesOfType(s, 'AWS::Logs::MetricFilter').filter(([, p]) => p.LogGroupName.Ref === accessLogs);
    expect(filters).toHaveLength(1);
    const [, filter] = filters[0]!;
    expect(filter.FilterPattern).toBe('{ $.status = "5*" }');
    expect(filter.MetricTransformations).toEqual([{ MetricNamespace: NAMESPACE, MetricName: 'ServerErrors', MetricValue: '1', Dimensions: [{ Key: 'route', Value: '$.routeKey' }] }]);
  });

  it('alarms on each route at 5% of its requests in five minutes: its 5xx count over its function\'s invocations', () => {
    for (const { route, handler } of s.stack.api.routes) {
      const [, alarm] = alarmNamed(`${dev.namePrefix}-${routeId(route)}-5xx`);
      expect([alarm.Threshold, alarm.EvaluationPeriods, alarm.TreatMissingData]).toEqual([5, 1, 'notBreaching']);
      const { e, i } = metricsOf(alarm);
      expect(e).toEqual({ Metric: { Namespace: NAMESPACE, MetricName: 'ServerErrors', Dimensions: [{ Name: 'route', Value: `${route.method} ${route.path}` }] }, Period: 300, Stat: 'Sum' });
      expect(i).toEqual({ Metric: { Namespace: 'AWS/Lambda', MetricName: 'Invocations', Dimensions: [{ Name: 'FunctionName', Value: { Ref: logicalIdOf(s, handler.fn) } }] }, Period: 300, Stat: 'Sum' });
      expect(expressionOf(alarm)).toBe('IF(FILL(e, 0) > 0, 100 * FILL(e, 0) / IF(FILL(i, 0) > FILL(e, 0), FILL(i, 0), FILL(e, 0)), 0)');
    }
    expect(s.stack.api.routes).toHaveLength(routes.length);
  });
});

describe('the business alarms', () => {
  const business = (alarm: any) => [alarm.Namespace, alarm.MetricName, alarm.Dimensions, alarm.Statistic, alarm.Period];

  it('a webhook delivery whose signature did not verify', () => {
    const [, alarm] = alarmNamed(`${dev.namePrefix}-WebhookSignatureFailures`);
    expect(business(alarm)).toEqual([NAMESPACE, 'WebhookSignatureFailures', [{ Name: 'service', Value: 'runway-parking-api' }], 'Sum', 300]);
    expect([alarm.Threshold, alarm.EvaluationPeriods]).toEqual([1, 1]);
  });

  it('a refund in flight for four hours, or fifteen minutes without a report from the worker', () => {
    const [, alarm] = alarmNamed(`${dev.namePrefix}-RefundPendingTooLong`);
    expect(business(alarm)).toEqual([NAMESPACE, 'OldestPendingRefundAge', [{ Name: 'service', Value: 'runway-parking-api' }], 'Maximum', 300]);
    expect([alarm.Threshold, alarm.EvaluationPeriods, alarm.TreatMissingData]).toEqual([14400, 3, 'breaching']);
  });

  it('a payment held for review', () => {
    const [, alarm] = alarmNamed(`${dev.namePrefix}-PaymentsHeldForReview`);
    expect(business(alarm)).toEqual([NAMESPACE, 'PaymentsHeldForReview', [{ Name: 'service', Value: 'runway-parking-api' }], 'Sum', 300]);
    expect(alarm.Threshold).toBe(1);
  });

  it('a balance paid online refunded because its booking could not keep it', () => {
    const [, alarm] = alarmNamed(`${dev.namePrefix}-BalancePaymentsRefunded`);
    expect(business(alarm)).toEqual([NAMESPACE, 'BalancePaymentsRefunded', [{ Name: 'service', Value: 'runway-parking-api' }], 'Sum', 300]);
    expect(alarm.Threshold).toBe(1);
  });

  it('DynamoDB throttling reads or writes on the table or any of its three indexes', () => {
    const [, alarm] = alarmNamed(`${dev.namePrefix}-DynamoDBThrottles`);
    expect(alarm.Threshold).toBe(5);
    const table = { Ref: logicalIdOf(s, s.stack.data.table) };
    const read = Object.values(metricsOf(alarm)).map((m: any) => [m.Metric.Namespace, m.Metric.MetricName, m.Metric.Dimensions, m.Stat]);
    const expected = [undefined, 'gsi1', 'gsi2', 'gsi3'].flatMap((index) =>
      ['ReadThrottleEvents', 'WriteThrottleEvents'].map((name) => ['AWS/DynamoDB', name, [...(index ? [{ Name: 'GlobalSecondaryIndexName', Value: index }] : []), { Name: 'TableName', Value: table }], 'Sum']),
    );
    expect(read).toHaveLength(8);
    expect(read).toEqual(expect.arrayContaining(expected));
    const ids = Object.keys(metricsOf(alarm));
    expect(expressionOf(alarm).split(' + ').sort()).toEqual(ids.map((id) => `FILL(${id}, 0)`).sort());
  });
});

describe('the dashboard', () => {
  it('is one, and shows every business metric and every alarm of the stack', () => {
    const dashboards = resourcesOfType(s, 'AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    const [, dashboard] = dashboards[0]!;
    expect(dashboard.DashboardName).toBe(dev.namePrefix);
    const body = asText(dashboard.DashboardBody);
    for (const name of ['CheckoutsStarted', 'BookingsConfirmed', 'PaymentsHeldForReview', 'RefundsRequested', 'RefundsMade', 'RefundFailures', 'WebhookSignatureFailures', 'OldestPendingRefundAge']) {
      expect(body, name).toContain(`"${name}"`);
    }
    for (const [id, alarm] of alarms()) expect(body, alarm.AlarmName).toContain(`<${id}.Arn>`);
  });
});
