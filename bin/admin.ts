/**
 * npm run admin -- grant EMAIL [--role admin|staff] | revoke EMAIL [--role admin|staff] | reset-mfa EMAIL | reindex [--dry-run] | reconcile [--env NAME | --data-dir DIR]
  *                 | send-reminders --now [--data-dir DIR] | track-flights --now [--data-dir DIR]
 *
 * Gives or takes the admin or staff role (membership of the Cognito group `admin` or `staff`), clears a locked-out person's
 * authenticator, or brings everything derived from the bookings (index keys, day sheet, search, bays, counters,
 * occupancy) in line with them, or checks every paid booking's books against Stripe and against themselves (reconcile: exit code 1 on a broken rule). Without --env it works on the running local stack (npm start; --data-dir for one
 * with another data folder); with --env it works on that deployed environment, using your AWS credentials.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reindex } from '../functions/maintenance/reindex';
import { readAdminSecret } from '../local/cognito/local-secrets';
import { ensurePassSigningKey } from '../local/pass-key';
import { followClockOf } from '../local/clock';
import { AEROAPI_STANDIN_PATH } from '../local/flight-stand-in';
import { cognitoClient } from '../local/provision';
import { reportLines } from '../functions/maintenance/reindex-report';
import { AdminCommandError, afterChangeNotes, changeAdminRole, type AdminAction, type Role } from '../infra/admin/admin-role';
import { resetMfa } from '../infra/admin/reset-mfa';
import { deployedTableTarget, deployedTarget, localTableTarget, localTarget, type TableTarget } from '../infra/admin/targets';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = `Usage: npm run admin -- grant|revoke|reset-mfa EMAIL [--role admin|staff] [--env NAME | --data-dir DIR]
       npm run admin -- reindex [--dry-run] [--env NAME | --data-dir DIR]
       npm run admin -- reconcile [--env NAME | --data-dir DIR]
       npm run admin -- send-reminders --now [--data-dir DIR]
       npm run admin -- track-flights --now [--data-dir DIR]

  grant EMAIL     make the account with this e-mail an admin (or, with --role staff, yard staff)
  revoke EMAIL    take the admin role (or, with --role staff, the staff role) away
  --role ROLE     admin (the default): everything; staff: the yard's screens, walk-ins, recording
                  payments, no cancelling, refunds, capacity, exports or customer edits
  reset-mfa EMAIL turn off two-step sign-in for someone who lost their authenticator
  reindex         rewrite what is derived from the bookings (index keys, day sheet, search tokens, bay
                  entries) and recount the counters and the yard's occupancy; a full-table scan (docs/operations.md)
  reconcile       check every paid booking's books against Stripe's payments and refunds and against
                  themselves, and list each broken rule (booking reference, rule, what differs); exit code 1 if any
  send-reminders  one pass of the travel-day reminders job on the running local stack: sends the reminders due
                  now (each once) to the outbox; in AWS the schedule runs it every 15 minutes
  track-flights   one pass of the flight tracker on the running local stack: asks the flight stand-in (or AeroAPI
                  with FLIGHT_STATUS_API_KEY) about the return flights due an ask now; in AWS every 5 minutes
  --now           send-reminders, track-flights: run it now (required, so it is never run by a slip of the keyboard)
  --dry-run       reindex: report what would change and the counters' drift, writing nothing
  --env NAME      a deployed environment from cdk.json (dev, prod); uses your AWS credentials
  --data-dir DIR  the data folder of a running local stack (default: .data)

The role travels in the person's tokens: a grant shows in their next token; a revoke also signs them out
everywhere (not possible on the local emulator), but a token they already hold keeps the role until it expires.`;

type Args =
  | { action: AdminAction | 'reset-mfa'; email: string; role: Role; env: string | null; dataDir: string }
  | { action: 'reindex'; dryRun: boolean; env: string | null; dataDir: string }
  | { action: 'reconcile'; env: string | null; dataDir: string }
  | { action: 'send-reminders'; env: string | null; dataDir: string }
  | { action: 'track-flights'; env: string | null; dataDir: string };

function parseArgs(argv: string[]): Args {
  const positional: string[] = [];
  let env: string | null = null;
  let dataDir = path.join(root, '.data');
  let dryRun = false;
  let role: Role | null = null;
  let now = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (!v || v.startsWith('--')) throw new AdminCommandError(`${arg} needs a value\n\n${USAGE}`);
      return v;
    };
    if (arg === '--env') env = value();
    else if (arg === '--data-dir') dataDir = path.resolve(value());
    else if (arg === '--dry-run') dryRun = true;
    else if (arg === '--role') {
      const v = value();
      if (v !== 'admin' && v !== 'staff') throw new AdminCommandError(`--role is admin or staff, not ${v}\n\n${USAGE}`);
      role = v;
    }
    else if (arg === '--now') now = true;
    else if (arg === '--help' || arg === '-h') throw new AdminCommandError(USAGE);
    else if (arg.startsWith('--')) throw new AdminCommandError(`Unknown option ${arg}\n\n${USAGE}`);
    else positional.push(arg);
  }
  const [action, email, ...rest] = positional;
  if (role && action !== 'grant' && action !== 'revoke') throw new AdminCommandError(`--role goes with grant or revoke\n\n${USAGE}`);
  if (action === 'reindex' && positional.length === 1) return { action, dryRun, env, dataDir };
  if (action === 'send-reminders' && positional.length === 1 && now && !dryRun) return { action, env, dataDir };
  if (action === 'track-flights' && positional.length === 1 && now && !dryRun) return { action, env, dataDir };
  if (now) throw new AdminCommandError(USAGE);
  if (action === 'reconcile' && positional.length === 1 && !dryRun) return { action, env, dataDir };
  if ((action !== 'grant' && action !== 'revoke' && action !== 'reset-mfa') || !email || rest.length > 0 || dryRun) throw new AdminCommandError(USAGE);
  return { action, email, role: role ?? 'admin', env, dataDir };
}

/** Points the store (functions/lib/aws.ts reads these when it first makes its client) at the target's table. */
function useTable(target: TableTarget): void {
  process.env.TABLE_NAME = target.tableName;
  process.env.AWS_REGION = target.region;
  if (target.endpoint) process.env.DYNAMODB_ENDPOINT = target.endpoint;
  else delete process.env.DYNAMODB_ENDPOINT;
}

