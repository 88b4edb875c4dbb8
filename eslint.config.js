// @ts-check
// The house rules (docs/architecture.md and each workspace's AGENTS.md) that a linter can keep. Layers and
// import cycles are dependency-cruiser's job (.dependency-cruiser.cjs), not this file's. `npm run lint` runs it; scripts/test.sh fails on any error.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Files that are tests or serve only tests: contract suites, fixtures, harnesses, mock upstreams, test support. */
const testFiles = ['**/*.test.{ts,tsx}', '**/*.contract.ts', '**/testing/**', 'gateway/test/**', 'console/src/test/**'];

/** The drivers of the engines each port hides; only adapters (and what wires them) may speak to an engine. */
const engineDrivers = ['kafkajs', 'mongoose', 'mongodb', 'ioredis', 'better-sqlite3', '@clickhouse/client', 'chdb', 'mysql2', 'mysql2/promise', 'pg'];

/** A read of process.env in any shape: member access, destructuring, or the `env` export of node:process. */
const processEnvReads = {
  'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Only the config schema (gateway/src/config.ts) reads process.env: add a field there.' }],
};
const processEnvImports = [
  { name: 'node:process', importNames: ['env'], message: 'Only the config schema (gateway/src/config.ts) reads the environment.' },
  { name: 'process', importNames: ['env'], message: 'Only the config schema (gateway/src/config.ts) reads the environment.' },
];

/** House style 19: named exports only. */
const noDefaultExport = [
  { selector: 'ExportDefaultDeclaration', message: 'Named exports only (house style 19); a default export is kept only where a tool requires one.' },
  { selector: 'ExportSpecifier[exported.name="default"]', message: 'Named exports only (house style 19).' },
];

/**
 * Issue #33 item 0: a dictionary keyed by what a client chose (model, group, user, token, header or
 * option names) must not inherit Object.prototype. The gateway crashed on `{"model":"__proto__"}`
 * because the ops meter did `tally.models[model] ?? (tally.models[model] = …)` on a `{}`: the read
 * answered Object.prototype and the meter wrote its counters onto every object in the process;
 * `constructor` or `toString` answered a function instead of undefined. A selector cannot know
 * where a key comes from, so these forbid the shapes that go wrong with any key: get-or-insert on
 * a computed member, and a string-keyed `Record` (other than a JSON body, `Record<string, unknown>`)
 * built from an object literal. Use a Map, or `dict()` / `own()` / `entryOf()` from @tollgate/wire. (`{…} satisfies
 * Record<string, T>` is left alone: it keeps its literal keys, so an arbitrary string does not index it.)
 */
const prototypeKeyed = [
  {
    selector: 'LogicalExpression[operator=/^(\\?\\?|\\|\\|)$/] > AssignmentExpression.right[left.type="MemberExpression"][left.computed=true]',
    message: 'Get-or-insert on a plain object reads Object.prototype for `__proto__`/`constructor` keys (issue #33): use a Map, or entryOf() on a dict() from @tollgate/wire.',
  },
  {
    selector: 'AssignmentExpression[operator=/^(\\?\\?=|\\|\\|=)$/][left.type="MemberExpression"][left.computed=true]',
    message: 'Get-or-insert on a plain object reads Object.prototype for `__proto__`/`constructor` keys (issue #33): use a Map, or entryOf() on a dict() from @tollgate/wire.',
  },
  {
    // `'field' in value` (narrowing a union) is fine; `name in table` also finds what the prototype holds.
    selector: 'BinaryExpression[operator="in"][left.type!="Literal"]',
    message: '`key in table` is true for `constructor`/`toString` (issue #33): use Object.hasOwn(table, key), or a Map.',
  },
  ...[
    ['VariableDeclarator', 'id.typeAnnotation.typeAnnotation', 'init'],
    ['PropertyDefinition', 'typeAnnotation.typeAnnotation', 'value'],
    ['TSAsExpression', 'typeAnnotation', 'expression'],
  ].map(([node, type, field]) => ({
    selector: `${node}[${type}.typeName.name="Record"][${type}.typeArguments.params.0.type="TSStringKeyword"][${type}.typeArguments.params.1.type!="TSUnknownKeyword"] > ObjectExpression.${field}`,
    message: 'A string-keyed table made from `{…}` answers Object.prototype for `constructor`/`__proto__` (issue #33): use dict({…}) from @tollgate/wire, or a Map.',
  })),
];

