/**
 * The infra tests' one synth folder: every configuration is synthesized into it by the same test process
 * (vitest.config.ts runs the infra files in one worker), so aws-cdk-lib's asset cache, keyed by the output
 * folder, bundles each handler once for all of them. Removed when the run ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    infraOutdir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const outdir = mkdtempSync(path.join(os.tmpdir(), 'runway-cdk-'));
  project.provide('infraOutdir', outdir);
  return () => rmSync(outdir, { recursive: true, force: true });
}
