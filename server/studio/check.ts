import type { ValidateFunction } from 'ajv';
import { problemSentence } from '../../common/definition-problems.ts';
import { menuOverrideProblems, withMenuOverrides } from '../../domain/menu-overrides.ts';
import { permissionGuardrails } from '../../domain/permission-guardrails.ts';
import { createAjv } from '../../schemas/ajv.ts';
import menuSchema from '../../schemas/menu.schema.json' with { type: 'json' };
import type { Policy } from '../../domain/policy.ts';
import { withPermissionOverrides } from '../../domain/policy-overrides.ts';
import type { Tenant } from '../../domain/tenant.ts';
import { textOverrideProblems } from '../../domain/text-overrides.ts';
import { textKeyExists, textsIn } from '../i18n/locale-text.ts';
import { TenantDocumentError, validateTenantDocument } from '../tenants/validate.ts';
import { definitionProblems } from './definition-check.ts';
import { describeRefusal } from './describe.ts';
import { shippedMenus, shippedScreens } from './shipped-screens.ts';

/** Why a draft may not be published: where in the tenant document, and the reason in the operator's language. */
export interface DraftProblem {
  pointer: string;
  message: string;
  rule: 'tenant' | 'guardrail' | 'texts' | 'menus' | 'definitions';
  /**
   * The reason's text key (locales/<lang>/studio.json) and its values, for a client that words it
   * itself (texts, menus, definitions: common/definition-problems.ts problemSentence).
   */
  code?: string;
  params?: Record<string, string>;
}

/** "/limits/cardFeeMinor must be integer" → its pointer and the rest. */
function splitProblem(text: string): { pointer: string; message: string } {
  const match = /^(\/\S*)\s*:?\s+(.*)$/s.exec(text);
  return match ? { pointer: match[1]!, message: match[2]! } : { pointer: '', message: text };
}

let validateMenus: ValidateFunction | undefined;

/**
 * The tenant's menus (overrides.menus, domain/menu-overrides.ts): the menus its users would get
 * hold to the menu schema, then each entry of the tenant's opens a shipped screen and names a text.
 */
function menuProblems(tenant: Tenant, language: string): DraftProblem[] {
  const overrides = tenant.overrides?.menus;
  if (!overrides) return [];
  validateMenus ??= createAjv().compile(menuSchema);
  if (!validateMenus(withMenuOverrides(shippedMenus, overrides)))
    return (validateMenus.errors ?? []).map((error) => ({
      pointer: `/overrides/menus${error.instancePath}`,
      message: error.message ?? 'is invalid',
      rule: 'menus',
    }));
  return menuOverrideProblems(overrides, (id) => shippedScreens().has(id), textKeyExists).map((problem) => ({
    pointer: problem.pointer,
    message: textsIn(language)(problem.code, problem.values),
    rule: 'menus',
    code: problem.code,
    params: problem.values,
  }));
}

/**
 * The whole check of a draft on the server (issue 24), in the order a problem makes the next
 * meaningless: the tenant schema and the rules of every tenant document (as a file is checked,
 * host clashes with the other tenants included), the permission guardrails and the tenant's own
 * texts (keys that exist, given in every language the tenant offers), its menus, then the definition
 * check of its screen overrides against the API contract. Empty: it may be published.
 */
export async function checkDraft(
  document: unknown,
  tenantId: string,
  others: readonly Tenant[],
  policy: Policy,
  language: string,
): Promise<DraftProblem[]> {
  let tenant: Tenant;
  try {
    tenant = validateTenantDocument(document, `tenant ${tenantId}`, others);
  } catch (error) {
    if (!(error instanceof TenantDocumentError)) throw error;
    return error.problems.map((problem) => ({ ...splitProblem(problem), rule: 'tenant' }));
  }
  if (tenant.id !== tenantId) return [{ pointer: '/id', message: `must be ${tenantId}`, rule: 'tenant' }];
  const effective = withPermissionOverrides(policy, tenant.overrides?.permissions);
  const guardrails = permissionGuardrails(effective, policy).map((refusal) => ({
    pointer: refusal.pointer,
    message: describeRefusal(language, refusal),
    rule: 'guardrail' as const,
  }));
  const texts = textOverrideProblems(tenant.overrides?.texts, tenant.languages, textKeyExists).map((problem) => ({
    pointer: problem.pointer,
    message: textsIn(language)(problem.code, problem.values),
    rule: 'texts' as const,
    code: problem.code,
    params: problem.values,
  }));
  const menus = menuProblems(tenant, language);
  if (guardrails.length > 0 || texts.length > 0 || menus.length > 0) return [...guardrails, ...texts, ...menus];
  const t = textsIn(language);
  return (await definitionProblems(tenant)).map(({ pointer, code, params }) => {
    // The check's code (`definitions.*`) is a text of the studio's namespace.
    const words = { code: `studio.${code}`, params };
    return { pointer, message: problemSentence(t, words), rule: 'definitions' as const, ...words };
  });
}
