/**
 * The scheduled jobs of functions/jobs.ts: one Lambda function each (bundled like the routes, with its own role,
 * log group and the grants its needs declare), an EventBridge schedule, and alarms on an SNS topic:
 * - the job's errors (a pass that threw, three minutes running: the worker is not running);
 * - a failed refund (the business metric RefundFailures: Stripe refused it, it met no answer for MAX_REFUND_ATTEMPTS,
 *   or Stripe failed it after making it): staff must act;
 * - a refund still unanswered after an hour ('Refund not confirmed yet' with attempts >= 5).
 * docs/operations.md (Alarms) says what each means and what to do.
 */
import { Duration } from 'aws-cdk-lib';
import type { Alarm, IAlarmAction } from 'aws-cdk-lib/aws-cloudwatch';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Function as BundledLambda } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, LogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { jobs, type JobDef } from '../functions/jobs';
import { usesTable } from '../functions/routes';
import { metricsNamespace } from './environments';
import { grantNeed } from './grants';
import { removalPolicy } from './removal';
import { bundledFunction, type SharedFunctionSettings } from './route-function';
import { countAlarm } from './alarms';

export class ScheduledJob extends Construct {
  readonly fn: BundledLambda;
  readonly logGroup: LogGroup;
  readonly job: JobDef;
  readonly #namespace: string;

  constructor(scope: Construct, id: string, props: { job: JobDef; settings: SharedFunctionSettings; alarmAction: IAlarmAction }) {
    super(scope, id);
    const { job, settings } = props;
    this.job = job;
    const env = settings.env;
    this.#namespace = metricsNamespace(env);
    const name = `${env.namePrefix}-${job.name}`;
    this.logGroup = new LogGroup(this, 'Logs', { logGroupName: `/aws/lambda/${name}`, retention: env.logRetentionDays, removalPolicy: removalPolicy(env) });
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com'), description: `Scheduled ${job.name}: ${job.needs.join(', ')}` });
    this.logGroup.grantWrite(role);
    // SMS only where the environment turns it on: elsewhere the job may not publish at all.
    const sms = env.sms !== undefined && job.needs.includes('sms');
    for (const need of new Set(job.needs)) if (need !== 'sms' || sms) grantNeed(role, need, settings.targets);
    this.fn = bundledFunction(this, {
      name,
      description: `Scheduled job ${job.name}, every ${job.everyMinutes} minute(s)`,
      entry: job.entry,
      memoryMb: 256,
      timeoutSeconds: job.timeoutSeconds,
      role,
      logGroup: this.logGroup,
      environment: {
        LOG_LEVEL: 'INFO',
        POWERTOOLS_METRICS_NAMESPACE: metricsNamespace(env),
        NODE_OPTIONS: '--enable-source-maps',
        ...(usesTable(job.needs) ? { TABLE_NAME: settings.targets.table.tableName } : {}),
        ...(job.needs.includes('stripe') ? { STRIPE_SECRET_ID: env.stripeSecretName } : {}),
        ...(job.needs.includes('flight-status') && env.flightStatusSecretName ? { FLIGHT_STATUS_SECRET_ID: env.flightStatusSecretName } : {}),
        ...(job.needs.includes('pass:sign') ? { PASS_SIGNING_SECRET_ID: settings.targets.passSigningKey.secretArn } : {}),
        // A job that e-mails travellers links to the site (the pass) from the one configured origin.
        ...(job.needs.includes('email') ? { EMAIL_FROM: settings.emailFrom, SITE_URL: settings.siteUrl } : {}),
        ...(sms ? { SMS_REMINDERS: 'on', ...(env.sms?.senderId ? { SMS_SENDER_ID: env.sms.senderId } : {}) } : {}),
      },
      // One pass at a time: a slow pass is never overlapped by the next minute's.
      reservedConcurrency: 1,
    });
    new Rule(this, 'Schedule', {
      description: `Runs ${job.name} every ${job.everyMinutes} minute(s)`,
      schedule: Schedule.rate(Duration.minutes(job.everyMinutes)),
      // A missed pass is not retried: the next one does the same work.
      targets: [new LambdaFunction(this.fn, { retryAttempts: 0 })],
    });
    // One period per scheduled pass, so a failed pass is a breaching period and a pass not due is no data: three
    // failed passes running for a frequent job, the one failed pass for a daily one (a day with no reconciliation).
    const passes = failedPassesToAlarm(job.everyMinutes);
    countAlarm(this, 'ErrorsAlarm', {
      alarmName: `${name}-errors`,
      description: `${job.name} failed ${passes === 1 ? 'a pass' : `${passes} passes running`} (docs/operations.md, Alarms)`,
      metric: this.fn.metricErrors({ period: Duration.minutes(job.everyMinutes) }),
      evaluationPeriods: passes,
      alarmAction: props.alarmAction,
    });
  }

  /** An alarm on log lines: `message` as the product logs it, counted per 5 minutes. */
  logAlarm(id: string, props: { message: string; extra?: string; metricName: string; alarmName?: string; description: string; alarmAction: IAlarmAction }): Alarm {
    const pattern = FilterPattern.literal(`{ $.message = "${props.message}"${props.extra ? ` && ${props.extra}` : ''} }`);
    const filter = new MetricFilter(this, `${id}Filter`, { logGroup: this.logGroup, filterPattern: pattern, metricNamespace: this.#namespace, metricName: props.metricName, metricValue: '1', defaultValue: 0 });
    return countAlarm(this, id, {
      alarmName: props.alarmName ?? `${this.fn.functionName}-${props.metricName}`,
      description: props.description,
      metric: filter.metric({ period: Duration.minutes(5), statistic: 'Sum' }),
      alarmAction: props.alarmAction,
    });
  }
}

/** The jobs an environment runs: one that needs a setting it leaves out (the flight tracker without a provider key) is not made. */
export function configuredJobs(env: { flightStatusSecretName?: string | undefined }): JobDef[] {
  return jobs.filter((job) => job.onlyWith !== 'flight-status' || env.flightStatusSecretName !== undefined);
}

/** How many failed passes running make a job's errors alarm: three for a job run hourly or more often, else one. */
export function failedPassesToAlarm(everyMinutes: number): number {
  return everyMinutes <= 60 ? 3 : 1;
}
