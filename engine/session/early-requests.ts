/**
 * Reads the boot starts before it knows it needs them (issue 11: a cold load without a waterfall).
 * A signed-in session's customer currencies decide the invoice lists' currency filter; asked only
 * after /self and the customer, they put every list one round trip later. Started beside /self
 * instead, while the boot lasts they answer the session's first ask; a failed early read (too early:
 * no customer chosen yet) is simply asked again.
 */
import { api } from '../data/api-client.ts';
import { csrfToken } from '../data/csrf.ts';

/** spec §4/§9: the selected customer's currencies (when the tenant configures currency_version). */
export const CURRENCIES_PATH = '/ecaas/customer-currencies';

const early = new Map<string, Promise<unknown>>();

/** A signed-in browser holds the readable CSRF cookie; only then are a session's reads worth starting before /self answers. */
export function probablySignedIn(): boolean {
  return csrfToken() !== undefined;
}

/** Starts a GET now, quietly (its failure is expected when it was too early). */
export function startEarly(path: string): void {
  if (!early.has(path)) early.set(path, api.quietGet(path));
}

/** The early GET of `path` while the boot lasts, else (or when it failed) a fresh one. */
export function earlyGet<T>(path: string): Promise<T> {
  const started = early.get(path) as Promise<T> | undefined;
  return started ? started.catch(() => api.get<T>(path)) : api.get<T>(path);
}

/** The early GET's own answer, undefined when none was started or it failed (no fresh ask). */
export function earlyAnswer<T>(path: string): Promise<T | undefined> {
  return (early.get(path) as Promise<T> | undefined)?.catch(() => undefined) ?? Promise.resolve(undefined);
}

/** The boot is over: later asks are fresh. */
export function endEarly(): void {
  early.clear();
}
