/**
 * What an operator watches: alarms on the SNS topic of infra/refund-alarms.ts, and one dashboard
 * with the business events and every alarm of the stack. docs/operations.md (Alarms) is the runbook for each alarm.
 * - `<function>-5xx`, one per route: the share of the route's requests that API Gateway answered with a 5xx (its access
 *   log, counted per route by one metric filter) against the route function's invocations; any 5xx at low traffic.
 *   The webhook's is the 'webhook failing' alarm: Stripe retries, but nothing is confirmed meanwhile.
 * - `<prefix>-WebhookSignatureFailures`: deliveries whose Stripe signature did not verify (a signing secret that no
 *   longer matches, or forged calls).
 * - `<prefix>-RefundPendingTooLong`: the oldest refund in flight (the refund worker reports its age each pass) is older
 *   than any refund that is still being retried can be; missing reports count too (the worker is not running).
 * - `<prefix>-PaymentsHeldForReview`: a payment Stripe took that the booking did not expect; staff must decide.
 * - `<prefix>-DynamoDBThrottles`: the table or one of its indexes refused reads or writes.
 * - `<prefix>-FlightStatusFailures` (only where flight tracking is on): the flight-status provider keeps failing.
 * The one function invoked asynchronously with an event that would be lost, the security notice, has its dead-letter
 * queue and the alarm on it in infra/security-notices.ts (docs/operations.md says why the others need none).
 * Alarms made elsewhere (refunds, jobs, the security notice) come in as `otherAlarms` and are shown on the dashboard.
 */
