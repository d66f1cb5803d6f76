/**
 * npm run mutation [-- --since REF] [-- --mutate GLOB] [-- --report]: StrykerJS over shared/, functions/use-cases,
 * functions/store and functions/lib (stryker.config.json), incremental (reports/stryker-incremental.json), then the
 * mutation score per folder and per file from reports/mutation/mutation.json. A measurement like npm run bench:
 * never part of npm test or .ci/run (a whole run takes hours on 2 cores; see bench/README.md).
 *
 *   --since REF   mutate only the files in those folders that differ from the git ref REF (committed or not)
 *   --report      print the table of the last run's report without running Stryker
 *   --sample N    estimate the score of folders too large to run whole from N random mutants (bin/mutation-sample.ts;
 *                 --seed S, --folders a/,b/ (default functions/use-cases/ and functions/store/), --exclude file,file)
 * Every other argument goes to `stryker run` as it is (e.g. --mutate 'shared/pricing.ts', --concurrency 2).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot as ROOT } from '../project-paths';
import { runSample } from './mutation-sample';

const AREAS = ['shared/', 'functions/use-cases/', 'functions/store/', 'functions/lib/'];
const REPORT = path.join(ROOT, 'reports/mutation/mutation.json');

/** Files under the mutated folders that differ from `ref` (committed or not), still present. */
function changedSince(ref: string): string[] {
  const out = execFileSync('git', ['diff', '--name-only', ref, '--', ...AREAS], { cwd: ROOT, encoding: 'utf8' });
  return out
    .split('\n')
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts') && existsSync(path.join(ROOT, file)));
}

interface Mutant {
  status: 'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';
}
interface Report {
  files: Record<string, { mutants: Mutant[] }>;
}
interface Tally {
  killed: number;
  survived: number;
  noCoverage: number;
  timeout: number;
}

/** Stryker's mutation score: detected (killed or timed out) over valid mutants (detected, survived, not covered). */
function score(t: Tally): string {
  const valid = t.killed + t.timeout + t.survived + t.noCoverage;
  return valid === 0 ? 'n/a' : `${((100 * (t.killed + t.timeout)) / valid).toFixed(1)}%`;
}

function tally(mutants: Mutant[], into: Tally = { killed: 0, survived: 0, noCoverage: 0, timeout: 0 }): Tally {
  for (const m of mutants) {
    if (m.status === 'Killed') into.killed += 1;
    else if (m.status === 'Survived') into.survived += 1;
    else if (m.status === 'NoCoverage') into.noCoverage += 1;
    else if (m.status === 'Timeout') into.timeout += 1;
  }
  return into;
}

/** shared/, functions/store/, functions/lib/ and each functions/use-cases/<area>/. */
function folderOf(file: string): string {
  const parts = file.split('/');
  return parts[1] === 'use-cases' && parts.length > 3 ? parts.slice(0, 3).join('/') : parts.slice(0, -1).join('/');
}

function printScores(report: Report): void {
  const row = (name: string, t: Tally) =>
    `${name.padEnd(52)} ${score(t).padStart(7)} ${String(t.killed).padStart(7)} ${String(t.timeout).padStart(8)} ${String(t.survived).padStart(9)} ${String(t.noCoverage).padStart(8)}`;
  const header = `${'folder / file'.padEnd(52)} ${'score'.padStart(7)} ${'killed'.padStart(7)} ${'timeout'.padStart(8)} ${'survived'.padStart(9)} ${'no cover'.padStart(8)}`;
  const files = Object.entries(report.files)
    .map(([name, f]) => [path.relative(ROOT, path.resolve(ROOT, name)), f.mutants] as const)
    .sort(([a], [b]) => a.localeCompare(b));
  const folders = new Map<string, Tally>();
  const total = tally([]);
  for (const [name, mutants] of files) {
    const folder = folderOf(name);
    folders.set(folder, tally(mutants, folders.get(folder)));
    tally(mutants, total);
  }
  console.log(`\n${header}`);
  for (const [folder, t] of [...folders].sort(([a], [b]) => a.localeCompare(b))) console.log(row(`${folder}/`, t));
  console.log(row('all', total));
  console.log(`\n${header}`);
  for (const [name, mutants] of files) console.log(row(name, tally(mutants)));
}

function main(argv: string[]): number {
  const args = [...argv];
  if (args.includes('--sample')) return runSample(args);
  if (args.includes('--report')) {
    printScores(JSON.parse(readFileSync(REPORT, 'utf8')) as Report);
    return 0;
  }
  const since = args.indexOf('--since');
  if (since >= 0) {
    const ref = args[since + 1];
    if (!ref) throw new Error('--since needs a git ref, e.g. --since main');
    const files = changedSince(ref);
    if (files.length === 0) {
      console.log(`No file under ${AREAS.join(', ')} differs from ${ref}: nothing to mutate.`);
      return 0;
    }
    console.log(`Mutating ${files.length} file(s) changed since ${ref}:\n  ${files.join('\n  ')}`);
    args.splice(since, 2, '--mutate', files.join(','));
  }
  const stryker = path.join(ROOT, 'node_modules/.bin/stryker');
  const run = spawnSync(stryker, ['run', ...args], { cwd: ROOT, stdio: 'inherit' });
  if (existsSync(REPORT)) printScores(JSON.parse(readFileSync(REPORT, 'utf8')) as Report);
  return run.status ?? 1;
}

process.exitCode = main(process.argv.slice(2));