async function runReindex(args: { dryRun: boolean; env: string | null; dataDir: string }): Promise<void> {
  const target = args.env ? await deployedTableTarget(args.env, { cdkJson: path.join(root, 'cdk.json') }) : localTableTarget(args.dataDir);
  useTable(target);
  console.log(`Re-indexing ${target.tableName} in ${target.label}${args.dryRun ? ' (dry run)' : ''}`);
  let report;
  try {
    report = await reindex({ dryRun: args.dryRun, progress: (line) => console.log(line) });
  } catch (error) {
    const e = error as { name?: string; message?: string };
    if (e.name === 'CredentialsProviderError' || /credential/i.test(e.message ?? '')) {
      throw new AdminCommandError(`No usable AWS credentials (${e.message}). Sign in first, e.g. aws sso login --profile NAME, then AWS_PROFILE=NAME npm run admin -- reindex ...`);
    }
    throw error;
  }
  for (const line of reportLines(report)) console.log(line);
  if (!report.complete) process.exitCode = 1;
}

/** Points the Stripe client (functions/lib/stripe.ts) at the target's Stripe: the local stand-in, or the deployed key's secret. */
function useStripe(target: TableTarget): void {
  if (!target.stripe || process.env.STRIPE_SECRET_KEY) return;
  if ('standInUrl' in target.stripe) process.env.STRIPE_STANDIN_URL = target.stripe.standInUrl;
  else process.env.STRIPE_SECRET_ID = target.stripe.secretId;
}

async function runReconcile(args: { env: string | null; dataDir: string }): Promise<void> {
  const target = args.env ? await deployedTableTarget(args.env, { cdkJson: path.join(root, 'cdk.json') }) : localTableTarget(args.dataDir);
  useTable(target);
  useStripe(target);
  // The differences are printed below; the log lines are for the deployed job's alarm.
  process.env.LOG_LEVEL ??= 'SILENT';
  const { reconcileBookings } = await import('../functions/use-cases/booking/reconcile');
  console.log(`Reconciling ${target.tableName} in ${target.label} with Stripe`);
  const report = await reconcileBookings();
  // Each finding with its booking's reference and the rule it breaks (docs/payments.md, Reconcile).
  for (const d of report.differences) console.log(`${d.reference}: [${d.rule}] ${d.detail}`);
  console.log(`${report.checked} paid bookings checked, ${report.differences.length} difference${report.differences.length === 1 ? '' : 's'}`);
  if (report.differences.length > 0) process.exitCode = 1;
}

