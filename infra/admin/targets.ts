/**
 * Which user pool or table `npm run admin` works on: the running local stack (found through the
 * <dataDir>/local-stack.json it writes while it runs), or a deployed environment, whose pool id and table name
 * come from its CloudFormation stack outputs, read with the caller's own AWS credentials.
 * The environments and the token lifetime are read from the CDK app's modules, which load aws-cdk-lib (1.6 s): only
 * when a deployed environment is asked for, so a command on the local stack starts without it.
 */
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AdminCommandError, type PoolTarget } from './admin-role';

/** The stack outputs holding the pool id and the table name (infra/stack.ts OUTPUT_KEYS.userPoolId, .tableName). */
export const USER_POOL_OUTPUT = 'UserPoolId';
export const TABLE_OUTPUT = 'TableName';

interface LocalStackState {
  url: string;
  pid: number;
  endpoints: { cognito: string; dynamodb?: string };
  userPoolId: string;
  /** The emulators' region (any name works for them; older state files have none). */
  region?: string;
  tableName?: string;
}

/** A DynamoDB table to work on: the local emulator's (with its endpoint) or a deployed one (AWS's endpoint). */
export interface TableTarget {
  tableName: string;
  region: string;
  /** The local emulator's endpoint; null for AWS. */
  endpoint: string | null;
  label: string;
  /** Where its Stripe is (reconcile): the local stand-in's URL, or the deployed Stripe key's secret name. */
  stripe?: { standInUrl: string } | { secretId: string };
  /** The local stack's own URL (its SITE_URL), for commands that make links (send-reminders). */
  siteUrl?: string;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function runningLocalStack(dataDir: string): LocalStackState {
  const file = path.join(path.resolve(dataDir), 'local-stack.json');
  if (!existsSync(file)) {
    throw new AdminCommandError(
      `No local stack is running (${file} does not exist). Start it with \`npm start\` (or point --data-dir at its data folder), or use --env NAME for a deployed environment.`,
    );
  }
  const state = JSON.parse(readFileSync(file, 'utf8')) as LocalStackState;
  if (!processAlive(state.pid)) {
    throw new AdminCommandError(`The local stack recorded in ${file} (process ${state.pid}) is no longer running. Start it with \`npm start\`.`);
  }
  return state;
}

/**
 * The running local stack's pool. Its emulator's admin operations need the install's admin secret, so the caller
 * (bin/admin.ts, which may import the local stack) makes the client from the emulator's endpoint.
 */
export function localTarget(dataDir: string, adminClient: (endpoint: string) => CognitoIdentityProviderClient): PoolTarget {
  const state = runningLocalStack(dataDir);
  return {
    client: adminClient(state.endpoints.cognito),
    userPoolId: state.userPoolId,
    label: `the local stack at ${state.url}`,
    // cognito-local (5.x) answers AdminUserGlobalSignOut with "unsupported feature"; its tokens default to 24 hours.
    canSignOut: false,
    tokenLifetime: '24 hours locally',
  };
}

/** The running local stack's table, in its DynamoDB emulator. */
export function localTableTarget(dataDir: string): TableTarget {
  const state = runningLocalStack(dataDir);
  if (!state.endpoints.dynamodb || !state.tableName) throw new AdminCommandError('The running local stack is older than this command: restart it (npm start) and try again.');
  return { tableName: state.tableName, region: state.region ?? 'ap-southeast-2', endpoint: state.endpoints.dynamodb, label: `the local stack at ${state.url}`, stripe: { standInUrl: state.url }, siteUrl: state.url };
}

type StackReader = Pick<CloudFormationClient, 'send'>;

/** The pool id of a deployed stack, from its outputs. */
export const poolIdFromStack = (cloudFormation: StackReader, stackName: string) => stackOutput(cloudFormation, stackName, USER_POOL_OUTPUT);

/** One output of a deployed stack, with messages that say what to do when it cannot be read. */
export async function stackOutput(cloudFormation: StackReader, stackName: string, outputKey: string): Promise<string> {
  let stacks;
  try {
    ({ Stacks: stacks } = await cloudFormation.send(new DescribeStacksCommand({ StackName: stackName })));
  } catch (error) {
    const e = error as { name?: string; message?: string };
    if (e.name === 'ValidationError' && /does not exist/.test(e.message ?? '')) {
      throw new AdminCommandError(`Stack ${stackName} does not exist for these credentials and region. Deploy it first (npm run deploy -- -c env=...) or check AWS_PROFILE.`);
    }
    if (e.name === 'CredentialsProviderError' || /credential/i.test(e.message ?? '')) {
      throw new AdminCommandError(`No usable AWS credentials (${e.message}). Sign in first, e.g. aws sso login --profile NAME, then AWS_PROFILE=NAME npm run admin -- ...`);
    }
    throw error;
  }
  const value = stacks?.[0]?.Outputs?.find((o) => o.OutputKey === outputKey)?.OutputValue;
  if (!value) throw new AdminCommandError(`Stack ${stackName} has no ${outputKey} output; is it a Runway Parking stack that finished deploying?`);
  return value;
}

interface DeployedOptions {
  cdkJson: string;
  cloudFormation?: StackReader;
}

/** A deployed environment named in cdk.json (e.g. dev or prod), and a CloudFormation client in its region. */
async function deployedEnvironment(envName: string, options: DeployedOptions) {
  const { selectEnvironments } = await import('../environments');
  const cdk = JSON.parse(readFileSync(options.cdkJson, 'utf8')) as { context?: { environments?: unknown } };
  let env;
  try {
    [env] = selectEnvironments(cdk.context?.environments, envName);
  } catch (error) {
    throw new AdminCommandError((error as Error).message);
  }
  return { env: env!, cloudFormation: options.cloudFormation ?? new CloudFormationClient({ region: env!.region }), label: `${env!.name} (${env!.stackName}, ${env!.region})` };
}

/** A deployed environment's user pool. */
export async function deployedTarget(envName: string, options: DeployedOptions): Promise<PoolTarget> {
  const { env, cloudFormation, label } = await deployedEnvironment(envName, options);
  const { TOKEN_VALIDITY_HOURS } = await import('../auth');
  const userPoolId = await poolIdFromStack(cloudFormation, env.stackName);
  return {
    client: new CognitoIdentityProviderClient({ region: env.region }),
    userPoolId,
    label,
    canSignOut: true,
    tokenLifetime: `at most ${TOKEN_VALIDITY_HOURS} hour${TOKEN_VALIDITY_HOURS === 1 ? '' : 's'}`,
  };
}

/** A deployed environment's table (its TableName output). */
export async function deployedTableTarget(envName: string, options: DeployedOptions): Promise<TableTarget> {
  const { env, cloudFormation, label } = await deployedEnvironment(envName, options);
  return { tableName: await stackOutput(cloudFormation, env.stackName, TABLE_OUTPUT), region: env.region, endpoint: null, label, stripe: { secretId: env.stripeSecretName } };
}
