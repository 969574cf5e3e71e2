// rolldown is Vite 8's bundler (a dependency of vite); only its type is used here.
import type { CodeSplittingGroup } from 'rolldown';

const path = (pattern: string) => new RegExp(pattern.replaceAll('/', '[\\\\/]'));

/**
 * How the production build groups modules into files (rolldown `output.codeSplitting.groups`),
 * for the /login budget (bench/bundle.ts: 160 KB gzip JavaScript). Left to itself, rolldown
 * splits every module shared by two lazy chunks into a file of its own: /login fetched ~50
 * small files, each compressed alone and each with its own import and export lists. Here:
 *
 * - `data`: the signed-in data layer (engine/data/data-layer.tsx): TanStack Query (but the module
 *   of its context, which the entry provides empty until sign-in), the portal's queries, the route
 *   loaders' prefetch with the screens' reads (virtual:portal-screen-reads) and the signed-in
 *   frame's screen loaders (virtual:portal-shell-loaders), the list
 *   parameters it builds, and the signed-in part of the session store (session/signed-in.ts, boot-view.ts, start-rules.ts). Loaded beside /self for a signed-in
 *   session, never by the sign-in pages. Above `initial`, whose static graph reaches TanStack's
 *   index (and through it all of query-core) for the context alone.
 * - `policy`: CASL and the permission policy, loaded when a user signs in
 *   (engine/policy/ability.ts). First, so the entry's static import of domain/policy.ts (whose
 *   route-guard helpers every page uses) does not drag CASL into the entry.
 * - `initial`: everything the entry imports statically, in the entry file itself.
 * - `screen-kit`: the stack widget and the Mantine inputs the sign-in forms share with signed-in
 *   screens (text input, action icon), so that a signed-in page does not fetch `sign-in-forms`
 *   for them. (The heading, text and actions widgets with the action runner, toasts and
 *   confirmations come with the entry: engine/registry/widgets.ts.)
 * - `sign-in-forms`: the form widget with its light renderer (FlatForm) and their fields.
 *
 * A pattern that stops matching (a file moved) only falls back to rolldown's own splitting:
 * the build stays correct, and bench:bundle shows the cost.
 *
 * Everything else (the signed-in frame, tables, RJSF, charts, plugins, each screen's definition
 * and each locale file) stays split per use, as before.
 */
export const chunkGroups: CodeSplittingGroup[] = [
  {
    name: 'data',
    test: path(
      '(/@tanstack/(query-core/|react-query/(?!build/modern/QueryClientProvider\\.js$))' +
        '|/engine/(data/(query-layer|queries|use-resource|source-params)\\.ts|routing/prefetch-screen\\.ts|widgets/table/(list-query|list-params|list-url-state|types)\\.ts' +
        '|session/(signed-in|boot-view|start-rules|currencies)\\.ts)$|/domain/currency\\.ts$|^\\0virtual:portal-(screen-reads|shell-loaders)$)',
    ),
    priority: 5,
    // Not what these import from the entry (bindings, conditions, the screen loader). What they
    // share with other lazy chunks is listed above, so the chunk has no small siblings: its file
    // is asked beside /config, flags, /self and the currencies, and HTTP/1.1 gives a host six
    // connections, so one more file there would wait and put the list's data a step later.
    includeDependenciesRecursively: false,
  },
  {
    name: 'policy',
    // @casl/react is not CASL (it only reads the ability it is given): it goes with the entry.
    test: path('(/@casl/ability/|/permissions/policy\\.json$|/engine/policy/build-ability\\.ts$)'),
    priority: 4,
    // Not CASL's own dependencies (@ucast): the entry needs those for `when` conditions.
    includeDependenciesRecursively: false,
  },
  { name: 'initial', tags: ['$initial'], priority: 3 },
  {
    name: 'screen-kit',
    test: path(
      '(/engine/widgets/StackWidget\\.tsx' +
        '|/@mantine/core/esm/components/(ActionIcon|TextInput)/|/@mantine/hooks/esm/use-uncontrolled/)',
    ),
    priority: 2,
  },
  { name: 'sign-in-forms', test: path('/engine/widgets/form/(FormWidget|FlatForm)\\.tsx$'), priority: 1 },
];
