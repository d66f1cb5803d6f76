/**
 * prod as cdk.json defines it, plus what an environment may add (a custom domain, Google sign-in) and a
 * route table extended with routes for every access level and every need, so the stack is proven for the
 * routes other work adds to functions/routes.ts, not only for today's.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeId, routes, type RouteDef } from '../../functions/routes';
import { asText, environments, logicalIdOf, resourcesOfType, synthesizeOnce, type Synthesized } from './support/synth';

const DOMAIN = 'parking.runwayparking.example';
const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b';
/** A Secrets Manager VersionId, as put-secret-value prints it after the origin secret is replaced. */
const ORIGIN_VERSION = 'a1b2c3d4-5678-90ab-cdef-1234567890ab';
const GOOGLE = { clientId: '123456789012-abcdefghijklmnop.apps.googleusercontent.com', clientSecretName: 'runway-parking/prod/google' };
const prod = environments.prod as { namePrefix: string; region: string; logRetentionDays: number; authDomainPrefix: string; email: { identity: string; from: string } };

/** Routes for access levels and needs the real table may not have yet; any existing handler will do as code. */
const extraRoutes: RouteDef[] = [
  { method: 'GET', path: '/api/proof/bookings/{id}/photos', access: 'user', entry: 'quotes/create-quote.ts', needs: ['table:read', 'photos:read'] },
  { method: 'POST', path: '/api/proof/bookings/{id}/photos', access: 'admin', entry: 'quotes/create-quote.ts', needs: ['table:read', 'table:write', 'photos:write'] },
  { method: 'GET', path: '/api/proof/admin/users', access: 'admin', entry: 'quotes/create-quote.ts', needs: ['userpool:read'], memoryMb: 1024, timeoutSeconds: 29 },
];
const allRoutes = [...routes, ...extraRoutes];

let s: Synthesized;
beforeAll(() => {
  s = synthesizeOnce('prod', () => ({ env: 'prod', overrides: { domain: { name: DOMAIN, certificateArn: CERTIFICATE }, google: GOOGLE, originSecretVersionId: ORIGIN_VERSION }, routes: allRoutes }));
});

