/**
 * One environment of Runway Parking (docs/architecture.md, The seam): CloudFront + S3 for the SPA, the HTTP API
 * with one Lambda per route of functions/routes.ts, one DynamoDB table from functions/store/keys.ts, the
 * photo bucket, Cognito, SES, and references to the Secrets Manager secrets that hold what must not be in
 * code. Nothing here looks anything up in an AWS account, so it synthesizes offline.
 */
import { CfnOutput, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { SECURITY_NOTICE } from '../functions/events';
import type { RouteDef } from '../functions/routes';
import { Api } from './api';
import { Auth, oauthDomainName } from './auth';
import { Data, photoBucketName } from './data';
import { EmailSending } from './email';
import { parseFrom, type Environment } from './environments';
import { acknowledgeFindings } from './nag-acknowledgements';
import { Monitoring } from './monitoring';
import { Operations } from './refund-alarms';
import { removalPolicy } from './removal';
import type { SharedFunctionSettings } from './route-function';
import { SecurityNotices } from './security-notices';
import { Site } from './site';

export interface RunwayStackProps extends StackProps {
  environment: Environment;
  /** The WAF web ACL for the distribution, from the environment's us-east-1 stack (infra/edge-protection.ts). */
  webAclArn: string;
  routes: readonly RouteDef[];
  /** The built SPA; null (or a missing folder) deploys only /config.json. */
  webDist: string | null;
}

/** Output keys other tools read (npm run admin reads UserPoolId). */
export const OUTPUT_KEYS = {
  siteUrl: 'SiteUrl',
  distributionId: 'DistributionId',
  apiEndpoint: 'ApiEndpoint',
  userPoolId: 'UserPoolId',
  userPoolClientId: 'UserPoolClientId',
  oauthDomain: 'OAuthDomain',
  tableName: 'TableName',
  photoBucket: 'PhotoBucketName',
  siteBucket: 'SiteBucketName',
  webhookUrl: 'StripeWebhookUrl',
} as const;

export class RunwayStack extends Stack {
  readonly api: Api;
  readonly site: Site;
  /** The scheduled jobs (the refund worker), the alarms and their SNS topic. */
  readonly operations: Operations;
  /** The other alarms (5xx per route, webhook signatures, refunds pending, payments held, throttles) and the dashboard. */
  readonly monitoring: Monitoring;
  readonly data: Data;
  readonly auth: Auth;
  readonly email: EmailSending;
  readonly settings: Environment;
  readonly originSecret: Secret;
  /** Signs booking pass links and QR codes (functions/lib/pass-token.ts). */
  readonly passSigningKey: Secret;
  /** E-mails when a password or two-step sign-in changes (CloudTrail -> EventBridge -> Lambda). */
  readonly securityNotices: SecurityNotices;

  constructor(scope: Construct, id: string, props: RunwayStackProps) {
    super(scope, id, {
      ...props,
      env: { region: props.environment.region, ...(props.environment.account ? { account: props.environment.account } : {}) },
      stackName: props.environment.stackName,
      description: `Runway Parking (${props.environment.name}): site, API, data, accounts`,
      terminationProtection: props.environment.removalPolicy === 'retain',
    });
    const env = props.environment;
    this.settings = env;
    const oauthDomain = oauthDomainName(env);

    this.api = new Api(this, 'Api', { env });
    // Generated at deploy time, never in the template: CloudFront sends it, the functions check it.
    this.originSecret = new Secret(this, 'OriginSecret', {
      description: `Runway Parking ${env.name}: the header value CloudFront adds to API requests; requests without it are refused`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: removalPolicy({ ...env, removalPolicy: 'destroy' }),
    });
    // Pinned to a version when originSecretVersionId is set, so that replacing the value changes the template and
    // CloudFormation resolves the new one into both places (docs/operations.md, "The origin secret").
    const originSecretValue = SecretValue.secretsManager(this.originSecret.secretArn, env.originSecretVersionId ? { versionId: env.originSecretVersionId } : {}).unsafeUnwrap();
    this.site = new Site(this, 'Site', {
      env,
      httpApi: this.api.httpApi,
      csp: { region: env.region, oauthDomain, photoBucketName: photoBucketName(env) },
      originSecretValue,
      webAclArn: props.webAclArn,
    });
    const siteOrigin = this.site.origin();
    this.data = new Data(this, 'Data', { env, siteOrigin });
    this.email = new EmailSending(this, 'Email', { env });
    this.auth = new Auth(this, 'Auth', { env, siteOrigin, email: this.email, table: this.data.table });
    // Generated at deploy time as {"signingKey"}; replacing it voids every pass link and QR code sent (docs/operations.md).
    this.passSigningKey = new Secret(this, 'PassSigningKey', {
      description: `Runway Parking ${env.name}: signs booking pass links and their QR codes`,
      generateSecretString: { secretStringTemplate: '{}', generateStringKey: 'signingKey', passwordLength: 64, excludePunctuation: true },
      removalPolicy: removalPolicy(env),
    });
    const stripeSecret = Secret.fromSecretNameV2(this, 'StripeSecret', env.stripeSecretName);
    const stripeWebhookSecret = Secret.fromSecretNameV2(this, 'StripeWebhookSecret', env.stripeWebhookSecretName);
    const walletSecret = env.walletSecretName ? Secret.fromSecretNameV2(this, 'WalletSecret', env.walletSecretName) : null;
    const flightStatusSecret = env.flightStatusSecretName ? Secret.fromSecretNameV2(this, 'FlightStatusSecret', env.flightStatusSecretName) : null;

    const functionSettings: SharedFunctionSettings = {
      env,
      targets: {
        table: this.data.table,
        photos: this.data.photos,
        emailIdentity: this.email.identity,
        emailSandbox: env.email.sandbox ? { fromAddress: parseFrom(env.email.from).address } : null,
        stripeSecret,
        stripeWebhookSecret,
        userPool: this.auth.userPool,
        passSigningKey: this.passSigningKey,
        walletSecret,
        flightStatusSecret,
      },
      originSecretValue,
      userPoolClientId: this.auth.client.userPoolClientId,
      // The distribution's domain is a deploy-time value; the functions depending on it makes no cycle
      // (the distribution references only the HttpApi resource, never a route, integration or function).
      siteUrl: siteOrigin,
      emailFrom: env.email.from,
    };
    this.api.addRouteFunctions(props.routes, { client: this.auth.client, settings: functionSettings });
    // The refund worker and the alarms; every route that may send a refund is counted with it.
    this.operations = new Operations(this, 'Operations', {
      settings: functionSettings,
      refundSenders: this.api.routes.filter((r) => r.route.needs.includes('stripe')).map((r) => r.handler.logGroup),
    });
    this.securityNotices = new SecurityNotices(this, 'SecurityNotices', { def: SECURITY_NOTICE, settings: functionSettings, alarmAction: this.operations.alarmAction });
    // Made after every other alarm: the dashboard shows every alarm the stack has made so far.
    this.monitoring = new Monitoring(this, 'Monitoring', {
      env,
      alarmAction: this.operations.alarmAction,
      api: this.api,
      table: this.data.table,
      otherAlarms: this.node.findAll().filter((c): c is Alarm => c instanceof Alarm),
    });

    this.site.deployContent({
      webDist: props.webDist,
      config: {
        apiBase: '/api',
        region: env.region,
        userPoolId: this.auth.userPool.userPoolId,
        userPoolClientId: this.auth.client.userPoolClientId,
        ...(this.auth.google ? { oauthDomain } : {}),
        googleSignIn: this.auth.google !== null,
        environment: env.name,
      },
    });

    const output = (key: string, value: string, description: string) => new CfnOutput(this, key, { value, description });
    output(OUTPUT_KEYS.siteUrl, siteOrigin, 'The site');
    output(OUTPUT_KEYS.distributionId, this.site.distribution.distributionId, 'CloudFront distribution (invalidations, DNS alias target below)');
    output('DistributionDomainName', this.site.distribution.distributionDomainName, 'Point the custom domain here (CNAME or alias)');
    output(OUTPUT_KEYS.apiEndpoint, this.api.httpApi.apiEndpoint, 'The HTTP API behind /api: it answers 403 to anything that does not come through CloudFront');
    output(OUTPUT_KEYS.userPoolId, this.auth.userPool.userPoolId, 'Cognito user pool (npm run admin reads this)');
    output(OUTPUT_KEYS.userPoolClientId, this.auth.client.userPoolClientId, 'The SPA app client');
    output(OUTPUT_KEYS.oauthDomain, `https://${oauthDomain}`, 'Managed login domain (Google redirect URI: this + /oauth2/idpresponse)');
    output(OUTPUT_KEYS.tableName, this.data.table.tableName, 'DynamoDB table');
    output(OUTPUT_KEYS.photoBucket, this.data.photos.bucketName, 'Vehicle photos bucket');
    output(OUTPUT_KEYS.siteBucket, this.site.bucket.bucketName, 'Site files bucket');
    output(OUTPUT_KEYS.webhookUrl, `${siteOrigin}/api/webhooks/stripe`, 'Register this endpoint in Stripe');

    acknowledgeFindings(this);
  }
}
