/**
 * The deployable environments, read from cdk.json context (`environments`) and selected with `-c env=NAME`.
 * Everything that differs between dev and prod lives there, so the stack code has no per-environment
 * branches beyond what these settings say. Validated up front: a typo fails the synth with the field's
 * name rather than producing a half-configured stack.
 */
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as z from 'zod';
import { routes } from '../functions/routes';

const retentionDays = new Set<number>(Object.values(RetentionDays).filter((v): v is number => typeof v === 'number'));

const nameSchema = z.string().regex(/^[a-z][a-z0-9-]{2,30}[a-z0-9]$/, 'lower-case letters, digits and hyphens, 4-32 characters');

export const environmentSchema = z.strictObject({
  /** Optional: pins the stack to one account so a deploy with the wrong credentials fails early. */
  account: z.string().regex(/^\d{12}$/, 'a 12-digit AWS account id').optional(),
  region: z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'an AWS region such as ap-southeast-2'),
  stackName: z.string().regex(/^[A-Za-z][A-Za-z0-9-]{0,127}$/, 'a CloudFormation stack name'),
  /** Prefix for the physical names this environment owns (table, functions, user pool, photo bucket). */
  namePrefix: nameSchema,
  /** Cognito managed login domain prefix: https://PREFIX.auth.REGION.amazoncognito.com (globally unique per region). */
  authDomainPrefix: nameSchema.refine((p) => !/aws|amazon|cognito/.test(p), 'must not contain aws, amazon or cognito'),
  /** A custom domain for the site; without one the site is served on its CloudFront domain. */
  domain: z
    .strictObject({
      name: z.string().regex(/^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/, 'a lower-case host name'),
      /** An ACM certificate in us-east-1 covering `name` (CloudFront only uses certificates from there). */
      certificateArn: z.string().regex(/^arn:aws:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]+$/, 'an ACM certificate ARN in us-east-1'),
    })
    .optional(),
  logRetentionDays: z.number().refine((d) => retentionDays.has(d), `one of ${[...retentionDays].join(', ')}`),
  /** retain: data, pool and logs survive a stack deletion and deletion protection is on (prod). destroy: all goes (dev). */
  removalPolicy: z.enum(['retain', 'destroy']),
  /** Google sign-in through Cognito; the client secret stays in Secrets Manager under `clientSecretName`. */
  google: z
    .strictObject({
      clientId: z.string().regex(/^[\w.-]+\.apps\.googleusercontent\.com$/, 'a Google OAuth client id (...apps.googleusercontent.com)'),
      clientSecretName: z.string().min(1),
    })
    .optional(),
  /** Name of the Secrets Manager secret holding {"secretKey":"sk_..."}: the Stripe API key. */
  stripeSecretName: z.string().min(1),
  /** Name of the secret holding {"webhookSecret":"whsec_..."}: only the Stripe webhook's function may read it. */
  stripeWebhookSecretName: z.string().min(1),
  /**
   * Wallet passes (docs/operations.md, Wallet passes): the name of the secret holding the Apple and/or Google settings
   * as JSON (functions/lib/wallet-config.ts). Absent: no wallet is offered and no function may read such a secret.
   */
  walletSecretName: z.string().min(1).optional(),
  /**
   * Flight tracking (docs/operations.md, Flight tracking): the name of the secret holding {"apiKey"}, the FlightAware
   * AeroAPI key. Absent: tracking is off, no tracker runs and the product works as it does without it.
   */
  flightStatusSecretName: z.string().min(1).optional(),
  /**
   * Pins the generated origin secret to one version (a Secrets Manager VersionId, not a secret): set it after
   * putting a new value into the secret, so the deploy hands the new value to CloudFront and the functions.
   */
  originSecretVersionId: z.string().regex(/^[A-Za-z0-9-]{32,64}$/, 'a Secrets Manager VersionId').optional(),
  /**
   * Security notices (infra/security-notices.ts) run on CloudTrail's records of user pool calls, which EventBridge
   * receives only while a trail logs this region's management events. "stack": this stack makes one (write events,
   * this region). "account": the account already has such a trail (an organisation trail, or another environment's
   * in the same account and region), so none is made.
   */
  cloudTrail: z.enum(['stack', 'account']).default('stack'),
  /**
   * Text-message reminders (SNS SMS) beside the e-mailed ones; absent: e-mail only. The account must have SNS SMS
   * out of its sandbox with a spend limit (docs/operations.md, Reminders). `senderId`: the name shown as the sender
   * where the destination country allows one (up to 11 letters and digits).
   */
  sms: z.strictObject({ senderId: z.string().regex(/^(?=.*[A-Za-z])[A-Za-z0-9]{1,11}$/, 'up to 11 letters and digits, at least one letter').optional() }).optional(),
  /** Who the alarms e-mail (an SNS subscription they confirm once); without it the alarms still show in CloudWatch. */
  alarmEmail: z.email().optional(),
  email: z.strictObject({
    /** The SES identity mail is sent from: a domain (DKIM records to publish) or a single address (verification mail). */
    identity: z.string().min(3),
    /**
     * true: this environment's stack creates and owns the identity (and prints its DKIM records). false: the
     * identity already exists in the account and region (made by the environment that owns it) and is only
     * referenced by name. An identity exists once per account and region, so only one environment may own it.
     */
    createIdentity: z.boolean().default(true),
    /**
     * Who sends Cognito's verification and password-reset codes. "ses": from `from` through the identity (SES
     * limits; the identity must be verified before the pool uses it). "cognito": Cognito's default sender
     * (no-reply@verificationemail.com, a small daily quota), fine for dev.
     */
    userPoolSender: z.enum(['cognito', 'ses']).default('cognito'),
    /**
     * The account is in the SES sandbox, where SES also checks the sender's IAM permission against each
     * recipient's identity: also allow sending to the account's verified identities in this region, with the
     * From address `from` only. Turn off once the account has SES production access.
     */
    sandbox: z.boolean().default(false),
    /** The From header of every message; its address must belong to `identity`. */
    from: z.string().min(3),
    /** The business inbox that receives contact-form messages. */
    contactTo: z.email(),
  }),
  /**
   * The seller the tax invoices and credit notes name (functions/lib/seller.ts): required, so no environment can
   * issue invoices with the local stand-in's made-up GST number. Handed to every function as SELLER_LEGAL_NAME and
   * SELLER_GST_NUMBER.
   */
  seller: z.strictObject({
    legalName: z.string().trim().min(2, 'the business name registered for GST'),
    gstNumber: z.string().regex(/^\d{2,3}-?\d{3}-?\d{3}$/, 'a GST number of 8 or 9 digits, as 123-456-789'),
  }),
  /** Steady-state requests per second and burst for the whole API (API Gateway stage throttling). */
  throttle: z.strictObject({ rateLimit: z.number().positive(), burstLimit: z.number().int().positive() }),
  /** The limits docs/security.md lists ("Limits"), those that differ between environments. */
  limits: z
    .strictObject({
      /**
       * Reserved concurrency by route key ("POST /api/contact": 2): caps what a flood on a public route can take
       * from the account's pool, and guarantees the Stripe webhook its share. Lambda keeps 100 of the account's
       * limit unreserved, so the sum must stay below the account's limit minus 100 (new accounts often have a
       * limit of 10 and can reserve nothing: leave this empty there).
       */
      reservedConcurrency: z.record(z.string(), z.number().int().min(1)).default({}),
      /** Contact-form e-mails a day across all senders; far below the SES quota, so receipts always have room. */
      contactEmailsPerDay: z.number().int().positive().default(200),
      /** WAF rate-based rules: requests per client address per 5 minutes (WAF counts at the edge). */
      waf: z
        .strictObject({
          contactPer5Minutes: z.number().int().min(10).default(20),
          checkoutPer5Minutes: z.number().int().min(10).default(100),
          apiPer5Minutes: z.number().int().min(10).default(1500),
        })
        .default({ contactPer5Minutes: 20, checkoutPer5Minutes: 100, apiPer5Minutes: 1500 }),
    })
    .default({ reservedConcurrency: {}, contactEmailsPerDay: 200, waf: { contactPer5Minutes: 20, checkoutPer5Minutes: 100, apiPer5Minutes: 1500 } }),
});

