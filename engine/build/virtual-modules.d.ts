/** Modules generated at build time by engine/build/forms-plugin.ts. */
declare module 'virtual:portal-forms' {
  type PortalForm = import('../widgets/form/form-definition.ts').PortalForm;

  /** Every form of screens/forms, by file name. */
  export const formNames: readonly string[];
  /** The form's definition and precompiled validator; each form is its own chunk. Rejects for an unknown name. */
  export function loadForm(name: string): Promise<PortalForm>;
}
