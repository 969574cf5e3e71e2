import { describe, expect, it } from 'vitest';
import tenantSchema from '../../schemas/tenant.schema.json' with { type: 'json' };
import { tenantFormSchema } from '../build/tenant-form-plugin.ts';
import { settingsUiSchema } from './settings-ui-schema.ts';

const schema = tenantFormSchema(tenantSchema as Record<string, unknown>);

describe("the settings form's uiSchema", () => {
  it('labels a setting with its studio text, shows minor units as money and keeps the id read-only', () => {
    const ui = settingsUiSchema(schema, (key) => key === 'studio.settings.limits.cardFeeMinor');
    expect(ui.limits?.cardFeeMinor).toEqual({ 'ui:title': 'studio.settings.limits.cardFeeMinor', 'ui:widget': 'money' });
    expect(ui.limits?.minCardPaymentMinor).toEqual({ 'ui:widget': 'money' });
    expect(ui.id).toEqual({ 'ui:readonly': true });
    // Saved with the draft (the draft bar), so the form shows no submit of its own.
    expect(ui['ui:submitButtonOptions']).toEqual({ norender: true });
    expect(ui.title).toBeUndefined();
  });

  it("names a list's items by the list, not RJSF's English '<name>-<n>', and leaves a multi-select alone", () => {
    const ui = settingsUiSchema(schema, (key) => key.startsWith('studio.settings.'));
    expect(ui.hosts).toEqual({ 'ui:title': 'studio.settings.hosts', items: { 'ui:label': false, 'ui:title': 'studio.settings.hosts' } });
    expect(ui.identityProviders?.['ui:title']).toBe('studio.settings.identityProviders._label');
    expect(ui.identityProviders?.items?.['ui:label']).toBe(false);
    expect(ui.identityProviders?.items?.clientId?.['ui:title']).toBe('studio.settings.identityProviders.clientId');
    expect(ui.languages?.items).toBeUndefined();
  });

  it('leaves the overrides to the matrix: they are not in the form', () => {
    expect(Object.keys(schema.properties as object)).not.toContain('overrides');
    expect(Object.keys(schema.properties as object)).toContain('limits');
  });
});
