import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BindingContext } from '../definitions/bindings.ts';
import type { ActionEnvironment } from './action-environment.ts';
import { runAction } from './run-action.ts';

// The session's sign-in is the API's business (tests/api/auth.test.ts); here: where the user goes after it.
vi.mock('../session/store.ts', () => ({
  signIn: vi.fn(async () => ({ authenticated: true, session_data: { logged_in: true } })),
  signOut: vi.fn(),
  selectMerchant: vi.fn(),
  setPaymentMode: vi.fn(),
}));

const context = (query: Record<string, string>): BindingContext =>
  ({
    session: {},
    customer: null,
    merchant: null,
    route: {},
    query,
    selection: [],
    tenant: {},
    form: { username: 'payer', password: 'x' },
  }) as BindingContext;

function environment() {
  return {
    navigate: vi.fn(),
    notify: vi.fn(),
    refresh: vi.fn(),
    forgetData: vi.fn(),
    landingPath: () => '/account/overview',
    confirm: vi.fn(async () => true),
    dialogs: vi.fn(async () => {
      throw new Error('no dialog expected');
    }),
  } satisfies ActionEnvironment;
}

afterEach(() => {
  vi.clearAllMocks();
});

describe('signing in returns to the page asked for (issue 26 defect 3)', () => {
  it('goes to the page the sign-in page was sent from', async () => {
    const env = environment();
    await runAction({ do: 'signIn' }, context({ next: '/invoice/T-1001-0016?tab=2', reason: 'sessionExpired' }), env);
    expect(env.navigate).toHaveBeenCalledWith('/invoice/T-1001-0016?tab=2');
  });

  it('lands as usual without one', async () => {
    const env = environment();
    await runAction({ do: 'signIn' }, context({}), env);
    expect(env.navigate).toHaveBeenCalledWith('/account/overview');
  });

  it.each(['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/login'])(
    'never follows %s (no open redirect)',
    async (next) => {
      const env = environment();
      await runAction({ do: 'signIn' }, context({ next }), env);
      expect(env.navigate).toHaveBeenCalledWith('/account/overview');
    },
  );
});
