import { lazy, Suspense, use, useSyncExternalStore } from 'react';
import { Alert, Button, Code, Skeleton, Stack, Text } from '@mantine/core';
import { loadForm } from 'virtual:portal-forms';
import type { BindingContext } from '../definitions/bindings.ts';
import type { Translate } from '../i18n/use-text.ts';
import { ScreenContextProvider } from '../screens/screen-context.tsx';
import { modalsManager } from '../shell/overlays.ts';
import type { FormProps } from '../widgets/form/form-props.ts';
import { runReveal } from './reveal.ts';
import type { ActionDialogs, FormDialogRequest, SecretDialogRequest } from './action-environment.ts';
import { secretHolder, type SecretHolder } from './secret-holder.ts';

// The same renderers as the form widget (a flat form without react-jsonschema-form).
const FlatForm = lazy(() => import('../widgets/form/FlatForm.tsx'));
const RjsfForm = lazy(() => import('../widgets/form/RjsfForm.tsx'));

/** A form of screens/forms/ in a dialog: validated like any form, its data the dialog's answer. */
function DialogForm({ request, props }: { request: FormDialogRequest; props: Omit<FormProps, 'definition'> }) {
  const form = use(loadForm(request.form));
  return form.flat ? (
    <FlatForm {...props} definition={form.definition} validate={form.validate} />
  ) : (
    <RjsfForm {...props} definition={form.definition} validator={form.validator} />
  );
}

/**
 * Asks with a form in a dialog; resolves with the submitted data, or null when the user cancels
 * or closes it. With `request.send`, submitting first runs it (a re-authentication): a failure
 * stays in the dialog beside the form, and only a success answers.
 */
async function askForm(t: Translate, bindings: BindingContext, request: FormDialogRequest): Promise<Record<string, unknown> | null> {
  let answer: (data: Record<string, unknown> | null) => void = () => undefined;
  const answered = new Promise<Record<string, unknown> | null>((resolve) => {
    answer = resolve;
  });
  let close: () => void = () => undefined;
  const props: Omit<FormProps, 'definition'> = {
    name: `dialog-${request.form}`,
    submit: { do: 'mutate', label: request.confirmLabel ?? 'common.actions.confirm' },
    initialData: {},
    hidden: [],
    choicesStartEmpty: true,
    onSubmit: async (data) => {
      const outcome = request.send ? await request.send(data) : { ok: true as const };
      if (outcome.ok) {
        answer(data);
        close();
      }
      return outcome;
    },
  };
  const dialogs = await modalsManager();
  const id = dialogs.open({
    title: t(request.title),
    onClose: () => answer(null),
    closeButtonProps: { 'aria-label': t('common.actions.cancel') },
    children: (
      <ScreenContextProvider value={{ bindings }}>
        <Stack gap="sm" data-dialog-form={request.form}>
          {request.message ? <Text size="sm">{t(request.message, request.values)}</Text> : null}
          <Suspense fallback={<Skeleton height={120} aria-busy="true" />}>
            <DialogForm request={request} props={props} />
          </Suspense>
          <Button
            variant="default"
            onClick={() => {
              answer(null);
              close();
            }}
          >
            {t('common.actions.cancel')}
          </Button>
        </Stack>
      </ScreenContextProvider>
    ),
  });
  close = () => dialogs.close(id);
  return answered;
}

function SecretView({ request, holder, t }: { request: SecretDialogRequest; holder: SecretHolder; t: Translate }) {
  const secret = useSyncExternalStore(holder.subscribe, holder.read);
  if (secret === null)
    return (
      <Alert color="gray" role="status" data-secret="hidden">
        {t(request.hidden)}
      </Alert>
    );
  return (
    <Stack gap="xs" data-secret="shown">
      <Text size="sm" c="dimmed">
        {t(request.label)}
      </Text>
      <Code fz="lg" data-secret-value="">
        {secret}
      </Code>
      {request.message ? <Text size="sm">{t(request.message, { time: timeOfDay(request.expiresAt) })}</Text> : null}
    </Stack>
  );
}

/** "14:05" in the page's language (the html lang the portal sets). */
function timeOfDay(at: number): string {
  return new Intl.DateTimeFormat(document.documentElement.lang || undefined, { hour: '2-digit', minute: '2-digit' }).format(at);
}

/** Shows the secret in a dialog until `expiresAt`; closing the dialog drops it at once. */
async function showSecret(t: Translate, request: SecretDialogRequest): Promise<void> {
  const holder = secretHolder(request);
  (await modalsManager()).open({
    title: t(request.title),
    onClose: holder.drop,
    closeButtonProps: { 'aria-label': t('common.actions.dismiss') },
    children: <SecretView request={request} holder={holder} t={t} />,
  });
}

/** The dialogs an action may open, with the screen's translator and bindings (use-action-runner.ts). */
export function dialogsFor(t: Translate, bindings: BindingContext): ActionDialogs {
  return {
    askForm: (request) => askForm(t, bindings, request),
    async confirmWithForm({ form, title, message, confirmLabel }, context) {
      const data = await askForm(t, bindings, { form: form!, title, message, confirmLabel, values: context.record });
      return data && { ...context, form: { ...context.form, ...data } };
    },
    showSecret: (request) => {
      void showSecret(t, request);
    },
    reveal: runReveal,
  };
}
