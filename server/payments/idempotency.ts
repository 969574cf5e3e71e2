import { createHash } from 'node:crypto';
import type { Database } from '../db/database.ts';

/** spec-free but required: a client retrying after a lost answer must not pay twice (issue 5). */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,100}$/;

/** JSON with object keys sorted, so the same request hashes the same whatever its key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function requestHash(request: unknown): string {
  return createHash('sha256').update(canonical(request)).digest('hex');
}

/**
 * The payment a key already made, scoped to tenant and user; AutoPay payments (no user) share
 * one scope per tenant, with keys of their own shape (autopay:{trx_id}:{due_date}).
 */
export async function paymentByKey(db: Database, tenantId: string, userId: number | null, key: string) {
  return db
    .selectFrom('payments')
    .select(['id', 'request_hash'])
    .where('tenant_id', '=', tenantId)
    .where('idempotency_key', '=', key)
    .where((eb) => (userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', userId)))
    .executeTakeFirst();
}
