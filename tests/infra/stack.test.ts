/**
 * The dev environment as cdk.json defines it (no custom domain, no Google), synthesized once per run with a
 * stand-in SPA build (support/synth.ts, shared with nag.test.ts). Assertions are on the properties that make the product safe and working, read from the
 * CloudFormation template that would be deployed.
 */
import { Validations } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeId, routes, type Need } from '../../functions/routes';
import { TABLE_KEYS } from '../../functions/store/keys';
import { triggers } from '../../functions/triggers';
import { configuredJobs } from '../../infra/jobs';
import { cloudTrailFunctions } from '../../functions/events';
import { ADMIN_GROUP } from '../../shared/roles';
import { USER_POOL_OUTPUT } from '../../infra/admin/targets';
import { NOT_FOUND_STATUS_CODE, SPA_FALLBACK_CODE, VIEWER_ADDRESS_CODE } from '../../infra/edge-functions';
import { EDGE_REGION, TOO_MANY_REQUESTS_BODY } from '../../infra/edge-protection';
import { runtimeConfigSchema } from '../../shared/runtime-config';
import { asText, devStack, environments, logicalIdOf, resourcesOfType, synthesizeOnce, type Synthesized } from './support/synth';
import { awsCspSources, permissionsPolicyFor, securityHeaderValues } from '../../shared/security-headers';

const dev = environments.dev as {
  namePrefix: string;
  region: string;
  stackName: string;
  stripeSecretName: string;
  stripeWebhookSecretName: string;
  seller: { legalName: string; gstNumber: string };
  authDomainPrefix: string;
  email: { identity: string; contactTo: string; from: string };
  limits: { contactEmailsPerDay: number; waf: { contactPer5Minutes: number; checkoutPer5Minutes: number; apiPer5Minutes: number } };
};

const SECRET_READ = ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'];

/** What each declared need may do, written out independently of infra/grants.ts. */
const ACTIONS: Record<Need, string[]> = {
  'table:get': ['dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:GetItem'],
  'table:read': ['dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:GetItem', 'dynamodb:Query'],
  'table:write': ['dynamodb:ConditionCheckItem', 'dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
  'contact:write': ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
  'occupancy:read': ['dynamodb:GetItem', 'dynamodb:Query'],
  'account-email:write': ['dynamodb:UpdateItem'],
  idempotency: ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
  'photos:read': ['s3:GetObject'],
  'photos:write': ['s3:PutObject'],
  'photos:delete': ['s3:DeleteObject'],
  email: ['ses:SendEmail', 'ses:SendRawEmail'],
  stripe: SECRET_READ,
  'stripe:webhook': SECRET_READ,
  'userpool:read': ['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser', 'cognito-idp:ListUsers'],
  'userpool:get-user': ['cognito-idp:AdminGetUser'],
  'pass:sign': SECRET_READ,
  'reminders:write': ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
  'flights:write': ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
  'pickups:queue': ['dynamodb:PutItem'],
  // Granted only where the environment names a flight-status key, which cdk.json's dev does not (tests/infra/flight-tracking.test.ts).
  'flight-status': [],
  sms: ['sns:Publish'],
  // Granted only where the environment names a wallet secret, which cdk.json's dev does not (tests/infra/wallet.test.ts).
  wallet: [],
};
const LOG_ACTIONS = ['logs:CreateLogStream', 'logs:PutLogEvents'];
/** What every function holds whatever its needs: its own log group (the origin secret comes in its environment). */
const BASE_ACTIONS = LOG_ACTIONS;

let s: Synthesized;

beforeAll(() => {
  s = devStack();
});

function functionFor(route: (typeof routes)[number]): [string, any] {
  const name = `${dev.namePrefix}-${routeId(route)}`;
  const matches = resourcesOfType(s, 'AWS::Lambda::Function').filter(([, p]) => p.FunctionName === name);
  expect(matches, `one function named ${name}`).toHaveLength(1);
  return matches[0]!;
}

/** Every statement of every policy attached to the function's role. */
function statementsOf(fnProps: any): { Action: string | string[]; Resource: unknown; Effect: string }[] {
  const roleId = fnProps.Role['Fn::GetAtt'][0] as string;
  const role = s.json.Resources[roleId]!;
  expect(role.Properties.ManagedPolicyArns ?? []).toEqual([]);
  expect(role.Properties.Policies ?? []).toEqual([]);
  return resourcesOfType(s, 'AWS::IAM::Policy')
    .filter(([, p]) => (p.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
    .flatMap(([, p]) => p.PolicyDocument.Statement);
}

/** The generated origin secret, as CloudFormation resolves it at deploy time. */
const originSecretReference = () => ({ 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: logicalIdOf(s, s.stack.originSecret) }, ':SecretString:::}}']] });

const actionsOf = (statements: { Action: string | string[] }[]) => [...new Set(statements.flatMap((st) => [st.Action].flat()))].sort();

