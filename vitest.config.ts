import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['domain/**/*.test.ts', 'engine/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/definitions/**/*.test.ts', 'tests/i18n/**/*.test.ts'], testTimeout: 20_000 } },
      // API tests boot the real app on a freshly seeded database (PGlite, or PostgreSQL with DATABASE_URL).
      { test: { name: 'api', include: ['tests/api/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 180_000 } },
    ],
  },
});
