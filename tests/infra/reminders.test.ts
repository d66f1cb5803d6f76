/**
 * The travel-day reminders job (docs/operations.md, Reminders): every 15 minutes, one pass at a
 * time, reading the table (day sheet and bookings, no Scan), writing only the reminders' records, sending e-mail
 * with the site's links; SMS only where the environment turns it on, and then only to phone numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes';
import { devStack, environments, fakeWebDist, removeTemporaryFolders, resourcesOfType, synthesizeOnce, type Synthesized } from './support/synth';

const dev = environments.dev as { namePrefix: string };

let s: Synthesized;
let withSms: Synthesized;

beforeAll(() => {
  s = devStack();
  withSms = synthesizeOnce('dev-sms', () => ({ env: 'dev', overrides: { sms: { senderId: 'Runway' } }, routes: routes.slice(0, 1), webDist: fakeWebDist() }));
});

afterAll(() => removeTemporaryFolders());

function job(t: Synthesized): [string, any] {
  const found = resourcesOfType(t, 'AWS::Lambda::Function').filter(([, p]) => p.FunctionName === `${dev.namePrefix}-SendReminders`);
  expect(found).toHaveLength(1);
  return found[0]!;
}

function statements(t: Synthesized, fn: any): { Action: string | string[]; Resource?: unknown; NotResource?: unknown; Condition?: any }[] {
  const roleId = fn.Role['Fn::GetAtt'][0] as string;
  return resourcesOfType(t, 'AWS::IAM::Policy')
    .filter(([, p]) => JSON.stringify(p.Roles).includes(roleId))
    .flatMap(([, p]) => p.PolicyDocument.Statement);
}
const actionsOf = (st: ReturnType<typeof statements>) => st.flatMap((x) => (Array.isArray(x.Action) ? x.Action : [x.Action]));

describe('the reminders job', () => {
  it('runs every 15 minutes, one pass at a time, with the site URL and sender for its links and no SMS setting by default', () => {
    const [id, fn] = job(s);
    expect(fn.ReservedConcurrentExecutions).toBe(1);
    expect(Object.keys(fn.Environment.Variables).sort()).toEqual(['EMAIL_FROM', 'LOG_LEVEL', 'NODE_OPTIONS', 'PASS_SIGNING_SECRET_ID', 'POWERTOOLS_METRICS_NAMESPACE', 'SITE_URL', 'TABLE_NAME']);
    const rules = resourcesOfType(s, 'AWS::Events::Rule').filter(([, p]) => JSON.stringify(p.Targets).includes(id));
    expect(rules.map(([, p]) => [p.ScheduleExpression, p.Targets[0].RetryPolicy?.MaximumRetryAttempts])).toEqual([['rate(15 minutes)', 0]]);
  });

  it('reads the table, writes only REMINDER# items, sends e-mail, reads the pass key; no Scan, no SMS by default', () => {
    const [, fn] = job(s);
    const st = statements(s, fn);
    const actions = actionsOf(st);
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:BatchGetItem', 'dynamodb:UpdateItem', 'secretsmanager:GetSecretValue']));
    expect(actions.some((a) => a.startsWith('ses:'))).toBe(true);
    expect(actions).not.toContain('dynamodb:Scan');
    expect(actions).not.toContain('dynamodb:PutItem');
    expect(actions).not.toContain('dynamodb:DeleteItem');
    expect(actions.filter((a) => a.startsWith('sns:') || a.startsWith('s3:') || a.startsWith('cognito-idp:'))).toEqual([]);
    const updates = st.filter((x) => actionsOf([x]).includes('dynamodb:UpdateItem'));
    expect(updates.map((x) => x.Condition)).toEqual([{ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['REMINDER#*'] } }]);
  });

  it('with SMS turned on, may publish to phone numbers (no topic) and is told so, with the sender id', () => {
    const [, fn] = job(withSms);
    expect(fn.Environment.Variables).toMatchObject({ SMS_REMINDERS: 'on', SMS_SENDER_ID: 'Runway' });
    const sms = statements(withSms, fn).filter((x) => actionsOf([x]).includes('sns:Publish'));
    expect(sms.map((x) => [x.Resource, x.NotResource])).toEqual([[undefined, 'arn:aws:sns:*:*:*']]);
    // Only the reminders may text.
    for (const [, other] of resourcesOfType(withSms, 'AWS::Lambda::Function').filter(([, p]) => p.FunctionName !== `${dev.namePrefix}-SendReminders`)) {
      if (!other.Role?.['Fn::GetAtt']) continue;
      expect(actionsOf(statements(withSms, other))).not.toContain('sns:Publish');
    }
  });
});
