/**
 * Every cdk-nag AwsSolutions finding this stack accepts, each on the narrowest construct it concerns and
 * with the reason it is accepted. Anything not listed here fails the synth, including findings a new route
 * would bring (for example a grant the route table cannot justify).
 */
import { CfnElement, Names, Stack, Validations } from 'aws-cdk-lib';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IConstruct } from 'constructs';
import type { Api } from './api';
import type { Auth } from './auth';
import type { Data } from './data';
import type { Environment } from './environments';
import type { Operations } from './refund-alarms';
import type { SecurityNotices } from './security-notices';
import type { Site } from './site';

/** The parts of the stack the acknowledgements name (stack.ts passes itself; no import back to it). */
export interface AcknowledgedStack extends Stack {
  readonly api: Api;
  readonly originSecret: ISecret;
  readonly passSigningKey: ISecret;
  readonly auth: Auth;
  readonly data: Data;
  readonly site: Site;
  readonly securityNotices: SecurityNotices;
  readonly settings: Environment;
  readonly operations: Operations;
}

function ack(scope: IConstruct, id: string, reason: string): void {
  Validations.of(scope).acknowledge({ id, reason });
}

function logicalId(element: IConstruct | undefined): string {
  if (!(element instanceof CfnElement)) throw new Error('Expected a CloudFormation element');
  return Stack.of(element).resolve(element.logicalId) as string;
}

