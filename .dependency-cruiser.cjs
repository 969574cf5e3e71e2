/**
 * Import boundaries of DESIGN.md ("one-way imports"), checked by `npm run check:boundaries`:
 *
 *   app/ ─► plugins/ ─► engine/ ─► domain/ ◄─ server/
 *                       ▲           ▲
 *   studio/ ────────────┴───────────┘  (the operator studio's page: a second app on the engine)
 *
 *   common/ (shared infrastructure, pure like domain/: conditions, JSON Merge Patch, locales,
 *   i18next options, the contracts between build, server and page) under all of them, domain/ included
 *
 *   schemas/ (neutral: the Ajv set-up and JSON Schemas, for engine/build and server)
 *
 * Tests follow the rules of the folder they sit in; tests/ (cross-cutting suites) may reach
 * everything. TypeScript is read through babel (.dependency-cruiser.babel.cjs), which keeps
 * `import type` edges: they cross boundaries too. Run on file globs, not folders: without the
 * TypeScript compiler dependency-cruiser would not pick .ts files when it scans a folder.
 */

/** Folders of our own code and data; npm packages and node: built-ins are always allowed. */
const OURS = '^(app|bench|common|domain|engine|locales|permissions|plugins|schemas|screens|scripts|server|studio|tenants|tests)/';
const TEST = '\\.test\\.tsx?$';

/**
 * The import cycles engine/ keeps, counting every edge (static, lazy `import()` and `import type`),
 * each named by the module it runs through and why it stays (issue 27). A cycle through none of
 * these fails `engine-no-cycles`; break a new one by moving the type or function to the module it
 * belongs to (as screen-guard.ts, form-props.ts and action-environment.ts were).
 */
