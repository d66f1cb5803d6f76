/**
 * Synthesizes the real CDK app (infra/build-app.ts, cdk.json's context, cdk-nag included) and hands back the
 * template. Synthesizing is most of the infra tests' time (each of about 35 handlers is bundled by esbuild), so
 * each configuration is synthesized once per run (`synthesizeOnce`) and shared by the files that test it, and
 * every configuration goes to the run's one folder (global-setup.ts): aws-cdk-lib caches bundles by source,
 * options and output folder within a process, so a second configuration reuses the first one's bundles.
 */
import { CfnElement, NestedStack, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { BUNDLING_STACKS } from 'aws-cdk-lib/cx-api';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import type { RouteDef } from '../../../functions/routes';
import { buildApp } from '../../../infra/build-app';
import type { EdgeProtection } from '../../../infra/edge-protection';
import type { RunwayStack } from '../../../infra/stack';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const cdkContext = (JSON.parse(readFileSync(path.join(root, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;
export const environments = cdkContext.environments as Record<string, Record<string, unknown>>;

type TemplateJson = { Resources: Record<string, { Type: string; Properties?: any; DeletionPolicy?: string; DependsOn?: string[] }>; Outputs: Record<string, any> };

export interface Synthesized {
  stack: RunwayStack;
  template: Template;
  json: TemplateJson;
  /** The environment's us-east-1 stack with the WAF web ACL. */
  edge: { stack: EdgeProtection; template: Template; json: TemplateJson };
  outdir: string;
  report: { pluginReports: { pluginName: string; violations: { ruleName: string; severity: string }[] }[] };
}

const created: string[] = [];

/** A temporary folder this test file owns; removed by removeTemporaryFolders(). */
export function temporaryFolder(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  created.push(dir);
  return dir;
}

/** Each synth writes about 35 MB (bundles, the AWS CLI layer); call from afterAll. */
export function removeTemporaryFolders(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A small stand-in for web/dist: what Vite writes, plus a stale config.json that must never be uploaded. */
export function fakeWebDist(dir: string = temporaryFolder('runway-dist-')): string {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  mkdirSync(path.join(dir, '.vite'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script>');
  writeFileSync(path.join(dir, 'spa.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script>');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("spa")');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["../../src/secret.ts"],"sourcesContent":["full source"]}');
  // What the local server's precompression leaves beside a file (local/precompress.ts).
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.gz'), 'gzip bytes');
  writeFileSync(path.join(dir, 'config.json'), '{"environment":"local"}');
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{}');
  return dir;
}

export interface SynthOptions {
  env: string;
  /** Settings merged over cdk.json's for this environment. */
  overrides?: Record<string, unknown>;
  routes?: readonly RouteDef[];
  webDist?: string | null;
  /**
   * Bundle the handlers with esbuild. Off unless a test reads a bundle: the assertions read the template, and bundling
   * about 35 handlers was most of the infra tests' time (`npm run synth` in .ci/run still bundles every one).
   */
  bundle?: boolean;
}

const synthesized = new Map<string, Synthesized>();

/**
 * The configuration `name`, synthesized by the first file of the run that asks for it and handed to the others as
 * it is (tests only read it). Its folders stay until the run ends (global-setup.ts), not until that file's afterAll.
 */
export function synthesizeOnce(name: string, options: () => SynthOptions): Synthesized {
  let s = synthesized.get(name);
  if (!s) {
    s = synthesize(options(), processOutdir());
    synthesized.set(name, s);
  }
  return s;
}

/**
 * This process's folder in the run's synth folder: vitest.config.ts keeps the infra files in one process, but should
 * a run spread them over several, each bundles into its own folder rather than into another's half-written one.
 */
const processOutdir = () => path.join(inject('infraOutdir'), `process-${process.pid}`);

/** The dev environment as cdk.json defines it, with every route and a stand-in SPA build. */
export const devStack = (): Synthesized => synthesizeOnce('dev', () => ({ env: 'dev', webDist: fakeWebDist(`${processOutdir()}-web-dist`) }));

/**
 * Synthesizes into `outdir`, by default a folder of the calling file's own. Templates are named by stack, so
 * configurations of different environments can share one folder; two of one environment would overwrite each other.
 */
export function synthesize(options: SynthOptions, outdir: string = temporaryFolder('runway-cdk-')): Synthesized {
  const merged = { ...environments, [options.env]: { ...environments[options.env], ...options.overrides } };
  const { app, stacks, edgeStacks } = buildApp({
    // The key the CLI's `--exclusively` sets: [] bundles no stack's assets, '**' every one.
    context: { ...cdkContext, environments: merged, env: options.env, [BUNDLING_STACKS]: options.bundle ? ['**'] : [] },
    outdir,
    webDist: options.webDist ?? null,
    routes: options.routes,
  });
  app.synth();
  const stack = stacks[0]!;
  const json = withNestedStacks(JSON.parse(readFileSync(path.join(outdir, `${stack.stackName}.template.json`), 'utf8')) as TemplateJson, stack, outdir);
  const edgeStack = edgeStacks[0]!;
  const edgeJson = JSON.parse(readFileSync(path.join(outdir, `${edgeStack.artifactId}.template.json`), 'utf8')) as TemplateJson;
  const report = JSON.parse(readFileSync(path.join(outdir, 'validation-report.json'), 'utf8')) as Synthesized['report'];
  return { stack, template: Template.fromJSON(json), json, edge: { stack: edgeStack, template: Template.fromJSON(edgeJson), json: edgeJson }, outdir, report };
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Replaces every `{ Ref: name }` whose name `values` holds, anywhere in `value`. */
function substitute(value: unknown, values: Record<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((v) => substitute(v, values));
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Object.keys(v).length === 1 && typeof v.Ref === 'string' && v.Ref in values) return clone(values[v.Ref]);
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, substitute(x, values)]));
  }
  return value;
}

/** Replaces `{ 'Fn::GetAtt': [stackId, 'Outputs.name'] }` with what the nested stack's output holds. */
function replaceOutputs(value: unknown, outputs: Map<string, Record<string, unknown>>): unknown {
  if (Array.isArray(value)) return value.map((v) => replaceOutputs(v, outputs));
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    const att = v['Fn::GetAtt'] as [string, string] | undefined;
    if (Object.keys(v).length === 1 && Array.isArray(att) && outputs.has(att[0]) && att[1].startsWith('Outputs.')) return clone(outputs.get(att[0])![att[1].slice('Outputs.'.length)]);
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, replaceOutputs(x, outputs)]));
  }
  return value;
}

