import type { Browser, BrowserContext } from 'playwright-core';
import { createSession, destroySession } from '../../auth/sessions.ts';
import { hashToken } from '../../auth/tokens.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { CSRF_COOKIE, SESSION_COOKIE } from '../../http/cookies.ts';
import { normaliseSnapshot, settledMainSnapshot, trackRequests, unservedRequests } from './aria.ts';

/** A portal user to look through, and the preview that serves them a side of the draft. */
export interface SideSession {
  db: Database;
  clock: Clock;
  /** This server's own address (the job renders against the process that runs it). */
  baseUrl: string;
  tenantId: string;
  userId: number;
  operatorId: number;
  draftId: number;
  language: string;
  /** true: the draft's configuration (after); false: the tenant as published (before). */
  appliesDraft: boolean;
}

interface SelfOptions {
  customers?: Array<{ id: string }>;
  merchants?: Array<{ id: string }>;
}

/** The first of the user's customers and merchants by id, chosen as the QA snapshots choose C-1001 and M-2001. */
async function chooseScope(context: BrowserContext, baseUrl: string, csrfToken: string): Promise<void> {
  const self = (await (await context.request.get(`${baseUrl}/self`)).json()) as { data?: { attributes?: SelfOptions } };
  const first = (options: Array<{ id: string }> | undefined) => options?.map((option) => option.id).sort()[0];
  const customer = first(self.data?.attributes?.customers);
  const merchant = first(self.data?.attributes?.merchants);
  const sessionKeys = [
    ...(customer ? [{ key: 'customer_id', value: customer }] : []),
    ...(merchant ? [{ key: 'merchant_id', value: merchant }] : []),
  ];
  if (sessionKeys.length === 0) return;
  const response = await context.request.post(`${baseUrl}/session_data`, {
    data: { sessionKeys },
    headers: { 'x-csrf-token': csrfToken, accept: 'application/vnd.api+json' },
  });
  if (!response.ok()) throw new Error(`Choosing ${customer ?? ''} ${merchant ?? ''} answered ${response.status()}`);
}

/**
 * A browser context signed in as the user through a preview session of one side, made here on the
 * server (as POST /drafts/{id}/preview makes one for the operator's browser) and handed to the
 * context as its cookie; `use` renders in it, then the session ends.
 */
/** The settled accessibility tree of <main> at a path, and the path the portal showed (a guard may send elsewhere). */
export interface Rendered {
  snapshot: string;
  shown: string;
}

export async function withSideContext<T>(
  browser: Browser,
  side: SideSession,
  use: (render: (path: string) => Promise<Rendered>) => Promise<T>,
): Promise<T> {
  const { token, csrfToken } = await createSession(side.db, side.clock, { id: side.tenantId }, side.userId, {
    operatorId: side.operatorId,
    draftId: side.draftId,
    language: side.language,
    appliesDraft: side.appliesDraft,
  });
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
  try {
    context.setDefaultTimeout(30_000);
    // Consent chosen, as in QA's runs, so no banner covers the page.
    await context.addInitScript(`localStorage.setItem('portal.consentedToTracking', 'out')`);
    // Plain http on loopback: the cookies' bare names (server/http/cookies.ts).
    await context.addCookies([
      { name: SESSION_COOKIE, value: token, url: side.baseUrl, httpOnly: true, sameSite: 'Lax' },
      { name: CSRF_COOKIE, value: csrfToken, url: side.baseUrl, sameSite: 'Strict' },
    ]);
    await chooseScope(context, side.baseUrl, csrfToken);
    return await use((path) => renderSettled(context, side.baseUrl, path));
  } finally {
    await context.close();
    await destroySession(side.db, hashToken(token));
  }
}

/** Tries of one screen whose requests the server could not serve (a busy server sheds load), and the pause before each next one. */
const RENDER_TRIES = 3;
const RETRY_PAUSE_MS = 1_500;

/**
 * One screen at `path`, settled. A render during which the server refused a request (5xx, 429)
 * shows that refusal, which a diff would report as the draft's doing: it is tried again after a
 * pause, and after the last try the snapshot says which requests went unserved instead.
 */
async function renderSettled(context: BrowserContext, baseUrl: string, path: string): Promise<Rendered> {
  const fallbackShown = path.split('?')[0]!;
  for (let attempt = 1; ; attempt += 1) {
    const page = await context.newPage();
    trackRequests(page);
    try {
      await page.goto(`${baseUrl}${encodeURI(path)}`);
      const snapshot = normaliseSnapshot(await settledMainSnapshot(page));
      const unserved = unservedRequests(page);
      if (unserved.length === 0) return { snapshot, shown: decodeURI(new URL(page.url()).pathname) };
      if (attempt >= RENDER_TRIES)
        return { snapshot: `# Not rendered: the server did not serve ${unserved.join('; ')}`, shown: fallbackShown };
    } catch (error) {
      // One screen that does not settle is shown as such; the run goes on.
      if (attempt >= RENDER_TRIES)
        return { snapshot: `# ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`, shown: fallbackShown };
    } finally {
      await page.close();
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS * attempt));
  }
}
