// One lint for the whole tree (npm run lint). Syntax-level rules only; types are checked by `npm run typecheck`.
// The layer rules (docs/architecture.md, "Layers") are the zones of import-x/no-restricted-paths below, on resolved
// paths, and a few package bans; import circles are caught by tests/unit/import-cycles.test.ts.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ZOD_NAMED_IMPORT = {
  selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z'][importKind!='type']",
  message: "Use `import * as z from 'zod'`: the named `z` defeats tree shaking and adds ~350 KB to every Lambda bundle.",
};

/**
 * "Now" comes from the clock (functions/lib/clock.ts on the server, web/src/lib/clock.ts in the SPA), which the local
 * stack can move (local/clock.ts); a stray Date.now() or argument-less new Date() would keep real time and split the
 * product in two when it moves. Durations use performance.now().
 */
export const CLOCK_MESSAGE =
  'Read the time from the clock: functions/lib/clock.ts (now(), nowMs()) on the server, web/src/lib/clock.ts (clockNow()) in the SPA, or take `now` from the caller in shared/. Durations: performance.now(). (docs/architecture.md, "The clock")';
export const CLOCK_RULES = [
  { selector: "MemberExpression[object.name='Date'][property.name='now']", message: CLOCK_MESSAGE },
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: CLOCK_MESSAGE },
];
/** Where the rule holds, and the clock modules themselves, which alone read the real clock. */
export const CLOCK_FILES = ['functions/**/*.ts', 'shared/**/*.ts', 'local/**/*.ts', 'web/src/**/*.{ts,tsx}'];
export const CLOCK_MODULES = ['functions/lib/clock.ts', 'local/clock.ts', 'web/src/lib/clock.ts'];

/**
 * An amount is written as text in one module (shared/money.ts), so "$1,234.50" reads the same on every screen,
 * e-mail, PDF and export: a stray `.toFixed(2)` printed "$1234.50" beside it, and a local toLocaleString or
 * Intl.NumberFormat with money options is the same formatter again. Held in the product's code (the files of the
 * clock rule); the tests work out the texts they expect on their own, and the bench's figures are not money.
 */
export const MONEY_MODULE = 'shared/money.ts';
export const MONEY_MESSAGE =
  'Write amounts with shared/money.ts: formatMoney(cents) or formatDollars(dollars) for people ("$1,234.50"), formatMoneyShort(cents) for a whole-dollar price in running text ("$20"), formatMoneyPlain(cents) for CSV cells and amount inputs ("1234.50"). (docs/architecture.md, "Time, money and rules")';
export const MONEY_RULES = [
  { selector: "CallExpression[callee.property.name='toFixed'][arguments.0.value=2]", message: MONEY_MESSAGE },
  {
    selector:
      ':matches(CallExpression, NewExpression)[callee.property.name=/^(toLocaleString|NumberFormat)$/]:has(Property[key.name=/^(style|currency|minimumFractionDigits|maximumFractionDigits)$/])',
    message: MONEY_MESSAGE,
  },
];

const here = path.dirname(fileURLToPath(import.meta.url));
const foldersOf = (dir) => readdirSync(path.join(here, dir), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

/** functions/ folders that are not handlers (one module per route or trigger): every other folder is. */
const NOT_HANDLERS = ['lib', 'store', 'use-cases', 'domain', 'maintenance', 'openapi'];
const HANDLER_DIRS = foldersOf('functions').filter((d) => !NOT_HANDLERS.includes(d));
const handlers = HANDLER_DIRS.map((d) => `functions/${d}/**`);
/** The web app's features, each a folder of web/src/features. */
const FEATURES = foldersOf('web/src/features');

/**
 * The layer rules of docs/architecture.md, on resolved paths (import-x resolves every specifier, relative, `@/`,
 * `@shared/` alike, with TypeScript's own rules), so `../../features/../functions/x` is caught as surely as
 * `../functions/x`. Each zone: files in `target` may not import files in `from` (minus `except`, relative to `from`).
 */
const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });
const RUNNERS = ['local/**', 'infra/**', 'bin/**', 'bench/**', 'tests/**', 'web/**'];
const notRunner = 'The product code never imports the local stack, the CDK app, the commands (nor their maintenance code), the bench, the tests or the web app.';

