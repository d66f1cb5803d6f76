/**
 * The Lambda bundles of functions/: every handler module the app deploys is bundled by ONE esbuild build (many entry
 * points), the first time a stack that needs bundles asks for one; each function's asset then copies its own two files
 * (index.mjs and its source map). A NodejsFunction per handler ran its own esbuild process (about 100 of them, each
 * parsing the AWS SDK again): most of `npm run synth`'s time.
 *
 * The options are those NodejsFunction was given (ESM for Node 24, minified, linked source maps without the sources,
 * the AWS SDK inside, the createRequire banner), so the assets hold what they held before.
 */
import { AssetHashType, DockerImage, type ILocalBundling } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { buildSync, type BuildOptions } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { functionsDir, projectRoot } from '../project-paths';

/** ESM bundles still contain CommonJS dependencies that call require(); give them one. */
const ESM_REQUIRE_BANNER = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/** What each bundle is built with; the Lambda runtime is FUNCTION_RUNTIME (Node 24), hence the target. */
export const BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  outExtension: { '.js': '.mjs' },
  minify: true,
  // Linked: the bundle names its map, so --enable-source-maps finds it.
  sourcemap: true,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  // Bundle the AWS SDK too: a pinned, tree-shaken SDK starts faster than the runtime's full copy and cannot drift.
  external: [],
  banner: { js: ESM_REQUIRE_BANNER },
  logLevel: 'error',
} as const satisfies BuildOptions;

/** The files of one function's asset: the handler Lambda loads as index.handler, and its source map. */
export const BUNDLE_FILES = ['index.mjs', 'index.mjs.map'] as const;

/**
 * Where this process's builds go, and the entries built so far. Inside the project, so the source maps' relative paths
 * to functions/ (part of each asset's hash) do not depend on the system's temp folder. One folder per process, removed
 * when it exits; a process killed by a signal (a test worker) cannot, so the next build removes the folders of processes
 * that no longer run.
 */
const bundlesRoot = path.join(projectRoot, 'node_modules', '.cache', 'runway-bundles');
let buildDir: string | undefined;
const built = new Set<string>();

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function newBuildDir(): string {
  mkdirSync(bundlesRoot, { recursive: true });
  for (const name of readdirSync(bundlesRoot)) {
    if (/^\d+$/.test(name) && !running(Number(name))) rmSync(path.join(bundlesRoot, name), { recursive: true, force: true });
  }
  const dir = path.join(bundlesRoot, String(process.pid));
  rmSync(dir, { recursive: true, force: true });
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Entries the app will ask for (planFunctionBundles), built together with the first one asked for. */
const planned = new Set<string>();

/** The handler modules (relative to functions/) the app being built deploys, so that one build makes them all. */
export function planFunctionBundles(entries: Iterable<string>): void {
  planned.clear();
  for (const entry of entries) planned.add(entry);
}

const outName = (entry: string) => path.join(entry.replace(/\.[cm]?[jt]sx?$/, ''), 'index');

/** Bundles `entry`, and every planned entry not bundled yet, in one esbuild build; answers the entry's folder. */
export function bundleEntry(entry: string): string {
  if (!built.has(entry)) {
    buildDir ??= newBuildDir();
    const todo = [...new Set([entry, ...planned])].filter((e) => !built.has(e));
    buildSync({
      ...BUNDLE_OPTIONS,
      absWorkingDir: projectRoot,
      entryPoints: todo.map((e) => ({ in: path.join(functionsDir, e), out: outName(e) })),
      outdir: buildDir,
    });
    for (const e of todo) built.add(e);
  }
  return path.join(buildDir!, path.dirname(outName(entry)));
}

/**
 * CDK's local bundling hook: CDK calls it only for a stack that needs its assets (not under `--exclusively` or the
 * tests' `aws:cdk:bundling-stacks: []`), exactly as it called NodejsFunction's. `entry` is part of the asset's cache key.
 */
class SharedBuildBundling implements ILocalBundling {
  constructor(readonly entry: string) {}

  tryBundle(outputDir: string): boolean {
    const from = bundleEntry(this.entry);
    for (const file of BUNDLE_FILES) copyFileSync(path.join(from, file), path.join(outputDir, file));
    return true;
  }
}

/** The code of the Lambda function for one handler module of functions/ (relative to it), from the shared build. */
export function functionCode(entry: string): Code {
  if (!existsSync(path.join(functionsDir, entry))) throw new Error(`No handler module functions/${entry}`);
  return Code.fromAsset(projectRoot, {
    // Hashed by what the bundle holds, as NodejsFunction's assets were.
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Never pulled: local bundling always succeeds (NodejsFunction names the same placeholder).
      image: DockerImage.fromRegistry('dummy'),
      local: new SharedBuildBundling(entry),
    },
  });
}
