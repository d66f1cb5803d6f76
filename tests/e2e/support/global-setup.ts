/** Builds the SPA and starts the whole local stack once for every browser test. */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import 'vitest';
import { projectRoot } from '../../../project-paths';
import { provideLocalStack } from '../../support/global-setup';

export default async function setup(project: TestProject) {
  if (!process.env.E2E_SKIP_BUILD) {
    execFileSync(process.execPath, [path.join(projectRoot, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
      cwd: projectRoot,
      stdio: 'inherit',
    });
  }
  return provideLocalStack(project, 'dist', 'runway-e2e-');
}