export type EnvironmentSettings = z.infer<typeof environmentSchema>;

export interface Environment extends EnvironmentSettings {
  /** The key under `environments` in cdk.json: dev, prod, ... */
  name: string;
}

/**
 * The CloudWatch namespace of an environment's own metrics: the business events its functions write (EMF,
 * functions/lib/metrics.ts) and the counts its log filters make. One per environment, so dev and prod in one account
 * and region never add to each other's alarms.
 */
export const metricsNamespace = (env: Pick<Environment, 'name'>): string => `RunwayParking/${env.name}`;

/** `Runway Parking <bookings@x.example>` -> { name: 'Runway Parking', address: 'bookings@x.example' }. */
export function parseFrom(from: string): { name: string | null; address: string } {
  const match = /^(.*?)\s*<([^>]+)>\s*$/.exec(from);
  if (!match) return { name: null, address: from.trim().toLowerCase() };
  const name = match[1]!.trim().replace(/^"(.*)"$/, '$1');
  return { name: name || null, address: match[2]!.trim().toLowerCase() };
}

/** Whether the identity is a whole domain (rather than one address). */
export function isDomainIdentity(env: Environment): boolean {
  return !env.email.identity.includes('@');
}

export function parseEnvironment(name: string, raw: unknown): Environment {
  const parsed = environmentSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`).join('\n');
    throw new Error(`cdk.json context environments.${name} is invalid:\n${problems}`);
  }
  const env = parsed.data;
  const { address } = parseFrom(env.email.from);
  const identity = env.email.identity.toLowerCase();
  if (address !== identity && !address.endsWith(`@${identity}`)) {
    throw new Error(`cdk.json context environments.${name}.email.from (${address}) is not covered by email.identity (${identity})`);
  }
  const routeKeys = new Set(routes.map((r) => `${r.method} ${r.path}`));
  const unknown = Object.keys(env.limits.reservedConcurrency).filter((k) => !routeKeys.has(k));
  if (unknown.length) {
    throw new Error(`cdk.json context environments.${name}.limits.reservedConcurrency names no route: ${unknown.join(', ')} (use "METHOD /path" as in functions/routes.ts)`);
  }
  return { name, ...env };
}

/**
 * The environments to synthesize: the one named by `-c env=NAME`, or every environment when none is given
 * (so `npm run synth` checks them all; `cdk deploy` then insists on one, which is what we want).
 */
export function selectEnvironments(environments: unknown, selected: unknown, overrides: { userPoolSender?: unknown } = {}): Environment[] {
  if (!environments || typeof environments !== 'object') throw new Error('cdk.json context has no "environments" object');
  const all = environments as Record<string, unknown>;
  // Checked across every environment that parses, whichever is selected: deploying one must not break another.
  checkIdentityOwners(Object.entries(all).flatMap(([name, raw]) => (environmentSchema.safeParse(raw).success ? [parseEnvironment(name, raw)] : [])));
  let chosen: Environment[];
  if (selected === undefined) chosen = Object.entries(all).map(([name, raw]) => parseEnvironment(name, raw));
  else if (typeof selected !== 'string' || !(selected in all)) {
    throw new Error(`Unknown environment ${JSON.stringify(selected)}: use -c env=${Object.keys(all).join('|')}`);
  } else chosen = [parseEnvironment(selected, all[selected])];
  const sender = overrides.userPoolSender;
  if (sender === undefined) return chosen;
  if (sender !== 'cognito' && sender !== 'ses') throw new Error(`-c userPoolSender=${String(sender)}: use cognito or ses`);
  return chosen.map((env) => ({ ...env, email: { ...env.email, userPoolSender: sender } }));
}

/**
 * An SES identity exists once per account and region: two stacks that both create it collide (the second
 * deploy fails). Environments that may share an account (the same `account`, or either without one) and a
 * region must not both have createIdentity for the same identity.
 */
export function checkIdentityOwners(environments: readonly Environment[]): void {
  const owners = environments.filter((e) => e.email.createIdentity);
  for (const [i, a] of owners.entries()) {
    for (const b of owners.slice(i + 1)) {
      const sameAccount = !a.account || !b.account || a.account === b.account;
      if (sameAccount && a.region === b.region && a.email.identity.toLowerCase() === b.email.identity.toLowerCase()) {
        throw new Error(
          `cdk.json context environments.${a.name} and environments.${b.name} both create the SES identity ${a.email.identity} in ${a.region}` +
            ` (the same account, or no account set): set email.createIdentity to false in all but the one that owns it, or pin different accounts`,
        );
      }
    }
  }
}