const fnFor = (route: RouteDef) => resourcesOfType(s, 'AWS::Lambda::Function').find(([, p]) => p.FunctionName === `${prod.namePrefix}-${routeId(route)}`)!;
function statementsFor(route: RouteDef) {
  const roleId = fnFor(route)[1].Role['Fn::GetAtt'][0] as string;
  return resourcesOfType(s, 'AWS::IAM::Policy')
    .filter(([, p]) => (p.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
    .flatMap(([, p]) => p.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
}

describe('prod keeps its data', () => {
  it('retains the table, user pool, photos and logs, with deletion and termination protection', () => {
    const [tableId, table] = resourcesOfType(s, 'AWS::DynamoDB::Table')[0]!;
    expect(table.DeletionProtectionEnabled).toBe(true);
    expect(s.json.Resources[tableId]!.DeletionPolicy).toBe('Retain');
    const [poolId, pool] = resourcesOfType(s, 'AWS::Cognito::UserPool')[0]!;
    expect(pool.DeletionProtection).toBe('ACTIVE');
    expect(s.json.Resources[poolId]!.DeletionPolicy).toBe('Retain');
    expect(s.json.Resources[logicalIdOf(s, s.stack.data.photos)]!.DeletionPolicy).toBe('Retain');
    // Only the site bucket (rebuilt on every deploy) is emptied on deletion; the photos never are.
    const autoDeleted = resourcesOfType(s, 'Custom::S3AutoDeleteObjects').map(([, p]) => p.BucketName);
    expect(autoDeleted).toEqual([{ Ref: logicalIdOf(s, s.stack.site.bucket) }]);
    for (const [id, group] of resourcesOfType(s, 'AWS::Logs::LogGroup')) {
      expect(group.RetentionInDays).toBe(prod.logRetentionDays);
      expect(s.json.Resources[id]!.DeletionPolicy).toBe('Retain');
    }
    expect(s.stack.terminationProtection).toBe(true);
  });
});

describe('e-mail: prod owns the SES identity and Cognito sends through it', () => {
  it('creates the identity once, keeps it with the stack, and prints its DKIM records', () => {
    const identities = resourcesOfType(s, 'AWS::SES::EmailIdentity');
    expect(identities.map(([, p]) => p.EmailIdentity)).toEqual([prod.email.identity]);
    expect(s.json.Resources[identities[0]![0]]!.DeletionPolicy).toBe('Retain');
    expect(Object.keys(s.json.Outputs).filter((k) => k.startsWith('SesDkimRecord'))).toEqual(['SesDkimRecord1', 'SesDkimRecord2', 'SesDkimRecord3']);
  });

  it('verification and reset codes come from email.from through SES, after the identity exists', () => {
    const [poolId, pool] = resourcesOfType(s, 'AWS::Cognito::UserPool')[0]!;
    expect({ ...pool.EmailConfiguration, SourceArn: asText(pool.EmailConfiguration.SourceArn) }).toEqual({
      EmailSendingAccount: 'DEVELOPER',
      From: prod.email.from,
      SourceArn: `arn:aws:ses:${prod.region}:<AWS::AccountId>:identity/${prod.email.identity}`,
    });
    const [identityId] = resourcesOfType(s, 'AWS::SES::EmailIdentity')[0]!;
    expect(s.json.Resources[poolId]!.DependsOn).toContain(identityId);
  });

  it('with production access the functions may send from the identity only (no sandbox grant)', () => {
    const identityId = resourcesOfType(s, 'AWS::SES::EmailIdentity')[0]![0];
    for (const route of allRoutes.filter((r) => r.needs.includes('email'))) {
      const ses = statementsFor(route).filter((st) => JSON.stringify(st.Action).includes('ses:'));
      expect(ses).toHaveLength(1);
      expect(JSON.stringify(ses[0]!.Resource)).toContain(identityId);
      expect(JSON.stringify(ses[0]!.Resource)).not.toContain('identity/*');
    }
  });
});

describe('an environment with a custom domain', () => {
  it('serves the domain with its us-east-1 certificate over TLS 1.2+', () => {
    s.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        Aliases: [DOMAIN],
        ViewerCertificate: { AcmCertificateArn: CERTIFICATE, MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' },
      },
    });
  });

  it('functions build links from SITE_URL, photo uploads and sign-in return only to that origin', () => {
    for (const route of allRoutes) {
      const vars = fnFor(route)[1].Environment.Variables;
      expect(vars.SITE_URL).toBe(`https://${DOMAIN}`);
      expect(vars).not.toHaveProperty('SITE_HOSTS');
    }
    const cors = s.json.Resources[logicalIdOf(s, s.stack.data.photos)]!.Properties.CorsConfiguration.CorsRules;
    expect(cors.map((r: { AllowedOrigins: unknown }) => r.AllowedOrigins)).toEqual([[`https://${DOMAIN}`]]);
    s.template.hasResourceProperties('AWS::Cognito::UserPoolClient', { CallbackURLs: [`https://${DOMAIN}/login`], LogoutURLs: [`https://${DOMAIN}/`] });
    expect(s.json.Outputs.StripeWebhookUrl.Value).toBe(`https://${DOMAIN}/api/webhooks/stripe`);
  });
});

describe('an environment with a Google client', () => {
  it('adds Google to the pool with the secret read from Secrets Manager at deploy time, never in the template', () => {
    s.template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      ProviderType: 'Google',
      ProviderDetails: {
        client_id: GOOGLE.clientId,
        client_secret: `{{resolve:secretsmanager:${GOOGLE.clientSecretName}:SecretString:::}}`,
        authorize_scopes: 'openid email profile',
      },
      AttributeMapping: Match.objectLike({ email: 'email', email_verified: 'email_verified' }),
    });
    const [clientId, client] = resourcesOfType(s, 'AWS::Cognito::UserPoolClient')[0]!;
    expect(client.SupportedIdentityProviders).toEqual(['COGNITO', 'Google']);
    const [idpId] = resourcesOfType(s, 'AWS::Cognito::UserPoolIdentityProvider')[0]!;
    expect(s.json.Resources[clientId]!.DependsOn).toContain(idpId);
  });

  it('tells the SPA through /config.json that Google sign-in is on, and where the login domain is', () => {
    const [, config] = resourcesOfType(s, 'Custom::CDKBucketDeployment').find(([, p]) => JSON.stringify(p.DistributionPaths) === '["/config.json"]')!;
    const text = readFileSync(path.join(s.outdir, `asset.${(config.SourceObjectKeys[0] as string).replace(/\.zip$/, '')}`, 'config.json'), 'utf8');
    expect(JSON.parse(text)).toMatchObject({ googleSignIn: true, oauthDomain: `${prod.authDomainPrefix}.auth.${prod.region}.amazoncognito.com`, environment: 'prod' });
  });
});

