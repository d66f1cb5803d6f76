/**
 * Business events as CloudWatch metrics, in the embedded metric format (EMF): a JSON line in the function's log that
 * CloudWatch turns into a metric, so no API call and no grant. The use case where an event happens counts it; the
 * handler stack (lib/observed.ts) writes what the invocation counted as one line when it ends.
 *
 * Only where the stack names a namespace (POWERTOOLS_METRICS_NAMESPACE, set on every function by infra/): locally and
 * in the tests nothing sets it, nothing is counted and no EMF line is written, so local output stays as it was.
 * infra/monitoring.ts alarms on these names and draws them on the dashboard.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { OLDEST_PENDING_REFUND_METRIC, SERVICE_NAME, type BusinessMetric } from './metric-names';

export { BUSINESS_METRICS } from './metric-names';

let instance: Metrics | null = null;

/** The one Metrics instance, made on first use and only when the stack named a namespace; null otherwise. */
function metrics(): Metrics | null {
  const namespace = process.env.POWERTOOLS_METRICS_NAMESPACE;
  if (!namespace) return null;
  instance ??= new Metrics({ namespace, serviceName: SERVICE_NAME });
  return instance;
}

/** One occurrence of a business event. */
export function countEvent(name: BusinessMetric, count = 1): void {
  metrics()?.addMetric(name, MetricUnit.Count, count);
}

/** The refund queue's oldest request's age, for the 'refund pending too long' alarm. */
export function recordOldestPendingRefund(ageSeconds: number): void {
  metrics()?.addMetric(OLDEST_PENDING_REFUND_METRIC, MetricUnit.Seconds, Math.max(0, Math.round(ageSeconds)));
}

/** Writes what this invocation counted (nothing when it counted nothing, so a quiet request writes no line). */
export function publishCountedMetrics(): void {
  if (instance?.hasStoredMetrics()) instance.publishStoredMetrics();
}
