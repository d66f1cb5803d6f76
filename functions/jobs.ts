/**
 * Functions that run on a schedule rather than for a request. The CDK stack gives each a Lambda function, an
 * EventBridge schedule and its grants (infra/jobs.ts); `npm start` runs the same modules on an interval inside the
 * local stack (local/jobs.ts). Keep AWS CDK imports out of this file.
 */
import type { Need } from './routes';

export interface JobDef {
  /** The Lambda function's short name. */
  name: string;
  /** Handler module, relative to functions/; it exports `handler`. */
  entry: string;
  /** How often AWS runs it (minutes); locally it runs more often, since each pass does only what is due. */
  everyMinutes: number;
  needs: readonly Need[];
  timeoutSeconds: number;
  /** Whether `npm start` runs it on its short interval too (a daily job is run by hand there: npm run admin). */
  local: boolean;
  /** It sends refunds: its log counts for the refund alarms (infra/refund-alarms.ts). */
  sendsRefunds: boolean;
  /**
   * Made in AWS only where the environment configures this (cdk.json): 'flight-status' needs the provider's key
   * (flightStatusSecretName); without it tracking is off and the stack has no tracker.
   */
  onlyWith?: 'flight-status';
}

export const jobs: readonly JobDef[] = [
  // Sends refunds still in flight (functions/use-cases/booking/refund.ts); reads the queue's one partition.
  { name: 'SendRefunds', entry: 'jobs/send-refunds.ts', everyMinutes: 1, needs: ['table:read', 'table:write', 'stripe'], timeoutSeconds: 50, local: true, sendsRefunds: true },
  // Compares every paid booking's ledger with Stripe (functions/use-cases/booking/reconcile.ts); read-only.
  // The travel-day reminders (functions/use-cases/reminders/): reads the day sheet by key, sends each reminder once.
  { name: 'SendReminders', entry: 'jobs/send-reminders.ts', everyMinutes: 15, needs: ['table:read', 'reminders:write', 'email', 'sms', 'pass:sign'], timeoutSeconds: 300, local: true, sendsRefunds: false },
  // The return flights' tracker (functions/use-cases/flights/track-flights.ts): the day sheet's pick-ups by key, one
  // provider request per flight and date when due, within the caps.
  { name: 'TrackFlights', entry: 'jobs/track-flights.ts', everyMinutes: 5, needs: ['table:read', 'flights:write', 'pickups:queue', 'flight-status'], timeoutSeconds: 240, local: true, sendsRefunds: false, onlyWith: 'flight-status' },
  { name: 'Reconcile', entry: 'jobs/reconcile.ts', everyMinutes: 24 * 60, needs: ['table:read', 'stripe'], timeoutSeconds: 900, local: false, sendsRefunds: false },
];
