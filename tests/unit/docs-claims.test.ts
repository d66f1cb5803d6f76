/**
 * The structural claims of README.md and docs/ that can be read mechanically, held to the code: the dependency
 * tables against package.json, the access patterns' query builders against functions/store/keys.ts, the web
 * features named in docs/architecture.md against web/src/features, and every repository file the docs name exists.
 * A claim that drifts from the code fails here instead of misleading the next engineer.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { queries } from '../../functions/store/keys';
import { routes } from '../../functions/routes';

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

describe('docs/product-rules.md', () => {
  const rules = read('docs/product-rules.md');
  /** Each "`module.ts` (`NAME`, `OTHER` 3000, ...)" of the page: the module and the names (with a figure, if given) it is said to hold. */
  const citations = [...rules.matchAll(/`([\w./-]+\.tsx?)` \(([^)]*)\)/g)].map((m) => ({
    module: m[1]!,
    names: [...m[2]!.matchAll(/`(\w+)`(?: ([\d,]+)\b)?/g)].map((n) => ({ name: n[1]!, figure: n[2] === undefined ? undefined : Number(n[2].replace(/,/g, '')) })),
  }));

  it('cites modules with the names they hold', () => {
    expect(citations.length).toBeGreaterThan(50);
    for (const { module, names } of citations) {
      const text = read(module);
      for (const { name } of names) {
        // A constant is cited as the module's export; a function, schema or field as a name the module uses.
        const pattern = /^[A-Z][A-Z0-9_]+$/.test(name) ? new RegExp(`export const ${name}\\b`) : new RegExp(`\\b${name}\\b`);
        expect(text, `${module} holds ${name}`).toMatch(pattern);
      }
    }
  });

  const figures = citations.flatMap(({ module, names }) => names.filter((n) => n.figure !== undefined).map((n) => ({ module, ...n })));
  // The cited modules are loaded before the tests, not inside one: their top-level code then runs outside every test,
  // which is how mutation testing tells it from code a test runs (bench/README.md, 'Module-level code').
  const exports = new Map<string, Record<string, unknown>>();
  // Some of them load the CDK, pdf-lib or the Stripe SDK: seconds each on a busy 2-core machine, past the default hook limit.
  beforeAll(async () => {
    for (const { module } of figures) if (!exports.has(module)) exports.set(module, (await import(path.join(root, module))) as Record<string, unknown>);
  }, 120_000);

  it('gives each figure it cites as the value the module holds', () => {
    expect(figures.map((f) => f.name)).toEqual(expect.arrayContaining(['BASE_PARKING_CENTS', 'DEPOSIT_CENTS', 'CANCELLATION_FEE_CENTS', 'LATE_FEE_PER_DAY_CENTS']));
    for (const { module, name, figure } of figures) expect(exports.get(module)![name], `${name} in ${module}`).toBe(figure);
  });
});

describe('route counts', () => {
  it('say how many routes functions/routes.ts has wherever the docs count them', () => {
    const counts = ['README.md', ...readdirSync(path.join(root, 'docs')).map((f) => `docs/${f}`)]
      .filter((f) => f.endsWith('.md'))
      .flatMap((f) => [...read(f).matchAll(/(\d+) routes of `functions\/routes\.ts`/g)].map((m) => ({ file: f, count: Number(m[1]) })));
    expect(counts.length).toBeGreaterThan(0);
    for (const { file, count } of counts) expect(count, file).toBe(routes.length);
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

  it.each(documents)('%s names only test files that exist', (doc) => {
    const testFiles = readdirSync(path.join(root, 'tests'), { recursive: true, encoding: 'utf8' }).map((f) => path.basename(f));
    const named = [...read(doc).matchAll(/`([\w-]+\.(?:test|e2e)\.tsx?)`/g)].map((m) => m[1]!);
    expect(named.filter((t) => !testFiles.includes(t))).toEqual([]);
  });

  it.each(documents)('%s names only files that exist', (doc) => {
    const missing = namedFiles(read(doc)).filter((file) => !existsSync(path.join(root, file)));
    expect(missing).toEqual([]);
  });
});
