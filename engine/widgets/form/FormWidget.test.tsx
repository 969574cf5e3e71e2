import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Suspense, type ReactElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { WidgetProps } from '@rjsf/utils';
import { describe, expect, it, vi } from 'vitest';
import type { BindingContext } from '../../definitions/bindings.ts';
import { createQueryClient } from '../../data/queries.ts';
import type { WidgetNode } from '../../definitions/types.ts';
import { Texts, type TextTree } from '../../i18n/i18next-texts.ts';
import { TextsProvider } from '../../i18n/use-text.ts';
import { ScreenContextProvider } from '../../screens/screen-context.tsx';
import FormWidget from './FormWidget.tsx';
import BaseInputTemplate from './theme/BaseInputTemplate.tsx';
import PasswordWidget from './theme/PasswordWidget.tsx';
import SubmitButton from './theme/SubmitButton.tsx';

// Server rendering reads useSession's server snapshot, the initial session (no configuration yet);
// this reads the same selector over a fixed session with the demo tenant's limits instead.
const session = {
  config: {
    limits: {
      maxNameLength: 50,
      password: {
        minLength: 8,
        maxLength: 64,
        minNumeric: 1,
        minUpper: 1,
        minLower: 1,
        minAlpha: 2,
        minSpecial: 1,
        minNonAlpha: 2,
        historySize: 5,
      },
    },
    prefixes: { configured: '' },
  },
};
vi.mock('../../session/store.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useSession: (select: (state: unknown) => unknown) => select(session),
}));

const locale = (namespace: string) =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, `../../../locales/en/${namespace}.json`), 'utf8')) as TextTree;

async function render(node: WidgetNode, bindings: Partial<BindingContext> = {}): Promise<string> {
  return renderElement(<FormWidget node={node} />, bindings);
}

async function renderElement(
  element: ReactElement,
  bindings: Partial<BindingContext> = {},
  { withQueryClient = true } = {},
): Promise<string> {
  const texts = new Texts({ load: async (_language, namespace) => locale(namespace), namespaces: ['auth', 'errors'], language: 'en' });
  await texts.ready(['auth', 'errors']);
  const screen = {
    bindings: { session: {}, customer: null, merchant: null, route: {}, query: {}, selection: [], tenant: {}, ...bindings },
  };
  const page = (
    <TextsProvider texts={texts}>
      <MantineProvider>
        <MemoryRouter>
          <ScreenContextProvider value={screen}>
            <Suspense fallback="loading">{element}</Suspense>
          </ScreenContextProvider>
        </MemoryRouter>
      </MantineProvider>
    </TextsProvider>
  );
  const { prelude } = await prerenderToNodeStream(
    withQueryClient ? <QueryClientProvider client={createQueryClient()}>{page}</QueryClientProvider> : page,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

describe('FormWidget (server-rendered markup)', () => {
  it('renders the sign-in form with translated labels, autocomplete and the submit label', async () => {
    const html = await render({ widget: 'form', form: 'login', submit: { do: 'signIn', label: 'auth.login.submit' } });
    expect(html).toContain('>Username<');
    expect(html).toContain('>Password<');
    // HTML attribute names are case-insensitive; React writes autoComplete as given.
    expect(html).toMatch(/<input[^>]*autocomplete="username"/i);
    expect(html).toMatch(/<input[^>]*autocomplete="current-password"[^>]*type="password"/i);
    expect(html).toMatch(/<form[^>]*novalidate/i);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>[\s\S]*Sign in/);
    expect(html).not.toContain('auth.');
    expect(html).not.toContain('role="alert"');
  });

  it('renders the sign-in form without a QueryClient: the sign-in pages load no data layer (data/data-layer.tsx)', async () => {
    const html = await renderElement(
      <FormWidget node={{ widget: 'form', form: 'login', submit: { do: 'signIn', label: 'auth.login.submit' } }} />,
      {},
      { withQueryClient: false },
    );
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>[\s\S]*Sign in/);
  });

  it('labels every input', async () => {
    const html = await render({ widget: 'form', form: 'reset-password', submit: { do: 'mutate', label: 'auth.resetPassword.submit' } });
    const inputs = [...html.matchAll(/<input[^>]*\bid="([^"]+)"/g)].map((match) => match[1]!);
    expect(inputs.length).toBeGreaterThanOrEqual(2);
    for (const id of inputs) expect(html, id).toMatch(new RegExp(`<label[^>]*for="${id}"`));
    expect(html).toContain('>Confirm new password<');
  });

  it('shows the tenant password rules as a checklist on the reset form', async () => {
    const html = await render({ widget: 'form', form: 'reset-password', submit: { do: 'mutate', label: 'auth.resetPassword.submit' } });
    expect(html).toContain('Password requirements');
    expect(html).toContain('Minimum length: 8');
    expect(html).toContain('Special characters (!@#$%^&amp;): at least 1');
    expect(html.match(/data-met="false"/g)).toHaveLength(8);
  });

  it('hides a field while its `hide` query matches the bindings (AutoPay on a tenant without it)', async () => {
    const node = {
      widget: 'form',
      form: 'bank-account',
      submit: { do: 'mutate', label: 'paymentMethods.add.submit' },
      hide: { autopay: { 'flags.autopay_enabled': false } },
    };
    const without = await render(node, { flags: { autopay_enabled: false } });
    const withAutopay = await render(node, { flags: { autopay_enabled: true } });
    expect(withAutopay).toMatch(/<input[^>]*type="checkbox"[^>]*name="[^"]*autopay/);
    expect(without).not.toMatch(/<input[^>]*type="checkbox"[^>]*name="[^"]*autopay/);
    expect(without).toMatch(/<input[^>]*type="checkbox"[^>]*name="[^"]*online_payment/);
  });

  it('shows a stepped form one step at a time, with Next until the last step (the group wizard)', async () => {
    const html = await render({ widget: 'form', form: 'group-wizard', submit: { do: 'mutate', label: 'users.groups.actions.create' } });
    // Step 1 shown, step 2 mounted but hidden (what is typed there is kept).
    expect(html).toMatch(/<div><div class="rjsf-field rjsf-field-object">[\s\S]*?id="form-group-wizard_step1__title"/);
    expect(html).toMatch(/<div hidden=""><div class="rjsf-field rjsf-field-object">[\s\S]*?id="form-group-wizard_step2__title"/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>[\s\S]*?(Next|common\.wizard\.next)</);
    expect(html).not.toMatch(/users\.groups\.actions\.create|Create group/);
    expect(html).not.toMatch(/>(Back|common\.wizard\.back)</);
  });

  it('fills initial values through bindings', async () => {
    const html = await render(
      {
        widget: 'form',
        form: 'forgot-password',
        submit: { do: 'mutate', label: 'auth.forgotPassword.submit' },
        initial: { username: '{query.user}' },
      },
      { query: { user: 'payer' } },
    );
    expect(html).toMatch(/<input[^>]*value="payer"/);
  });
});

