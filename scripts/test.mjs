// `npm test`: every check and suite, stopping at the first check that fails, with each step's
// duration and the total, so a growing suite is seen before CI's 25-minute budget is.
import { spawnSync } from 'node:child_process';

const checks = [
  ['type check', 'npm run --silent typecheck'],
  ['lint', 'npm run --silent lint'],
  ['import boundaries', 'npm run --silent check:boundaries'],
  ['OpenAPI lint', 'npm run --silent lint:openapi'],
  // The document the lint step wrote, so the app is not built a second time for it.
  ['API types current', 'npm run --silent check:api-types -- --from build/openapi.json'],
  ['definition check', 'npm run --silent check:definitions'],
];

// The browser project runs its files one at a time (they share one server and its data) in a
// Vitest of its own after the others, so each prints its duration. Tried side by side (one core
// looked idle while the browser files ran alone): the whole took as long, 30 minutes either way,
// and the browser files, starved, took three times as long and failed on timing. CPU is the limit.
// Both suites that drive Chromium serve one build of the portal and the studio, made once here
// (each suite's global setup builds its own when run alone).
const TEST_BUILD = 'dist-test';
process.env.PORTAL_TEST_BUILD = TEST_BUILD;
const suites = [
  [
    'portal build for the tests',
    `rm -rf ${TEST_BUILD} && npx vite build --logLevel error --outDir ${TEST_BUILD} && npx vite build --ssr app/entry-server.tsx --logLevel error --outDir ${TEST_BUILD}/server && npx vite build -c vite.studio.config.ts --logLevel error --outDir ${TEST_BUILD}`,
  ],
  ['Vitest (unit, API, screens)', 'npx vitest run --project unit --project api --project api-isolated --project screens'],
  ['Vitest (browser)', 'npx vitest run --project browser'],
];

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);
const started = performance.now();
const took = [];

function fail(name, status) {
  console.error(`\nnpm test: "${name}" failed after ${seconds(started)} s (${took.join('; ')})`);
  process.exit(status ?? 1);
}

for (const [name, command] of [...checks, ...suites]) {
  const since = performance.now();
  const { status } = spawnSync(command, { stdio: 'inherit', shell: true });
  took.push(`${name}: ${seconds(since)} s`);
  if (status !== 0) fail(name, status);
}
console.log(`\nnpm test passed in ${seconds(started)} s (${took.join('; ')})`);
