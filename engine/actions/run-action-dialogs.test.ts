import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BindingContext } from '../definitions/bindings.ts';
import type { ActionDefinition } from '../definitions/types.ts';
import { runReveal } from './reveal.ts';
import type { ActionContext, ActionEnvironment, ConfirmDefinition, FormDialogRequest, SecretDialogRequest } from './action-environment.ts';
import { runAction } from './run-action.ts';

const record = { card_id: 42, card_name: 'Van 3', card_identifier: '•••• 3504' };
const context: BindingContext = {
  session: {},
  customer: { buidCustomer: 'C-1001' },
  merchant: null,
  route: {},
  query: {},
  selection: [],
  tenant: {},
  record,
};

/** The termination row action as screens/cards.json defines it. */
const terminate: ActionDefinition = {
  do: 'mutate',
  path: '/ecaas/cards/{record.card_id}/terminate',
  body: { $form: true },
  success: 'cards.toasts.terminated',
  confirm: {
    title: 'cards.terminate.title',
    message: 'cards.terminate.message',
    confirmLabel: 'cards.terminate.confirm',
    form: 'card-termination',
  },
};

/** The reveal row action as screens/cards.json defines it. */
const reveal: ActionDefinition = {
  do: 'reveal',
  path: '/ecaas/cards/view-secure',
  body: { buid_customer: '{customer.buidCustomer}', card_id: '{record.card_id}' },
  secret: 'data.attributes.card_number',
  expires: 'meta.card_secure_until',
  title: 'cards.reveal.title',
  secretLabel: 'cards.reveal.label',
  hidden: 'cards.reveal.hidden',
  reauth: { when: { reauth_required: true }, form: 'card-reauth', path: '/ecaas/cards/secure-access', title: 'cards.reauth.title' },
};

const NUMBER = '7083123456783504';
const UNTIL = '2026-11-24T10:05:00.000Z';

interface Call {
  method: string;
  url: string;
  body: unknown;
}
let calls: Call[];
let secureAccessOpen: boolean;

