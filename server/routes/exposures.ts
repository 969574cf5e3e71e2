import type { FastifyInstance } from 'fastify';
import { centralDay } from '../../domain/exposure.ts';
import type { AppDeps } from '../deps.ts';
import { authorize } from '../auth/guard.ts';
import { JSON_API, resource } from '../http/jsonapi.ts';
import { parseListQuery } from '../http/list-query.ts';
import { loadExposures } from '../invoices/exposure-query.ts';
import { parseCurrency } from '../invoices/list.ts';
import { listScope } from '../invoices/scope.ts';

const exposureList = {
  filters: ['buid_customer', 'sol_currency'] as const,
  sorts: ['buid_customer'] as const,
  defaultSort: [{ field: 'buid_customer', direction: 'asc' }] as const,
};

export function exposureRoutes(app: FastifyInstance, { db, clock }: AppDeps): void {
  app.get('/exposures', {
    config: { summary: 'Exposure per customer (spec §3): filter[buid_customer] (comma list for the program overview), filter[sol_currency]' },
  }, async (request, reply) => {
    const auth = authorize(request, 'read', 'Exposure');
    const list = parseListQuery(request.query as Record<string, string>, exposureList);
    // The named customers (each the user's, else 404), else the session's, else all of the user's.
    const customers = listScope(auth, { buid_customer: list.filters.buid_customer }).customers ?? [];
    // spec §9: "some dates use Central US time" — an invoice is past due from the day after its due date there.
    const today = centralDay(clock.now());
    const exposures = await loadExposures(db, customers, today, parseCurrency(list.filters.sol_currency));
    return reply.type(JSON_API).send({
      data: exposures.map((exposure) => resource('exposures', exposure.buid_customer, { ...exposure, as_of: today })),
    });
  });
}