/** One pass of the reminders job against the running local stack: its table, its outbox, its site URL, pass key and clock. */
async function runSendReminders(args: { env: string | null; dataDir: string }): Promise<void> {
  if (args.env) {
    throw new AdminCommandError(
      `In AWS the schedule runs the reminders every 15 minutes. To run a pass now, invoke the function: aws lambda invoke --function-name <namePrefix>-SendReminders /dev/stdout (docs/operations.md, Reminders).`,
    );
  }
  const target = localTableTarget(args.dataDir);
  useTable(target);
  process.env.EMAIL_OUTBOX_DIR = path.join(args.dataDir, 'outbox');
  process.env.SITE_URL = target.siteUrl;
  process.env.PASS_SIGNING_KEY = ensurePassSigningKey(args.dataDir);
  process.env.LOG_LEVEL ??= 'SILENT';
  // Due by the running stack's clock, which may have been moved (CLOCK, POST /_local/clock), not this machine's.
  if (!target.siteUrl) throw new AdminCommandError(`The local stack's record names no site URL: start it with npm start.`);
  await followClockOf(target.siteUrl);
  const { sendDueReminders } = await import('../functions/use-cases/reminders/send-reminders');
  const summary = await sendDueReminders();
  console.log(`Reminders in ${target.label}: ${summary.due} due now, ${summary.sent} sent, ${summary.alreadySent} already sent, ${summary.failed} failed`);
  if (summary.failed > 0) process.exitCode = 1;
}

/** One pass of the flight tracker against the running local stack: its table, its flight stand-in and its clock. */
async function runTrackFlights(args: { env: string | null; dataDir: string }): Promise<void> {
  if (args.env) {
    throw new AdminCommandError(
      `In AWS the schedule runs the flight tracker every 5 minutes. To run a pass now, invoke the function: aws lambda invoke --function-name <namePrefix>-TrackFlights /dev/stdout (docs/operations.md, Flight tracking).`,
    );
  }
  const target = localTableTarget(args.dataDir);
  useTable(target);
  if (!target.siteUrl) throw new AdminCommandError(`The local stack's record names no site URL: start it with npm start.`);
  // The stand-in the running stack serves, unless a real AeroAPI key is set (functions/lib/flights/flight-provider.ts).
  process.env.FLIGHTS_STANDIN_URL = new URL(AEROAPI_STANDIN_PATH, target.siteUrl).href;
  process.env.LOG_LEVEL ??= 'SILENT';
  await followClockOf(target.siteUrl);
  const { trackFlights } = await import('../functions/use-cases/flights/track-flights');
  const s = await trackFlights();
  if (s.off) throw new AdminCommandError('Flight tracking is off: no provider is configured.');
  console.log(
    `Flight tracking in ${target.label}: ${s.flights} flight(s) for ${s.bookings} booking(s); ${s.asked} asked (${s.found} found, ${s.unknown} unknown, ${s.failed} failed), ${s.refused} refused by a cap, ${s.queued} booking(s) put in the pickup queue by a landing; ${s.toldLanded} traveller(s) told their flight landed${s.deferred ? `, ${s.deferred} left for the next pass` : ''}`,
  );
  if (s.failed > 0) process.exitCode = 1;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.action === 'send-reminders') return runSendReminders(args);
  if (args.action === 'track-flights') return runTrackFlights(args);
  if (args.action === 'reindex') return runReindex(args);
  if (args.action === 'reconcile') return runReconcile(args);
  // The local emulator's admin operations need the install's admin secret, from the same data folder (its owner's only).
  const localAdmin = (endpoint: string) => cognitoClient(endpoint, readAdminSecret(args.dataDir));
  const target = args.env ? await deployedTarget(args.env, { cdkJson: path.join(root, 'cdk.json') }) : localTarget(args.dataDir, localAdmin);
  if (args.action === 'reset-mfa') {
    for (const username of await resetMfa(target, args.email)) console.log(`${args.email} (${username}): two-step sign-in turned off in ${target.label}`);
    console.log('They sign in with their password alone and can set up an authenticator again under Profile > Password & Security.');
    return;
  }
  const changes = await changeAdminRole(target, args.action, args.email, args.role);
  for (const change of changes) console.log(`${args.email} (${change.username}): ${args.role} role ${change.outcome} in ${target.label}`);
  const notes = afterChangeNotes(target, changes, args.role);
  for (const line of notes.lines) console.log(line);
  if (notes.incomplete) {
    console.error('Not everything was done: see the retry command above.');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof AdminCommandError ? error.message : error);
  process.exit(1);
});