describe('API: one function per route of functions/routes.ts', () => {
  it(`synthesizes offline with every route (${routes.length} today), trigger, scheduled job and CloudTrail-driven function`, () => {
    const routeFunctions = resourcesOfType(s, 'AWS::Lambda::Function').filter(([, p]) => String(p.FunctionName ?? '').startsWith(`${dev.namePrefix}-`));
    expect(routeFunctions).toHaveLength(routes.length + triggers.length + configuredJobs(environments.dev!).length + cloudTrailFunctions.length);
    expect(resourcesOfType(s, 'AWS::ApiGatewayV2::Route').map(([, p]) => p.RouteKey).sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
  });

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s: arm64, Node 22+, ESM bundle with source maps, its memory and timeout', (_key, route) => {
    const [, fn] = functionFor(route);
    expect(fn.Architectures).toEqual(['arm64']);
    expect(Number(/^nodejs(\d+)\.x$/.exec(fn.Runtime)?.[1])).toBeGreaterThanOrEqual(22);
    expect(fn.Handler).toBe('index.handler');
    expect(fn.MemorySize).toBe(route.memoryMb ?? 256);
    expect(fn.Timeout).toBe(route.timeoutSeconds ?? 10);
    expect(fn.Environment.Variables.NODE_OPTIONS).toBe('--enable-source-maps');
    expect(fn.LoggingConfig.LogGroup).toEqual({ Ref: expect.stringMatching(/Logs/) });
  });

  it('bundles ESM, minified, with source maps and the AWS SDK inside', () => {
    // The shared synth skips bundling; this one bundles a writing route (and the triggers and jobs every stack has).
    const writer = routes.find((r) => r.needs.includes('table:write'))!;
    const bundled = synthesizeOnce('dev-bundled', () => ({ env: 'dev', routes: [writer], bundle: true }));
    const fn = resourcesOfType(bundled, 'AWS::Lambda::Function').find(([, p]) => p.FunctionName === functionFor(writer)[1].FunctionName)![1];
    const dir = path.join(bundled.outdir, `asset.${(fn.Code.S3Key as string).replace(/\.zip$/, '')}`);
    const code = readFileSync(path.join(dir, 'index.mjs'), 'utf8');
    // (booleans, not toContain: a failure must not print a megabyte of bundle)
    expect(code.startsWith('import { createRequire')).toBe(true);
    expect(code.trimEnd().endsWith('//# sourceMappingURL=index.mjs.map')).toBe(true);
    expect(readFileSync(path.join(dir, 'index.mjs.map'), 'utf8').includes('"mappings"')).toBe(true);
    // The DynamoDB client is in the bundle, not expected from the runtime; minified means very long lines
    // (the few newlines left are inside template literals).
    expect(/from\s*["']@aws-sdk\//.test(code)).toBe(false);
    expect(code.includes('DynamoDBClient')).toBe(true);
    expect(code.length / code.split('\n').length).toBeGreaterThan(2000);
  });

  it("names every function as Lambda allows (a path's dot too: bookings.csv) and ends each within API Gateway's 30 seconds", () => {
    for (const route of routes) {
      const [, fn] = functionFor(route);
      expect(fn.FunctionName).toMatch(/^[A-Za-z0-9-]{1,64}$/);
      expect(fn.Timeout).toBeLessThan(30);
    }
    const [, csv] = functionFor(routes.find((r) => r.path === '/api/admin/bookings.csv')!);
    expect(csv.FunctionName).toBe(`${dev.namePrefix}-GetAdminBookingsCsv`);
  });

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s: the JWT authorizer unless public; integration is its own function, payload 2.0', (key, route) => {
    const [fnId] = functionFor(route);
    const [, apiRoute] = resourcesOfType(s, 'AWS::ApiGatewayV2::Route').find(([, p]) => p.RouteKey === key)!;
    if (route.access === 'public') {
      expect(apiRoute.AuthorizationType).toBe('NONE');
      expect(apiRoute.AuthorizerId).toBeUndefined();
    } else {
      expect(apiRoute.AuthorizationType).toBe('JWT');
      const [authorizerId, authorizer] = resourcesOfType(s, 'AWS::ApiGatewayV2::Authorizer')[0]!;
      expect(apiRoute.AuthorizerId).toEqual({ Ref: authorizerId });
      expect(authorizer.AuthorizerType).toBe('JWT');
    }
    const integrationId = (apiRoute.Target['Fn::Join'][1] as unknown[])[1] as { Ref: string };
    const integration = s.json.Resources[integrationId.Ref]!.Properties;
    expect(integration.IntegrationUri).toEqual({ 'Fn::GetAtt': [fnId, 'Arn'] });
    expect(integration.PayloadFormatVersion).toBe('2.0');
  });

  it('throttles the stage and writes JSON access logs', () => {
    s.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 },
      AccessLogSettings: { DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('AccessLogs'), 'Arn'] }, Format: Match.stringLikeRegexp('"requestId":"\\$context.requestId"') },
    });
    const [, stage] = resourcesOfType(s, 'AWS::ApiGatewayV2::Stage')[0]!;
    const format = JSON.parse(stage.AccessLogSettings.Format) as Record<string, string>;
    expect(Object.keys(format)).toEqual(expect.arrayContaining(['routeKey', 'status', 'ip', 'integrationError', 'authorizerError']));
    // Paths can carry a checkout session id (a bearer link): the log keeps the route key instead.
    expect(Object.values(format)).not.toContain('$context.path');
  });
});

/** Resource ids a value references (Ref, Fn::GetAtt, Fn::Sub's ${Id} and ${Id.Attr}). */
function referencesIn(value: unknown, ids: Set<string>, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) referencesIn(v, ids, into);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'Ref' && typeof v === 'string' && ids.has(v)) into.add(v);
      else if (key === 'Fn::GetAtt' && Array.isArray(v) && ids.has(v[0] as string)) into.add(v[0] as string);
      else if (key === 'Fn::Sub') {
        const text = Array.isArray(v) ? v[0] : v;
        for (const m of String(text).matchAll(/\$\{([A-Za-z0-9]+)(\.[^}]*)?\}/g)) if (ids.has(m[1]!)) into.add(m[1]!);
        referencesIn(v, ids, into);
      } else referencesIn(v, ids, into);
    }
  }
  return into;
}

describe('deployable', () => {
  it('has no dependency cycle, with every function depending on the distribution for SITE_URL', () => {
    const ids = new Set(Object.keys(s.json.Resources));
    const edges = new Map<string, Set<string>>();
    for (const [id, r] of Object.entries(s.json.Resources)) {
      const deps = referencesIn(r.Properties ?? {}, ids, new Set());
      for (const d of [r.DependsOn ?? []].flat()) deps.add(d);
      edges.set(id, deps);
    }
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (id: string, trail: string[]): void => {
      if (state.get(id) === 'done') return;
      if (state.get(id) === 'visiting') throw new Error(`dependency cycle: ${[...trail, id].join(' -> ')}`);
      state.set(id, 'visiting');
      for (const d of edges.get(id) ?? []) visit(d, [...trail, id]);
      state.set(id, 'done');
    };
    for (const id of ids) visit(id, []);
    const distributionId = logicalIdOf(s, s.stack.site.distribution);
    for (const route of routes) expect(edges.get(functionFor(route)[0])).toContain(distributionId);
  });
});

