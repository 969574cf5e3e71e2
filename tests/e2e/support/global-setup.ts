import type { TestProject } from 'vitest/node';
import { loadTenants } from '../../../server/tenants/store.ts';
import { buildPortal, startPortalServer } from '../../support/portal-server.ts';

declare module 'vitest' {
  export interface ProvidedContext { baseUrl: string }
}

/** Browser tests run against the real thing: the built portal on the real server and database. */
export default async function setup(project: TestProject) {
  buildPortal('dist-e2e');
  // A third tenant whose operator override breaks the landing screen: the portal must refuse
  // to render it and show the error page instead.
  const demo = loadTenants('tenants').byId('demo')!;
  const broken = { ...demo, id: 'broken', hosts: ['broken.localhost'], overrides: { screens: { landing: { body: [{ widget: 'heading' }] } } } };
  const server = await startPortalServer({
    staticDir: 'dist-e2e', extraTenants: [broken],
    bigCustomerInvoices: Number(process.env.E2E_BIG_CUSTOMER_INVOICES ?? 12_000),
  });
  project.provide('baseUrl', server.url);
  return server.close;
}