function environment(answers: { form?: (request: FormDialogRequest) => Promise<Record<string, unknown> | null> } = {}) {
  const secrets: SecretDialogRequest[] = [];
  // The real reveal (reveal.ts) with the dialogs answered as the test says.
  const dialogs = {
    askForm: vi.fn(answers.form ?? (async () => null)),
    showSecret: vi.fn((request: SecretDialogRequest) => {
      secrets.push(request);
    }),
    reveal: runReveal,
    // As action-dialogs.tsx: the form's data merged into the context's form.
    async confirmWithForm(confirm: ConfirmDefinition, context: ActionContext) {
      const data = await dialogs.askForm({
        form: confirm.form!,
        title: confirm.title,
        message: confirm.message,
        confirmLabel: confirm.confirmLabel,
        values: context.record,
      });
      return data && { ...context, form: { ...context.form, ...data } };
    },
  };
  const env = {
    navigate: vi.fn(),
    notify: vi.fn(),
    refresh: vi.fn(),
    forgetData: vi.fn(),
    landingPath: () => '/',
    confirm: vi.fn(async () => true),
    dialogs: async () => dialogs,
  } satisfies ActionEnvironment;
  return { env, dialogs, secrets };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

beforeEach(() => {
  calls = [];
  secureAccessOpen = false;
  vi.stubGlobal('document', { cookie: 'portal_csrf=token' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: { method: string; body?: string }) => {
      const body = init.body ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      calls.push({ method: init.method, url, body });
      if (url === '/ecaas/cards/secure-access') {
        if (body?.password !== 'right')
          return json(401, { errors: [{ status: '401', code: 'errors.auth.passwordIncorrect', meta: { attempts_left: 2 } }] });
        secureAccessOpen = true;
        return json(200, { meta: { card_secure_until: UNTIL } });
      }
      if (url === '/ecaas/cards/view-secure') {
        if (!secureAccessOpen)
          return json(403, { errors: [{ status: '403', code: 'errors.request.forbidden', meta: { reauth_required: true } }] });
        return json(200, {
          data: { type: 'cards', id: '42', attributes: { ...record, card_number: NUMBER } },
          meta: { card_secure_until: UNTIL },
        });
      }
      return json(200, { data: { type: 'cards', id: '42', attributes: {} } });
    }),
  );
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('an action asking with a form (confirm.form)', () => {
  it("asks with the form, the row's fields for the message, and sends the form's data as the body", async () => {
    const { env, dialogs } = environment({ form: async () => ({ reason: 'lost' }) });
    const outcome = await runAction(terminate, context, env);
    expect(outcome.ok).toBe(true);
    expect(dialogs.askForm).toHaveBeenCalledWith({
      form: 'card-termination',
      title: 'cards.terminate.title',
      message: 'cards.terminate.message',
      confirmLabel: 'cards.terminate.confirm',
      values: record,
    });
    expect(env.confirm).not.toHaveBeenCalled();
    expect(calls).toEqual([{ method: 'POST', url: '/ecaas/cards/42/terminate', body: { reason: 'lost' } }]);
    expect(env.notify).toHaveBeenCalledWith('success', 'cards.toasts.terminated');
  });

  it('sends nothing when the dialog is cancelled', async () => {
    const { env } = environment({ form: async () => null });
    expect(await runAction(terminate, context, env)).toEqual({ ok: false, cancelled: true });
    expect(calls).toEqual([]);
    expect(env.notify).not.toHaveBeenCalled();
  });
});

describe('the reveal action', () => {
  it('asks for the password when the server wants it (a wrong one stays in the dialog), then shows the secret until its expiry', async () => {
    const { env, secrets } = environment({
      form: async (request) => {
        expect(request).toMatchObject({ form: 'card-reauth', title: 'cards.reauth.title' });
        const wrong = await request.send!({ password: 'wrong' });
        expect(wrong.ok).toBe(false);
        expect(wrong.ok ? undefined : wrong.error?.code).toBe('errors.auth.passwordIncorrect');
        expect((await request.send!({ password: 'right' })).ok).toBe(true);
        return { password: 'right' };
      },
    });
    const outcome = await runAction(reveal, context, env);
    expect(outcome.ok).toBe(true);
    expect(calls.map((call) => call.url)).toEqual([
      '/ecaas/cards/view-secure',
      '/ecaas/cards/secure-access',
      '/ecaas/cards/secure-access',
      '/ecaas/cards/view-secure',
    ]);
    expect(calls[0]!.body).toEqual({ buid_customer: 'C-1001', card_id: 42 });
    expect(secrets).toHaveLength(1);
    expect(secrets[0]).toMatchObject({
      title: 'cards.reveal.title',
      label: 'cards.reveal.label',
      hidden: 'cards.reveal.hidden',
      expiresAt: Date.parse(UNTIL),
    });
    // Handed over once: the dialog takes it, nothing keeps a copy to take again.
    expect(secrets[0]!.take()).toBe(NUMBER);
    expect(secrets[0]!.take()).toBeNull();
    // Neither the outcome nor a toast carries it.
    expect(JSON.stringify(outcome)).not.toContain(NUMBER);
    expect(JSON.stringify(env.notify.mock.calls)).not.toContain(NUMBER);
  });

  it('shows at once while the access is still open, without asking', async () => {
    secureAccessOpen = true;
    const { env, dialogs, secrets } = environment();
    expect((await runAction(reveal, context, env)).ok).toBe(true);
    expect(dialogs.askForm).not.toHaveBeenCalled();
    expect(secrets[0]!.take()).toBe(NUMBER);
  });

  it('shows nothing when the user cancels the password', async () => {
    const { env, secrets } = environment({ form: async () => null });
    expect(await runAction(reveal, context, env)).toEqual({ ok: false, cancelled: true });
    expect(secrets).toEqual([]);
    expect(calls.map((call) => call.url)).toEqual(['/ecaas/cards/view-secure']);
  });

  it('reports other refusals as failures, without asking', async () => {
    vi.mocked(fetch).mockImplementation(async () => json(404, { errors: [{ status: '404', code: 'errors.request.notFound' }] }));
    const { env, dialogs, secrets } = environment();
    const outcome = await runAction(reveal, context, env);
    expect(outcome.ok).toBe(false);
    expect(dialogs.askForm).not.toHaveBeenCalled();
    expect(env.notify).toHaveBeenCalledWith('error', 'errors.request.notFound', {});
    expect(secrets).toEqual([]);
  });
});