/**
 * The stack as one template, as the tests read it: each nested stack's resources (infra/api.ts puts the route
 * functions in nested stacks) moved into the main template, its parameters replaced by what the main stack passes,
 * and the main stack's reads of its outputs by the outputs' values. What CloudFormation deploys is unchanged.
 */
function withNestedStacks(json: TemplateJson, stack: Stack, outdir: string): TemplateJson {
  // Each nested stack's template file and the logical id of the resource that deploys it in the main template.
  const files = new Map<string, string>();
  for (const c of stack.node.findAll()) {
    if (!NestedStack.isNestedStack(c) || c.nestedStackParent !== stack) continue;
    const resource = c.nestedStackResource as CfnElement;
    files.set(stack.resolve(resource.logicalId) as string, c.templateFile);
  }
  const outputs = new Map<string, Record<string, unknown>>();
  const resources: TemplateJson['Resources'] = {};
  for (const [id, r] of Object.entries(json.Resources)) {
    const file = files.get(id);
    if (!file) {
      resources[id] = r;
      continue;
    }
    const nested = JSON.parse(readFileSync(path.join(outdir, file), 'utf8')) as TemplateJson & { Outputs?: Record<string, { Value: unknown }> };
    const params = (r.Properties?.Parameters ?? {}) as Record<string, unknown>;
    for (const [nid, nr] of Object.entries(nested.Resources)) resources[nid] = substitute(nr, params) as TemplateJson['Resources'][string];
    outputs.set(id, Object.fromEntries(Object.entries(nested.Outputs ?? {}).map(([k, o]) => [k, substitute(o.Value, params)])));
  }
  return { ...json, Resources: replaceOutputs(resources, outputs) as TemplateJson['Resources'] };
}

/** Logical ids of the resources of one type, optionally those whose properties match. */
export function resourcesOfType(s: Synthesized, type: string): [string, any][] {
  return Object.entries(s.json.Resources).filter(([, r]) => r.Type === type).map(([id, r]) => [id, r.Properties ?? {}]);
}

export function logicalIdOf(s: Synthesized, construct: { node: { defaultChild?: unknown } }): string {
  const child = construct.node.defaultChild as IConstruct & { logicalId: string };
  // A construct of a nested stack has its logical id in that stack's template (merged by withNestedStacks).
  return Stack.of(child).resolve(child.logicalId) as string;
}

/** A template value as text: Fn::Join flattened, { Ref: X } as <X>, Fn::GetAtt as <Id.Attr> (cdk-nag's notation). */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  const v = value as Record<string, any>;
  if (v && 'Fn::Join' in v) return (v['Fn::Join'][1] as unknown[]).map(asText).join(v['Fn::Join'][0] as string);
  if (v && 'Ref' in v) return `<${v.Ref as string}>`;
  if (v && 'Fn::GetAtt' in v) return `<${(v['Fn::GetAtt'] as string[]).join('.')}>`;
  return JSON.stringify(value);
}
