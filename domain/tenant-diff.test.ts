import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import policyJson from '../permissions/policy.json' with { type: 'json' };
import type { Policy } from './policy.ts';
import type { Tenant } from './tenant.ts';
import { resolveParts } from '../common/definition-parts.ts';
import { tenantChanges } from './tenant-diff.ts';

const shipped = policyJson as unknown as Policy;
const demo = JSON.parse(readFileSync('tenants/demo.json', 'utf8')) as Tenant;
const changed = (change: (tenant: Tenant) => void) => {
  const tenant = structuredClone(demo);
  change(tenant);
  return tenant;
};

describe('tenantChanges', () => {
  it('finds nothing between a document and itself', () => {
    expect(tenantChanges(shipped, demo, structuredClone(demo))).toEqual([]);
  });

  it('names each changed setting by its pointer, money as money, flags as flags, lists as lists', () => {
    const after = changed((tenant) => {
      tenant.limits.cardFeeMinor = 350;
      tenant.flags.loyalty_enabled = false;
      tenant.languages = ['en', 'de'];
    });
    expect(tenantChanges(shipped, demo, after)).toEqual([
      { kind: 'setting', pointer: '/flags/loyalty_enabled', before: { flag: true }, after: { flag: false } },
      { kind: 'setting', pointer: '/languages', before: { list: demo.languages }, after: { list: ['en', 'de'] } },
      { kind: 'setting', pointer: '/limits/cardFeeMinor', before: { money: 295 }, after: { money: 350 } },
    ]);
  });

  it('compares permissions as what each role is granted, and screens by id', () => {
    const after = changed((tenant) => {
      tenant.overrides = {
        permissions: {
          grants: { customer: { payer: [...shipped.grants.customer.payer.filter((set) => set !== 'pay'), 'paymentMethods'] } },
        },
        screens: { 'invoice-list': { title: 'invoices.list.title' } },
      };
    });
    expect(tenantChanges(shipped, demo, after)).toEqual([
      { kind: 'grants', userType: 'customer', role: 'payer', added: ['paymentMethods'], removed: ['pay'] },
      { kind: 'screen', screen: 'invoice-list', change: { kind: 'definitionChanged' } },
    ]);
  });

  it("says what a screen override changes on the shipped screen, and each of the tenant's own texts", () => {
    // As the portal and the studio see it: with its parts (the invoices table) resolved.
    const parts = new Map([['invoices-table', JSON.parse(readFileSync('screens/parts/invoices-table.json', 'utf8')) as unknown]]);
    const written = JSON.parse(readFileSync('screens/invoice-list.json', 'utf8')) as { title: string; body: unknown[] };
    const invoiceList = resolveParts(written, parts).resolved;
    const body = structuredClone(invoiceList.body) as Array<{ id?: string; columns?: Array<{ field: string }> }>;
    const table = body.find((node) => node.id === 'invoices')!;
    table.columns = table.columns!.filter((column) => column.field !== 'poNumber');
    const after = changed((tenant) => {
      tenant.overrides = { screens: { 'invoice-list': { body } }, texts: { de: { 'overview.title': 'Konto' } } };
    });
    const before = changed((tenant) => {
      tenant.overrides = { texts: { en: { 'overview.title': 'Account' } } };
    });
    expect(tenantChanges(shipped, before, after, (id) => (id === 'invoice-list' ? invoiceList : undefined))).toEqual([
      {
        kind: 'screen',
        screen: 'invoice-list',
        title: invoiceList.title,
        change: { kind: 'columnHidden', table: 'invoices.list.caption', column: 'invoices.fields.poNumber' },
      },
      { kind: 'text', language: 'de', key: 'overview.title', change: 'changed' },
      { kind: 'text', language: 'en', key: 'overview.title', change: 'restored' },
    ]);
  });
});
