/**
 * Alarms on refunds: the SNS topic every alarm of the stack sends to (e-mailing `alarmEmail` when set),
 * the refund worker as a scheduled job, and the alarms on refunds, counted across every function that sends or settles
 * them (the routes that change or cancel a paid booking send at once; the worker sends what is left; the webhook
 * settles what Stripe's list says):
 * - RefundsFailed: a refund Stripe refused, that met no answer for every attempt, or that Stripe failed after making
 *   it (staff must refund by hand). It watches the business metric the settling code counts, `RefundFailures`
 *   (functions/lib/metric-names.ts, written as EMF by every function with the one `service` dimension), so one
 *   failure is counted once, under one name, whichever function settled it; no log text is matched;
 * - RefundsUnconfirmed: a refund still unanswered after its fifth attempt (about an hour): Stripe or the network
 *   is failing and the worker keeps trying (a log line, not a business event: a metric filter on each sender);
 * - ReconcileDifferences: the daily reconcile (a scheduled job) logged a booking whose ledger differs from Stripe.
 */
import { Duration } from 'aws-cdk-lib';
import { MathExpression, Metric, Stats } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { FilterPattern, MetricFilter, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { BUSINESS_METRICS, SERVICE_NAME } from '../functions/lib/metric-names';
import { metricsNamespace } from './environments';
import { configuredJobs, ScheduledJob } from './jobs';
import type { SharedFunctionSettings } from './route-function';
import { countAlarm } from './alarms';

/** The alarms' names (after the environment's prefix); `unconfirmed` is also the metric its log filters write. */
export const REFUND_ALARM_METRICS = { failed: 'RefundsFailed', unconfirmed: 'RefundsUnconfirmed' } as const;
export const RECONCILE_METRIC = 'ReconcileDifferences';

export class Operations extends Construct {
  readonly topic: Topic;
  /** Notifies the topic: every alarm of the stack uses it. */
  readonly alarmAction: SnsAction;
  readonly jobs: ScheduledJob[];

  constructor(scope: Construct, id: string, props: { settings: SharedFunctionSettings; refundSenders: ILogGroup[] }) {
    super(scope, id);
    const { env } = props.settings;
    this.topic = new Topic(this, 'Alarms', { displayName: `Runway Parking ${env.name} alarms`, enforceSSL: true });
    if (env.alarmEmail) this.topic.addSubscription(new EmailSubscription(env.alarmEmail));
    const action = new SnsAction(this.topic);
    this.alarmAction = action;
    this.jobs = configuredJobs(env).map((job) => new ScheduledJob(this, job.name, { job, settings: props.settings, alarmAction: action }));

    const senders = [...props.refundSenders, ...this.jobs.filter((j) => j.job.sendsRefunds).map((j) => j.logGroup)];
    const counted = (metricName: string, pattern: string) =>
      senders.map((logGroup, i) =>
        new MetricFilter(this, `${metricName}${i}`, { logGroup, filterPattern: FilterPattern.literal(pattern), metricNamespace: metricsNamespace(env), metricName, metricValue: '1', defaultValue: 0 }).metric({
          period: Duration.minutes(5),
          statistic: 'Sum',
        }),
      );
    const alarm = (name: string, alarmName: string, metric: Metric, description: string) =>
      countAlarm(this, name, {
        alarmName: `${env.namePrefix}-${alarmName}`,
        description,
        metric: new MathExpression({ expression: 'FILL(m, 0)', usingMetrics: { m: metric }, period: Duration.minutes(5) }),
        alarmAction: action,
      });
    // Every sender's filter writes the same metric (no dimensions), so one series counts them all.
    const logged = (metricName: string, pattern: string) => counted(metricName, pattern)[0]!;
    const failures = new Metric({ namespace: metricsNamespace(env), metricName: BUSINESS_METRICS.refundFailed, dimensionsMap: { service: SERVICE_NAME }, statistic: Stats.SUM, period: Duration.minutes(5) });
    alarm('RefundsFailedAlarm', REFUND_ALARM_METRICS.failed, failures, 'A refund was refused by Stripe, never answered or failed after it was made: refund it by hand (docs/operations.md, Alarms)');
    const reconcile = this.jobs.find((j) => j.job.name === 'Reconcile');
    reconcile?.logAlarm('DifferenceAlarm', {
      message: 'Reconcile difference',
      metricName: RECONCILE_METRIC,
      alarmName: `${env.namePrefix}-${RECONCILE_METRIC}`,
      description: "The daily reconcile found a booking whose ledger differs from Stripe's payments and refunds (docs/operations.md, Alarms)",
      alarmAction: action,
    });
    alarm('RefundsUnconfirmedAlarm', REFUND_ALARM_METRICS.unconfirmed, logged(REFUND_ALARM_METRICS.unconfirmed, '{ $.message = "Refund not confirmed yet; it will be sent again" && $.attempts >= 5 }'), 'A refund has met no answer from Stripe for about an hour (docs/operations.md, Alarms)');
  }
}