describe('least privilege: each role holds exactly what its route declares', () => {
  it('vehicle photos: only the completion check may delete, only the presign and the completion (its copy to the kept path) may put, and each reaches the photo bucket objects only', () => {
    // The booking's photo routes, and the pass's own (a damage claim's photos, through the same presign and completion).
    const photoRoutes = routes.filter((r) => r.path.startsWith('/api/bookings/{id}/photos') || r.path.startsWith('/api/pass/{token}/photos'));
    expect(photoRoutes.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'GET /api/bookings/{id}/photos',
      'POST /api/bookings/{id}/photos',
      'POST /api/bookings/{id}/photos/{photoId}/complete',
      'POST /api/pass/{token}/photos',
      'POST /api/pass/{token}/photos/{photoId}/complete',
    ]);
    const objects = { 'Fn::Join': ['', [{ 'Fn::GetAtt': [logicalIdOf(s, s.stack.data.photos), 'Arn'] }, '/*']] };
    // Each route's S3 actions, and every S3 statement naming the bucket's objects and nothing else.
    const s3Of = (r: (typeof routes)[number]) => statementsOf(functionFor(r)[1]).filter((st) => JSON.stringify(st.Action).includes('s3:'));
    const actionsFor = (key: string) => {
      const route = photoRoutes.find((r) => `${r.method} ${r.path}` === key)!;
      for (const st of s3Of(route)) expect(st.Resource).toEqual(objects);
      return actionsOf(s3Of(route));
    };
    expect(actionsFor('POST /api/bookings/{id}/photos')).toEqual(['s3:PutObject']);
    expect(actionsFor('GET /api/bookings/{id}/photos')).toEqual(['s3:GetObject']);
    expect(actionsFor('POST /api/bookings/{id}/photos/{photoId}/complete')).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
    expect(actionsFor('POST /api/pass/{token}/photos')).toEqual(['s3:PutObject']);
    expect(actionsFor('POST /api/pass/{token}/photos/{photoId}/complete')).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
    const deleters = routes.filter((r) => s3Of(r).some((st) => JSON.stringify(st.Action).includes('s3:DeleteObject')));
    expect(deleters.map((r) => r.path)).toEqual(['/api/bookings/{id}/photos/{photoId}/complete', '/api/pass/{token}/photos/{photoId}/complete']);
  });

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_key, route) => {
    const [, fn] = functionFor(route);
    const statements = statementsOf(fn);
    const expected = [...new Set([...BASE_ACTIONS, ...route.needs.flatMap((n) => ACTIONS[n])])].sort();
    expect(actionsOf(statements)).toEqual(expected);
    for (const st of statements) {
      expect(st.Effect).toBe('Allow');
      expect([st.Action].flat().some((a) => a.includes('*'))).toBe(false);
      expect(st.Resource).not.toBe('*');
    }
    // Logs: only this function's own log group.
    const logs = statements.find((st) => [st.Action].flat().includes('logs:PutLogEvents'))!;
    expect(logs.Resource).toEqual({ 'Fn::GetAtt': [fn.LoggingConfig.LogGroup.Ref, 'Arn'] });
  });

  it('no role anywhere may Scan the table or use dynamodb:*', () => {
    const all = resourcesOfType(s, 'AWS::IAM::Policy').flatMap(([, p]) => p.PolicyDocument.Statement);
    expect(actionsOf(all).filter((a) => a === 'dynamodb:Scan' || a === 'dynamodb:*')).toEqual([]);
  });

  it('data grants name the table (and its indexes only for an unrestricted Query), the photo bucket, the SES identity and each secret by name', () => {
    const tableId = logicalIdOf(s, s.stack.data.table);
    for (const route of routes) {
      const statements = statementsOf(functionFor(route)[1]);
      const secrets = new Set<string>();
      for (const st of statements) {
        const actions = [st.Action].flat();
        const resource = JSON.stringify(st.Resource);
        if (actions.some((a) => a.startsWith('dynamodb:'))) {
          expect(resource).toContain(tableId);
          expect(resource).not.toContain('/index/*');
          // A Query held to some partitions (LeadingKeys: the occupancy counters) is of the table alone.
          if (actions.includes('dynamodb:Query') && !(st as { Condition?: unknown }).Condition) expect(resource).toMatch(/\/index\/gsi1".*\/index\/gsi2"/);
          else expect(resource).not.toContain('/index/');
        }
        if (actions.some((a) => a.startsWith('secretsmanager:'))) for (const r of [st.Resource].flat()) secrets.add(asText(r));
        if (actions.some((a) => a.startsWith('ses:'))) expect(resource).toContain(':identity/');
      }
      const expected: string[] = [];
      if (route.needs.includes('stripe')) expected.push(`arn:aws:secretsmanager:${dev.region}:<AWS::AccountId>:secret:${dev.stripeSecretName}-??????`);
      if (route.needs.includes('stripe:webhook')) expected.push(`arn:aws:secretsmanager:${dev.region}:<AWS::AccountId>:secret:${dev.stripeWebhookSecretName}-??????`);
      // The pass signing key is the stack's own secret, named by its reference.
      if (route.needs.includes('pass:sign')) expected.push(`<${logicalIdOf(s, s.stack.passSigningKey)}>`);
      expect([...secrets].sort(), `${route.method} ${route.path}`).toEqual(expected.sort());
    }
  });

  it('the contact function may only put and update its own items (LeadingKeys), never delete, read or query; its Idempotency-Key records are the only other items it touches', () => {
    const contact = routes.find((r) => r.path === '/api/contact')!;
    const table = statementsOf(functionFor(contact)[1]).filter((st) => JSON.stringify(st.Action).includes('dynamodb:'));
    expect(table).toHaveLength(2);
    const [st, idem] = table as (typeof table[number] & { Condition?: unknown })[];
    expect([st!.Action].flat().sort()).toEqual(['dynamodb:PutItem', 'dynamodb:UpdateItem']);
    expect(st!.Resource).toEqual({ 'Fn::GetAtt': [logicalIdOf(s, s.stack.data.table), 'Arn'] });
    expect(st!.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['CONTACT#*', 'RATE#contact#*'] } });
    expect([idem!.Action].flat().sort()).toEqual(['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
    expect(idem!.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['IDEMPOTENCY#*'] } });
  });

  it('the checkout routes and the webhook read by key only (no index; a Query only of the occupancy counters); only the webhook reads its signing secret', () => {
    const keyOnly = routes.filter((r) => ['POST /api/checkout', 'GET /api/checkout/{sessionId}', 'POST /api/webhooks/stripe'].includes(`${r.method} ${r.path}`));
    expect(keyOnly).toHaveLength(3);
    for (const route of keyOnly) {
      const statements = statementsOf(functionFor(route)[1]) as { Action: unknown; Condition?: unknown }[];
      for (const st of statements.filter((x) => [x.Action].flat().includes('dynamodb:Query'))) {
        // Capacity: the checkout reads the yard's occupancy months and settings, nothing else.
        expect(st.Condition, `${route.method} ${route.path}`).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['OCCUPANCY*', 'SETTINGS*'] } });
      }
      expect(JSON.stringify(statements)).not.toContain('/index/');
    }
    for (const route of routes.filter((r) => ['POST /api/quotes', 'GET /api/availability'].includes(`${r.method} ${r.path}`))) {
      const table = statementsOf(functionFor(route)[1]).filter((st) => JSON.stringify(st.Action).includes('dynamodb:')) as { Action: unknown; Condition?: unknown }[];
      expect(table.map((st) => [[st.Action].flat().sort(), st.Condition])).toEqual([[['dynamodb:GetItem', 'dynamodb:Query'], { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['OCCUPANCY*', 'SETTINGS*'] } }]]);
    }
    const readers = routes.filter((r) => JSON.stringify(statementsOf(functionFor(r)[1])).includes(dev.stripeWebhookSecretName));
    expect(readers.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/webhooks/stripe']);
    const checkout = JSON.stringify(statementsOf(functionFor(routes.find((r) => r.method === 'POST' && r.path === '/api/checkout')!)[1]));
    expect(checkout).toContain(`:secret:${dev.stripeSecretName}-`);
    expect(checkout).not.toContain(dev.stripeWebhookSecretName);
  });

  it('dev reserves no concurrency (new accounts cannot): every function draws on the account pool', () => {
    for (const route of routes) expect(functionFor(route)[1].ReservedConcurrentExecutions).toBeUndefined();
  });

  it('environment variables: only the names each route needs, no secret values', () => {
    for (const route of routes) {
      const vars = functionFor(route)[1].Environment.Variables as Record<string, unknown>;
      const needs = new Set(route.needs);
      expect(vars.USER_POOL_ID).toEqual({ Ref: logicalIdOf(s, s.stack.auth.userPool) });
      expect(vars.USER_POOL_CLIENT_ID).toEqual({ Ref: logicalIdOf(s, s.stack.auth.client) });
      // dev has no custom domain: links and Stripe redirects use the distribution's own domain, never a request header.
      expect(vars.SITE_URL).toEqual({ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalIdOf(s, s.stack.site.distribution), 'DomainName'] }]] });
      expect(vars).not.toHaveProperty('SITE_HOSTS');
      // The seller on tax invoices and receipts: the environment's own, never the local stand-in's default.
      expect(vars).toMatchObject({ SELLER_LEGAL_NAME: dev.seller.legalName, SELLER_GST_NUMBER: dev.seller.gstNumber });
      expect('TABLE_NAME' in vars).toBe(['table:get', 'table:read', 'table:write', 'contact:write', 'occupancy:read', 'idempotency'].some((n) => needs.has(n as Need)));
      expect('PHOTO_BUCKET' in vars).toBe(needs.has('photos:read') || needs.has('photos:write') || needs.has('photos:delete'));
      expect('EMAIL_FROM' in vars).toBe(needs.has('email'));
      if (needs.has('email')) expect(vars).toMatchObject({ EMAIL_FROM: dev.email.from, CONTACT_TO: dev.email.contactTo });
      expect(vars.STRIPE_SECRET_ID).toBe(needs.has('stripe') ? dev.stripeSecretName : undefined);
      expect(vars.STRIPE_WEBHOOK_SECRET_ID).toBe(needs.has('stripe:webhook') ? dev.stripeWebhookSecretName : undefined);
      expect(vars.CONTACT_EMAILS_PER_DAY).toBe(needs.has('contact:write') ? String(dev.limits.contactEmailsPerDay) : undefined);
      // The origin secret as a dynamic reference (resolved at deploy time, never in the template): every function
      // refuses requests that did not come through CloudFront.
      expect(vars.ORIGIN_SECRET).toEqual(originSecretReference());
    }
    const template = JSON.stringify(s.json);
    expect(template).not.toMatch(/sk_(test|live)_|whsec_|STRIPE_SECRET_KEY|STRIPE_WEBHOOK_SECRET(?!_ID)/);
  });
});

