/**
 * The names the functions write metrics under and the CDK stack alarms on (infra/monitoring.ts), in one place so
 * the two cannot drift. Nothing here runs anything: the CDK app imports it.
 */

/** The `service` of every log line, and the one dimension of every business metric. */
export const SERVICE_NAME = 'runway-parking-api';

export const BUSINESS_METRICS = {
  checkoutStarted: 'CheckoutsStarted',
  bookingConfirmed: 'BookingsConfirmed',
  paymentHeldForReview: 'PaymentsHeldForReview',
  /** A balance paid online that the booking could not keep whole (paid twice, beyond what is due, after a cancellation): refunded. */
  balancePaymentRefunded: 'BalancePaymentsRefunded',
  refundRequested: 'RefundsRequested',
  refundMade: 'RefundsMade',
  refundFailed: 'RefundFailures',
  webhookSignatureFailure: 'WebhookSignatureFailures',
  /** A request to the flight-status provider (functions/use-cases/flights/track-flights.ts), answered or not. */
  flightStatusRequest: 'FlightStatusRequests',
  /** A request that met no usable answer (429, 5xx, no answer, a strange one): the alarm counts these. */
  flightStatusFailure: 'FlightStatusFailures',
  /** An ask the per-flight or per-day cap refused. */
  flightStatusRefused: 'FlightStatusRequestsRefused',
} as const;

export type BusinessMetric = (typeof BUSINESS_METRICS)[keyof typeof BUSINESS_METRICS];

/** Seconds since the oldest refund still in flight was asked for (0 when none is): the refund worker reports it each pass. */
export const OLDEST_PENDING_REFUND_METRIC = 'OldestPendingRefundAge';
