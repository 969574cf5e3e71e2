import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BindingContext } from '../definitions/bindings.ts';
import type { ActionDefinition } from '../definitions/types.ts';
import type { ActionEnvironment } from './action-environment.ts';
import { runAction } from './run-action.ts';

const context: BindingContext = {
  session: {},
  customer: { buidCustomer: 'C-1001' },
  merchant: null,
  route: {},
  query: {},
  selection: [],
  tenant: {},
};

/** The AutoPay conflict as the add-bank-account screen defines it. */
const definition: ActionDefinition = {
  do: 'mutate',
  method: 'POST',
  path: '/bank-accounts',
  body: { $form: true, buid_customer: '{customer.buidCustomer}' },
  success: 'paymentMethods.toasts.added',
  retry: {
    code: 'errors.bankAccounts.autopayConflict',
    confirm: { title: 'paymentMethods.conflict.title', message: 'paymentMethods.conflict.message' },
    body: { replace_autopay: true },
  },
};

function environment(answer: boolean) {
  return {
    navigate: vi.fn(),
    notify: vi.fn(),
    refresh: vi.fn(),
    forgetData: vi.fn(),
    landingPath: () => '/',
    confirm: vi.fn(async () => answer),
    dialogs: vi.fn(async () => {
      throw new Error('no dialog expected');
    }),
  } satisfies ActionEnvironment;
}

const conflict = {
  errors: [
    {
      status: '409',
      code: 'errors.bankAccounts.autopayConflict',
      meta: { account: '••••6789', label: 'JPMorgan Chase Bank · Operating ••••6789' },
    },
  ],
};
let bodies: unknown[];

beforeEach(() => {
  bodies = [];
  vi.stubGlobal('document', { cookie: 'portal_csrf=token' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: { body: string }) => {
      const body = JSON.parse(init.body) as Record<string, unknown>;
      bodies.push(body);
      return body.replace_autopay
        ? new Response(JSON.stringify({ data: { type: 'bank-accounts', id: '9', attributes: {} } }), { status: 201 })
        : new Response(JSON.stringify(conflict), { status: 409 });
    }),
  );
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('mutate with retry (the AutoPay conflict flow)', () => {
  it("asks with the error's meta, then resends with the retry body merged in", async () => {
    const env = environment(true);
    const outcome = await runAction(definition, { ...context, form: { bank_country: 'US', autopay: true } }, env);
    expect(outcome.ok).toBe(true);
    expect(env.confirm).toHaveBeenCalledWith('paymentMethods.conflict.title', 'paymentMethods.conflict.message', undefined, {
      account: '••••6789',
      label: 'JPMorgan Chase Bank · Operating ••••6789',
    });
    expect(bodies).toEqual([
      { bank_country: 'US', autopay: true, buid_customer: 'C-1001' },
      { bank_country: 'US', autopay: true, buid_customer: 'C-1001', replace_autopay: true },
    ]);
    expect(env.notify).toHaveBeenCalledWith('success', 'paymentMethods.toasts.added');
  });

  it('changes nothing more when the user declines', async () => {
    const env = environment(false);
    const outcome = await runAction(definition, { ...context, form: { autopay: true } }, env);
    expect(outcome).toEqual({ ok: false, cancelled: true });
    expect(bodies).toHaveLength(1);
    expect(env.notify).not.toHaveBeenCalled();
  });

  it('leaves other errors to the usual failure path', async () => {
    const env = environment(true);
    const outcome = await runAction(
      { ...definition, retry: { ...(definition.retry as object), code: 'errors.other' } },
      { ...context, form: {} },
      env,
    );
    expect(outcome.ok).toBe(false);
    expect(env.confirm).not.toHaveBeenCalled();
    expect(env.notify).toHaveBeenCalledWith('error', 'errors.bankAccounts.autopayConflict', {
      account: '••••6789',
      label: 'JPMorgan Chase Bank · Operating ••••6789',
    });
  });
});

describe('mutate answered with a notice', () => {
  it('shows the server\'s 2xx notice (202 "still processing") instead of the success toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ data: [], meta: { code: 'errors.rejections.resubmitStillProcessing' } }), { status: 202 }),
      ),
    );
    const env = environment(true);
    const outcome = await runAction(
      {
        do: 'mutate',
        path: '/rejections/resubmit',
        body: { rejection_ids: '{selection.rejection_id}' },
        success: 'rejections.toasts.resubmitted',
      },
      { ...context, selection: [{ rejection_id: 3 }, { rejection_id: 4 }] },
      env,
    );
    expect(outcome.ok).toBe(true);
    expect(env.notify).toHaveBeenCalledWith('info', 'errors.rejections.resubmitStillProcessing');
    expect(env.notify).not.toHaveBeenCalledWith('success', 'rejections.toasts.resubmitted');
  });

  it("sets the session's merchant before a drill-down navigates, and stays when that fails", async () => {
    const store = await import('../session/store.ts');
    const select = vi.spyOn(store, 'selectMerchant').mockResolvedValueOnce(true).mockResolvedValueOnce(false);
    const env = environment(true);
    const drill = { do: 'navigate', to: '/merchant/home', merchant: '{record.buid_merchant}' };
    await runAction(drill, { ...context, record: { buid_merchant: 'M-2002' } }, env);
    expect(select).toHaveBeenCalledWith('M-2002');
    expect(env.navigate).toHaveBeenCalledWith('/merchant/home', undefined);
    await runAction(drill, { ...context, record: { buid_merchant: 'M-2001' } }, env);
    expect(env.notify).toHaveBeenCalledWith('error', 'errors.session.unableToSetActiveMerchant');
    expect(env.navigate).toHaveBeenCalledTimes(1);
  });
});

describe('mutate whose `to` reads the created resource', () => {
  it("goes to the path built from the answer's attributes ({result.…})", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ data: { type: 'merchant-invoices', id: 'MT-00000001', attributes: { trx_id: 'MT-00000001' } } }), {
            status: 201,
          }),
      ),
    );
    const env = environment(true);
    const outcome = await runAction(
      {
        do: 'mutate',
        method: 'POST',
        path: '/ecaas/merchant-invoices',
        body: { $form: true },
        to: '/merchant-invoices/{result.trx_id}/edit',
      },
      { ...context, form: {} },
      env,
    );
    expect(outcome.ok).toBe(true);
    expect(env.navigate).toHaveBeenCalledWith('/merchant-invoices/MT-00000001/edit');
  });
});
