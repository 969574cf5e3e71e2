import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { ManualClock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { AppDeps } from '../deps.ts';
import { MemoryMailer } from '../mail/mailer.ts';
import { loadPolicy } from '../policy/load.ts';
import { loadTenants } from '../tenants/store.ts';

/** What the next buildApp registers beside the real API (vi.mock factories are hoisted, so is this). */
const extra = vi.hoisted(() => ({ routes: (_app: FastifyInstance): void => {} }));

vi.mock('../features.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../features.ts')>();
  return {
    ...original,
    registerFeatures(app: FastifyInstance, deps: AppDeps): void {
      original.registerFeatures(app, deps);
      extra.routes(app);
    },
  };
});

// Registering routes touches no table: the database is never called while building the app.
const options = () => ({
  db: {} as Database,
  clock: new ManualClock('2026-11-23T15:00:00Z'),
  mailer: new MemoryMailer(),
  tenants: loadTenants('tenants'),
  policy: loadPolicy(),
  logLevel: 'silent',
});

describe('buildApp (deny by default)', () => {
  it('starts when every route declares its access, and lists each', async () => {
    extra.routes = () => {};
    const app = await buildApp(options());
    try {
      const invoices = app.routeAccess.find((route) => route.method === 'GET' && route.url === '/invoices');
      expect(invoices?.access).toEqual({ can: ['read', 'Invoice'] });
      expect(app.routeAccess.length).toBeGreaterThan(60);
    } finally {
      await app.close();
    }
  });

  it('refuses to start when a route declares no access, naming method and url', async () => {
    extra.routes = (app) => {
      app.post('/forgotten', async () => ({ open: true }));
    };
    await expect(buildApp(options())).rejects.toThrow(/^POST \/forgotten declares no access/);
  });
});
