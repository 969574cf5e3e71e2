/**
 * `npm run bench:ssr`: what one server render of a signed-in first screen costs (issue 25), without
 * a browser. The real server with the built portal (BENCH_SSR_DIST, default dist) on the demo seed
 * with C-1004's 12,000 invoices; the admin signed in with C-1004 chosen (BENCH_SSR_USER, BENCH_SSR_SELECT), over HTTP; then each page
 * requested in turn (`--runs`, default 30, after 5 warm-ups), timing the whole answer and checking it
 * carries the server's render. `--cpu-prof <file>` writes the server's V8 CPU profile of the timed
 * runs and prints the functions with the most self time, so the render's costs can be read;
 * `--baseline-dist <dir>` serves another build beside it, the two asked in turn (before and after).
 */
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { SERVER_RENDER_ID } from '../common/server-render.ts';
import { startPortalServer } from '../tests/support/portal-server.ts';
import { median } from './lib/ui-session.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '30' },
    'cpu-prof': { type: 'string' },
    pages: { type: 'string', default: '/invoice-list/billed,/account/overview,/dispute-center' },
    'baseline-dist': { type: 'string' },
  },
});
const runs = Number(values.runs);
const pages = values.pages.split(',');

// Each render is timed as a whole: a render over the default budget would be aborted, not measured.
process.env.PORTAL_SSR_BUDGET_MS ??= '20000';

/** Who signs in (BENCH_SSR_USER) and what the session chooses (BENCH_SSR_SELECT, "key=value" of session_data; "" for nothing). */
const USER = process.env.BENCH_SSR_USER ?? 'admin';
const SELECTION = process.env.BENCH_SSR_SELECT ?? 'customer_id=C-1004';

/** One server of a build, signed in as USER with SELECTION chosen. */
async function signedInServer(staticDir: string) {
  const server = await startPortalServer({ staticDir, bigCustomerInvoices: 12_000 });
  const cookies = new Map<string, string>();
  let csrf = '';
  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    const response = await fetch(`${server.url}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body === undefined
          ? { accept: 'text/html' }
          : { 'content-type': 'application/json', accept: 'application/vnd.api+json', 'x-csrf-token': csrf }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      cookies.set(name!.trim(), value.join('='));
    }
    return response;
  }
  const login = await call('POST', '/auth/login', { username: USER, password: 'Portal#2026' });
  if (login.status !== 200) throw new Error(`login: ${login.status}`);
  csrf = ((await login.json()) as { meta: { csrf_token: string } }).meta.csrf_token;
  const [key, value] = SELECTION.split('=');
  if (key && value) {
    const chosen = await call('POST', '/session_data', { sessionKeys: [{ key, value }] });
    if (chosen.status !== 200) throw new Error(`${SELECTION}: ${chosen.status}`);
  }

  async function timedPage(path: string): Promise<{ ms: number; rendered: boolean; bytes: number }> {
    const started = performance.now();
    const response = await call('GET', path);
    const html = await response.text();
    return { ms: performance.now() - started, rendered: html.includes(`id="${SERVER_RENDER_ID}"`), bytes: html.length };
  }
  return { staticDir, timedPage, close: () => server.close() };
}

const sides = [await signedInServer(process.env.BENCH_SSR_DIST ?? 'dist')];
if (values['baseline-dist']) sides.push(await signedInServer(values['baseline-dist']));
const profiler = values['cpu-prof'] ? new Session() : undefined;
const lines: string[] = [];
try {
  for (const side of sides) for (const path of pages) for (let warm = 0; warm < 5; warm += 1) await side.timedPage(path);
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
    await profiler.post('Profiler.start');
  }
  const key = (side: number, path: string) => `${sides[side]!.staticDir} ${path}`;
  const times = new Map<string, number[]>();
  const notRendered = new Map<string, number>();
  const bytes = new Map<string, number>();
  // Pages and builds interleaved, so a noisy moment falls on all of them alike.
  for (let run = 0; run < runs; run += 1)
    for (const path of pages)
      for (const [index, side] of sides.entries()) {
        const result = await side.timedPage(path);
        times.set(key(index, path), [...(times.get(key(index, path)) ?? []), result.ms]);
        bytes.set(key(index, path), result.bytes);
        if (!result.rendered) notRendered.set(key(index, path), (notRendered.get(key(index, path)) ?? 0) + 1);
      }
  for (const [name, values] of times) {
    const sorted = [...values].sort((a, b) => a - b);
    lines.push(
      `- ${name}: median ${median(values).toFixed(1)} ms, min ${sorted[0]!.toFixed(1)}, max ${sorted.at(-1)!.toFixed(1)}; ` +
        `${bytes.get(name)} bytes of HTML; ${notRendered.get(name) ?? 0} of ${runs} not rendered on the server`,
    );
  }
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(values['cpu-prof']!, JSON.stringify(profile));
    lines.push('', `CPU profile: ${values['cpu-prof']}; most self time:`, '', ...selfTimes(profile).map((line) => `    ${line}`));
  }
} finally {
  profiler?.disconnect();
  for (const side of sides) await side.close();
}
console.log(lines.join('\n'));
if (process.env.BENCH_RESULTS !== '0') {
  if (!existsSync('bench/RESULTS.md')) writeFileSync('bench/RESULTS.md', '# Benchmark results\n\n');
  appendFileSync(
    'bench/RESULTS.md',
    [
      '',
      `## Server render, ${new Date().toISOString().slice(0, 16)}Z (bench:ssr)`,
      '',
      `${USER} with ${SELECTION || 'nothing chosen'} (C-1004 has 12,000 invoices), each page's whole answer over loopback HTTP, ${runs} runs interleaved after 5 warm-ups; ` +
        `load average ${loadavg()
          .map((load) => load.toFixed(2))
          .join(' ')} at the end.`,
      '',
      ...lines,
      '',
    ].join('\n'),
  );
}

/** The 25 functions with the most self time in `profile`, as "share  function  file:line". */
function selfTimes(profile: {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples?: number[];
}): string[] {
  const byNode = new Map<number, string>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^.*\/(node_modules\/)/, '$1').replace(/^file:\/\/.*\/main\//, '');
    byNode.set(node.id, `${functionName || '(anonymous)'}  ${file}:${lineNumber + 1}`);
  }
  const counts = new Map<string, number>();
  for (const sample of profile.samples ?? []) {
    const name = byNode.get(sample) ?? '?';
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const total = profile.samples?.length ?? 1;
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([name, count]) => `${((100 * count) / total).toFixed(1).padStart(5)}%  ${name}`);
}
