/**
 * The project's static import graph, read from the sources (type-only imports included, dynamic `import()`
 * left out: a lazy chunk is not a load-time dependency). Relative specifiers and the web app's `@shared/*`
 * alias resolve to files; packages are ignored.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCE_DIRS = ['functions', 'shared', 'web/src', 'local', 'infra', 'bin', 'bench'];
const EXTENSIONS = ['.ts', '.tsx', '.js', '.cjs', '.mjs'];
const STATIC_IMPORT = /^\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sourceFiles(full);
    return EXTENSIONS.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

function resolve(root: string, from: string, spec: string): string | null {
  const base = spec.startsWith('@shared/')
    ? path.join(root, 'shared', spec.slice('@shared/'.length))
    : spec.startsWith('@/')
      ? path.join(root, 'web/src', spec.slice('@/'.length))
      : spec.startsWith('.')
        ? path.resolve(path.dirname(from), spec)
        : null;
  if (!base) return null;
  for (const candidate of [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, `index${e}`))]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The packages a file imports statically (bare specifiers: `zod`, `@aws-amplify/auth`, ...), types aside. */
export function packageImports(root: string, file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const found = new Set<string>();
  for (const m of text.matchAll(STATIC_IMPORT)) {
    const spec = m[1] ?? m[2]!;
    if (typeOnly(m[0])) continue;
    if (!spec.startsWith('.') && !spec.startsWith('@shared/') && !spec.startsWith('@/')) found.add(spec);
  }
  return [...found];
}

/** Every project file reached from `entry` by static imports (the entry included): what loads with it. */
export function reachedFrom(graph: Map<string, string[]>, entry: string): string[] {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  while (queue.length > 0) {
    for (const next of graph.get(queue.shift()!) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return [...seen];
}

/** An import that names only types (`import type`, `export type`, or braces holding only `type` names): gone at build. */
const typeOnly = (statement: string): boolean => /^\s*(?:import|export)\s+type\s/.test(statement) || /^\s*import\s*\{\s*(?:type\s+[\w$]+(?:\s+as\s+[\w$]+)?\s*,?\s*)+\}\s*from/.test(statement);

/** file (relative to the root) -> the project files it imports; with `values`, only imports that remain at run time. */
export function importGraph(root: string, options: { values?: boolean } = {}): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of SOURCE_DIRS.flatMap((d) => sourceFiles(path.join(root, d)))) {
    const text = readFileSync(file, 'utf8');
    const deps = new Set<string>();
    for (const m of text.matchAll(STATIC_IMPORT)) {
      if (options.values && typeOnly(m[0])) continue;
      const target = resolve(root, file, m[1] ?? m[2]!);
      if (target && !target.endsWith('.css')) deps.add(path.relative(root, target));
    }
    graph.set(path.relative(root, file), [...deps]);
  }
  return graph;
}

/** Every import circle, each as the files around it (Tarjan's strongly connected components of size > 1). */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return cycles;
}
