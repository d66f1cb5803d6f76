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

  it('refuses a Google client secret given as a value instead of a secret name', () => {
    expect(() => parseEnvironment('dev', { ...dev, google: { clientId: '1-abc.apps.googleusercontent.com', clientSecret: 'GOCSPX-123' } })).toThrow(/google/);
  });

  it('refuses a managed login prefix Cognito reserves', () => {
    expect(() => parseEnvironment('dev', { ...dev, authDomainPrefix: 'my-cognito-login' })).toThrow(/authDomainPrefix: must not contain aws, amazon or cognito/);
  });
});
