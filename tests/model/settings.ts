/**
 * How many sequences the model test of money runs, and how to replay one. `npm run test:model` (bin/test-model.ts)
 * passes its flags through the environment, since the test runner takes no flags of a test's own:
 * MODEL_RUNS (sequences; CI's bounded default below), MODEL_MAX_COMMANDS (steps a sequence at most),
 * MODEL_SEED, MODEL_PATH and MODEL_REPLAY (fast-check's replay of a failure: all printed with it).
 */
export interface ModelSettings {
  runs: number;
  maxCommands: number;
  seed?: number;
  path?: string;
  /** fast-check's replay path of the commands' shrinking (printed in the counterexample as replayPath). */
  replayPath?: string;
  endOnFailure: boolean;
}

/** CI's budget: 12 sequences of at most 12 steps took about 40 s on the 2-core machine beside the other files. */
export const CI_RUNS = 12;
export const CI_MAX_COMMANDS = 12;
/**
 * The bounded run in `npm test` draws its sequences from this seed, so a run fails only when the code changed: a long
 * run (`npm run test:model -- --runs N`) draws from a new seed each time, and what it finds is written down in
 * bench/README.md ("Model test of money") until fixed, then pinned as a test of its own.
 */
export const CI_SEED = 20261202;

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1, not ${JSON.stringify(raw)}`);
  return n;
}

export function modelSettings(env: NodeJS.ProcessEnv = process.env): ModelSettings {
  const seedText = env.MODEL_SEED;
  const seed = seedText === undefined || seedText === '' ? undefined : Number(seedText);
  if (seed !== undefined && !Number.isInteger(seed)) throw new Error(`MODEL_SEED must be an integer, not ${JSON.stringify(seedText)}`);
  const bounded = env.MODEL_RUNS === undefined || env.MODEL_RUNS === '';
  return {
    runs: positiveInt('MODEL_RUNS', env.MODEL_RUNS, CI_RUNS),
    maxCommands: positiveInt('MODEL_MAX_COMMANDS', env.MODEL_MAX_COMMANDS, CI_MAX_COMMANDS),
    ...(seed !== undefined ? { seed } : bounded ? { seed: CI_SEED } : {}),
    ...(env.MODEL_PATH ? { path: env.MODEL_PATH } : {}),
    ...(env.MODEL_REPLAY ? { replayPath: env.MODEL_REPLAY } : {}),
    // A long run stops at its first failure rather than shrinking for minutes; a replay (a path) shrinks nothing anyway.
    endOnFailure: env.MODEL_SHRINK === '0',
  };
}
