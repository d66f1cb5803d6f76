/**
 * Security notices: the SecurityNotice function of functions/events.ts and the EventBridge rule that
 * runs it on CloudTrail's record of each successful user pool call that changes a password or turns two-step
 * sign-in on or off. Cognito has no trigger for most of these calls (only a completed reset has one), and a notice
 * the browser asked for could be skipped by any caller; CloudTrail records every call whoever makes it.
 *
 * EventBridge only receives "AWS API Call via CloudTrail" events while a trail in the account logs them in this
 * region (CloudTrail's default event history is not enough). `cloudTrail: "stack"` makes one here (write
 * management events, this region, its own private bucket); `"account"` relies on a trail the account already has.
 */
import { Duration } from 'aws-cdk-lib';
import type { Alarm, IAlarmAction } from 'aws-cdk-lib/aws-cloudwatch';
import { ReadWriteType, Trail } from 'aws-cdk-lib/aws-cloudtrail';
import { Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { Function as BundledLambda } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { CloudTrailFunctionDef } from '../functions/events';
import { metricsNamespace } from './environments';
import { grantNeed } from './grants';
import { removalPolicy } from './removal';
import { bundledFunction, type SharedFunctionSettings } from './route-function';
import { countAlarm } from './alarms';

export class SecurityNotices extends Construct {
  readonly fn: BundledLambda;
  readonly rule: Rule;
  /** Where an event goes that the function failed on after Lambda's retries (or EventBridge could not hand over). */
  readonly deadLetters: Queue;
  readonly errorsAlarm: Alarm;
  readonly deadLettersAlarm: Alarm;
  readonly trail: Trail | null;
  readonly trailBucket: Bucket | null;

  constructor(scope: Construct, id: string, props: { def: CloudTrailFunctionDef; settings: SharedFunctionSettings; alarmAction: IAlarmAction }) {
    super(scope, id);
    const { def, settings } = props;
    const env = settings.env;
    const name = `${env.namePrefix}-${def.name}`;
    const logGroup = new LogGroup(this, 'Logs', { logGroupName: `/aws/lambda/${name}`, retention: env.logRetentionDays, removalPolicy: removalPolicy(env) });
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com'), description: `${def.name}: ${def.needs.join(', ')}` });
    logGroup.grantWrite(role);
    for (const need of new Set(def.needs)) grantNeed(role, need, settings.targets);
    this.fn = bundledFunction(this, {
      name,
      description: `E-mails the person when their password or two-step sign-in changes (CloudTrail via EventBridge)`,
      entry: def.entry,
      memoryMb: 256,
      timeoutSeconds: def.timeoutSeconds,
      role,
      logGroup,
      environment: {
        USER_POOL_ID: settings.targets.userPool.userPoolId,
        SITE_URL: settings.siteUrl,
        EMAIL_FROM: settings.emailFrom,
        LOG_LEVEL: 'INFO',
        POWERTOOLS_METRICS_NAMESPACE: metricsNamespace(env),
        NODE_OPTIONS: '--enable-source-maps',
      },
    });

    // The event is the only record that someone must be told: one the function failed on after Lambda's two retries
    // is kept here (14 days, SQS's longest) with the error, so it can be read and the notice sent by hand
    // (docs/operations.md, Alarms). EventBridge puts an event it could not hand over here too.
    this.deadLetters = new Queue(this, 'DeadLetters', {
      queueName: `${name}-dead-letters`,
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: removalPolicy(env),
    });
    this.fn.configureAsyncInvoke({ onFailure: new SqsDestination(this.deadLetters), retryAttempts: 2, maxEventAge: Duration.hours(6) });

    this.rule = new Rule(this, 'Rule', {
      description: `Runs ${def.name} on every successful ${def.calls.eventNames.join(', ')}`,
      eventPattern: {
        source: [def.calls.source],
        detailType: ['AWS API Call via CloudTrail'],
        detail: {
          eventSource: [def.calls.eventSource],
          eventName: [...def.calls.eventNames],
          // A failed call (a wrong current password, a wrong code) changed nothing: CloudTrail records it with an errorCode.
          errorCode: [{ exists: false }],
        },
      },
      // EventBridge retries handing the event over for up to 6 hours; a run that fails (SES throttled, say) is run twice
      // more by Lambda's asynchronous retries, and the error alarm below fires; after the last, the event is dead-lettered.
      targets: [new LambdaFunction(this.fn, { retryAttempts: 8, maxEventAge: Duration.hours(6), deadLetterQueue: this.deadLetters })],
    });

    this.errorsAlarm = countAlarm(this, 'ErrorsAlarm', {
      alarmName: `${name}-errors`,
      description: `${def.name} failed: someone's password or two-step sign-in changed and they may not have been told (docs/operations.md, Alarms)`,
      metric: this.fn.metricErrors({ period: Duration.minutes(5) }),
      alarmAction: props.alarmAction,
    });
    this.deadLettersAlarm = countAlarm(this, 'DeadLettersAlarm', {
      alarmName: `${name}-dead-letters`,
      description: `A ${def.name} event failed every retry and waits in ${name}-dead-letters: someone was not told their password or two-step sign-in changed; send it by hand (docs/operations.md, Alarms)`,
      metric: this.deadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
      alarmAction: props.alarmAction,
    });

    if (env.cloudTrail !== 'stack') {
      this.trail = null;
      this.trailBucket = null;
      return;
    }
    this.trailBucket = new Bucket(this, 'TrailBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // The trail exists for EventBridge; its files are kept as long as the environment's logs.
      lifecycleRules: [{ expiration: Duration.days(env.logRetentionDays) }],
      removalPolicy: removalPolicy(env),
      autoDeleteObjects: env.removalPolicy === 'destroy',
    });
    this.trail = new Trail(this, 'Trail', {
      trailName: `${env.namePrefix}-api-calls`,
      bucket: this.trailBucket,
      // Write calls only (every call above changes something), in this region, where the rule listens.
      managementEvents: ReadWriteType.WRITE_ONLY,
      isMultiRegionTrail: false,
      includeGlobalServiceEvents: false,
      enableFileValidation: true,
    });
  }
}
