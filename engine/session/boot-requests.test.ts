import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SelfAttributes } from './types.ts';

/**
 * Issue 22 item 14: GET /ecaas/customer-currencies answers 422 without a selected customer; the
 * boot asked it beside /self for every signed-in browser (merchant users, an admin before choosing
 * a customer), and the failed early read was an uncaught error in the page. /self carries the
 * selected customer's currencies, so the boot asks it for nobody.
 */
const CURRENCIES = '/ecaas/customer-currencies';
let asked: string[];

function answer(path: string, self: SelfAttributes): unknown {
  if (path === '/self') return { data: { type: 'self', id: 'self', attributes: self } };
  if (path === '/config')
    return { data: { type: 'config', id: 'config', attributes: { currency_version: 1, logging: { level: 'error' } } } };
  if (path.startsWith('/feature-flags/')) return { data: { type: 'flags', id: 'localhost', attributes: {} } };
  if (path.startsWith('/customers?')) {
    return {
      data: [
        {
          type: 'customers',
          id: 'C-1001',
          attributes: {
            buidCustomer: 'C-1001',
            customerName: 'One',
            paymentEligible: true,
            paymentWebText: null,
            isActive: true,
            currency: 'USD',
            status: 'Active',
          },
        },
      ],
    };
  }
  if (path.startsWith(CURRENCIES)) return self.session_data.customer_id ? { data: [] } : undefined;
  return { data: [] };
}

async function bootAs(self: SelfAttributes): Promise<void> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = String(url);
      asked.push(path);
      const body = answer(path, self);
      return body === undefined
        ? new Response(JSON.stringify({ errors: [{ status: '422', code: 'errors.payments.customerNotSelected' }] }), { status: 422 })
        : new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/vnd.api+json' } });
    }),
  );
  const { bootstrapSession } = await import('./store.ts');
  // The session's later loads may stop on this stub's generic answers; which requests went out is what counts.
  await bootstrapSession().catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 0));
}

beforeEach(() => {
  asked = [];
  vi.resetModules();
  // A signed-in browser: the readable CSRF cookie is there, so the boot starts the session's reads
  // early; a page without the server's hints (session/page-hints.ts), so the boot asks for all.
  vi.stubGlobal('document', { cookie: 'portal_csrf=token', getElementById: () => null });
  vi.stubGlobal('window', { location: { hostname: 'localhost', pathname: '/' } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const signedIn = (userType: 'customer' | 'merchant', customerId: string | null): SelfAttributes => ({
  authenticated: true,
  user_type: userType,
  user_id: 7,
  role: 'Admin',
  session_data: { logged_in: true, user_type: userType, customer_id: customerId, merchant_id: null },
  customers:
    userType === 'customer'
      ? [
          { id: 'C-1001', label: 'One' },
          { id: 'C-1002', label: 'Two' },
        ]
      : [],
  merchants: userType === 'merchant' ? [{ id: 'M-2001', label: 'Merchant' }] : [],
});

describe("the boot does not ask for the customer's currencies", () => {
  it('never for a merchant user', async () => {
    await bootAs(signedIn('merchant', null));
    expect(asked).toContain('/self');
    expect(asked.filter((path) => path.startsWith(CURRENCIES))).toEqual([]);
  });

  it('never for an admin who has not chosen a customer yet', async () => {
    await bootAs(signedIn('customer', null));
    expect(asked).toContain('/self');
    expect(asked.filter((path) => path.startsWith(CURRENCIES))).toEqual([]);
  });

  it('not for a session with a selected customer either: /self carries them', async () => {
    const currencies = [
      { id: 'CAD', label: 'Canadian dollar' },
      { id: 'USD', label: 'US dollar' },
    ];
    await bootAs({ ...signedIn('customer', 'C-1001'), customerCurrencies: currencies });
    expect(asked.filter((path) => path.startsWith(CURRENCIES))).toEqual([]);
    const { sessionStore } = await import('./store.ts');
    expect(sessionStore.get().customerCurrencies).toEqual(currencies);
    expect(sessionStore.get().selectedCurrency).toBe('USD');
  });
});
