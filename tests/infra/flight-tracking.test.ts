/**
 * Flight tracking in AWS (docs/operations.md, Flight tracking): where an environment names its flight-status secret,
 * the tracker is a Lambda function run every 5 minutes by an EventBridge schedule, one pass at a time, told the
 * secret's name and allowed to read it, to query the table and to write only the tracked flights and their daily
 * counts; an alarm on the topic watches the provider's failures. Where none is named (cdk.json's dev and prod today),
 * there is no tracker, no schedule, no alarm, and no function may read such a secret.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes';
import { FLIGHT_FAILURES_ALARM } from '../../infra/monitoring';
import { devStack, environments, fakeWebDist, removeTemporaryFolders, resourcesOfType, synthesizeOnce, type Synthesized } from './support/synth';

const dev = environments.dev as { namePrefix: string };
const SECRET = 'runway-parking/dev/flightaware';
const subset = routes.filter((r) => r.path === '/api/pass/{token}');
const trackerName = `${dev.namePrefix}-TrackFlights`;

let on: Synthesized;
let off: Synthesized;

beforeAll(() => {
  on = synthesizeOnce('dev-flights-on', () => ({ env: 'dev', overrides: { flightStatusSecretName: SECRET }, routes: subset, webDist: fakeWebDist() }));
  // Not configured: cdk.json's dev as the other stack tests synthesize it (one synth fewer).
  off = devStack();
});

afterAll(() => removeTemporaryFolders());

const trackers = (t: Synthesized) => resourcesOfType(t, 'AWS::Lambda::Function').filter(([, p]) => p.FunctionName === trackerName);
function statements(t: Synthesized, fn: any): { Action: string | string[]; Resource?: unknown; Condition?: unknown }[] {
  const roleId = fn.Role['Fn::GetAtt'][0] as string;
  return resourcesOfType(t, 'AWS::IAM::Policy')
    .filter(([, p]) => JSON.stringify(p.Roles).includes(roleId))
    .flatMap(([, p]) => p.PolicyDocument.Statement);
}
const readsSecret = (st: { Action: string | string[]; Resource?: unknown }) => [st.Action].flat().includes('secretsmanager:GetSecretValue') && JSON.stringify(st.Resource).includes(`secret:${SECRET}`);
const alarmsNamed = (t: Synthesized, name: string) => resourcesOfType(t, 'AWS::CloudWatch::Alarm').filter(([, p]) => p.AlarmName === name);

describe('flight tracking configured', () => {
  it('runs the tracker every 5 minutes, one pass at a time, told the secret name', () => {
    const found = trackers(on);
    expect(found).toHaveLength(1);
    const [id, fn] = found[0]!;
    expect(fn.ReservedConcurrentExecutions).toBe(1);
    expect(fn.Environment.Variables.FLIGHT_STATUS_SECRET_ID).toBe(SECRET);
    expect(Object.keys(fn.Environment.Variables).sort()).toEqual(['FLIGHT_STATUS_SECRET_ID', 'LOG_LEVEL', 'NODE_OPTIONS', 'POWERTOOLS_METRICS_NAMESPACE', 'TABLE_NAME']);
    const rules = resourcesOfType(on, 'AWS::Events::Rule').filter(([, p]) => JSON.stringify(p.Targets).includes(id));
    expect(rules.map(([, p]) => [p.ScheduleExpression, p.Targets[0].RetryPolicy?.MaximumRetryAttempts])).toEqual([['rate(5 minutes)', 0]]);
  });

  it('may read the secret, query the table, update only the tracked flights and their daily counts, and put only pickup queue entries with their history lines; never scan', () => {
    const [, fn] = trackers(on)[0]!;
    const all = statements(on, fn);
    expect(all.some(readsSecret)).toBe(true);
    const actions = all.flatMap((st) => [st.Action].flat());
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:BatchGetItem', 'dynamodb:UpdateItem']));
    expect(actions).not.toContain('dynamodb:Scan');
    expect(actions).not.toContain('dynamodb:DeleteItem');
    // A landed flight's bookings enter the pickup queue: the entry and the booking's history line, nothing else.
    const puts = all.filter((st) => [st.Action].flat().includes('dynamodb:PutItem'));
    expect(puts).toHaveLength(1);
    expect(puts[0]!.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['PICKUP_QUEUE#*', 'BOOKING#*'] } });
    const writes = all.filter((st) => [st.Action].flat().includes('dynamodb:UpdateItem'));
    expect(writes).toHaveLength(1);
    expect(writes[0]!.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['FLIGHT#*', 'FLIGHT_ASKS#*'] } });
    expect(actions.filter((a) => a.startsWith('s3:') || a.startsWith('ses:') || a.startsWith('cognito-idp:') || a.startsWith('sns:'))).toEqual([]);
  });

  it("no other function may read the flight-status secret", () => {
    for (const [, fn] of resourcesOfType(on, 'AWS::Lambda::Function').filter(([, p]) => p.FunctionName !== trackerName && p.Role?.['Fn::GetAtt'])) {
      expect(statements(on, fn).some(readsSecret), fn.FunctionName).toBe(false);
      expect(fn.Environment?.Variables?.FLIGHT_STATUS_SECRET_ID, fn.FunctionName).toBeUndefined();
    }
  });

  it("alarms on the topic when the provider's failures pile up, and when the tracker itself fails", () => {
    const [topicId] = resourcesOfType(on, 'AWS::SNS::Topic')[0]!;
    const failures = alarmsNamed(on, `${dev.namePrefix}-FlightStatusFailures`);
    expect(failures).toHaveLength(1);
    const a = failures[0]![1];
    expect([a.Namespace, a.MetricName, a.Dimensions, a.Statistic, a.Period, a.Threshold, a.ComparisonOperator, a.TreatMissingData]).toEqual([
      'RunwayParking/dev',
      'FlightStatusFailures',
      [{ Name: 'service', Value: 'runway-parking-api' }],
      'Sum',
      FLIGHT_FAILURES_ALARM.minutes * 60,
      FLIGHT_FAILURES_ALARM.count,
      'GreaterThanOrEqualToThreshold',
      'notBreaching',
    ]);
    expect(a.AlarmActions).toEqual([{ Ref: topicId }]);
    const errors = alarmsNamed(on, `${trackerName}-errors`);
    expect(errors.map(([, p]) => [p.Period, p.EvaluationPeriods])).toEqual([[300, 3]]);
  });
});

describe('flight tracking not configured', () => {
  it('has no tracker, no schedule for one, no alarm, and no function that may read a flight-status secret', () => {
    expect(trackers(off)).toEqual([]);
    expect(JSON.stringify(resourcesOfType(off, 'AWS::Events::Rule'))).not.toContain('TrackFlights');
    expect(alarmsNamed(off, `${dev.namePrefix}-FlightStatusFailures`)).toEqual([]);
    for (const [, fn] of resourcesOfType(off, 'AWS::Lambda::Function').filter(([, p]) => p.Role?.['Fn::GetAtt'])) {
      expect(fn.Environment?.Variables?.FLIGHT_STATUS_SECRET_ID, fn.FunctionName).toBeUndefined();
      expect(JSON.stringify(statements(off, fn)), fn.FunctionName).not.toMatch(/flight/i);
    }
  });
});
