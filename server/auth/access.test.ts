import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { UserType } from '../../domain/route-guards.ts';
import { handleError } from '../http/errors.ts';
import { loadPolicy } from '../policy/load.ts';
import { accessPlugin, type RouteAccess } from './access.ts';
import type { AuthContext } from './context.ts';
import { abilityFor } from './plugin.ts';

const policy = loadPolicy();
const FLAGS = { cards_enabled: true, dispute_enabled: true };

/**
 * Stands in for the auth plugin (same name, so the access plugin's dependency holds): the
 * caller is named by headers instead of a session cookie.
 */
const fakeAuth = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('tenant', null as never);
    app.decorateRequest('auth', null);
    app.decorateRequest('sessionExpired', false);
    app.addHook('onRequest', async (request) => {
      request.tenant = { id: 'test', flags: FLAGS } as unknown as typeof request.tenant;
      request.sessionExpired = request.headers['x-expired'] === 'true';
      const userType = request.headers['x-user-type'];
      const role = request.headers['x-role'];
      if (typeof userType === 'string' && typeof role === 'string') {
        request.auth = {
          user: { user_type: userType as UserType, role },
          ability: abilityFor(policy, 'test', FLAGS, userType, role),
        } as unknown as AuthContext;
      }
    });
  },
  { name: 'auth' },
);

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function appWith(routes: Record<string, RouteAccess | undefined>): Promise<FastifyInstance> {
  app = Fastify();
  app.setErrorHandler(handleError);
  await app.register(fakeAuth);
  await app.register(accessPlugin);
  for (const [url, access] of Object.entries(routes)) {
    app.get(url, access ? { config: { access } } : {}, async () => ({ ok: true }));
  }
  await app.ready();
  return app;
}

const as = (userType: string, role: string) => ({ 'x-user-type': userType, 'x-role': role });

async function statusOf(url: string, headers: Record<string, string> = {}): Promise<{ status: number; code?: string }> {
  const response = await app!.inject({ method: 'GET', url, headers });
  const code = response.statusCode >= 400 ? (response.json() as { errors?: Array<{ code: string }> }).errors?.[0]?.code : undefined;
  return { status: response.statusCode, ...(code ? { code } : {}) };
}

describe('route access (deny by default)', () => {
  it('refuses to register a route that declares nothing, naming it', async () => {
    await expect(appWith({ '/open': undefined })).rejects.toThrow(/^GET \/open declares no access/);
  });

  it('lets anyone call a public route', async () => {
    await appWith({ '/public': { public: true } });
    expect(await statusOf('/public')).toEqual({ status: 200 });
  });

  it('answers 401 to anonymous callers, "session expired" when the session timed out', async () => {
    await appWith({ '/signed-in': { signedIn: true }, '/invoices': { can: ['read', 'Invoice'] } });
    expect(await statusOf('/signed-in')).toEqual({ status: 401, code: ErrorCode.notAuthenticated });
    expect(await statusOf('/invoices', { 'x-expired': 'true' })).toEqual({ status: 401, code: ErrorCode.sessionExpired });
    expect(await statusOf('/signed-in', as('customer', 'Safety Manager'))).toEqual({ status: 200 });
  });

  it('answers 403 when the policy refuses the subject and action', async () => {
    await appWith({ '/invoices': { can: ['read', 'Invoice'] }, '/cards': { can: ['read', 'Card'] } });
    expect(await statusOf('/invoices', as('customer', 'View Only'))).toEqual({ status: 200 });
    expect(await statusOf('/invoices', as('customer', 'Card Viewer'))).toEqual({ status: 403, code: ErrorCode.forbidden });
    expect(await statusOf('/cards', as('customer', 'Card Viewer'))).toEqual({ status: 200 });
    expect(await statusOf('/cards', as('customer', 'Payer'))).toEqual({ status: 403, code: ErrorCode.forbidden });
  });

  it('narrows by user type, role and flag as a screen guard does', async () => {
    await appWith({
      '/merchant-side': { can: ['read', 'Dispute'], userTypes: ['merchant'] },
      '/payers': { can: ['read', 'BankingCountry'], roles: ['admin', 'payer'] },
      '/flagged': { can: ['read', 'Invoice'], flags: ['rejection_center_enabled'] },
    });
    expect((await statusOf('/merchant-side', as('merchant', 'Admin'))).status).toBe(200);
    expect((await statusOf('/merchant-side', as('customer', 'Admin'))).status).toBe(403);
    expect((await statusOf('/payers', as('customer', 'Payer'))).status).toBe(200);
    expect((await statusOf('/payers', as('customer', 'View Only'))).status).toBe(403);
    expect((await statusOf('/flagged', as('customer', 'Admin'))).status).toBe(403);
  });

  it('keeps the not-found handler public', async () => {
    await appWith({ '/invoices': { can: ['read', 'Invoice'] } });
    expect((await statusOf('/nowhere')).status).toBe(404);
  });

  it('serves the files of @fastify/static publicly, and only those undeclared routes', async () => {
    const root = mkdtempSync(join(tmpdir(), 'access-static-'));
    writeFileSync(join(root, 'app.js'), 'export {};');
    app = Fastify();
    app.setErrorHandler(handleError);
    await app.register(fakeAuth);
    await app.register(accessPlugin);
    await app.register(fastifyStatic, { root, wildcard: false });
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/app.js' })).statusCode).toBe(200);
    expect(app.routeAccess).toContainEqual({ method: 'GET', url: '/app.js', access: { public: true } });
  });

  it('lists every declared route with its access', async () => {
    await appWith({ '/public': { public: true }, '/invoices': { can: ['read', 'Invoice'] } });
    expect(app!.routeAccess).toEqual(
      expect.arrayContaining([
        { method: 'GET', url: '/public', access: { public: true } },
        { method: 'GET', url: '/invoices', access: { can: ['read', 'Invoice'] } },
      ]),
    );
  });
});

describe('abilityFor', () => {
  it("builds a new ability when the tenant's flags change", () => {
    const flagsOn = { loyalty_enabled: true };
    const flagsOff = { loyalty_enabled: false };
    expect(abilityFor(policy, 'cache-test', flagsOn, 'customer', 'Payer').can('read', 'LoyaltyProgram')).toBe(true);
    expect(abilityFor(policy, 'cache-test', flagsOff, 'customer', 'Payer').can('read', 'LoyaltyProgram')).toBe(false);
    // The same flags in another order are the same combination.
    const twoFlags = { a: true, loyalty_enabled: true };
    expect(abilityFor(policy, 'cache-test', twoFlags, 'customer', 'Payer')).toBe(
      abilityFor(policy, 'cache-test', { loyalty_enabled: true, a: true }, 'customer', 'Payer'),
    );
  });
});