describe('Mantine theme for RJSF', () => {
  const widgetProps = (overrides: Record<string, unknown>) =>
    ({
      id: 'root_email',
      name: 'email',
      value: 'x',
      label: 'auth.fields.email',
      required: true,
      options: {},
      schema: { type: 'string' },
      registry: {},
      onChange: () => {},
      onBlur: () => {},
      onFocus: () => {},
      ...overrides,
    }) as unknown as WidgetProps;

  it('shows a field error under the input, wired with aria-invalid and aria-describedby', async () => {
    const html = await renderElement(
      <BaseInputTemplate {...widgetProps({ rawErrors: ['Please enter a valid email address'], type: 'email' })} />,
    );
    expect(html).toMatch(/<input[^>]*aria-invalid="true"/);
    const describedBy = /<input[^>]*aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(describedBy).toBeTruthy();
    expect(html).toMatch(new RegExp(`id="${describedBy}"[^>]*>[\\s\\S]*Please enter a valid email address`));
    expect(html).toMatch(/<label[^>]*for="root_email"[^>]*>Email address/);
  });

  it('gives an input whose label is hidden an accessible name', async () => {
    const html = await renderElement(
      <PasswordWidget {...widgetProps({ id: 'root_password', label: 'auth.fields.password', hideLabel: true })} />,
    );
    expect(html).toMatch(/<input[^>]*aria-label="Password"/);
  });

  it("shows a form's cancel beside the submit, as a plain button that does not submit", async () => {
    const registry = {
      formContext: {
        submitLabel: 'auth.login.submit',
        submitting: false,
        submitError: null,
        cancel: { label: 'common.actions.cancel', run: () => {} },
      },
    };
    const html = await renderElement(<SubmitButton registry={registry as never} />);
    expect(html).toMatch(/<button[^>]*type="submit"[\s\S]*<button[^>]*type="button"[^>]*>[\s\S]*(Cancel|common\.actions\.cancel)</);
    const without = await renderElement(
      <SubmitButton registry={{ formContext: { ...registry.formContext, cancel: undefined } } as never} />,
    );
    expect(without).not.toMatch(/Cancel|common\.actions\.cancel/);
  });

  it('renders no submit where the uiSchema says norender (the studio settings, saved by the draft bar)', async () => {
    const registry = { formContext: { submitLabel: 'auth.login.submit', submitting: false, submitError: null } };
    expect(await renderElement(<SubmitButton registry={registry as never} />)).toMatch(/type="submit"/);
    const hidden = await renderElement(
      <SubmitButton registry={registry as never} uiSchema={{ 'ui:submitButtonOptions': { norender: true } }} />,
    );
    expect(hidden).not.toMatch(/<button/);
  });

  it('shows a read-only field (a username once the user exists) as read-only and set apart', async () => {
    const html = await renderElement(
      <BaseInputTemplate
        {...widgetProps({ id: 'root_username', label: 'auth.fields.username', readonly: true, value: 'payer', type: 'text' })}
      />,
    );
    expect(html).toMatch(/<input[^>]*readOnly=""/i);
    expect(html).toMatch(/<input[^>]*value="payer"/);
    expect(html).toMatch(/data-variant="filled"/);
  });

  it('announces a failed submit above a button that is busy while the action runs', async () => {
    const registry = {
      formContext: {
        submitLabel: 'auth.login.submit',
        submitting: true,
        submitError: { code: 'errors.auth.credentialsInvalid', meta: {} },
      },
    };
    const html = await renderElement(<SubmitButton registry={registry as never} />);
    expect(html).toMatch(/role="alert"[\s\S]*Username and\/or password is invalid[\s\S]*<button[^>]*type="submit"/);
    expect(html).toMatch(/<button[^>]*disabled=""/);
  });
});
