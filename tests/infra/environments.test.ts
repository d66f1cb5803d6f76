/** cdk.json's environments and the checks that stop a bad one before anything is synthesized. */
import { describe, expect, it } from 'vitest';
import { parseEnvironment, selectEnvironments } from '../../infra/environments';
import { environments } from './support/synth';

const dev = environments.dev!;

describe('cdk.json environments', () => {
  it('defines dev and prod, and both are valid', () => {
    const all = selectEnvironments(environments, undefined);
    expect(all.map((e) => e.name)).toEqual(['dev', 'prod']);
  });

  it('prod keeps its data and dev may be torn down', () => {
    const [prod] = selectEnvironments(environments, 'prod');
    const [devEnv] = selectEnvironments(environments, 'dev');
    expect(prod!.removalPolicy).toBe('retain');
    expect(devEnv!.removalPolicy).toBe('destroy');
    expect(prod!.stackName).not.toBe(devEnv!.stackName);
    expect(prod!.namePrefix).not.toBe(devEnv!.namePrefix);
    expect(prod!.authDomainPrefix).not.toBe(devEnv!.authDomainPrefix);
    expect(prod!.stripeSecretName).not.toBe(devEnv!.stripeSecretName);
  });

  it('the Stripe API key and the webhook signing secret are two secrets in every environment', () => {
    for (const env of selectEnvironments(environments, undefined)) expect(env.stripeWebhookSecretName).not.toBe(env.stripeSecretName);
  });

  it('prod reserves concurrency for its public routes and the webhook, within what Lambda lets an account reserve', () => {
    const [prod] = selectEnvironments(environments, 'prod');
    const reserved = prod!.limits.reservedConcurrency;
    expect(Object.keys(reserved)).toEqual(expect.arrayContaining(['POST /api/contact', 'POST /api/checkout', 'POST /api/quotes', 'POST /api/webhooks/stripe']));
    // Lambda keeps 100 unreserved; at the default account limit of 1000 this leaves most of the pool shared.
    expect(Object.values(reserved).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(200);
    const [devEnv] = selectEnvironments(environments, 'dev');
    expect(devEnv!.limits.reservedConcurrency).toEqual({});
  });

  it('exactly one environment owns the shared SES identity; Cognito mails through it in prod, its own sender in dev', () => {
    const [prod] = selectEnvironments(environments, 'prod');
    const [devEnv] = selectEnvironments(environments, 'dev');
    expect(prod!.email.identity).toBe(devEnv!.email.identity);
    expect(prod!.email.createIdentity).toBe(true);
    expect(devEnv!.email.createIdentity).toBe(false);
    expect(prod!.email.userPoolSender).toBe('ses');
    expect(devEnv!.email.userPoolSender).toBe('cognito');
    expect(prod!.email.sandbox).toBe(false);
  });

  it('no environment holds a secret value, only names of secrets', () => {
    expect(JSON.stringify(environments)).not.toMatch(/sk_(test|live)_|whsec_|GOCSPX-/);
  });
});

describe('validation', () => {
  it('an unknown environment names the ones there are', () => {
    expect(() => selectEnvironments(environments, 'staging')).toThrow('Unknown environment "staging": use -c env=dev|prod');
  });

  it('reports each bad field by name', () => {
    expect(() => parseEnvironment('dev', { ...dev, logRetentionDays: 10, removalPolicy: 'keep' })).toThrow(/environments\.dev is invalid:\n {2}logRetentionDays: .*\n {2}removalPolicy/);
  });

  it('refuses a certificate outside us-east-1, which CloudFront cannot use', () => {
    const domain = { name: 'parking.example.com', certificateArn: 'arn:aws:acm:ap-southeast-2:123456789012:certificate/abc-123' };
    expect(() => parseEnvironment('dev', { ...dev, domain })).toThrow(/domain\.certificateArn: an ACM certificate ARN in us-east-1/);
  });

  it('refuses a From address the SES identity does not cover', () => {
    const email = { identity: 'runwayparking.example', from: 'Runway <bookings@elsewhere.example>', contactTo: 'bookings@runwayparking.example' };
    expect(() => parseEnvironment('dev', { ...dev, email })).toThrow('email.from (bookings@elsewhere.example) is not covered by email.identity (runwayparking.example)');
  });

  it('refuses two environments that would both create the same SES identity in one account and region', () => {
    const prod = environments.prod!;
    const both = { dev: { ...dev, email: { ...(dev.email as object), createIdentity: true } }, prod };
    // Whichever one is deployed: the other's deploy would collide with it.
    for (const selected of ['dev', 'prod', undefined]) {
      expect(() => selectEnvironments(both, selected)).toThrow(/environments\.dev and environments\.prod both create the SES identity runwayparking\.example in ap-southeast-2/);
    }
    // Pinned to different accounts, each may own its copy.
    const apart = { dev: { ...both.dev, account: '111111111111' }, prod: { ...prod, account: '222222222222' } };
    expect(selectEnvironments(apart, undefined)).toHaveLength(2);
  });

  it('-c userPoolSender=cognito overrides the sender for a first deploy, and nothing else', () => {
    const [prod] = selectEnvironments(environments, 'prod', { userPoolSender: 'cognito' });
    expect(prod!.email.userPoolSender).toBe('cognito');
    expect(prod!.email.createIdentity).toBe(true);
    expect(() => selectEnvironments(environments, 'prod', { userPoolSender: 'smtp' })).toThrow('-c userPoolSender=smtp: use cognito or ses');
  });

  it('refuses a Google client secret given as a value instead of a secret name', () => {
    expect(() => parseEnvironment('dev', { ...dev, google: { clientId: '1-abc.apps.googleusercontent.com', clientSecret: 'GOCSPX-123' } })).toThrow(/google/);
  });

  it('refuses reserved concurrency for a route that does not exist', () => {
    const limits = { reservedConcurrency: { 'POST /api/contacts': 2 } };
    expect(() => parseEnvironment('dev', { ...dev, limits })).toThrow('limits.reservedConcurrency names no route: POST /api/contacts');
  });

  it('fills in the limits an environment leaves out', () => {
    const { limits: _none, ...bare } = dev as Record<string, unknown>;
    expect(parseEnvironment('dev', bare).limits).toEqual({ reservedConcurrency: {}, contactEmailsPerDay: 200, waf: { contactPer5Minutes: 20, checkoutPer5Minutes: 100, apiPer5Minutes: 1500 } });
  });

  it('every environment names the seller its tax invoices carry; one without, or with a malformed GST number, fails the synth', () => {
    for (const env of selectEnvironments(environments, undefined)) expect(env.seller.gstNumber).toMatch(/^\d{2,3}-?\d{3}-?\d{3}$/);
    const { seller: _none, ...bare } = dev as Record<string, unknown>;
    expect(() => parseEnvironment('dev', bare)).toThrow(/environments\.dev is invalid:\n {2}seller: /);
    expect(() => parseEnvironment('dev', { ...dev, seller: { legalName: 'Operator Ltd', gstNumber: 'GST 123' } })).toThrow('seller.gstNumber: a GST number of 8 or 9 digits, as 123-456-789');
    expect(parseEnvironment('dev', { ...dev, seller: { legalName: 'Operator Ltd', gstNumber: '12-345-678' } }).seller).toEqual({ legalName: 'Operator Ltd', gstNumber: '12-345-678' });
  });

  it('refuses a managed login prefix Cognito reserves', () => {
    expect(() => parseEnvironment('dev', { ...dev, authDomainPrefix: 'my-cognito-login' })).toThrow(/authDomainPrefix: must not contain aws, amazon or cognito/);
  });
});
