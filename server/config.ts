import { type LoadShedding, parseLoadShedding } from './http/load-shedding.ts';
import { parseTrustProxy } from './http/trust-proxy.ts';
import { DEFAULT_TENANT_SYNC_MS } from './tenants/sync.ts';
import { parseOperatorKeys } from './auth/service-credential.ts';

/** Process settings, all from the environment so one build runs anywhere. */
export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  tenantsDir: string;
  staticDir: string;
  outboxDir: string;
  smtpUrl: string | undefined;
  logLevel: string;
  /** Proxies whose X-Forwarded-* headers count (TRUST_PROXY); none by default. */
  trustProxy: string[];
  /** How often a process checks for tenant revisions it was not notified of (TENANT_SYNC_MS); 0: never. */
  tenantSyncMs: number;
  /** When requests are shed with 503 (LOAD_SHED_EVENT_LOOP_DELAY_MS, LOAD_SHED_EVENT_LOOP_UTILIZATION). */
  loadShedding: LoadShedding;
  /** The program operator's API keys (OPERATOR_API_KEYS, comma-separated); none: the operator routes refuse every call. */
  operatorKeys: string[];
}

export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? 'localhost',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? './data',
    tenantsDir: env.TENANTS_DIR ?? './tenants',
    staticDir: env.STATIC_DIR ?? './dist',
    outboxDir: env.OUTBOX_DIR ?? './outbox',
    smtpUrl: env.SMTP_URL || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    tenantSyncMs: readMilliseconds(env, 'TENANT_SYNC_MS', DEFAULT_TENANT_SYNC_MS),
    loadShedding: parseLoadShedding(env),
    operatorKeys: parseOperatorKeys(env.OPERATOR_API_KEYS),
  };
}

function readMilliseconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number of milliseconds, not ${env[name]}`);
  return value;
}