export const layerZones = [
  zone('shared/**', ['functions/**', 'local/**', 'infra/**', 'bin/**', 'bench/**', 'tests/**', 'web/**'], 'shared/ holds pure domain rules: it imports only shared/.'),
  zone('web/src/**', ['functions/**', 'local/**', 'infra/**', 'bin/**', 'bench/**', 'tests/**'], 'The web app imports only web/src and shared/ (through @shared/*).'),
  // The web app's own floors: app/ composes features; a feature stands beside the others; ui/ and lib/ serve all.
  ...FEATURES.map((f) => zone(`web/src/features/${f}/**`, 'web/src/features', `A feature never imports another feature (${f} may not): move what both need to ui/ or lib/, or compose them in app/.`, [`./${f}`])),
  zone('web/src/features/**', 'web/src/app/**', 'A feature never imports the app shell: the shell composes features.'),
  zone(['web/src/ui/**', 'web/src/lib/**'], ['web/src/features/**', 'web/src/app/**'], 'ui/ and lib/ serve every feature: they import no feature and not the app shell.'),
  zone('functions/**', RUNNERS, notRunner),
  zone(['functions/*.ts', ...foldersOf('functions').filter((d) => d !== 'maintenance').map((d) => `functions/${d}/**`)], 'functions/maintenance/**', notRunner),
  zone('functions/lib/**', ['functions/store/**', 'functions/use-cases/**', ...handlers], 'functions/lib is plumbing: it imports no store, use case or handler.'),
  zone('functions/store/**', ['functions/use-cases/**', ...handlers], 'The store is the bottom layer of functions/: it imports no use case or handler.'),
  zone(
    'functions/store/**',
    ['functions/lib/errors.ts', 'functions/lib/http.ts', 'functions/lib/auth.ts', 'functions/lib/optional-caller.ts'],
    'The store knows nothing of HTTP: return outcomes and let the use case map them to errors.',
  ),
  zone('functions/use-cases/**', handlers, 'A use case never imports a handler: handlers call use cases.'),
  zone(
    'functions/use-cases/**',
    ['functions/lib/errors.ts', 'functions/lib/http.ts'],
    'A use case knows nothing of HTTP: throw a domain error (functions/domain/errors.ts); the handler stack maps its code to a status.',
  ),
  zone(
    'functions/use-cases/calendar/**',
    ['functions/use-cases/account/**', 'functions/use-cases/booking/**'],
    "use-cases/calendar makes the calendar files and attachments that booking/ and account/ send: it imports neither (the dashboard's own file is account/my-booking-calendar.ts), so the folders never loop.",
  ),
  zone('functions/domain/**', ['functions/lib/**', 'functions/store/**', 'functions/use-cases/**', ...handlers], 'functions/domain holds the domain errors: it imports nothing else of functions/.'),
  zone('functions/maintenance/**', ['functions/use-cases/**', ...handlers], 'Maintenance (functions/maintenance, run by npm run admin) works on the store: it imports no use case or handler.'),
  zone(handlers, 'functions/store/**', 'A handler is a thin adapter: it calls a use case, which calls the store.'),
  zone('infra/**', ['local/**', 'web/**', 'tests/**', 'bench/**'], 'The CDK app never imports the local stack, the web app, the tests or the bench.'),
  zone(
    'infra/**',
    'functions',
    'The CDK app reads only the route table, the trigger, job and CloudTrail-function tables, the key definitions and the metric names from functions/.',
    ['./routes.ts', './triggers.ts', './jobs.ts', './events.ts', './store/keys.ts', './lib/metric-names.ts'],
  ),
  zone('local/**', ['infra/**', 'web/**', 'bin/**', 'bench/**', 'tests/**'], 'The local stack uses functions/ and shared/, never the CDK app, the web app or the commands.'),
];

/** Packages a layer may not use: names, not paths, so these stay import-string rules. */
const packageBan = (files, rules) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: rules.map(([regex, message]) => ({ regex, message })) }] },
});

export const layerRules = [
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(here, 'tsconfig.json') })] },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: here, zones: layerZones }] },
  },
  packageBan(['shared/**/*.ts'], [['^(@aws-sdk|aws-cdk-lib|constructs|react|react-dom|react-router-dom|@aws-amplify|stripe|@middy|jose|@radix-ui)(/|$)', 'shared/ is pure: no AWS, no React, no SDKs.']]),
  packageBan(['web/src/**/*.{ts,tsx}'], [['^(@aws-sdk|aws-cdk-lib|constructs|stripe|@middy|jose)(/|$)', 'The web app uses no AWS SDK other than Amplify Auth.']]),
];

export default tseslint.config(
  { ignores: ['node_modules', 'web/dist', 'web/.prerender', 'cdk.out', '.data', 'coverage', '.stryker-tmp', 'reports', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-restricted-syntax': ['error', ZOD_NAMED_IMPORT],
    },
  },
  // no-restricted-syntax's list is replaced, not merged, by a later block: each block names every rule it keeps.
  {
    files: CLOCK_FILES,
    ignores: [...CLOCK_MODULES, MONEY_MODULE],
    rules: { 'no-restricted-syntax': ['error', ZOD_NAMED_IMPORT, ...CLOCK_RULES, ...MONEY_RULES] },
  },
  { files: CLOCK_MODULES, rules: { 'no-restricted-syntax': ['error', ZOD_NAMED_IMPORT, ...MONEY_RULES] } },
  { files: [MONEY_MODULE], rules: { 'no-restricted-syntax': ['error', ZOD_NAMED_IMPORT, ...CLOCK_RULES] } },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...layerRules,
);
