import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkGroups, groupMembers, membersPattern, type GroupMembers } from './chunks.ts';

const initialPriority = chunkGroups.find((candidate) => candidate.name === 'initial')?.priority ?? 0;
const modules = (root: string, ...files: string[]) => files.map((file) => `${root}/${file}`);

describe('the data group (the /login budget: the sign-in pages load no TanStack Query)', () => {
  const data = chunkGroups.find((candidate) => candidate.name === 'data')!;
  const test = data.test as RegExp;

  it("takes query-core, TanStack Query's hooks and the prefetch, but leaves the context module to the entry", () => {
    for (const id of [
      ...modules('/p/node_modules/@tanstack/query-core/build/modern', 'queryClient.js', 'queryObserver.js', 'index.js'),
      ...modules('/p/node_modules/@tanstack/react-query/build/modern', 'useQuery.js', 'useBaseQuery.js', 'index.js'),
      ...modules(
        '/p/engine',
        'data/query-layer.ts',
        'data/queries.ts',
        'data/use-resource.ts',
        'data/source-params.ts',
        'routing/prefetch-screen.ts',
        'widgets/table/list-params.ts',
      ),
      ...modules('/p/engine/session', 'signed-in.ts', 'boot-view.ts', 'start-rules.ts', 'currencies.ts'),
    ])
      expect(test.test(id), id).toBe(true);
    for (const id of [
      '/p/node_modules/@tanstack/react-query/build/modern/QueryClientProvider.js',
      '/p/engine/data/data-layer.tsx',
      '/p/engine/data/resource-keys.ts',
      '/p/engine/actions/use-action-runner.ts',
      '/p/engine/session/store.ts',
      '/p/node_modules/@tanstack/react-table/build/lib/index.mjs',
    ])
      expect(test.test(id), id).toBe(false);
    expect(test.test('C:\\p\\node_modules\\@tanstack\\query-core\\build\\modern\\query.js')).toBe(true);
  });

  it("outranks the entry's group (whose static graph reaches query-core through TanStack's index) and takes none of its dependencies", () => {
    expect(data.priority).toBeGreaterThan(initialPriority);
    expect(data.includeDependenciesRecursively).toBe(false);
  });
});

describe("every group's members are files that exist (a renamed file must not leave its chunk without a word)", () => {
  const root = join(import.meta.dirname, '../..');
  const members = Object.entries(groupMembers) as Array<[string, GroupMembers]>;

  it('names only project files, package folders and package files that exist', () => {
    for (const [group, { files = [], packages = [], exceptPackages = [] }] of members) {
      for (const file of files) expect(existsSync(join(root, file)), `${group}: ${file}`).toBe(true);
      for (const name of [...packages, ...exceptPackages])
        expect(existsSync(join(root, 'node_modules', name)), `${group}: ${name}`).toBe(true);
    }
  });

  it("each group's test is built from its members, and each member falls in its own group only", () => {
    for (const [group, list] of members) {
      const test = chunkGroups.find((candidate) => candidate.name === group)?.test as RegExp;
      expect(String(test), group).toBe(String(membersPattern(list)));
      for (const file of list.files ?? []) {
        const owners = chunkGroups
          .filter((candidate) => candidate.test instanceof RegExp && candidate.test.test(`/p/${file}`))
          .map((candidate) => candidate.name);
        expect(owners, file).toEqual([group]);
      }
    }
  });

  it('a file renamed away from its listed name is no longer in the group, so the existence check above is what catches it', () => {
    const sample = (groupMembers.data.files as readonly string[])[0]!;
    const test = membersPattern(groupMembers.data);
    expect(test.test(`/p/${sample}`)).toBe(true);
    expect(test.test(`/p/${sample.replace(/\.ts$/, '-renamed.ts')}`)).toBe(false);
  });

  it('a folder a package group takes is not empty', () => {
    for (const [group, { packages = [] }] of members) {
      for (const name of packages.filter((entry) => entry.endsWith('/')))
        expect(readdirSync(join(root, 'node_modules', name)).length, `${group}: ${name}`).toBeGreaterThan(0);
    }
  });
});