/** no-restricted-imports for server code: the environment, and engine drivers outside adapters. */
function serverImports({ drivers }) {
  const message = 'Engine drivers belong in an adapter (adapters/**) behind a port; the composition root wires them.';
  // Exact names (paths), not patterns: a pattern `pg` would also match our own `relay/routes/pg/`.
  const driverPaths = drivers ? engineDrivers.map((name) => ({ name, message })) : [];
  return ['error', { paths: [...processEnvImports, ...driverPaths] }];
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'test-output/**', '.cache/**', 'infra/local/.cache/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      parserOptions: {
        // One program per tsconfig (root: wire, ledger, analytics, gateway, scripts, bench; console/tsconfig.json);
        // the few config files no tsconfig includes get a default project.
        projectService: { allowDefaultProject: ['eslint.config.js', 'vitest.config.ts', 'console/public/*.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Type-aware rules chosen for the defects they catch here, not the whole strictTypeChecked set (measured:
      // ~2,100 more findings, mostly style — numbers in template literals, async functions without await —
      // and ~40% more CPU): a promise nobody awaits loses its error (an unhandled rejection ends the
      // process) or its ordering (a charge settled after the reply).
      // `void promise` is refused too (issue #33): it silences the rule without owning the failure, and
      // such a rejection in a notice handler ended the gateway. Background work goes through
      // runInBackground or a Reconciler (ledger/src/background/), or ends in its own .catch.
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: false }],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // A new event type, channel type or error code must be handled wherever a switch covers the union.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false }],
      // Only Error objects are thrown or rejected: they carry a stack (and a `cause`); a string carries neither.
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/prefer-promise-reject-errors': 'error',

      // House rules.
      'max-lines': ['error', { max: 500 }],
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-ignore': true, 'ts-nocheck': true, 'ts-expect-error': 'allow-with-description', minimumDescriptionLength: 10 }],
      // src logs through the logger (Fastify's pino, request.log); a CLI's output (npm run import, npm run
      // audit) is written with process.stdout.write, so no file needs console.
      'no-console': 'error',
      'no-restricted-syntax': ['error', ...noDefaultExport, ...prototypeKeyed],
      ...processEnvReads,
      'no-restricted-imports': serverImports({ drivers: true }),
      // `_`-prefixed names are deliberate: positional parameters an interface imposes, and fields picked off
      // with a rest spread so they are left out of the copy.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // The composition roots construct adapters, so they reach the engines' drivers; so does the import tool,
    // which reads a new-api database (SQLite, MySQL or PostgreSQL) that is no port of ours.
    files: ['**/adapters/**', 'gateway/src/composition/**', 'gateway/src/main.ts', 'gateway/src/embedded.ts', 'gateway/src/import/sources/**'],
    rules: { 'no-restricted-imports': serverImports({ drivers: false }) },
  },
  {
    // bench is a command-line tool run by hand: its flags and environment are its interface, it hands the
    // environment on to the processes it starts, and it prints its figures to the terminal.
    files: ['bench/src/**'],
    rules: { 'no-restricted-properties': 'off', 'no-restricted-imports': serverImports({ drivers: true }), 'no-console': 'off' },
  },
  {
    // The bench's own adapters drive engine clients directly to measure them side by side (issue #36: kafkajs
    // against @platformatic/kafka).
    files: ['bench/src/adapters/**'],
    rules: { 'no-restricted-imports': serverImports({ drivers: false }) },
  },
  {
    files: testFiles,
    rules: {
      // Tests set up real engines (SQLite files, chdb, Kafka clients) to check the adapters and seed data.
      'no-restricted-imports': serverImports({ drivers: false }),
      // A test may hand its environment on to a server it spawns (PATH, HOME...), but reads a variable only
      // through a test config schema (gateway/test/support/config.ts, ledger/src/testing/cluster-engines.ts, analytics/src/testing/config.ts).
      'no-restricted-properties': 'off',
      'no-restricted-syntax': [
        'error',
        ...noDefaultExport,
        {
          selector: 'MemberExpression[object.name="process"][property.name="env"]:not(SpreadElement > MemberExpression)',
          message: 'Read the environment through a test config schema (gateway/test/support/config.ts); only spreading it into a child process env is allowed here.',
        },
      ],
      // A test's wrong assumption fails the test anyway; `rows[0]!` states the expectation more plainly than a guard.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // A test's console output is what vitest reports beside the test (figures of a load run, a fuzz seed).
      'no-console': 'off',
    },
  },
  {
    // The config schemas, the only readers of the environment: the service's, and the test tiers' (the
    // engines' addresses that infra/local/with-engines.sh exports, a fuzz seed to replay).
    files: ['gateway/src/config.ts', 'gateway/test/support/config.ts', 'ledger/src/testing/cluster-engines.ts', 'analytics/src/testing/config.ts'],
    rules: { 'no-restricted-properties': 'off', 'no-restricted-syntax': ['error', ...noDefaultExport], 'no-restricted-imports': serverImports({ drivers: false }) },
  },
  {
    files: ['console/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['console/**/*.{ts,tsx}'],
    rules: {
      // A missed dependency is a stale closure (an old filter, an old page): an error, not a warning.
      'react-hooks/exhaustive-deps': 'error',
      // `onClick={async () => ...}` is the console's way to act: api() has already shown a failure as a toast
      // before it rejects (api/client.ts), and a rejected handler ends only that click. Promises passed
      // anywhere else (props, arguments) are still checked.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // react-router's navigate returns the data router's promise of the finished navigation; it never
      // rejects (a failed route shows its errorElement), so there is nothing to await or catch.
      '@typescript-eslint/no-floating-promises': ['error', { allowForKnownSafeCalls: [{ from: 'package', name: 'NavigateFunction', package: 'react-router' }] }],
      // The browser has no process.env; drivers are server code. The house style's console rules:
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@headlessui/react', message: 'Use the wrappers in components/ui/ (house style 24).' },
            { name: 'apexcharts', message: 'Use components/ui/chart.tsx, the one chart over ApexCharts (house style 24).' },
            { name: 'react-apexcharts', message: 'Use components/ui/chart.tsx, the one chart over ApexCharts (house style 24).' },
            { name: 'socket.io-client', message: 'Use the one socket in live/socket.ts through a useLiveX hook (house style 23).' },
          ],
        },
      ],
    },
  },
  {
    // The wrappers that the console's rules point to.
    files: ['console/src/components/ui/**', 'console/src/live/socket.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Vite and Vitest load their config file's default export; so does ESLint.
    files: ['eslint.config.js', 'vitest.config.ts', 'console/vite.config.ts', 'console/vitest.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // A plain script the browser runs before first paint (console/index.html), outside any tsconfig.
    files: ['console/public/*.js'],
    languageOptions: { globals: { localStorage: 'readonly', matchMedia: 'readonly', document: 'readonly' } },
  },
  {
    // Plain JavaScript files have no types to check the type-aware rules against.
    files: ['**/*.{js,cjs,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // dependency-cruiser reads a CommonJS config (module.exports).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
);
