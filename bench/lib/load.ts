/** Signing in over HTTP and the autocannon load on the paged invoice list. */
import autocannon from 'autocannon';
import { invoicePath, pageOf } from './queries.ts';

const JSON_API = 'application/vnd.api+json';

/** Only loopback addresses are ever sent traffic. */
export function assertLoopback(url: string): void {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (!(host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host))) {
    throw new Error(`refusing to send traffic to ${host}: the benchmark only targets the loopback interface`);
  }
}

/**
 * Signs in as the portal does (POST /auth/login, then POST /session_data with the CSRF token
 * to select the customer) and returns the Cookie header of the session.
 */
export async function signIn(baseUrl: string, username: string, password: string, customer: string): Promise<string> {
  assertLoopback(baseUrl);
  const attempt = () =>
    fetch(`${baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: JSON_API },
      body: JSON.stringify({ username, password }),
      signal: AbortSignal.timeout(30_000),
    });
  let login = await attempt();
  // A server that just started on a busy machine may shed load (503 with Retry-After): wait as it asks, a few times.
  for (let retries = 0; login.status === 503 && retries < 12; retries += 1) {
    await login.text();
    await new Promise((resolve) => setTimeout(resolve, Number(login.headers.get('retry-after') ?? 5) * 1000));
    login = await attempt();
  }
  const loginBody = await login.text();
  if (login.status !== 200) throw new Error(`login ${username}: ${login.status} ${loginBody}`);
  const csrf = (JSON.parse(loginBody) as { meta?: { csrf_token?: string } }).meta?.csrf_token;
  if (!csrf) throw new Error('login response has no meta.csrf_token');
  const cookie = login.headers
    .getSetCookie()
    .map((set) => set.split(';')[0] ?? '')
    .filter((pair) => pair.includes('=') && !pair.endsWith('='))
    .join('; ');
  if (!cookie.includes('portal_session=')) throw new Error('login set no portal_session cookie');

  const select = await fetch(`${baseUrl}/session_data`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: JSON_API, cookie, 'x-csrf-token': csrf },
    body: JSON.stringify({ sessionKeys: [{ key: 'customer_id', value: customer }] }),
    signal: AbortSignal.timeout(30_000),
  });
  if (select.status !== 200) throw new Error(`select ${customer}: ${select.status} ${await select.text()}`);
  return cookie;
}

export interface InvoicePage {
  trxIds: string[];
  total: number;
}

/** One GET of the benchmarked list, checked, for comparing with the raw SQL. */
export async function fetchInvoicePage(baseUrl: string, cookie: string, page: number): Promise<InvoicePage> {
  const response = await fetch(`${baseUrl}${invoicePath(page)}`, {
    headers: { accept: JSON_API, cookie },
    signal: AbortSignal.timeout(120_000),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${invoicePath(page)}: ${response.status} ${text.slice(0, 500)}`);
  const body = JSON.parse(text) as { data: Array<{ id: string }>; meta: { page: { total: number } } };
  return { trxIds: body.data.map((row) => row.id), total: body.meta.page.total };
}

export interface LoadResult {
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

/**
 * `connections` keep-alive connections send GET /invoices for `seconds` (and at most
 * `maxRequests` requests), page numbers cycling 1..200. A watchdog stops a run that overruns.
 */
export async function runLoad(options: {
  baseUrl: string;
  cookie: string;
  connections: number;
  seconds: number;
  maxRequests?: number;
}): Promise<LoadResult> {
  assertLoopback(options.baseUrl);
  let next = 0;
  const instance = autocannon({
    url: options.baseUrl,
    connections: options.connections,
    duration: options.seconds,
    maxOverallRequests: options.maxRequests ?? 5_000_000,
    timeout: 30,
    headers: { accept: JSON_API, cookie: options.cookie },
    requests: [
      {
        method: 'GET',
        path: invoicePath(1),
        setupRequest: (request) => ({ ...request, path: invoicePath(pageOf(next++)) }),
      },
    ],
  });
  const watchdog = setTimeout(() => instance.stop(), (options.seconds + 60) * 1000);
  try {
    const result = await instance;
    const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]));
    return {
      seconds: result.duration,
      requests: result.requests.total,
      rps: result.requests.total / result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      statusCodes,
    };
  } finally {
    clearTimeout(watchdog);
  }
}
