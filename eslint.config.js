// One lint for the whole tree (npm run lint). Syntax-level rules only, so it stays fast; types are
// checked by `npm run typecheck`. The layer rules (docs/architecture.md, "Layers") are the
// no-restricted-imports blocks below; import circles are caught by tests/unit/import-cycles.test.ts.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ZOD_NAMED_IMPORT = {
  selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z'][importKind!='type']",
  message: "Use `import * as z from 'zod'`: the named `z` defeats tree shaking and adds ~350 KB to every Lambda bundle.",
};

/** The handler folders of functions/ (one module per route or trigger). */
const HANDLER_DIRS = 'quotes|availability|contact|checkout|webhooks|me|auth|photos|admin|pass';

/** A layer may not import these: each rule is a regex on the import specifier and the reason it breaks a layer. */
const layer = (files, rules) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: rules.map(([regex, message]) => ({ regex, message })) }] },
});

const notRunner = [
  '(^|/)(local|infra|bin|bench|tests|web|maintenance)/',
  'The product code never imports the local stack, the CDK app, the commands (nor their maintenance code), the bench, the tests or the web app.',
];

export const layerRules = [
  layer(
    ['shared/**/*.ts'],
    [
      ['(^|/)(functions|local|infra|bin|bench|tests|web)/', 'shared/ holds pure domain rules: it imports only shared/.'],
      ['^(@aws-sdk|aws-cdk-lib|constructs|react|react-dom|react-router-dom|@aws-amplify|stripe|@middy|jose|@radix-ui)(/|$)', 'shared/ is pure: no AWS, no React, no SDKs.'],
    ],
  ),
  layer(
    ['web/src/**/*.{ts,tsx}'],
    [
      ['(^|/)(functions|local|infra|bin|bench|tests)/', 'The web app imports only web/src and shared/ (through @shared/*).'],
      ['^(@aws-sdk|aws-cdk-lib|constructs|stripe|@middy|jose)(/|$)', 'The web app uses no AWS SDK other than Amplify Auth.'],
    ],
  ),
  layer(['functions/**/*.ts'], [notRunner]),
  layer(
    ['functions/lib/**/*.ts'],
    [notRunner, ['^\\.\\./(store|use-cases|' + HANDLER_DIRS + ')(/|$)', 'functions/lib is plumbing: it imports no store, use case or handler.']],
  ),
  layer(
    ['functions/store/**/*.ts'],
    [
      notRunner,
      ['^\\.\\./(use-cases|' + HANDLER_DIRS + ')(/|$)', 'The store is the bottom layer of functions/: it imports no use case or handler.'],
      ['^\\.\\./lib/(errors|http|auth|optional-caller)$', 'The store knows nothing of HTTP: return outcomes and let the use case map them to errors.'],
    ],
  ),
  layer(
    ['functions/use-cases/**/*.ts'],
    [notRunner, ['^\\.\\./\\.\\./(' + HANDLER_DIRS + ')(/|$)', 'A use case never imports a handler: handlers call use cases.']],
  ),
  layer(
    ['functions/maintenance/**/*.ts'],
    [
      notRunner,
      ['^\\.\\./(use-cases|' + HANDLER_DIRS + ')(/|$)', 'Maintenance (functions/maintenance, run by npm run admin) works on the store: it imports no use case or handler.'],
    ],
  ),
  layer(
    [`functions/{${HANDLER_DIRS.replace(/\|/g, ',')}}/**/*.ts`],
    [notRunner, ['^\\.\\./store(/|$)', 'A handler is a thin adapter: it calls a use case, which calls the store.']],
  ),
  layer(
    ['infra/**/*.ts'],
    [
      ['(^|/)(local|web|tests|bench)/', 'The CDK app never imports the local stack, the web app, the tests or the bench.'],
      ['(^|/)functions/(?!(routes|triggers|jobs|events|store/keys|lib/metric-names)$)', 'The CDK app reads only the route table, the trigger, job and CloudTrail-function tables, the key definitions and the metric names from functions/.'],
    ],
  ),
  layer(['local/**/*.{ts,cjs}'], [['(^|/)(infra|web|bin|bench|tests)/', 'The local stack uses functions/ and shared/, never the CDK app, the web app or the commands.']]),
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
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...layerRules,
);
