// rolldown is Vite 8's bundler (a dependency of vite); only its type is used here.
import type { CodeSplittingGroup } from 'rolldown';

/**
 * What a group takes, by name: the project's files (paths from the repository root), packages or
 * folders of packages (from node_modules), and virtual modules. Listed, not matched by a loose
 * pattern, so that a test (chunks.test.ts) holds every entry against the files that exist: a
 * renamed or moved file fails it instead of moving silently to another chunk.
 */
export interface GroupMembers {
  files?: readonly string[];
  /** `@tanstack/query-core/` (a folder: everything under it) or one file of a package. */
  packages?: readonly string[];
  /** Package files the group leaves out (TanStack's context, which the entry provides). */
  exceptPackages?: readonly string[];
  virtual?: readonly string[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Either slash (Windows ids use backslashes). */
const anySlash = (pattern: string) => pattern.replaceAll('/', '[\\\\/]');

/** The module ids a group's members name: a file ends the id, a package folder is a prefix of what follows node_modules. */
export function membersPattern({ files = [], packages = [], exceptPackages = [], virtual = [] }: GroupMembers): RegExp {
  const except = exceptPackages.length ? `(?!(${exceptPackages.map(escape).join('|')})$)` : '';
  const alternatives = [
    ...files.map((file) => anySlash(`/${escape(file)}$`)),
    ...packages.map((name) => anySlash(`/node_modules/${except}${escape(name)}${name.endsWith('/') ? '' : '$'}`)),
    // Rolldown's id of a virtual module starts with a NUL byte.
    ...virtual.map((id) => `^\\0${escape(id)}$`),
  ];
  return new RegExp(alternatives.join('|'));
}

/** The members of each named group, beside the groups (the test reads them). */
export const groupMembers = {
  data: {
    packages: ['@tanstack/query-core/', '@tanstack/react-query/'],
    exceptPackages: ['@tanstack/react-query/build/modern/QueryClientProvider.js'],
    files: [
      'engine/data/query-layer.ts',
      'engine/data/queries.ts',
      'engine/data/use-resource.ts',
      'engine/data/source-params.ts',
      'engine/routing/prefetch-screen.ts',
      'engine/widgets/table/list-query.ts',
      'engine/widgets/table/list-params.ts',
      'engine/widgets/table/list-url-state.ts',
      'engine/widgets/table/types.ts',
      'engine/session/signed-in.ts',
      'engine/session/boot-view.ts',
      'engine/session/start-rules.ts',
      'engine/session/currencies.ts',
      'domain/currency.ts',
    ],
    virtual: ['virtual:portal-screen-reads', 'virtual:portal-shell-loaders'],
  },
  policy: { packages: ['@casl/ability/'], files: ['permissions/policy.json', 'engine/policy/build-ability.ts'] },
  'screen-kit': {
    files: ['engine/widgets/StackWidget.tsx'],
    packages: [
      '@mantine/core/esm/components/ActionIcon/',
      '@mantine/core/esm/components/TextInput/',
      '@mantine/hooks/esm/use-uncontrolled/',
    ],
  },
  'sign-in-forms': {
    files: ['engine/widgets/form/FormWidget.tsx', 'engine/widgets/form/form-props.ts', 'engine/widgets/form/FlatForm.tsx'],
  },
} as const satisfies Record<string, GroupMembers>;

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
 * Each group's members are listed in `groupMembers`; chunks.test.ts fails when one names a file
 * that does not exist (a rename would otherwise drop it from its group without a word).
 *
 * Everything else (the signed-in frame, tables, RJSF, charts, plugins, each screen's definition
 * and each locale file) stays split per use, as before.
 */
export const chunkGroups: CodeSplittingGroup[] = [
  {
    name: 'data',
    test: membersPattern(groupMembers.data),
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
    test: membersPattern(groupMembers.policy),
    priority: 4,
    // Not CASL's own dependencies (@ucast): the entry needs those for `when` conditions.
    includeDependenciesRecursively: false,
  },
  { name: 'initial', tags: ['$initial'], priority: 3 },
  { name: 'screen-kit', test: membersPattern(groupMembers['screen-kit']), priority: 2 },
  { name: 'sign-in-forms', test: membersPattern(groupMembers['sign-in-forms']), priority: 1 },
];
