// Import rules of docs/architecture.md that CI checks (`npm run lint:deps`). Paths are relative to
// the repository root; workspace packages (@tollgate/*) resolve to their sources, so a rule on
// `ledger/` also catches `@tollgate/ledger/...`.

/** Who may construct an adapter: the entries and the composition folder, the adapters themselves, and tests. */
const COMPOSITION_ROOTS = [
  '^gateway/src/(embedded|main)[.]ts$',
  '^gateway/src/composition/',
  // An adapter folder's index gathers its own files, and an adapter may build on a sibling (the usage spool on SQLite).
  '^(gateway|ledger|analytics)/src/adapters/',
  // A test, and the support it shares (test/, testing/), composes its own world from real adapters.
  '[.]test[.]tsx?$',
  '^gateway/test/',
  '/testing/',
  // The benchmark is a program of its own, its own composition root.
  '^bench/src/',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A cycle means neither side can be changed, tested or loaded alone (the relay retry loop, the channel test and task submit once formed one). ' +
        'Move what both sides need into a module both import. Test code included: mock upstreams are code too.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'providers-not-upward',
      severity: 'error',
      comment:
        'A provider adapter translates one upstream protocol; the relay, the routes and the tasks use providers, never the other way. ' +
        'What both need (token counting, SSE reading, prices) lives in providers/shared or a neutral module (billing/, channels/).',
      from: { path: '^gateway/src/providers/' },
      to: { path: '^gateway/src/(relay|tasks|api)/|^gateway/src/[^/]+/routes/' },
    },
    {
      name: 'the-floor-imports-no-capability',
      severity: 'error',
      comment:
        'The floor of the gateway (ports/, http/, contexts/, config.ts, version.ts and deps.ts) is what every capability builds on; ' +
        'it imports only itself, wire, ledger and analytics, never a capability, a route or a composition root, so no import runs up the layers. ' +
        'A shape a port carries lives with the port (ports/documents/audit-event.ts, ports/hot-state/ops-tally.ts).',
      from: { path: '^gateway/src/(ports/|http/|contexts/|(deps|config|version)[.]ts$)', pathNot: '[.]test[.]ts$' },
      to: { path: '^gateway/src/', pathNot: '^gateway/src/(ports/|http/|contexts/|(config|version)[.]ts$)' },
    },
    {
      name: 'routes-are-leaves',
      severity: 'error',
      comment:
        'A route registers routes; the rules it applies (money, options, text) live in its capability (billing/, options/, ...), ' +
        "so nothing but other routes, the API's registration (api/index.ts), the app and the composition roots imports a route file " +
        '(a capability keeps its routes in its own routes/ folder: the relay its surfaces in relay/routes/, the tasks their relays in tasks/routes/), ' +
        'and a rule is tested without HTTP.',
      from: { path: '^gateway/src/', pathNot: '^gateway/src/([^/]+/routes/|api/index[.]ts$|composition/|app[.]ts$)|[.]test[.]ts$' },
      to: { path: '^gateway/src/[^/]+/routes/' },
    },
    {
      name: 'channel-test-apart-from-relay',
      severity: 'error',
      comment:
        'The channel test sends one call of its own; reaching the relay (its retry loop once) tied the two so neither could change or be tested alone. ' +
        'What both read (model mapping, health switches) lives in channels/.',
      from: { path: '^gateway/src/channels/channel-(tester|probe)[.]ts$' },
      to: { path: '^gateway/src/relay/', reachable: true },
    },
    {
      name: 'retries-apart-from-tests-and-tasks',
      severity: 'error',
      comment: 'The retry loop is used by task submit and judged by the health rules; it reaches neither the channel test nor any task code.',
      from: { path: '^gateway/src/relay/upstream/upstream-attempts[.]ts$' },
      to: { path: '^gateway/src/(channels/channel-(tester|probe)[.]ts$|tasks/)', reachable: true },
    },
    {
      name: 'nothing-imports-gateway',
      severity: 'error',
      comment: 'docs/architecture.md: nothing imports gateway. The ledger, analytics and wire run in their own processes without it.',
      from: { path: '^(ledger|analytics|wire)/' },
      to: { path: '^gateway/' },
    },
    {
      name: 'ledger-not-analytics',
      severity: 'error',
      comment: 'docs/architecture.md: gateway -> analytics -> ledger. The ledger owns the money and depends on no reader of it.',
      from: { path: '^ledger/' },
      to: { path: '^analytics/' },
    },
    {
      name: 'wire-imports-only-zod',
      severity: 'error',
      comment:
        'docs/architecture.md: wire holds the shapes that cross a process or the browser boundary and imports nothing of ours; ' +
        'the browser bundles it, so no Node built-in either. zod is its one dependency (its tests also use vitest).',
      from: { path: '^wire/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: ['^wire/', '^node_modules/zod/'] },
    },
    {
      name: 'console-not-server',
      severity: 'error',
      comment: 'docs/architecture.md: the console imports no server code other than wire; server code would end up in the browser bundle.',
      from: { path: '^console/' },
      to: { path: '^(gateway|ledger|analytics|bench)/' },
    },
    {
      name: 'only-composition-roots-import-adapters',
      severity: 'error',
      comment:
        'docs/architecture.md / HOUSE-STYLE 1: only a composition root chooses an adapter; everything else takes the port. ' +
        'An adapter imported elsewhere is an `if (embedded)` in disguise.',
      from: { pathNot: COMPOSITION_ROOTS },
      to: { path: '^(gateway|ledger|analytics)/src/adapters/' },
    },
    {
      name: 'resolvable',
      severity: 'error',
      comment: 'An import the cruise cannot resolve escapes every rule above; tsc would not notice a resolution only this tool gets wrong.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a cycle through types still ties the modules together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.d.ts'],
    },
  },
};
