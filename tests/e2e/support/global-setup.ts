/** Builds the SPA and starts the whole local stack once for every browser test. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import 'vitest';
import { startLocalStack, TABLE_NAME, PHOTO_BUCKET } from '../../../local/server';
import { projectRoot } from '../../../project-paths';
import type { TestEnv } from '../../support/global-setup';

export default async function setup(project: TestProject) {
  if (!process.env.E2E_SKIP_BUILD) {
    execFileSync(process.execPath, [path.join(projectRoot, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
      cwd: projectRoot,
      stdio: 'inherit',
    });
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'runway-e2e-'));
  const stack = await startLocalStack({ port: 0, dataDir, inMemoryTable: true, spa: 'dist', createAdmin: false });
  const env: TestEnv = {
    baseUrl: stack.url,
    dataDir,
    dynamodbEndpoint: stack.endpoints.dynamodb,
    s3Endpoint: stack.endpoints.s3,
    cognitoEndpoint: stack.endpoints.cognito,
    tableName: TABLE_NAME,
    photoBucket: PHOTO_BUCKET,
    userPoolId: stack.pool.userPoolId,
    userPoolClientId: stack.pool.userPoolClientId,
  };
  project.provide('baseUrl', stack.url);
  project.provide('env', env);
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
