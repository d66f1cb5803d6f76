/**
 * How npm run admin finds a deployed environment's user pool: from cdk.json (stack name, region) and the
 * stack's outputs, read with the caller's credentials. CloudFormation is replaced by a recorder here; the
 * grant itself is tested against the local pool in tests/integration/admin-grant.test.ts.
 */
import { DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AdminCommandError } from '../../infra/admin/admin-role';
import { deployedTableTarget, deployedTarget, localTableTarget, localTarget, poolIdFromStack, TABLE_OUTPUT, USER_POOL_OUTPUT } from '../../infra/admin/targets';
import { OUTPUT_KEYS } from '../../infra/stack';
import { removeTemporaryFolders, root, temporaryFolder } from './support/synth';

const cdkJson = path.join(root, 'cdk.json');

function cloudFormation(reply: () => unknown) {
  const calls: unknown[] = [];
  return {
    calls,
    send: async (command: unknown) => {
      calls.push(command);
      return reply();
    },
  } as { calls: unknown[]; send: (c: unknown) => Promise<any> };
}

describe('a deployed environment', () => {
  it('reads the pool id from the UserPoolId output of the stack named in cdk.json', async () => {
    const cfn = cloudFormation(() => ({ Stacks: [{ Outputs: [{ OutputKey: 'SiteUrl', OutputValue: 'https://x' }, { OutputKey: OUTPUT_KEYS.userPoolId, OutputValue: 'ap-southeast-2_AbC123' }] }] }));
    const target = await deployedTarget('dev', { cdkJson, cloudFormation: cfn as never });
    expect(target.userPoolId).toBe('ap-southeast-2_AbC123');
    expect(target.label).toBe('dev (RunwayParking-dev, ap-southeast-2)');
    expect(target).toMatchObject({ canSignOut: true, tokenLifetime: 'at most 1 hour' });
    expect(cfn.calls).toHaveLength(1);
    expect(cfn.calls[0]).toBeInstanceOf(DescribeStacksCommand);
    expect((cfn.calls[0] as DescribeStacksCommand).input).toEqual({ StackName: 'RunwayParking-dev' });
  });

  it('explains a stack that is not deployed, or not finished', async () => {
    const missing = cloudFormation(() => {
      throw Object.assign(new Error('Stack with id RunwayParking-prod does not exist'), { name: 'ValidationError' });
    });
    await expect(poolIdFromStack(missing as never, 'RunwayParking-prod')).rejects.toThrow(new AdminCommandError(
      'Stack RunwayParking-prod does not exist for these credentials and region. Deploy it first (npm run deploy -- -c env=...) or check AWS_PROFILE.',
    ));
    const unfinished = cloudFormation(() => ({ Stacks: [{ Outputs: [] }] }));
    await expect(poolIdFromStack(unfinished as never, 'RunwayParking-prod')).rejects.toThrow('has no UserPoolId output');
  });

  it('reads the table name for reindex from the TableName output', async () => {
    expect([USER_POOL_OUTPUT, TABLE_OUTPUT]).toEqual([OUTPUT_KEYS.userPoolId, OUTPUT_KEYS.tableName]);
    const cfn = cloudFormation(() => ({ Stacks: [{ Outputs: [{ OutputKey: OUTPUT_KEYS.tableName, OutputValue: 'RunwayParking-prod-Table1234' }] }] }));
    expect(await deployedTableTarget('prod', { cdkJson, cloudFormation: cfn as never })).toEqual({
      tableName: 'RunwayParking-prod-Table1234',
      region: 'ap-southeast-2',
      endpoint: null,
      label: 'prod (RunwayParking-prod, ap-southeast-2)',
      // Reconcile asks Stripe: in AWS with the key in the environment's secret.
      stripe: { secretId: 'runway-parking/prod/stripe' },
    });
    expect((cfn.calls[0] as DescribeStacksCommand).input).toEqual({ StackName: 'RunwayParking-prod' });
    await expect(deployedTableTarget('dev', { cdkJson, cloudFormation: cloudFormation(() => ({ Stacks: [{ Outputs: [] }] })) as never })).rejects.toThrow('has no TableName output');
  });

  it('names the environments there are when given another', async () => {
    await expect(deployedTarget('staging', { cdkJson, cloudFormation: cloudFormation(() => ({})) as never })).rejects.toThrow('use -c env=dev|prod');
  });
});

afterAll(removeTemporaryFolders);

describe('the local stack', () => {
  it('says so when none is running, or the recorded one has stopped', () => {
    const dir = temporaryFolder('runway-admin-target-');
    expect(() => localTarget(dir, () => { throw new Error('no client wanted'); })).toThrow(/No local stack is running .*Start it with `npm start`/);
    writeFileSync(path.join(dir, 'local-stack.json'), JSON.stringify({ url: 'http://localhost:1', pid: 2 ** 22 + 17, endpoints: { cognito: 'http://127.0.0.1:1' }, userPoolId: 'local_pool' }));
    expect(() => localTarget(dir, () => { throw new Error('no client wanted'); })).toThrow(/is no longer running/);
  });

  it('finds the running stack\'s table and its emulator for reindex', () => {
    const dir = temporaryFolder('runway-admin-target-');
    const state = { url: 'http://localhost:3000', pid: process.pid, region: 'ap-southeast-2', endpoints: { cognito: 'http://127.0.0.1:1', dynamodb: 'http://127.0.0.1:2' }, userPoolId: 'local_pool', tableName: 'runway-parking' };
    writeFileSync(path.join(dir, 'local-stack.json'), JSON.stringify(state));
    // Locally Stripe is the stand-in the running stack serves; the site's address is what reminders link to.
    expect(localTableTarget(dir)).toEqual({ tableName: 'runway-parking', region: 'ap-southeast-2', endpoint: 'http://127.0.0.1:2', label: 'the local stack at http://localhost:3000', stripe: { standInUrl: 'http://localhost:3000' }, siteUrl: 'http://localhost:3000' });
    writeFileSync(path.join(dir, 'local-stack.json'), JSON.stringify({ ...state, endpoints: { cognito: 'http://127.0.0.1:1' }, tableName: undefined }));
    expect(() => localTableTarget(dir)).toThrow(/older than this command: restart it/);
  });
});
