/**
 * Which user pool `npm run admin` works on: the running local stack (found through the
 * <dataDir>/local-stack.json it writes while it runs), or a deployed environment, whose pool id comes from
 * its CloudFormation stack outputs, read with the caller's own AWS credentials.
 */
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TOKEN_VALIDITY_HOURS } from '../auth';
import { selectEnvironments } from '../environments';
import { AdminCommandError, type PoolTarget } from './admin-role';

/** The stack output holding the pool id (infra/stack.ts OUTPUT_KEYS.userPoolId). */
export const USER_POOL_OUTPUT = 'UserPoolId';

interface LocalStackState {
  url: string;
  pid: number;
  endpoints: { cognito: string };
  userPoolId: string;
  /** The emulators' region (any name works for them; older state files have none). */
  region?: string;
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

export function localTarget(dataDir: string): PoolTarget {
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
  return {
    // The emulator accepts any credentials; these are not secrets.
    client: new CognitoIdentityProviderClient({ region: state.region ?? 'ap-southeast-2', endpoint: state.endpoints.cognito, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
    userPoolId: state.userPoolId,
    label: `the local stack at ${state.url}`,
    // cognito-local (5.x) answers AdminUserGlobalSignOut with "unsupported feature"; its tokens default to 24 hours.
    canSignOut: false,
    tokenLifetime: '24 hours locally',
  };
}

type StackReader = Pick<CloudFormationClient, 'send'>;

/** The pool id of a deployed stack, from its outputs. */
export async function poolIdFromStack(cloudFormation: StackReader, stackName: string): Promise<string> {
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
  const poolId = stacks?.[0]?.Outputs?.find((o) => o.OutputKey === USER_POOL_OUTPUT)?.OutputValue;
  if (!poolId) throw new AdminCommandError(`Stack ${stackName} has no ${USER_POOL_OUTPUT} output; is it a Runway Parking stack that finished deploying?`);
  return poolId;
}

/** A deployed environment named in cdk.json, e.g. dev or prod. */
export async function deployedTarget(envName: string, options: { cdkJson: string; cloudFormation?: StackReader }): Promise<PoolTarget> {
  const cdk = JSON.parse(readFileSync(options.cdkJson, 'utf8')) as { context?: { environments?: unknown } };
  let env;
  try {
    [env] = selectEnvironments(cdk.context?.environments, envName);
  } catch (error) {
    throw new AdminCommandError((error as Error).message);
  }
  const cloudFormation = options.cloudFormation ?? new CloudFormationClient({ region: env!.region });
  const userPoolId = await poolIdFromStack(cloudFormation, env!.stackName);
  return {
    client: new CognitoIdentityProviderClient({ region: env!.region }),
    userPoolId,
    label: `${env!.name} (${env!.stackName}, ${env!.region})`,
    canSignOut: true,
    tokenLifetime: `at most ${TOKEN_VALIDITY_HOURS} hour${TOKEN_VALIDITY_HOURS === 1 ? '' : 's'}`,
  };
}
