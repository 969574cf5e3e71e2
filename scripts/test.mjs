// `npm test`: every check and suite, stopping at the first check that fails, with each step's
// duration and the total, so a growing suite is seen before CI's 25-minute budget is.
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';

const checks = [
  ['type check', 'npm run --silent typecheck'],
  ['lint', 'npm run --silent lint'],
  ['import boundaries', 'npm run --silent check:boundaries'],
  ['OpenAPI lint', 'npm run --silent lint:openapi'],
  // The document the lint step wrote, so the app is not built a second time for it.
  ['API types current', 'npm run --silent check:api-types -- --from build/openapi.json'],
  ['definition check', 'npm run --silent check:definitions'],
];

// The browser project runs its files one at a time (they share one server and its data), and
// Vitest schedules such a project after every other file: alone at the end of one run, it left one
// of CI's two cores idle for about ten minutes. As a second Vitest beside the other projects, it
// fills that core. Each line keeps its project's badge; the browser run's lines are also tagged.
const suites = [
  ['Vitest (unit, API, screens)', 'npx vitest run --project unit --project api --project api-isolated --project screens', ''],
  ['Vitest (browser)', 'npx vitest run --project browser', '[browser] '],
];

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);
const started = performance.now();
const took = [];

function fail(name, status) {
  console.error(`\nnpm test: "${name}" failed after ${seconds(started)} s (${took.join('; ')})`);
  process.exit(status ?? 1);
}

for (const [name, command] of checks) {
  const since = performance.now();
  const { status } = spawnSync(command, { stdio: 'inherit', shell: true });
  took.push(`${name}: ${seconds(since)} s`);
  if (status !== 0) fail(name, status);
}

/** Runs a suite with its output passed on line by line, so two suites' lines never split each other. */
function runSuite([name, command, tag]) {
  const since = performance.now();
  const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
  for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
    createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => to.write(`${tag}${line}\n`));
  }
  return new Promise((resolve) => {
    child.on('close', (status) => {
      took.push(`${name}: ${seconds(since)} s`);
      resolve({ name, status });
    });
  });
}

const results = await Promise.all(suites.map(runSuite));
const failed = results.find(({ status }) => status !== 0);
if (failed) fail(failed.name, failed.status);
console.log(`\nnpm test passed in ${seconds(started)} s (${took.join('; ')})`);
