/**
 * Alarms on refunds: the SNS topic every alarm of the stack sends to (e-mailing `alarmEmail` when set),
 * the refund worker as a scheduled job, and two alarms counted across every function that sends refunds (the
 * routes that change or cancel a paid booking send at once; the worker sends what is left):
 * - RefundsFailed: a refund Stripe refused, or that met no answer for every attempt (staff must refund by hand);
 * - RefundsUnconfirmed: a refund still unanswered after its fifth attempt (about an hour): Stripe or the network
 *   is failing and the worker keeps trying;
 * - ReconcileDifferences: the daily reconcile (a scheduled job) logged a booking whose ledger differs from Stripe.
 */
import { Duration } from 'aws-cdk-lib';
import { MathExpression } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { FilterPattern, MetricFilter, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { metricsNamespace } from './environments';
import { configuredJobs, ScheduledJob } from './jobs';
import type { SharedFunctionSettings } from './route-function';
import { countAlarm } from './alarms';

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
    const alarm = (name: string, metricName: string, pattern: string, description: string) => {
      // Every sender's filter writes the same metric (no dimensions), so one series counts them all.
      const [metric] = counted(metricName, pattern);
      return countAlarm(this, name, {
        alarmName: `${env.namePrefix}-${metricName}`,
        description,
        metric: new MathExpression({ expression: 'FILL(m, 0)', usingMetrics: { m: metric! }, period: Duration.minutes(5) }),
        alarmAction: action,
      });
    };
    alarm('RefundsFailedAlarm', REFUND_ALARM_METRICS.failed, '{ $.message = "Refund failed" }', 'A refund was refused by Stripe or never answered: refund it by hand (docs/operations.md, Alarms)');
    const reconcile = this.jobs.find((j) => j.job.name === 'Reconcile');
    reconcile?.logAlarm('DifferenceAlarm', {
      message: 'Reconcile difference',
      metricName: RECONCILE_METRIC,
      alarmName: `${env.namePrefix}-${RECONCILE_METRIC}`,
      description: "The daily reconcile found a booking whose ledger differs from Stripe's payments and refunds (docs/operations.md, Alarms)",
      alarmAction: action,
    });
    alarm('RefundsUnconfirmedAlarm', REFUND_ALARM_METRICS.unconfirmed, '{ $.message = "Refund not confirmed yet; it will be sent again" && $.attempts >= 5 }', 'A refund has met no answer from Stripe for about an hour (docs/operations.md, Alarms)');
  }
}
