/**
 * npm run admin -- grant EMAIL | revoke EMAIL | reset-mfa EMAIL [--env NAME | --data-dir DIR]
 *
 * Gives or takes the admin role (membership of the Cognito group `admin`), or clears a locked-out person's
 * authenticator. Without --env it works on the
 * running local stack (npm start; --data-dir for one with another data folder); with --env it works on
 * that deployed environment, using your AWS credentials.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AdminCommandError, afterChangeNotes, changeAdminRole, type AdminAction } from '../infra/admin/admin-role';
import { resetMfa } from '../infra/admin/reset-mfa';
import { deployedTarget, localTarget } from '../infra/admin/targets';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = `Usage: npm run admin -- grant|revoke|reset-mfa EMAIL [--env NAME | --data-dir DIR]

  grant EMAIL     make the account with this e-mail an admin
  revoke EMAIL    take the admin role away
  reset-mfa EMAIL turn off two-step sign-in for someone who lost their authenticator
  --env NAME      a deployed environment from cdk.json (dev, prod); uses your AWS credentials
  --data-dir DIR  the data folder of a running local stack (default: .data)

The role travels in the person's tokens: a grant shows in their next token; a revoke also signs them out
everywhere (not possible on the local emulator), but a token they already hold keeps the role until it expires.`;

interface Args {
  action: AdminAction | 'reset-mfa';
  email: string;
  env: string | null;
  dataDir: string;
}

function parseArgs(argv: string[]): Args {
  const positional: string[] = [];
  let env: string | null = null;
  let dataDir = path.join(root, '.data');
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (!v || v.startsWith('--')) throw new AdminCommandError(`${arg} needs a value\n\n${USAGE}`);
      return v;
    };
    if (arg === '--env') env = value();
    else if (arg === '--data-dir') dataDir = path.resolve(value());
    else if (arg === '--help' || arg === '-h') throw new AdminCommandError(USAGE);
    else if (arg.startsWith('--')) throw new AdminCommandError(`Unknown option ${arg}\n\n${USAGE}`);
    else positional.push(arg);
  }
  const [action, email, ...rest] = positional;
  if ((action !== 'grant' && action !== 'revoke' && action !== 'reset-mfa') || !email || rest.length > 0) throw new AdminCommandError(USAGE);
  return { action, email, env, dataDir };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const target = args.env ? await deployedTarget(args.env, { cdkJson: path.join(root, 'cdk.json') }) : localTarget(args.dataDir);
  if (args.action === 'reset-mfa') {
    for (const username of await resetMfa(target, args.email)) console.log(`${args.email} (${username}): two-step sign-in turned off in ${target.label}`);
    console.log('They sign in with their password alone and can set up an authenticator again under Profile > Password & Security.');
    return;
  }
  const changes = await changeAdminRole(target, args.action, args.email);
  for (const change of changes) console.log(`${args.email} (${change.username}): ${change.outcome} in ${target.label}`);
  const notes = afterChangeNotes(target, changes);
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
