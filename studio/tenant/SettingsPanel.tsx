import { withTheme } from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import { useMemo } from 'react';
import tenantForm from 'virtual:studio-tenant-form';
import { useTexts } from '../../engine/i18n/use-text.ts';
import type { PortalFormContext } from '../../engine/widgets/form/theme/form-context.ts';
import { mantineTheme } from '../../engine/widgets/form/theme/theme.tsx';
import { settingsUiSchema } from './settings-ui-schema.ts';
import type { TenantDocument } from './tenant-types.ts';

const ThemedForm = withTheme(mantineTheme);
// The draft bar saves; the form has no submit button of its own.
const FORM_CONTEXT: PortalFormContext = { submitLabel: 'studioUi.draft.save', submitting: false, submitError: null };

/**
 * The tenant's settings as a form generated from schemas/tenant.schema.json (the portal's RJSF
 * theme, the validator compiled at build time): every setting, none written here. Changes go to
 * the working document; the draft bar saves it. Read-only without an open draft or the right.
 */
export function SettingsPanel({
  document,
  editable,
  onChange,
}: {
  document: TenantDocument;
  editable: boolean;
  onChange(document: TenantDocument): void;
}) {
  const texts = useTexts();
  const schema = tenantForm.definition.schema as RJSFSchema;
  const uiSchema = useMemo(() => settingsUiSchema(schema, (key) => texts.i18n.exists(key)), [schema, texts]);
  if (tenantForm.flat) return null;
  const { overrides, ...settings } = document;
  const change = ({ formData }: IChangeEvent) => onChange({ ...(formData as TenantDocument), ...(overrides ? { overrides } : {}) });
  return (
    <ThemedForm
      schema={schema}
      uiSchema={uiSchema}
      formData={settings}
      validator={tenantForm.validator}
      formContext={FORM_CONTEXT}
      readonly={!editable}
      liveValidate
      showErrorList={false}
      onChange={change}
      idPrefix="settings"
    />
  );
}
