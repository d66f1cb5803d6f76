/**
 * One Lambda function for one route of functions/routes.ts: bundled locally with esbuild (no Docker, no
 * network; one build for every handler, infra/function-bundles.ts), with its own role holding only its log group and the grants its `needs` declare, and only the
 * environment variables those needs use.
 */
import { Duration } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { routeId, usesTable, type RouteDef } from '../functions/routes';
import { metricsNamespace, type Environment } from './environments';
import { functionCode } from './function-bundles';
import { grantNeed, type GrantTargets } from './grants';
import { removalPolicy } from './removal';


/** The newest Node.js runtime this aws-cdk-lib knows (cdk-nag AwsSolutions-L1 checks for exactly that). */
export const FUNCTION_RUNTIME = Runtime.NODEJS_24_X;
export const DEFAULT_MEMORY_MB = 256;
export const DEFAULT_TIMEOUT_SECONDS = 10;

export interface SharedFunctionSettings {
  env: Environment;
  targets: GrantTargets;
  userPoolClientId: string;
  /** The site's origin (custom domain or the distribution's domain): the only base for links and Stripe redirects. */
  siteUrl: string;
  emailFrom: string;
  /**
   * The header value CloudFront adds to API requests (a dynamic reference to the generated secret, resolved at
   * deploy time); every function compares it to refuse requests that bypassed CloudFront.
   */
  originSecretValue: string;
}

function environmentFor(route: RouteDef, s: SharedFunctionSettings): Record<string, string> {
  const needs = new Set(route.needs);
  const vars: Record<string, string> = {
    // Public identifiers, no grant: public routes verify an optional bearer token against the pool's JWKS.
    USER_POOL_ID: s.targets.userPool.userPoolId,
    USER_POOL_CLIENT_ID: s.userPoolClientId,
    SITE_URL: s.siteUrl,
    // Public facts printed on tax invoices and receipts (functions/lib/seller.ts).
    SELLER_LEGAL_NAME: s.env.seller.legalName,
    SELLER_GST_NUMBER: s.env.seller.gstNumber,
    LOG_LEVEL: 'INFO',
    // Where the business events the function counts go (functions/lib/metrics.ts); unset locally, where none are written.
    POWERTOOLS_METRICS_NAMESPACE: metricsNamespace(s.env),
    // Stack traces point into the TypeScript sources through the bundled source maps.
    NODE_OPTIONS: '--enable-source-maps',
  };
  // A {{resolve:secretsmanager:...}} reference: CloudFormation puts the value in the function's configuration at
  // deploy time, the same value CloudFront's origin header gets; the template holds only the reference.
  vars.ORIGIN_SECRET = s.originSecretValue;
  if (usesTable(route.needs)) vars.TABLE_NAME = s.targets.table.tableName;
  if (needs.has('photos:read') || needs.has('photos:write') || needs.has('photos:delete')) vars.PHOTO_BUCKET = s.targets.photos.bucketName;
  if (needs.has('email')) {
    vars.EMAIL_FROM = s.emailFrom;
    vars.CONTACT_TO = s.env.email.contactTo;
  }
  // The secret's name, not its value: the function reads it from Secrets Manager at run time.
  if (needs.has('stripe')) vars.STRIPE_SECRET_ID = s.env.stripeSecretName;
  if (needs.has('stripe:webhook')) vars.STRIPE_WEBHOOK_SECRET_ID = s.env.stripeWebhookSecretName;
  if (needs.has('pass:sign')) vars.PASS_SIGNING_SECRET_ID = s.targets.passSigningKey.secretArn;
  if (needs.has('wallet') && s.env.walletSecretName) vars.WALLET_SECRET_ID = s.env.walletSecretName;
  if (needs.has('contact:write')) vars.CONTACT_EMAILS_PER_DAY = String(s.env.limits.contactEmailsPerDay);
  return vars;
}

export interface BundledFunctionProps {
  name: string;
  description: string;
  /** Handler module, relative to functions/; it exports `handler`. */
  entry: string;
  memoryMb: number;
  timeoutSeconds: number;
  role: Role;
  logGroup: LogGroup;
  environment: Record<string, string>;
  reservedConcurrency?: number;
}

/** A Lambda function from one handler module of functions/, bundled offline the same way for routes and triggers. */
export function bundledFunction(scope: Construct, props: BundledFunctionProps): LambdaFunction {
  return new LambdaFunction(scope, 'Function', {
    functionName: props.name,
    description: props.description,
    code: functionCode(props.entry),
    handler: 'index.handler',
    runtime: FUNCTION_RUNTIME,
    architecture: Architecture.ARM_64,
    memorySize: props.memoryMb,
    timeout: Duration.seconds(props.timeoutSeconds),
    role: props.role,
    logGroup: props.logGroup,
    environment: props.environment,
    ...(props.reservedConcurrency ? { reservedConcurrentExecutions: props.reservedConcurrency } : {}),
  });
}

export function functionName(env: Environment, route: RouteDef): string {
  const name = `${env.namePrefix}-${routeId(route)}`;
  if (name.length > 64) throw new Error(`Function name ${name} is longer than Lambda's 64 characters; shorten namePrefix`);
  return name;
}

export class RouteFunction extends Construct {
  readonly fn: LambdaFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: { route: RouteDef; settings: SharedFunctionSettings }) {
    super(scope, id);
    const { route, settings } = props;
    const name = functionName(settings.env, route);

    this.logGroup = new LogGroup(this, 'Logs', {
      logGroupName: `/aws/lambda/${name}`,
      retention: settings.env.logRetentionDays,
      removalPolicy: removalPolicy(settings.env),
    });
    // An own role instead of the managed basic-execution policy: writing to this function's log group only.
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `${route.method} ${route.path}: ${route.needs.length ? route.needs.join(', ') : 'no data access'}`,
    });
    this.logGroup.grantWrite(this.role);
    for (const need of new Set(route.needs)) grantNeed(this.role, need, settings.targets);

    this.fn = bundledFunction(this, {
      name,
      description: `${route.method} ${route.path} (${route.access})`,
      entry: route.entry,
      memoryMb: route.memoryMb ?? DEFAULT_MEMORY_MB,
      timeoutSeconds: route.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
      role: this.role,
      logGroup: this.logGroup,
      environment: environmentFor(route, settings),
      reservedConcurrency: settings.env.limits.reservedConcurrency[`${route.method} ${route.path}`],
    });
  }
}
