// `npm test`: every check and suite in order, stopping at the first that fails, with each one's
// duration and the total, so a growing suite is seen before CI's 25-minute budget is.
import { spawnSync } from 'node:child_process';

const steps = [
  ['type check', 'npm run --silent typecheck'],
  ['lint', 'npm run --silent lint'],
  ['import boundaries', 'npm run --silent check:boundaries'],
  ['OpenAPI lint', 'npm run --silent lint:openapi'],
  ['definition check', 'npm run --silent check:definitions'],
  ['Vitest (unit, API, browser, screens)', 'npx vitest run'],
];

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);
const started = performance.now();
const took = [];
for (const [name, command] of steps) {
  const since = performance.now();
  const { status } = spawnSync(command, { stdio: 'inherit', shell: true });
  took.push(`${name}: ${seconds(since)} s`);
  if (status !== 0) {
    console.error(`\nnpm test: "${name}" failed after ${seconds(started)} s (${took.join('; ')})`);
    process.exit(status ?? 1);
  }
}
console.log(`\nnpm test passed in ${seconds(started)} s (${took.join('; ')})`);
