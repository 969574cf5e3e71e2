import { describe, expect, it } from 'vitest';
import { chunkGroups } from './chunks.ts';

const initialPriority = chunkGroups.find((candidate) => candidate.name === 'initial')?.priority ?? 0;
const modules = (root: string, ...files: string[]) => files.map((file) => `${root}/${file}`);

describe('the data group (the /login budget: the sign-in pages load no TanStack Query)', () => {
  const data = chunkGroups.find((candidate) => candidate.name === 'data')!;
  const test = data.test as RegExp;

  it('takes query-core, TanStack Query\'s hooks and the prefetch, but leaves the context module to the entry', () => {
    for (const id of [
      ...modules('/p/node_modules/@tanstack/query-core/build/modern', 'queryClient.js', 'queryObserver.js', 'index.js'),
      ...modules('/p/node_modules/@tanstack/react-query/build/modern', 'useQuery.js', 'useBaseQuery.js', 'index.js'),
      ...modules('/p/engine', 'data/query-layer.ts', 'data/queries.ts', 'data/use-resource.ts', 'data/source-params.ts', 'routing/prefetch-screen.ts', 'widgets/table/list-params.ts'),
      ...modules('/p/engine/session', 'signed-in.ts', 'boot-view.ts', 'start-rules.ts', 'currencies.ts'),
    ]) expect(test.test(id), id).toBe(true);
    for (const id of [
      '/p/node_modules/@tanstack/react-query/build/modern/QueryClientProvider.js',
      '/p/engine/data/data-layer.tsx', '/p/engine/data/resource-keys.ts', '/p/engine/actions/use-action-runner.ts', '/p/engine/session/store.ts',
      '/p/node_modules/@tanstack/react-table/build/lib/index.mjs',
    ]) expect(test.test(id), id).toBe(false);
    expect(test.test('C:\\p\\node_modules\\@tanstack\\query-core\\build\\modern\\query.js')).toBe(true);
  });

  it('outranks the entry\'s group (whose static graph reaches query-core through TanStack\'s index) and takes none of its dependencies', () => {
    expect(data.priority).toBeGreaterThan(initialPriority);
    expect(data.includeDependenciesRecursively).toBe(false);
  });
});
