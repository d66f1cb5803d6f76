/**
 * The structural claims of README.md and docs/ that can be read mechanically, held to the code: the dependency
 * tables against package.json, the access patterns' query builders against functions/store/keys.ts, the web
 * features named in docs/architecture.md against web/src/features, and every repository file the docs name exists.
 * A claim that drifts from the code fails here instead of misleading the next engineer.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { queries } from '../../functions/store/keys';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

/** The text of a markdown section: from its heading to the next heading of the same or a higher level. */
function section(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => /^#+ /.test(l) && l.replace(/^#+ /, '').trim() === heading);
  if (start < 0) throw new Error(`No section '${heading}'`);
  const level = lines[start]!.match(/^#+/)![0].length;
  const end = lines.findIndex((l, i) => i > start && /^#+ /.test(l) && l.match(/^#+/)![0].length <= level);
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** The packages a dependency table names: the backticked names in each row's first cell. */
function tablePackages(markdownSection: string): string[] {
  const names: string[] = [];
  for (const line of markdownSection.split('\n')) {
    const cells = line.split('|');
    if (!line.startsWith('|') || cells.length < 3 || /^\s*-+\s*$/.test(cells[1]!) || cells[1]!.trim() === 'Package') continue;
    for (const m of cells[1]!.matchAll(/`([^`]+)`/g)) names.push(m[1]!);
  }
  return names;
}

/** Repository files a document names: paths under a top-level folder of the project, without placeholders. */
function namedFiles(markdown: string): string[] {
  const pattern = /(?<![\w./@-])((?:functions|shared|web|local|infra|bin|tests|bench|docs)\/[\w./-]+\.(?:tsx?|md|java|cjs|mjs|json|css))(?![\w/])/g;
  return sorted([...markdown.matchAll(pattern)].map((m) => m[1]!));
}

const pkg = JSON.parse(read('package.json')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
const dependenciesDoc = read('docs/dependencies.md');

describe('docs/dependencies.md', () => {
  it('lists every runtime dependency of package.json in its Runtime table, and nothing else there', () => {
    expect(sorted(tablePackages(section(dependenciesDoc, 'Runtime (bundled into Lambda functions or the SPA)')))).toEqual(sorted(Object.keys(pkg.dependencies)));
  });

  it('lists every development dependency in its Development and test table, and nothing else there', () => {
    expect(sorted(tablePackages(section(dependenciesDoc, 'Development and test')))).toEqual(sorted(Object.keys(pkg.devDependencies)));
  });

  it('gives each package one row', () => {
    const rows = [...tablePackages(section(dependenciesDoc, 'Runtime (bundled into Lambda functions or the SPA)')), ...tablePackages(section(dependenciesDoc, 'Development and test'))];
    expect(rows.filter((name, i) => rows.indexOf(name) !== i)).toEqual([]);
  });
});

describe('docs/data-model.md', () => {
  const dataModel = read('docs/data-model.md');

  it("names exactly keys.ts's query builders (queries.*) in its list of them", () => {
    const list = dataModel.match(/by a builder named for its purpose\s*\(`queries\.\*`:([^)]*)\)/);
    expect(list, 'the sentence listing the query builders').not.toBeNull();
    const named = [...list![1]!.matchAll(/`(\w+)`/g)].map((m) => m[1]!);
    expect(sorted(named)).toEqual(sorted(Object.keys(queries)));
  });

  it('names every query builder a store module calls', () => {
    const store = readdirSync(path.join(root, 'functions/store')).map((f) => read(`functions/store/${f}`));
    const called = store.flatMap((text) => [...text.matchAll(/queries\.(\w+)/g)].map((m) => m[1]!));
    expect(called.length).toBeGreaterThan(10);
    for (const name of sorted(called)) expect(Object.keys(queries), `queries.${name}`).toContain(name);
  });
});

describe('docs/architecture.md', () => {
  it('names exactly the folders of web/src/features as the features', () => {
    const arch = read('docs/architecture.md');
    const list = arch.match(/one folder per part of the product \(([^)]*)\)/);
    expect(list, 'the sentence listing the features').not.toBeNull();
    const named = [...list![1]!.matchAll(/`([\w-]+)`/g)].map((m) => m[1]!);
    const folders = readdirSync(path.join(root, 'web/src/features'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    expect(sorted(named)).toEqual(sorted(folders));
  });
});

describe('README.md', () => {
  it('links every page of docs/ once under Documentation', () => {
    const links = [...section(read('README.md'), 'Documentation').matchAll(/\]\((docs\/[\w-]+\.md)\)/g)].map((m) => m[1]!);
    const pages = readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);
    expect(links.filter((l, i) => links.indexOf(l) !== i)).toEqual([]);
    expect(sorted(links)).toEqual(sorted(pages));
  });
});

describe('files the docs name', () => {
  const documents = ['README.md', 'bench/README.md', ...readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

  it('finds the paths it checks', () => {
    expect(namedFiles('see `functions/store/keys.ts` and web/src/app/routes.tsx, not `/_local/outbox.json`')).toEqual(['functions/store/keys.ts', 'web/src/app/routes.tsx']);
  });

  it.each(documents)('%s names only files that exist', (doc) => {
    const missing = namedFiles(read(doc)).filter((file) => !existsSync(path.join(root, file)));
    expect(missing).toEqual([]);
  });
});