const ENGINE_CYCLES = [
  {
    through: 'engine/data/data-layer.tsx',
    reason:
      "The session store loads the signed-in data layer lazily (the /login budget); the layer prefetches a route's widgets and frame, " +
      'which read the store: every cycle from the store through the data layer back to it (one per widget or frame module reading it).',
  },
  {
    through: 'engine/screens/WidgetTree.tsx',
    reason:
      'Widgets nest: WidgetTree renders a node through the lazy widget registry, and the container widgets (stack, tabs, detail) render WidgetTree.',
  },
  {
    through: 'engine/session/signed-in.ts',
    reason: 'The signed-in half of the session store is loaded lazily by the store (store.ts) and writes into it.',
  },
  {
    through: 'engine/widgets/table/cells.tsx',
    reason:
      'columns.tsx builds the columns from the cell renderers, which take the row type TanStack Table derives from those columns (PortalRow).',
  },
];
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'domain/ holds the business rules shared by browser and server: it imports nothing of ours but domain/ and common/.',
      severity: 'error',
      from: { path: '^domain/', pathNot: TEST },
      to: { path: OURS, pathNot: '^(domain|common)/' },
    },
    {
      name: 'common-is-pure',
      comment:
        'common/ holds the infrastructure both sides share (no business rule): like domain/, it imports nothing of ours but itself, ' +
        'and domain/ may import it, never the other way.',
      severity: 'error',
      from: { path: '^common/', pathNot: TEST },
      to: { path: OURS, pathNot: '^common/' },
    },
    {
      name: 'domain-tests-stay-in-domain',
      comment:
        'A domain or common test may read the shipped definitions (permissions/, schemas/, tenants/) as fixtures, never engine, server, plugins or app code.',
      severity: 'error',
      from: { path: `^(domain|common)/.*${TEST}` },
      to: { path: '^(app|engine|plugins|server|bench|scripts|tests)/' },
    },
    {
      name: 'engine-stays-below-plugins-and-server',
      comment: 'The engine is mounted by app/ and registers plugins through its registry: it never imports plugins/, app/ or server/.',
      severity: 'error',
      from: { path: '^engine/' },
      to: { path: '^(app|plugins|server|studio|bench|scripts|tests)/' },
    },
    {
      name: 'server-is-not-the-portal',
      comment: 'The reference API shares only domain/ (and the neutral schemas/) with the portal.',
      severity: 'error',
      from: { path: '^server/', pathNot: '^server/studio/definition-check\\.ts$' },
      to: { path: '^(app|engine|plugins|studio|bench|scripts|tests)/' },
    },
    {
      name: 'server-checks-drafts-through-one-door',
      comment:
        'The operator studio holds drafts against the definition check (issue 24): server/studio/definition-check.ts, and only it, ' +
        'may import scripts/definitions (whose contract reads engine/ types and bindings), and nothing else of the portal.',
      severity: 'error',
      from: { path: '^server/studio/definition-check\\.ts$' },
      to: { path: '^(app|engine|plugins|bench|tests)/|^scripts/(?!definitions/)' },
    },
    {
      name: 'schemas-are-neutral',
      comment: 'schemas/ is shared by engine/build and server/: it may use domain/ but neither side.',
      severity: 'error',
      from: { path: '^schemas/' },
      to: { path: '^(app|engine|plugins|server|studio|bench|scripts|tests)/' },
    },
    {
      name: 'studio-is-its-own-app',
      comment:
        "The operator studio's page (issue 24, its own build: vite.studio.config.ts) is built on the engine and domain/ like the portal, " +
        'and talks to the server only over HTTP; it imports neither the portal (app/, plugins/) nor the server, and only tests import it.',
      severity: 'error',
      from: { path: '^studio/' },
      to: { path: '^(app|plugins|server|bench|scripts|tests)/' },
    },
    {
      name: 'nothing-imports-the-studio',
      comment: 'The studio is a page of its own: the portal, the engine and the server never import it (its tests and build config may).',
      severity: 'error',
      from: { pathNot: '^(studio|tests)/' },
      to: { path: '^studio/' },
    },
    {
      name: 'only-app-imports-plugins',
      comment:
        'Plugins are registered by the composition root (app/, through plugins/index.ts); nothing else imports them. ' +
        'scripts/check-definitions.ts reads that registry for the plugin names definitions may mount (issue 23).',
      severity: 'error',
      from: { pathNot: '^(app|plugins|tests)/|^scripts/check-definitions\\.ts$' },
      to: { path: '^plugins/' },
    },
    {
      name: 'plugins-stand-alone',
      comment: 'A plugin uses the engine and domain/, never another plugin.',
      severity: 'error',
      from: { path: '^plugins/([^/]+)/' },
      to: { path: '^plugins/', pathNot: '^plugins/$1/' },
    },
    {
      name: 'no-circular',
      comment:
        'No evaluation cycles (DESIGN.md: no barrel files that create them). Edges through lazy import() and `import type` ' +
        '(read as import(), see .dependency-cruiser.babel.cjs) cannot create one and are left out. engine/ has the stricter rule below.',
      severity: 'error',
      from: { pathNot: '^engine/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
    {
      name: 'engine-no-cycles',
      comment:
        'No import cycle in engine/, counting lazy import() and `import type` edges too (issue 27), but those listed in ENGINE_CYCLES. ' +
        'dependency-cruiser checks the one cycle it finds for each import against the list.',
      severity: 'error',
      from: { path: '^engine/' },
      to: {
        path: '^engine/',
        circular: true,
        viaOnly: { pathNot: `^(${ENGINE_CYCLES.map(({ through }) => escapeRegExp(through)).join('|')})$` },
      },
    },
  ],
  options: {
    babelConfig: { fileName: '.dependency-cruiser.babel.cjs' },
    includeOnly: OURS,
    // Anchored: the database's and build's folders at the root only (unanchored, `data/` also left out engine/data/).
    exclude: { path: '(^|/)node_modules/|^(dist[^/]*|data|outbox)/' },
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
