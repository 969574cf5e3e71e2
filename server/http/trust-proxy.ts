import { isIP } from 'node:net';

/** The names proxy-addr (Fastify's trustProxy) understands for whole address ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * The proxies whose X-Forwarded-For/-Proto/-Host the server believes (env TRUST_PROXY): a comma
 * separated list of addresses, CIDR ranges or the range names above. Empty (the default) trusts
 * nobody, so no client can claim TLS or another address. "Trust everyone" (`true`, `*`) and hop
 * counts are refused on purpose: they let any client that reaches the port forge both.
 */
export function parseTrustProxy(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    if (!isProxyAddress(entry)) {
      throw new Error(`TRUST_PROXY lists proxy addresses, CIDR ranges or loopback/linklocal/uniquelocal, not "${entry}"`);
    }
  }
  return entries;
}

function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = /^\d{1,3}$/u.test(bits) ? Number(bits) : Number.NaN;
  return prefix >= 0 && prefix <= (family === 4 ? 32 : 128);
}
