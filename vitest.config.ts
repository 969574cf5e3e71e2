import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { screensPlugin } from './engine/build/screens-plugin.ts';
import { formsPlugin } from './engine/build/forms-plugin.ts';
import { localesPlugin } from './engine/build/locales-plugin.ts';

/**
 * API test files that mock a module, spy on one or stub globals (found by reading them, so a new one
 * cannot be missed): they run isolated, so what they replace never reaches another file's modules.
 */
const API_FILES_THAT_MOCK = readdirSync('tests/api')
  .filter(
    (name) =>
      name.endsWith('.test.ts') &&
      /\bvi\.(mock|doMock|spyOn|stubGlobal|stubEnv|useFakeTimers)\(/.test(readFileSync(join('tests/api', name), 'utf8')),
  )
  .map((name) => `tests/api/${name}`);

export default defineConfig({
  plugins: [screensPlugin(), formsPlugin(), localesPlugin()],
  test: {
    // In CI a missing snapshot (tests/screens) fails instead of being written, so a broken screen cannot
    // become its own baseline; `npm run test:screens -- --update` (the CLI wins over this) writes them on purpose.
    update: process.env.CI ? 'none' : 'new',
    // Vitest's default is one worker fewer than the cores: one on CI's two, so every file waited for
    // the last although most of a browser or API file's time is spent waiting on Chromium, the
    // server or the database. Two files at a time keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'domain/**/*.test.ts',
            'common/**/*.test.ts',
            'engine/**/*.test.{ts,tsx}',
            'plugins/**/*.test.{ts,tsx}',
            'studio/**/*.test.{ts,tsx}',
            'server/**/*.test.ts',
            'tests/definitions/**/*.test.ts',
            'tests/i18n/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          testTimeout: 20_000,
        },
      },
      // API tests boot the real app on a freshly seeded database (PGlite, or PostgreSQL with DATABASE_URL).
      // Browser tests drive Debian's Chromium against the built portal on the real server.
      // expect.poll waits up to 10 s (Vitest's default is 1 s): on a loaded 2-core machine a page's data can take longer.
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          // The files share the worker's module cache (playwright-core, the support code): each file
          // imported them anew for seconds of CPU. They keep no state in modules but their own.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          expect: { poll: { timeout: 10_000 } },
        },
      },
      // Each file starts from a copy of one seeded embedded database per run (tests/support/seeded-databases.ts).
      // A file's own app, database and clock are all it keeps, so the files of one worker share its
      // module cache (isolate: false): importing the server anew took about 3 s of CPU per file, about
      // a fifth of a typical API file's. Files that mock a module (vi.mock) need modules of their own.
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: API_FILES_THAT_MOCK,
          isolate: false,
          globalSetup: ['tests/support/api-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-isolated',
          include: API_FILES_THAT_MOCK,
          globalSetup: ['tests/support/api-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      // Screen snapshots: every screen for each role that may see it, as accessibility trees (tests/screens).
      {
        extends: true,
        test: {
          name: 'screens',
          include: ['tests/screens/**/*.test.ts'],
          globalSetup: ['tests/screens/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxConcurrency: 3,
        },
      },
    ],
  },
});
