/**
 * npm run test:model [-- --runs N] [--max-commands N] [--seed=S --path=P --replay=R] [--no-shrink]: the model test of money
 * (tests/integration/money-model.test.ts) on a stack of its own, with more sequences than CI runs, or one failure
 * replayed from the seed and path it printed. The flags reach the test through its environment (tests/model/settings.ts).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from '../project-paths';

const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    'max-commands': { type: 'string' },
    seed: { type: 'string' },
    path: { type: 'string' },
    replay: { type: 'string' },
    'no-shrink': { type: 'boolean', default: false },
  },
  strict: true,
});

const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'SILENT' };
if (values.runs) env.MODEL_RUNS = values.runs;
if (values['max-commands']) env.MODEL_MAX_COMMANDS = values['max-commands'];
if (values.seed) env.MODEL_SEED = values.seed;
if (values.path) env.MODEL_PATH = values.path;
if (values.replay) env.MODEL_REPLAY = values.replay;
if (values['no-shrink']) env.MODEL_SHRINK = '0';

const vitest = path.join(projectRoot, 'node_modules/vitest/vitest.mjs');
const run = spawnSync(process.execPath, [vitest, 'run', 'tests/integration/money-model.test.ts'], { cwd: projectRoot, env, stdio: 'inherit' });
process.exit(run.status ?? 1);