import { Duration } from 'aws-cdk-lib';
import {
  Alarm,
  AlarmStatusWidget,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  SingleValueWidget,
  Stats,
  TextWidget,
  TreatMissingData,
  type IAlarmAction,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { BUSINESS_METRICS, OLDEST_PENDING_REFUND_METRIC, SERVICE_NAME } from '../functions/lib/metric-names';
import { TABLE_KEYS } from '../functions/store/keys';
import type { Api } from './api';
import { metricsNamespace, type Environment } from './environments';
import { functionName } from './route-function';
import { countAlarm } from './alarms';

/** The access-log count of 5xx answers, per route key (a dimension taken from the log line). */
export const SERVER_ERRORS_METRIC = 'ServerErrors';
/** A route alarms when at least this share (%) of its requests in five minutes were answered with a 5xx. */
export const ROUTE_5XX_PERCENT = 5;
/** Longer than a refund can be retried (about 3.5 hours, use-cases/booking/refund.ts): it is stuck. */
export const REFUND_PENDING_ALARM_SECONDS = 4 * 60 * 60;
/** Throttled reads and writes in five minutes (the SDK retries a few; more is callers waiting or failing). */
export const DYNAMODB_THROTTLE_THRESHOLD = 5;

const FIVE_MINUTES = Duration.minutes(5);

/**
 * Provider failures in half an hour that make the flight-status alarm: a single 429 or 5xx is retried on the next due
 * pass and is no news; six in 30 minutes is most passes failing (the tracker runs every 5 minutes).
 */
export const FLIGHT_FAILURES_ALARM = { count: 6, minutes: 30 } as const;

export interface MonitoringProps {
  env: Environment;
  alarmAction: IAlarmAction;
  api: Api;
  table: ITable;
  /** Alarms made elsewhere (the refund alarms, the jobs'), shown on the dashboard with these. */
  otherAlarms: Alarm[];
}

export class Monitoring extends Construct {
  readonly dashboard: Dashboard;
  readonly routeAlarms: Alarm[] = [];
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { env } = props;
    const namespace = metricsNamespace(env);
    const business = (metricName: string, statistic: string = Stats.SUM, period: Duration = FIVE_MINUTES) =>
      new Metric({ namespace, metricName, dimensionsMap: { service: SERVICE_NAME }, statistic, period });
    const alarm = (id: string, p: { name: string; description: string; metric: Metric | MathExpression; threshold: number; evaluationPeriods?: number; missing?: TreatMissingData }) => {
      const a = countAlarm(this, id, {
        alarmName: p.name,
        description: `${p.description} (docs/operations.md, Alarms)`,
        metric: p.metric,
        threshold: p.threshold,
        ...(p.evaluationPeriods ? { evaluationPeriods: p.evaluationPeriods } : {}),
        ...(p.missing ? { missing: p.missing } : {}),
        alarmAction: props.alarmAction,
      });
      this.alarms.push(a);
      return a;
    };

    // 5xx per route, from what API Gateway answered: a handled 500, a crash, a timeout and a throttled function alike.
    new MetricFilter(this, 'ServerErrorsByRoute', {
      logGroup: props.api.accessLogs,
      filterPattern: FilterPattern.literal('{ $.status = "5*" }'),
      metricNamespace: namespace,
      metricName: SERVER_ERRORS_METRIC,
      metricValue: '1',
      dimensions: { route: '$.routeKey' },
    });
    for (const { route, handler } of props.api.routes) {
      const routeKey = `${route.method} ${route.path}`;
      const errors = new Metric({ namespace, metricName: SERVER_ERRORS_METRIC, dimensionsMap: { route: routeKey }, statistic: Stats.SUM, period: FIVE_MINUTES });
      const invocations = handler.fn.metricInvocations({ statistic: Stats.SUM, period: FIVE_MINUTES });
      // e / max(i, e): a throttled request never reached the function, so it is an error but not an invocation.
      const rate = new MathExpression({
        expression: 'IF(FILL(e, 0) > 0, 100 * FILL(e, 0) / IF(FILL(i, 0) > FILL(e, 0), FILL(i, 0), FILL(e, 0)), 0)',
        usingMetrics: { e: errors, i: invocations },
        period: FIVE_MINUTES,
        label: `${routeKey} 5xx %`,
      });
      this.routeAlarms.push(
        alarm(`${handler.node.id}5xx`, {
          name: `${functionName(env, route)}-5xx`,
          description: `${routeKey}: ${ROUTE_5XX_PERCENT}% or more of its requests answered with a 5xx in five minutes`,
          metric: rate,
          threshold: ROUTE_5XX_PERCENT,
        }),
      );
    }

    const signatureFailures = business(BUSINESS_METRICS.webhookSignatureFailure);
    alarm('WebhookSignatureFailures', {
      name: `${env.namePrefix}-WebhookSignatureFailures`,
      description: "Stripe webhook deliveries refused because their signature did not verify: the webhook secret may not match Stripe's",
      metric: signatureFailures,
      threshold: 1,
    });

    const oldestRefund = business(OLDEST_PENDING_REFUND_METRIC, Stats.MAXIMUM);
    alarm('RefundPendingTooLong', {
      name: `${env.namePrefix}-RefundPendingTooLong`,
      description: 'A refund has been in flight longer than its retries can take, or the refund worker has stopped reporting',
      metric: oldestRefund,
      threshold: REFUND_PENDING_ALARM_SECONDS,
      evaluationPeriods: 3,
      // The worker reports every minute; fifteen minutes without a report is a worker that is not running.
      missing: TreatMissingData.BREACHING,
    });

    alarm('PaymentsHeldForReview', {
      name: `${env.namePrefix}-PaymentsHeldForReview`,
      description: 'A payment was taken that its booking did not expect (another amount, or after the checkout ended): staff must confirm or refund it',
      metric: business(BUSINESS_METRICS.paymentHeldForReview),
      threshold: 1,
    });

    alarm('BalancePaymentsRefunded', {
      name: `${env.namePrefix}-BalancePaymentsRefunded`,
      description: 'A balance paid online was more than its booking could keep (paid twice, beyond what was due, or after a cancellation): the excess was refunded (docs/operations.md, Alarms)',
      metric: business(BUSINESS_METRICS.balancePaymentRefunded),
      threshold: 1,
    });

    // Only where tracking is on (a provider key is named): the tracker's requests that met no usable answer.
    if (env.flightStatusSecretName) {
      alarm('FlightStatusFailures', {
        name: `${env.namePrefix}-FlightStatusFailures`,
        description: `The flight-status provider failed ${FLIGHT_FAILURES_ALARM.count} or more requests in ${FLIGHT_FAILURES_ALARM.minutes} minutes (429, 5xx, no answer or a strange one): flights are not being updated`,
        metric: business(BUSINESS_METRICS.flightStatusFailure, Stats.SUM, Duration.minutes(FLIGHT_FAILURES_ALARM.minutes)),
        threshold: FLIGHT_FAILURES_ALARM.count,
      });
    }

    const throttleMetrics: Record<string, Metric> = {};
    const tableName = props.table.tableName;
    const throttles = (suffix: string, dimensionsMap: Record<string, string>) => {
      for (const metricName of ['ReadThrottleEvents', 'WriteThrottleEvents']) {
        throttleMetrics[`${metricName === 'ReadThrottleEvents' ? 'r' : 'w'}${suffix}`] = new Metric({ namespace: 'AWS/DynamoDB', metricName, dimensionsMap, statistic: Stats.SUM, period: FIVE_MINUTES });
      }
    };
    throttles('table', { TableName: tableName });
    for (const index of TABLE_KEYS.indexes) throttles(index.name, { TableName: tableName, GlobalSecondaryIndexName: index.name });
    const throttleSum = new MathExpression({
      expression: Object.keys(throttleMetrics)
        .map((k) => `FILL(${k}, 0)`)
        .join(' + '),
      usingMetrics: throttleMetrics,
      period: FIVE_MINUTES,
      label: 'Throttled reads and writes',
    });
    alarm('DynamoDBThrottles', {
      name: `${env.namePrefix}-DynamoDBThrottles`,
      description: `The table or an index throttled ${DYNAMODB_THROTTLE_THRESHOLD} or more reads or writes in five minutes`,
      metric: throttleSum,
      threshold: DYNAMODB_THROTTLE_THRESHOLD,
    });

    const hourly = (name: string) => business(name, Stats.SUM, Duration.hours(1));
    const allAlarms = [...this.alarms, ...props.otherAlarms];
    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: env.namePrefix,
      defaultInterval: Duration.days(7),
      widgets: [
        [new TextWidget({ markdown: `# Runway Parking (${env.name})\nBusiness events per hour, the refund queue, 5xx by route and every alarm. What each alarm means and what to do: docs/operations.md, Alarms.`, width: 24, height: 2 })],
        [
          new GraphWidget({
            title: 'Bookings (per hour)',
            left: [hourly(BUSINESS_METRICS.checkoutStarted), hourly(BUSINESS_METRICS.bookingConfirmed), hourly(BUSINESS_METRICS.paymentHeldForReview)],
            width: 12,
          }),
          new GraphWidget({
            title: 'Refunds (per hour)',
            left: [hourly(BUSINESS_METRICS.refundRequested), hourly(BUSINESS_METRICS.refundMade), hourly(BUSINESS_METRICS.refundFailed), hourly(BUSINESS_METRICS.balancePaymentRefunded)],
            width: 12,
          }),
        ],
        [
          new GraphWidget({ title: 'Oldest refund in flight (seconds)', left: [oldestRefund], width: 8 }),
          new GraphWidget({ title: 'Webhook signature failures', left: [signatureFailures], width: 8 }),
          new GraphWidget({ title: 'DynamoDB throttled requests', left: [throttleSum], width: 8 }),
        ],
        [
          new GraphWidget({
            title: '5xx answers by route',
            left: [new MathExpression({ expression: `SEARCH('{${namespace},route} MetricName="${SERVER_ERRORS_METRIC}"', 'Sum', 300)`, label: '', period: FIVE_MINUTES })],
            width: 16,
          }),
          new SingleValueWidget({ title: 'Last 24 hours', metrics: [business(BUSINESS_METRICS.bookingConfirmed, Stats.SUM, Duration.days(1)), business(BUSINESS_METRICS.refundFailed, Stats.SUM, Duration.days(1))], width: 8 }),
        ],
        ...(env.flightStatusSecretName
          ? [[new GraphWidget({ title: 'Flight status requests (per hour)', left: [hourly(BUSINESS_METRICS.flightStatusRequest), hourly(BUSINESS_METRICS.flightStatusFailure), hourly(BUSINESS_METRICS.flightStatusRefused)], width: 24 })]]
          : []),
        [new AlarmStatusWidget({ title: 'Alarms', alarms: allAlarms, width: 24, height: Math.max(3, Math.ceil(allAlarms.length / 4) + 1) })],
      ],
    });
  }
}
