/**
 * Only under `npm run mutation` (StrykerJS). The integration tests reach the handlers over HTTP, and the handlers run in
 * vitest's main process (the global set-up starts the local stack there), where Stryker's own set-up file never runs: it
 * sets the active mutant and records coverage in the test worker only. Without this reporter every mutant in a use case
 * or store would be reported as covered by no test, or survive because it was never switched on.
 *
 * So, in the main process: the active mutant is read from what Stryker provides to the run, and what the main process
 * covered while a test file ran is credited to every test of that file (per file, not per test: requests from a
 * file's hooks and tests can't be told apart here). What it covered outside any file (loading the handlers) is static.
 */
import type { Reporter, TestModule, Vitest } from 'vitest/node';

interface Coverage {
  static: Record<string, number>;
  perTest: Record<string, Record<string, number>>;
}
interface Namespace {
  activeMutant?: string;
  mutantCoverage?: Coverage;
}
interface Provided {
  globalNamespace?: string;
  mode?: 'dry-run' | 'mutant';
  activeMutant?: string;
  testNameSeparator?: string;
}
interface TaskLike {
  name: string;
  suite?: TaskLike;
  file?: { filepath: string };
}

function counts(ns: Namespace): Record<string, number> {
  return { ...(ns.mutantCoverage?.static ?? {}) };
}

function delta(now: Record<string, number>, before: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [id, n] of Object.entries(now)) if (n > (before[id] ?? 0)) out[id] = n - (before[id] ?? 0);
  return out;
}

function add(to: Record<string, number>, from: Record<string, number>) {
  for (const [id, n] of Object.entries(from)) to[id] = (to[id] ?? 0) + n;
}

/** The test id Stryker's set-up file gives a test (its toRawTestId), so the coverage matches the test results. */
function testId(task: TaskLike, separator: string): string {
  const parts = [task.name];
  for (let suite = task.suite; suite; suite = suite.suite) parts.unshift(suite.name);
  return `${task.file?.filepath ?? 'unknown.js'}#${parts.join(separator).trim()}`;
}

export default class StrykerBridge implements Reporter {
  private vitest!: Vitest;
  private ns: Namespace | undefined;
  private lastSeen: Record<string, number> = {};
  private started = new Map<string, Record<string, number>>();
  private byModule = new Map<string, { perFile: Record<string, number>; before: Record<string, number> }>();

  onInit(vitest: Vitest) {
    this.vitest = vitest;
  }

  private provided(): Provided {
    return this.vitest.getRootProject().getProvidedContext() as Provided;
  }

  onTestRunStart() {
    const provided = this.provided();
    const name = provided.globalNamespace ?? '__stryker__';
    const root = globalThis as unknown as Record<string, Namespace | undefined>;
    const ns = (root[name] ??= {});
    if (this.ns !== ns) {
      Object.defineProperty(ns, 'activeMutant', {
        configurable: true,
        get: () => {
          const now = this.provided();
          return now.mode === 'mutant' ? now.activeMutant : undefined;
        },
        set: () => {},
      });
      this.ns = ns;
    }
    this.byModule.clear();
    this.started.clear();
    this.lastSeen = counts(ns);
  }

  onTestModuleQueued(module: TestModule) {
    if (!this.ns || this.provided().mode !== 'dry-run') return;
    const now = counts(this.ns);
    this.byModule.set(module.id, { perFile: {}, before: delta(now, this.lastSeen) });
    this.started.set(module.id, now);
  }

  onTestModuleEnd(module: TestModule) {
    const start = this.started.get(module.id);
    const entry = this.byModule.get(module.id);
    if (!this.ns || !start || !entry) return;
    const now = counts(this.ns);
    entry.perFile = delta(now, start);
    this.lastSeen = now;
  }

  onTestRunEnd(modules: readonly TestModule[]) {
    if (!this.ns || this.provided().mode !== 'dry-run') return;
    const separator = this.provided().testNameSeparator ?? ' ';
    for (const module of modules) {
      const entry = this.byModule.get(module.id);
      if (!entry) continue;
      // The runner's own state objects (vitest's public types leave `task` out): Stryker reads coverage from their meta.
      const meta = (module as unknown as { task: { meta: { mutantCoverage?: Coverage } } }).task.meta;
      const coverage = (meta.mutantCoverage ??= { static: {}, perTest: {} });
      add(coverage.static, entry.before);
      if (Object.keys(entry.perFile).length === 0) continue;
      for (const test of module.children.allTests()) {
        const id = testId((test as unknown as { task: TaskLike }).task, separator);
        add((coverage.perTest[id] ??= {}), entry.perFile);
      }
    }
  }
}
