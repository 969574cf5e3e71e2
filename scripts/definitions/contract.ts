/**
 * The contract definitions are held against, all derived from what the project already produces:
 * the served OpenAPI document, the policy, the tenants, the plugin registry, the locale files and
 * the engine's binding context. Nothing here is a second list of names.
 */
import type { Policy } from '../../domain/policy.ts';
import type { OpenApiDocument } from './openapi.ts';

/** The fields a binding root offers (`{customer.buidCustomer}`), and where they come from, for messages. */
export interface BindingRoot {
  fields: ReadonlySet<string>;
  from: string;
  /** Its fields are unknown (a source the source rule already refused): bindings to it are not checked. */
  unchecked?: boolean;
}

export interface Contract {
  api: OpenApiDocument;
  policy: Policy;
  /** Role names as the policy grants them (lowercase; guards compare lowercased). */
  roles: readonly string[];
  /** User types a guard may name (the screen schema's enum). */
  userTypes: readonly string[];
  /** Flags any tenant defines or the policy gates on, with their spec §5 twins. */
  flags: readonly string[];
  /** Plugins the composition root registers (plugins/index.ts). */
  plugins: readonly string[];
  /** English texts by namespace (locales/en/<namespace>.json). */
  texts: ReadonlyMap<string, unknown>;
  /** The binding roots whose fields do not depend on where a binding sits: customer, merchant, session, tenant, flags. */
  bindings: Readonly<Record<string, BindingRoot>>;
}
