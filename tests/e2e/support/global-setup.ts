/**
 * Builds the SPA and starts the whole local stack once for every browser test. With E2E_SKIP_BUILD set, the SPA
 * already in web/dist is served as it is: .ci/run sets it because its `npm run synth` (beside `npm test`) has just
 * built it (cdk.json runs `npm run build` first), so the same build is not made twice.
 *
 * The browser tests run as two projects (tests/e2e/vitest.config.ts: the files that share a module graph and those
 * that start a stack of their own, isolated), and both reach the same shared stack: the first project's set-up builds
 * and starts it, the second reuses it, and the last teardown stops it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import 'vitest';
import { projectRoot } from '../../../project-paths';
import { provideSharedStack, startSharedStack } from '../../support/global-setup';

function buildSpa() {
  if (!process.env.E2E_SKIP_BUILD) {
    execFileSync(process.execPath, [path.join(projectRoot, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
      cwd: projectRoot,
      stdio: 'inherit',
    });
  } else if (!existsSync(path.join(projectRoot, 'web/dist/index.html'))) {
    throw new Error('E2E_SKIP_BUILD is set but web/dist holds no build: run npm run build first');
  }
}

export default function setup(project: TestProject) {
  return provideSharedStack(project, 'e2e', async () => {
    buildSpa();
    return startSharedStack('dist', 'runway-e2e-');
  });
}