export function acknowledgeFindings(stack: AcknowledgedStack): void {
  // Accounts: the product's decisions (docs/product-rules.md), deliberately different from the pack's defaults.
  const pool = stack.auth.userPool;
  ack(pool, 'AwsSolutions-COG1', 'Design decision: passwords need at least 8 characters and no composition rules (OWASP ASVS 5.0, 6.2.1, which advises against composition rules); the UI enforces the same.');
  ack(pool, 'AwsSolutions-COG2', 'Design decision: MFA (TOTP only) is optional per user and set up from Profile > Password & Security; requiring it would stop guests who book once.');
  ack(pool, 'AwsSolutions-COG8', 'The Plus feature plan (threat protection) is billed per monthly active user; the Essentials plan fits a single-yard booking site. Revisit if account takeover attempts appear.');

  // The site bucket is only read by CloudFront (origin access control) and holds the public SPA, rebuilt on every deploy.
  ack(stack.site.bucket, 'AwsSolutions-S1', 'Holds only the public SPA build, readable solely by CloudFront through origin access control and rewritten on every deploy; server access logs would record nothing but CloudFront itself.');
  if (stack.securityNotices.trailBucket) {
    ack(stack.securityNotices.trailBucket, 'AwsSolutions-S1', 'Holds only the CloudTrail files of the trail security notices need (EventBridge reads the events, not these files); only CloudTrail writes here, and they expire with the environment\'s logs.');
  }
  ack(stack.securityNotices.deadLetters, 'AwsSolutions-SQS3', "This queue is itself the dead-letter queue: the SecurityNotice function's on-failure destination and its EventBridge target's dead-letter queue, watched by an alarm on its depth; a dead-letter queue behind it would only move the same events again.");
  ack(stack.data.photos, 'AwsSolutions-S1', 'Objects are reached only through short-lived presigned URLs that the API issues to signed-in callers (API access and function logs record each request); server access logs would need a second bucket and add cost for little extra audit value at this scale.');

  ack(
    stack.originSecret,
    'AwsSolutions-SMG4',
    'The origin secret is a random value CloudFront sends to the API and the functions compare; CloudFormation resolves it into both only when a deploy changes them, so an automatic rotation would lock the site out of its API. It is replaced by hand with originSecretVersionId and a deploy (docs/operations.md), and it guards only the route into the API, not any data.',
  );

  ack(
    stack.passSigningKey,
    'AwsSolutions-SMG4',
    'The pass signing key signs the links and QR codes already in travellers\' e-mails and phones; rotating it would void every pass sent. It is replaced by hand when it may have leaked (docs/operations.md, "The pass signing key").',
  );

  const distribution = stack.site.distribution;
  ack(distribution, 'AwsSolutions-CFR1', 'Travellers book from wherever they are, including abroad before flying home; a geographic restriction would turn customers away.');
  ack(distribution, 'AwsSolutions-CFR3', 'CloudFront standard logs need an ACL-enabled log bucket; requests that matter are already logged by the API access log and each function. The site itself is static files.');
  if (!stack.settings.domain) {
    ack(distribution, 'AwsSolutions-CFR4', 'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose minimum protocol CloudFront fixes; environments with a domain use TLSv1.2_2021.');
  }

  for (const { route, httpRoute } of stack.api.routes) {
    if (route.access !== 'public') continue;
    const why = route.path === '/api/webhooks/stripe' ? 'callers are authenticated by the Stripe-Signature check on the raw body' : 'visitors use it before (or without) signing in';
    ack(httpRoute, 'AwsSolutions-APIG4', `Public by design (functions/routes.ts: access public): ${route.method} ${route.path}; ${why}. Stage throttling limits abuse.`);
  }

  // SES sandbox (email.sandbox): each role of a route that sends mail may also name the account's identities as recipients.
  if (stack.settings.email.sandbox) {
    const partition = stack.partition === 'aws' ? 'aws' : '<AWS::Partition>';
    const senders = [
      ...stack.api.routes.filter(({ route }) => route.needs.includes('email')).map(({ handler }) => handler.role),
      stack.securityNotices.fn.role!,
      ...stack.operations.jobs.filter((j) => j.job.needs.includes('email')).map((j) => j.fn.role!),
    ];
    for (const role of senders) {
      ack(
        role,
        `AwsSolutions-IAM5[Resource::arn:${partition}:ses:${stack.region}:<AWS::AccountId>:identity/*]`,
        'SES sandbox only (email.sandbox in cdk.json): SES then checks the sender\'s IAM permission against every recipient\'s identity too, and recipients must be verified identities of this account, so no fixed list can be named. Limited to ses:SendEmail/SendRawEmail, this account and region, and the configured From address (ses:FromAddress); removed by turning email.sandbox off after SES production access.',
      );
    }
  }

  // Routes that declare photos:read, photos:write or photos:delete act on objects whose keys the app creates per booking.
  // The route functions sit in nested stacks (infra/api.ts), where the bucket's ARN arrives as a parameter.
  const photosArnParameter = `referenceto${Names.uniqueId(stack.data.photos.node.defaultChild!)}Arn`;
  const photosReason =
    'photos:read / photos:write / photos:delete grant only s3:GetObject, s3:PutObject or s3:DeleteObject, only on objects of the photo bucket; object keys are per booking ({bookingId}/...), created by the app, so no fixed prefix can be named; which booking a caller may touch is checked by the handler before it signs a URL or deletes a refused upload.';
  ack(stack.api, `AwsSolutions-IAM5[Resource::<${logicalId(stack.data.photos.node.defaultChild)}.Arn>/*]`, photosReason);
  // An acknowledgement reaches a nested stack's resources only when made on a construct inside it: each route's role.
  for (const { route, handler } of stack.api.routes) {
    if (!route.needs.some((n) => n.startsWith('photos:'))) continue;
    ack(handler.role, `AwsSolutions-IAM5[Resource::<${photosArnParameter}>/*]`, photosReason);
  }

  // aws-cdk-lib's BucketDeployment handler: a deploy-time function whose runtime and policy the library manages.
  const siteBucketArn = `<${logicalId(stack.site.bucket.node.defaultChild)}.Arn>`;
  const deploymentFindings = [
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    'AwsSolutions-IAM5[Action::s3:GetObject*]',
    'AwsSolutions-IAM5[Action::s3:GetBucket*]',
    'AwsSolutions-IAM5[Action::s3:List*]',
    'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
    'AwsSolutions-IAM5[Action::s3:Abort*]',
    // The CDK asset bucket: the partition is a literal with the recommended feature flags (cdk.json), a token without.
    `AwsSolutions-IAM5[Resource::arn:${stack.partition === 'aws' ? 'aws' : '<AWS::Partition>'}:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-${stack.region}/*]`,
    `AwsSolutions-IAM5[Resource::${siteBucketArn}/*]`,
    'AwsSolutions-IAM5[Resource::*]',
    'AwsSolutions-L1',
  ];
  for (const child of stack.node.children) {
    if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
    for (const id of deploymentFindings) {
      ack(child, id, 'aws-cdk-lib BucketDeployment handler: runs only while deploying, copies the SPA and /config.json from the CDK asset bucket into the site bucket and invalidates CloudFront (CreateInvalidation has no resource-level scope); its runtime and policy are managed by aws-cdk-lib.');
    }
  }
}