describe('data', () => {
  it('one table from the shared key definition: on demand, point-in-time recovery, TTL', () => {
    const tables = resourcesOfType(s, 'AWS::DynamoDB::Table');
    expect(tables).toHaveLength(1);
    const [, t] = tables[0]!;
    expect(t.TableName).toBe(dev.namePrefix);
    expect(t.BillingMode).toBe('PAY_PER_REQUEST');
    expect(t.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(t.TimeToLiveSpecification).toEqual({ AttributeName: TABLE_KEYS.ttlAttribute, Enabled: true });
    expect(t.KeySchema).toEqual([
      { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
    ]);
    expect(t.GlobalSecondaryIndexes).toEqual(
      TABLE_KEYS.indexes.map((ix) => ({
        IndexName: ix.name,
        KeySchema: [
          { AttributeName: ix.partitionKey, KeyType: 'HASH' },
          { AttributeName: ix.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    );
  });

  it('dev may be torn down: no deletion protection, resources deleted with the stack', () => {
    const [id, t] = resourcesOfType(s, 'AWS::DynamoDB::Table')[0]!;
    expect(t.DeletionProtectionEnabled).toBe(false);
    expect(s.json.Resources[id]!.DeletionPolicy).toBe('Delete');
  });

  it('photo bucket: private, public access blocked, TLS only, encrypted, CORS for POST from the site origin only', () => {
    const photosId = logicalIdOf(s, s.stack.data.photos);
    const photos = s.json.Resources[photosId]!.Properties;
    expect(photos.PublicAccessBlockConfiguration).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
    expect(photos.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe('AES256');
    expect(photos.OwnershipControls.Rules).toEqual([{ ObjectOwnership: 'BucketOwnerEnforced' }]);
    const [rule] = photos.CorsConfiguration.CorsRules;
    expect(photos.CorsConfiguration.CorsRules).toHaveLength(1);
    expect(rule.AllowedMethods).toEqual(['POST']);
    const distributionId = logicalIdOf(s, s.stack.site.distribution);
    expect(rule.AllowedOrigins).toEqual([{ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }]] }]);
    s.template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: photosId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });
});

describe('site', () => {
  const behaviours = () => {
    const [, d] = resourcesOfType(s, 'AWS::CloudFront::Distribution')[0]!;
    return d.DistributionConfig as any;
  };
  const originOf = (config: any, targetOriginId: string) => config.Origins.find((o: { Id: string }) => o.Id === targetOriginId);

  it('the site bucket is private, TLS only, and read by CloudFront through origin access control only', () => {
    const bucketId = logicalIdOf(s, s.stack.site.bucket);
    expect(s.json.Resources[bucketId]!.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    const config = behaviours();
    const origin = originOf(config, config.DefaultCacheBehavior.TargetOriginId);
    expect(origin.DomainName).toEqual({ 'Fn::GetAtt': [bucketId, 'RegionalDomainName'] });
    expect(origin.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/OriginAccessControl/), 'Id'] });
    expect(origin.S3OriginConfig.OriginAccessIdentity).toBe('');
    s.template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: { OriginAccessControlOriginType: 's3', SigningBehavior: 'always', SigningProtocol: 'sigv4' },
    });
    s.template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        // (arrayWith keeps order: aws-cdk-lib writes the TLS-only deny first)
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: 's3:GetObject',
            Condition: { StringEquals: { 'AWS:SourceArn': Match.anyValue() } },
          }),
        ]),
      },
    });
  });

  it('/api/* goes to the HTTP API: every method, never cached, all viewer headers but Host, plus the origin secret and the viewer address', () => {
    const config = behaviours();
    const api = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']));
    expect(api.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // Managed-CachingDisabled
    expect(api.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac'); // Managed-AllViewerExceptHostHeader
    expect(api.ViewerProtocolPolicy).toBe('https-only');
    const origin = originOf(config, api.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toContain(logicalIdOf(s, s.stack.api.httpApi));
    expect(origin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
    // The origin secret, as a dynamic reference resolved at deploy time: its value is never in the template.
    expect(origin.OriginCustomHeaders).toEqual([{ HeaderName: 'x-origin-verify', HeaderValue: originSecretReference() }]);
    // The only edge code on /api/*: the viewer's address for the request budgets (the functions know the site's origin from SITE_URL).
    expect(api.FunctionAssociations).toEqual([{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/ViewerAddress/), 'FunctionARN'] } }]);
    const [, fn] = resourcesOfType(s, 'AWS::CloudFront::Function').find(([id]) => id === api.FunctionAssociations[0].FunctionARN['Fn::GetAtt'][0])!;
    expect(fn.FunctionCode).toBe(VIEWER_ADDRESS_CODE); // the code tests/infra/edge-functions.test.ts runs
    // Generated in Secrets Manager at deploy time.
    const [, secret] = resourcesOfType(s, 'AWS::SecretsManager::Secret')[0]!;
    expect(secret.GenerateSecretString).toMatchObject({ PasswordLength: 48, ExcludePunctuation: true });
    expect(secret.SecretString).toBeUndefined();
  });

  it('everything else is the SPA: GET/HEAD only, client-side routes answered by index.html, no error-page rewrite that would hide API errors', () => {
    const config = behaviours();
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.DefaultCacheBehavior.AllowedMethods).toEqual(['GET', 'HEAD']);
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/SpaFallback/), 'FunctionARN'] } },
      { EventType: 'viewer-response', FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/NotFoundStatus/), 'FunctionARN'] } },
    ]);
    expect(config.CustomErrorResponses).toBeUndefined();
    const code = Object.fromEntries(resourcesOfType(s, 'AWS::CloudFront::Function').map(([id, p]) => [id, p]));
    const fallback = code[config.DefaultCacheBehavior.FunctionAssociations[0].FunctionARN['Fn::GetAtt'][0]]!;
    expect(fallback.FunctionCode).toBe(SPA_FALLBACK_CODE); // the code tests/infra/edge-functions.test.ts runs
    expect(fallback.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    const notFound = code[config.DefaultCacheBehavior.FunctionAssociations[1].FunctionARN['Fn::GetAtt'][0]]!;
    expect(notFound.FunctionCode).toBe(NOT_FOUND_STATUS_CODE);
    expect(Object.keys(code)).toHaveLength(3); // these two and the API's viewer address
    const assets = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/assets/*');
    expect(assets.TargetOriginId).toBe(config.DefaultCacheBehavior.TargetOriginId);
  });

  it('security headers on every behaviour: CSP, HSTS, nosniff, frame DENY, referrer policy', () => {
    const config = behaviours();
    const policies = Object.fromEntries(resourcesOfType(s, 'AWS::CloudFront::ResponseHeadersPolicy').map(([id, p]) => [id, p.ResponseHeadersPolicyConfig]));
    for (const behaviour of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      const policy = policies[behaviour.ResponseHeadersPolicyId.Ref]!;
      const headers = policy.SecurityHeadersConfig;
      expect(headers.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: expect.any(Number), IncludeSubdomains: true, Override: true });
      expect(headers.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31_536_000);
      expect(headers.ContentTypeOptions).toEqual({ Override: true });
      expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
      expect(headers.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });
      const csp = JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain(`connect-src 'self' https://cognito-idp.${dev.region}.amazonaws.com https://${dev.authDomainPrefix}.auth.${dev.region}.amazoncognito.com`);
      expect(csp).toContain(`${dev.namePrefix}-photos-`);
    }
  });

  it('allows the camera for the site itself on the yard\'s pages only: /yard and /yard/*, as pages of the SPA', () => {
    const config = behaviours();
    const policies = Object.fromEntries(resourcesOfType(s, 'AWS::CloudFront::ResponseHeadersPolicy').map(([id, p]) => [id, p.ResponseHeadersPolicyConfig]));
    const permissions = (b: { ResponseHeadersPolicyId: { Ref: string } }) =>
      (policies[b.ResponseHeadersPolicyId.Ref]!.CustomHeadersConfig.Items as { Header: string; Value: string }[]).find((h) => h.Header === 'Permissions-Policy')?.Value;
    const yard = config.CacheBehaviors.filter((b: { PathPattern: string }) => b.PathPattern.startsWith('/yard'));
    expect(yard.map((b: { PathPattern: string }) => b.PathPattern)).toEqual(['/yard', '/yard/*']);
    for (const b of yard) {
      expect(permissions(b), b.PathPattern).toBe('camera=(self), microphone=(), geolocation=(), payment=(), usb=()');
      // A page like any other: the SPA fallback answers it with its shell, and the site's origin, methods and cache.
      for (const same of ['TargetOriginId', 'FunctionAssociations', 'AllowedMethods', 'CachePolicyId', 'ViewerProtocolPolicy', 'Compress']) expect(b[same], `${b.PathPattern} ${same}`).toEqual(config.DefaultCacheBehavior[same]);
    }
    for (const b of [config.DefaultCacheBehavior, ...config.CacheBehaviors.filter((b: { PathPattern: string }) => !b.PathPattern.startsWith('/yard'))]) {
      expect(permissions(b), b.PathPattern ?? 'default').toBe('camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    }
  });

  it('the headers CloudFront sends are the one definition the local server sends too (shared/security-headers.ts)', () => {
    const expected = securityHeaderValues(
      awsCspSources({ region: dev.region, oauthDomain: `${dev.authDomainPrefix}.auth.${dev.region}.amazoncognito.com`, photoBucketName: `${dev.namePrefix}-photos-<AWS::AccountId>` }),
    );
    const distribution = behaviours();
    const byId = Object.fromEntries(resourcesOfType(s, 'AWS::CloudFront::ResponseHeadersPolicy').map(([id, p]) => [id, p.ResponseHeadersPolicyConfig]));
    const behaviourPolicies = [distribution.DefaultCacheBehavior, ...distribution.CacheBehaviors].map((b: { PathPattern?: string; ResponseHeadersPolicyId: { Ref: string } }) => ({
      // A path each behaviour answers (its pattern with the wildcard filled), for the local server's header by path.
      path: (b.PathPattern ?? '/').replace('*', 'x'),
      policy: byId[b.ResponseHeadersPolicyId.Ref]!,
    }));
    expect(new Set(behaviourPolicies.map((p) => p.policy)).size).toBe(Object.keys(byId).length);
    for (const { path: answered, policy } of behaviourPolicies) {
      // The policy read back as the headers a browser receives.
      const h = policy.SecurityHeadersConfig;
      const hsts = h.StrictTransportSecurity;
      const sent: Record<string, string> = {
        'content-security-policy': asText(h.ContentSecurityPolicy.ContentSecurityPolicy),
        'strict-transport-security': [`max-age=${hsts.AccessControlMaxAgeSec}`, ...(hsts.IncludeSubdomains ? ['includeSubDomains'] : []), ...(hsts.Preload ? ['preload'] : [])].join('; '),
        ...(h.ContentTypeOptions ? { 'x-content-type-options': 'nosniff' } : {}),
        'x-frame-options': h.FrameOptions.FrameOption,
        'referrer-policy': h.ReferrerPolicy.ReferrerPolicy,
        'x-xss-protection': h.XSSProtection.Protection ? `1${h.XSSProtection.ModeBlock ? '; mode=block' : ''}` : '0',
      };
      for (const custom of policy.CustomHeadersConfig.Items as { Header: string; Value: string }[]) {
        if (custom.Header.toLowerCase() !== 'cache-control') sent[custom.Header.toLowerCase()] = custom.Value;
      }
      expect(sent, answered).toEqual({ ...expected, 'permissions-policy': permissionsPolicyFor(answered) });
      for (const config of [h.ContentSecurityPolicy, hsts, h.ContentTypeOptions, h.FrameOptions, h.ReferrerPolicy, h.XSSProtection, ...policy.CustomHeadersConfig.Items]) expect(config.Override).toBe(true);
    }
    // Written out, the parts that stop framing and sniffing.
    expect(expected['x-frame-options']).toBe('DENY');
    expect(expected['x-content-type-options']).toBe('nosniff');
    expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('writes /config.json from the stack itself, uncached, and never lets a site upload delete it', () => {
    const deployments = resourcesOfType(s, 'Custom::CDKBucketDeployment');
    const [, config] = deployments.find(([, p]) => JSON.stringify(p.DistributionPaths) === '["/config.json"]')!;
    expect(config.Prune).toBe(false);
    expect(config.SystemMetadata).toEqual({ 'cache-control': 'no-store' });
    const assetDir = path.join(s.outdir, `asset.${(config.SourceObjectKeys[0] as string).replace(/\.zip$/, '')}`);
    let text = readFileSync(path.join(assetDir, 'config.json'), 'utf8');
    const markers = config.SourceMarkers[0] as Record<string, unknown>;
    const values: Record<string, string> = {};
    for (const [marker, value] of Object.entries(markers)) {
      values[JSON.stringify(value)] = marker;
      text = text.replaceAll(marker, `resolved:${JSON.stringify(value).replaceAll('"', "'")}`);
    }
    const parsed = runtimeConfigSchema.parse(JSON.parse(text));
    expect(parsed).toEqual({
      apiBase: '/api',
      region: dev.region,
      userPoolId: `resolved:{'Ref':'${logicalIdOf(s, s.stack.auth.userPool)}'}`,
      userPoolClientId: `resolved:{'Ref':'${logicalIdOf(s, s.stack.auth.client)}'}`,
      googleSignIn: false,
      environment: 'dev',
    });

    const [, site] = deployments.find(([, p]) => p.Prune === true)!;
    expect(site.Exclude).toEqual(['config.json', '404.html']);
    // Unknown paths: the shell under 404.html, marked so the viewer-response function answers it with 404.
    const [, notFoundPage] = deployments.find(([, p]) => JSON.stringify(p.DistributionPaths) === '["/404.html"]')!;
    expect(notFoundPage.Prune).toBe(false);
    expect(notFoundPage.UserMetadata).toEqual({ 'not-found': 'true' });
    expect(site.DistributionPaths).toEqual(['/*']);
    const uploaded = path.join(s.outdir, `asset.${(site.SourceObjectKeys[0] as string).replace(/\.zip$/, '')}`);
    expect(readFileSync(path.join(uploaded, 'index.html'), 'utf8')).toContain('<div id="root">');
    expect(() => readFileSync(path.join(uploaded, 'config.json'))).toThrow();
    expect(() => readFileSync(path.join(uploaded, '.vite', 'manifest.json'))).toThrow();
    // Source maps carry the full source: they stay on the build machine, never in the public bucket.
    expect(readFileSync(path.join(uploaded, 'assets', 'index-abc123.js'), 'utf8')).toContain('spa');
    expect(() => readFileSync(path.join(uploaded, 'assets', 'index-abc123.js.map'))).toThrow();
    // The local server's .gz copies stay behind too: CloudFront compresses by itself.
    expect(() => readFileSync(path.join(uploaded, 'assets', 'index-abc123.js.gz'))).toThrow();
  });

  it('sends mail from the SES identity prod owns: referenced by name, not created a second time in the account', () => {
    expect(resourcesOfType(s, 'AWS::SES::EmailIdentity')).toEqual([]);
    expect(Object.keys(s.json.Outputs).filter((k) => k.startsWith('SesDkimRecord'))).toEqual([]);
    const mailers = routes.filter((r) => r.needs.includes('email'));
    expect(mailers.length).toBeGreaterThan(0);
    for (const route of mailers) {
      const ses = statementsOf(functionFor(route)[1])
        .filter((st) => JSON.stringify(st.Action).includes('ses:'))
        .map((st) => ({ ...st, Resource: asText(st.Resource) }));
      expect(ses).toEqual([
        expect.objectContaining({ Action: ACTIONS.email, Resource: `arn:aws:ses:${dev.region}:<AWS::AccountId>:identity/${dev.email.identity}` }),
        // dev is sandboxed (email.sandbox): recipients' identities too, but only with the configured From address.
        expect.objectContaining({
          Action: ACTIONS.email,
          Resource: `arn:aws:ses:${dev.region}:<AWS::AccountId>:identity/*`,
          Condition: { StringEqualsIgnoreCase: { 'ses:FromAddress': 'bookings@runwayparking.example' } },
        }),
      ]);
    }
    for (const route of routes.filter((r) => !r.needs.includes('email'))) {
      expect(JSON.stringify(statementsOf(functionFor(route)[1]))).not.toContain('ses:');
    }
  });
});

describe('WAF: a web ACL on the distribution, from a stack of its own in us-east-1', () => {
  const rules = () => s.edge.json.Resources.WebAcl!.Properties.Rules as any[];
  const rule = (name: string) => rules().find((r) => r.Name === name)!;
  const startsWith = (path: string) => ({
    ByteMatchStatement: { FieldToMatch: { UriPath: {} }, PositionalConstraint: 'STARTS_WITH', SearchString: path, TextTransformations: [{ Priority: 0, Type: 'NONE' }] },
  });

  it('the web ACL is CloudFront-scoped, in us-east-1, and the distribution uses it through the edge stack\'s output', () => {
    expect(s.edge.stack.region).toBe(EDGE_REGION);
    expect(s.edge.stack.stackName).toBe(`${dev.stackName}-edge`);
    const acls = Object.values(s.edge.json.Resources).filter((r) => r.Type === 'AWS::WAFv2::WebACL');
    expect(acls).toHaveLength(1);
    expect(acls[0]!.Properties.Scope).toBe('CLOUDFRONT');
    expect(acls[0]!.Properties.DefaultAction).toEqual({ Allow: {} });
    const [, d] = resourcesOfType(s, 'AWS::CloudFront::Distribution')[0]!;
    const ref = d.DistributionConfig.WebACLId['Fn::GetStackOutput'];
    expect(ref).toMatchObject({ StackName: `${dev.stackName}-edge`, Region: EDGE_REGION });
    expect(s.edge.json.Outputs[ref.OutputName].Value).toEqual({ 'Fn::GetAtt': ['WebAcl', 'Arn'] });
    // Deploying the environment's stack deploys the edge stack first.
    expect(s.stack.dependencies).toContain(s.edge.stack);
  });

  it('AWS managed rules: known bad inputs everywhere, the common rule set except on the signed Stripe webhook, body size only counted', () => {
    expect(rule('AWSManagedRulesKnownBadInputsRuleSet').Statement.ManagedRuleGroupStatement).toEqual({ VendorName: 'AWS', Name: 'AWSManagedRulesKnownBadInputsRuleSet' });
    const common = rule('AWSManagedRulesCommonRuleSet');
    expect(common.OverrideAction).toEqual({ None: {} });
    expect(common.Statement.ManagedRuleGroupStatement).toMatchObject({
      VendorName: 'AWS',
      Name: 'AWSManagedRulesCommonRuleSet',
      RuleActionOverrides: [{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }],
      ScopeDownStatement: { NotStatement: { Statement: startsWith('/api/webhooks/stripe') } },
    });
  });

  it('rate-based rules per client address on the contact form, the checkout routes and the API, answering 429 JSON {message}', () => {
    const block = { Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'tooManyRequests', ResponseHeaders: [{ Name: 'retry-after', Value: '300' }] } } };
    const contact = rule('RateContact');
    expect(contact.Action).toEqual(block);
    expect(contact.Statement.RateBasedStatement).toMatchObject({ Limit: dev.limits.waf.contactPer5Minutes, EvaluationWindowSec: 300, AggregateKeyType: 'IP' });
    expect(contact.Statement.RateBasedStatement.ScopeDownStatement.AndStatement.Statements[0]).toEqual(startsWith('/api/contact'));
    const checkout = rule('RateCheckout');
    expect(checkout.Action).toEqual(block);
    expect(checkout.Statement.RateBasedStatement).toMatchObject({ Limit: dev.limits.waf.checkoutPer5Minutes, AggregateKeyType: 'IP', ScopeDownStatement: startsWith('/api/checkout') });
    expect(rule('RateApi').Statement.RateBasedStatement.Limit).toBe(dev.limits.waf.apiPer5Minutes);
    const [acl] = Object.values(s.edge.json.Resources);
    expect(acl!.Properties.CustomResponseBodies.tooManyRequests).toEqual({ ContentType: 'APPLICATION_JSON', Content: TOO_MANY_REQUESTS_BODY });
    expect(JSON.parse(TOO_MANY_REQUESTS_BODY)).toEqual({ message: expect.any(String) });
    // Every rule has metrics and sampled requests, so a block can be traced.
    for (const r of rules()) expect(r.VisibilityConfig).toMatchObject({ CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true });
  });

  it('cdk-nag: nothing left unacknowledged in either stack, and no acknowledgement of a missing WAF', () => {
    expect(s.report.pluginReports.flatMap((p) => p.violations)).toEqual([]);
    const acknowledged = [s.stack, s.edge.stack].flatMap((st) =>
      st.node.findAll().flatMap((c) => c.node.metadata.filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY).flatMap((m) => Object.keys(m.data as object))),
    );
    expect(acknowledged.length).toBeGreaterThan(10);
    expect(acknowledged.filter((id) => id.includes('CFR2'))).toEqual([]);
  });
});

describe('accounts (Cognito)', () => {
  it('e-mail sign-in, self sign-up verified by e-mail, 8-character passwords, optional TOTP and no SMS', () => {
    const [, pool] = resourcesOfType(s, 'AWS::Cognito::UserPool')[0]!;
    expect(pool.UsernameAttributes).toEqual(['email']);
    expect(pool.AutoVerifiedAttributes).toEqual(['email']);
    expect(pool.AdminCreateUserConfig.AllowAdminCreateUserOnly).toBe(false);
    expect(pool.Policies.PasswordPolicy.MinimumLength).toBe(8);
    expect(pool.MfaConfiguration).toBe('OPTIONAL');
    expect(pool.EnabledMfas).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(pool.SmsConfiguration).toBeUndefined();
    expect(pool.AccountRecoverySetting.RecoveryMechanisms).toEqual([{ Name: 'verified_email', Priority: 1 }]);
    expect(pool.DeletionProtection).toBe('INACTIVE');
    // dev keeps Cognito's own sender (email.userPoolSender "cognito"); prod sends through SES (prod-stack.test.ts).
    expect(pool.EmailConfiguration ?? { EmailSendingAccount: 'COGNITO_DEFAULT' }).toEqual({ EmailSendingAccount: 'COGNITO_DEFAULT' });
  });

  it('the admin group has the name the API and npm run admin use', () => {
    s.template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: ADMIN_GROUP });
  });

  it('the SPA client: public (no secret), password and SRP flows, OAuth code flow back to the sign-in page, signed out to the site root', () => {
    const [, client] = resourcesOfType(s, 'AWS::Cognito::UserPoolClient')[0]!;
    expect(client.GenerateSecret).toBe(false);
    expect(client.ExplicitAuthFlows).toEqual(expect.arrayContaining(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']));
    expect(client.AllowedOAuthFlows).toEqual(['code']);
    const root = { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalIdOf(s, s.stack.site.distribution), 'DomainName'] }, '/']] };
    expect(client.CallbackURLs).toEqual([{ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalIdOf(s, s.stack.site.distribution), 'DomainName'] }, '/login']] }]);
    expect(client.LogoutURLs).toEqual([root]);
    expect(client.SupportedIdentityProviders).toEqual(['COGNITO']); // dev names no Google client
    // npm run admin tells a revoked admin's token lives this long: at most 1 hour (docs/operations.md).
    expect(client.AccessTokenValidity).toBe(60);
    expect(client.IdTokenValidity).toBe(60);
    expect(client.TokenValidityUnits).toMatchObject({ AccessToken: 'minutes', IdToken: 'minutes' });
    expect(resourcesOfType(s, 'AWS::Cognito::UserPoolIdentityProvider')).toEqual([]);
  });

  it('sends confirmation and reset e-mails through the Custom Message trigger, whose links go to the site', () => {
    const [, pool] = resourcesOfType(s, 'AWS::Cognito::UserPool')[0]!;
    const [fnId, fn] = resourcesOfType(s, 'AWS::Lambda::Function').find(([, p]) => p.FunctionName === `${dev.namePrefix}-CustomMessage`)!;
    expect(pool.LambdaConfig).toEqual({ CustomMessage: { 'Fn::GetAtt': [fnId, 'Arn'] } });
    expect(JSON.stringify(fn.Environment.Variables.SITE_URL)).toContain(logicalIdOf(s, s.stack.site.distribution));
    expect(Object.keys(fn.Environment.Variables).sort()).toEqual(['LOG_LEVEL', 'NODE_OPTIONS', 'POWERTOOLS_METRICS_NAMESPACE', 'SITE_URL', 'TABLE_NAME']);
    // Cognito may invoke it; its role may write its own logs and count its e-mail budgets, nothing else.
    s.template.hasResourceProperties('AWS::Lambda::Permission', { Action: 'lambda:InvokeFunction', FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] }, Principal: 'cognito-idp.amazonaws.com' });
    expect(actionsOf(statementsOf(fn))).toEqual([...LOG_ACTIONS, 'dynamodb:UpdateItem'].sort());
    const budget = statementsOf(fn).find((st) => st.Action === 'dynamodb:UpdateItem') as { Condition?: unknown } | undefined;
    expect(budget?.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['RATE#account-email#*'] } });
  });

  it('signs in with the e-mail in any case (UsernameConfiguration.CaseSensitive false)', () => {
    const [, pool] = resourcesOfType(s, 'AWS::Cognito::UserPool')[0]!;
    expect(pool.UsernameConfiguration).toEqual({ CaseSensitive: false });
  });

  it('puts a REGIONAL WAF web ACL with rate rules per address on the user pool itself (the SPA calls Cognito directly)', () => {
    const [aclId, acl] = resourcesOfType(s, 'AWS::WAFv2::WebACL').find(([, p]) => p.Scope === 'REGIONAL')!;
    expect(acl.DefaultAction).toEqual({ Allow: {} });
    const rules = Object.fromEntries(acl.Rules.map((r: any) => [r.Name, r]));
    const limit = (name: string) => rules[name].Statement.RateBasedStatement;
    const operations = (name: string) => limit(name).ScopeDownStatement.OrStatement.Statements.map((st: any) => st.ByteMatchStatement.SearchString);
    expect(limit('account-emails-per-address')).toMatchObject({ Limit: 20, EvaluationWindowSec: 300, AggregateKeyType: 'IP' });
    expect(operations('account-emails-per-address')).toEqual(['SignUp', 'ResendConfirmationCode', 'ForgotPassword'].map((o) => `AWSCognitoIdentityProviderService.${o}`));
    expect(limit('passwords-and-codes-per-address')).toMatchObject({ Limit: 100, AggregateKeyType: 'IP' });
    expect(operations('passwords-and-codes-per-address')).toEqual(['InitiateAuth', 'RespondToAuthChallenge', 'ConfirmSignUp', 'ConfirmForgotPassword'].map((o) => `AWSCognitoIdentityProviderService.${o}`));
    expect(limit('user-pool-per-address')).toMatchObject({ Limit: 1000, AggregateKeyType: 'IP' });
    for (const rule of acl.Rules) expect(rule.Action).toEqual({ Block: {} });
    const [poolId] = resourcesOfType(s, 'AWS::Cognito::UserPool')[0]!;
    s.template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', { ResourceArn: { 'Fn::GetAtt': [poolId, 'Arn'] }, WebACLArn: { 'Fn::GetAtt': [aclId, 'Arn'] } });
  });

  it('the signed-in routes (/api/me/*) are in the route table for users, never public', () => {
    const me = routes.filter((r) => r.path.startsWith('/api/me/'));
    expect(me.map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining(['GET /api/me/profile', 'PUT /api/me/profile', 'GET /api/me/bookings']));
    for (const r of me) expect(r.access).toBe('user');
  });

  it('has a managed login domain', () => {
    s.template.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: dev.authDomainPrefix, ManagedLoginVersion: 2 });
  });

  it(`publishes the pool id as the ${USER_POOL_OUTPUT} output that npm run admin reads`, () => {
    expect(s.json.Outputs[USER_POOL_OUTPUT].Value).toEqual({ Ref: logicalIdOf(s, s.stack.auth.userPool) });
  });
});