describe('routes of every access level and need', () => {
  it('user and admin routes require a JWT from this pool and the SPA client; public ones do not', () => {
    const authorizers = resourcesOfType(s, 'AWS::ApiGatewayV2::Authorizer');
    expect(authorizers).toHaveLength(1);
    const [authorizerId, authorizer] = authorizers[0]!;
    expect(authorizer.AuthorizerType).toBe('JWT');
    expect(authorizer.IdentitySource).toEqual(['$request.header.Authorization']);
    expect(authorizer.JwtConfiguration.Audience).toEqual([{ Ref: logicalIdOf(s, s.stack.auth.client) }]);
    expect(JSON.stringify(authorizer.JwtConfiguration.Issuer)).toContain(`https://cognito-idp.${prod.region}.amazonaws.com/`);
    expect(JSON.stringify(authorizer.JwtConfiguration.Issuer)).toContain(logicalIdOf(s, s.stack.auth.userPool));
    for (const route of allRoutes) {
      const [, apiRoute] = resourcesOfType(s, 'AWS::ApiGatewayV2::Route').find(([, p]) => p.RouteKey === `${route.method} ${route.path}`)!;
      if (route.access === 'public') expect(apiRoute).toMatchObject({ AuthorizationType: 'NONE' });
      else expect(apiRoute).toMatchObject({ AuthorizationType: 'JWT', AuthorizerId: { Ref: authorizerId } });
    }
  });

  it('photos:read and photos:write reach only the photo bucket objects, and only get or put', () => {
    const photosArn = { 'Fn::GetAtt': [logicalIdOf(s, s.stack.data.photos), 'Arn'] };
    const objects = { 'Fn::Join': ['', [photosArn, '/*']] };
    const [reader, writer] = extraRoutes;
    expect(statementsFor(reader!).filter((st) => JSON.stringify(st.Action).includes('s3:'))).toEqual([expect.objectContaining({ Action: 's3:GetObject', Resource: objects })]);
    expect(statementsFor(writer!).filter((st) => JSON.stringify(st.Action).includes('s3:'))).toEqual([expect.objectContaining({ Action: 's3:PutObject', Resource: objects })]);
    expect(fnFor(reader!)[1].Environment.Variables.PHOTO_BUCKET).toEqual({ Ref: logicalIdOf(s, s.stack.data.photos) });
  });

  it('userpool:read may read users of this pool only, and nothing else', () => {
    const statements = statementsFor(extraRoutes[2]!).filter((st) => JSON.stringify(st.Action).includes('cognito-idp:'));
    expect(statements).toEqual([
      expect.objectContaining({
        Action: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser', 'cognito-idp:ListUsers'],
        Resource: { 'Fn::GetAtt': [logicalIdOf(s, s.stack.auth.userPool), 'Arn'] },
      }),
    ]);
    expect(fnFor(extraRoutes[2]!)[1]).toMatchObject({ MemorySize: 1024, Timeout: 29 });
  });

  it('reserves the concurrency cdk.json names for each public route and the webhook, and none elsewhere', () => {
    const reserved = (environments.prod as { limits: { reservedConcurrency: Record<string, number> } }).limits.reservedConcurrency;
    for (const route of allRoutes) {
      expect(fnFor(route)[1].ReservedConcurrentExecutions, `${route.method} ${route.path}`).toBe(reserved[`${route.method} ${route.path}`]);
    }
    expect(fnFor(allRoutes.find((r) => r.path === '/api/contact')!)[1].Environment.Variables.CONTACT_EMAILS_PER_DAY).toBe('500');
  });

  it('a replaced origin secret (originSecretVersionId) reaches CloudFront and every function pinned to its version', () => {
    const pinned = { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: logicalIdOf(s, s.stack.originSecret) }, `:SecretString:::${ORIGIN_VERSION}}}`]] };
    for (const route of allRoutes) expect(fnFor(route)[1].Environment.Variables.ORIGIN_SECRET).toEqual(pinned);
    const [, d] = resourcesOfType(s, 'AWS::CloudFront::Distribution')[0]!;
    const headers = (d.DistributionConfig.Origins as { OriginCustomHeaders?: unknown[] }[]).flatMap((o) => o.OriginCustomHeaders ?? []);
    expect(headers).toEqual([{ HeaderName: 'x-origin-verify', HeaderValue: pinned }]);
  });

  it('passes cdk-nag AwsSolutions with nothing left unacknowledged', () => {
    expect(s.report.pluginReports.flatMap((p) => p.violations)).toEqual([]);
  });
});
