/**
 * Names a definition takes from a vocabulary: roles, user types and flags of guards and menus,
 * plugins, and the policy's rule sets and flag gates. Each must be one the vocabulary holds
 * (roles from the policy's grants, flags from the tenants and the policy, plugins from the
 * composition root's registry).
 */
import type { MenuDefinitions, ScreenDefinition } from '../../../engine/definitions/types.ts';
import { menuBindings } from '../../../domain/menus.ts';
import { type PermissionOverrides, withPermissionOverrides } from '../../../domain/policy-overrides.ts';
import type { Policy } from '../../../domain/policy.ts';
import policySchema from '../../../schemas/policy.schema.json' with { type: 'json' };
import type { Contract } from '../contract.ts';
import type { DefinitionFile, TenantDefinition } from '../definition-set.ts';
import { type NotOneOfCode, notOneOf, type Problem, type ProblemWords } from '../problems.ts';
import { escapePointer, walk } from '../walk.ts';
import { checkSchema } from './schemas.ts';

/** CASL subjects the policy may name (its schema's enum; `all` included). */
const SUBJECTS: readonly string[] = policySchema.definitions.subject.enum;

export function checkGuards(screens: ReadonlyArray<DefinitionFile<ScreenDefinition>>, contract: Contract): Problem[] {
  const problems: Problem[] = [];
  for (const { file, definition } of screens) {
    const guard = definition.guard as unknown as Record<string, unknown>;
    const names = (property: string, allowed: readonly string[], what: NotOneOfCode, normalise = (name: string) => name) => {
      const listed = guard[property];
      if (!Array.isArray(listed)) return;
      for (const [index, name] of listed.entries()) {
        if (typeof name === 'string' && !allowed.includes(normalise(name)))
          problems.push({ file, pointer: `/guard/${property}/${index}`, ...notOneOf(name, what, allowed) });
      }
    };
    // Guards compare roles lowercased (domain/policy.ts normaliseRole); an unknown role silently means "view only".
    const lower = (name: string) => name.trim().toLowerCase();
    names('roles', contract.roles, 'definitions.notOneOf.role', lower);
    names('forbiddenRoles', contract.roles, 'definitions.notOneOf.role', lower);
    names('userTypes', contract.userTypes, 'definitions.notOneOf.userType');
    names('flags', contract.flags, 'definitions.notOneOf.flag');
    names('forbiddenFlags', contract.flags, 'definitions.notOneOf.flag');
  }
  return problems;
}

/** Plugins mounted by screens are registered; flags named by `flags.x` conditions are checked as bindings. */
export function checkPlugins(screens: ReadonlyArray<DefinitionFile<unknown>>, contract: Contract): Problem[] {
  const problems: Problem[] = [];
  for (const { file, definition } of screens) {
    for (const { pointer, node } of walk(definition)) {
      if (node.widget === 'plugin' && typeof node.name === 'string' && !contract.plugins.includes(node.name)) {
        problems.push({
          file,
          pointer: `${pointer}/name`,
          ...notOneOf(node.name, 'definitions.notOneOf.plugin', contract.plugins),
        });
      }
    }
  }
  return problems;
}

/** CASL actions the policy may name (its schema's enum). */
const ACTIONS: readonly string[] = policySchema.definitions.action.enum;

/** What a menu entry's `when` may test of the session (domain/menus.ts menuBindings: fixed for the session's length). */
const MENU_SESSION_FIELDS = Object.keys(menuBindings({ customerCount: 0, merchantCount: 0, flags: {} }).session);

/**
 * A menu entry's own vocabulary: its `flags`, the CASL action and subject of its `can`, the keys of its `when` (what
 * domain/menus.ts menuBindings offers: the session's counts and the flags), and an id no other entry of its menu has.
 * A typo in `can` or `when` would hide the entry from everyone, and a repeated id would mark two entries current.
 */
export function checkMenuEntries(menus: DefinitionFile<MenuDefinitions>, contract: Contract): Problem[] {
  const problems: Problem[] = [];
  const report = (pointer: string, words: ProblemWords) => problems.push({ file: menus.file, pointer, ...words });
  const checkWhen = (at: string, query: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(query)) {
      if (key === '$and' || key === '$or' || key === '$nor') {
        if (Array.isArray(value))
          for (const [index, inner] of value.entries())
            if (inner && typeof inner === 'object') checkWhen(`${at}/${key}/${index}`, inner as Record<string, unknown>);
        continue;
      }
      const [root, field] = key.split('.');
      const pointer = `${at}/${escapePointer(key)}`;
      if (root === 'session') {
        if (!field || !MENU_SESSION_FIELDS.includes(field))
          report(pointer, notOneOf(field ?? '', 'definitions.notOneOf.menuSessionField', MENU_SESSION_FIELDS));
      } else if (root === 'flags') {
        if (!field || !contract.flags.includes(field)) report(pointer, notOneOf(field ?? '', 'definitions.notOneOf.flag', contract.flags));
      } else {
        report(pointer, notOneOf(root ?? key, 'definitions.notOneOf.menuBindingRoot', ['session', 'flags']));
      }
    }
  };
  for (const [kind, entries] of Object.entries(menus.definition)) {
    if (!Array.isArray(entries)) continue;
    const ids = new Map<string, number>();
    for (const [index, entry] of entries.entries()) {
      const at = `/${kind}/${index}`;
      const first = ids.get(entry.id);
      if (first === undefined) ids.set(entry.id, index);
      else report(`${at}/id`, { code: 'definitions.duplicateMenuId', params: { id: entry.id, other: `/${kind}/${first}` } });
      for (const [flagIndex, flag] of (entry.flags ?? []).entries()) {
        if (!contract.flags.includes(flag)) report(`${at}/flags/${flagIndex}`, notOneOf(flag, 'definitions.notOneOf.flag', contract.flags));
      }
      if (Array.isArray(entry.can)) {
        const [action, subject] = entry.can as unknown[];
        if (!ACTIONS.includes(String(action))) report(`${at}/can/0`, notOneOf(String(action), 'definitions.notOneOf.action', ACTIONS));
        if (!SUBJECTS.includes(String(subject))) report(`${at}/can/1`, notOneOf(String(subject), 'definitions.notOneOf.subject', SUBJECTS));
      }
      if (entry.when && typeof entry.when === 'object') checkWhen(`${at}/when`, entry.when as Record<string, unknown>);
    }
  }
  return problems;
}

/** The policy grants rule sets it defines, and gates subjects on flags tenants define. */
export function checkPolicy(policy: DefinitionFile<Policy>, tenantFlags: readonly string[]): Problem[] {
  const problems: Problem[] = [];
  const sets = Object.keys(policy.definition.ruleSets);
  for (const [userType, roles] of Object.entries(policy.definition.grants)) {
    for (const [role, granted] of Object.entries(roles)) {
      for (const [index, name] of granted.entries()) {
        if (!sets.includes(name))
          problems.push({
            file: policy.file,
            pointer: `/grants/${userType}/${role}/${index}`,
            ...notOneOf(name, 'definitions.notOneOf.ruleSet', sets),
          });
      }
    }
  }
  for (const [subject, flag] of Object.entries(policy.definition.flagGates)) {
    if (!SUBJECTS.includes(subject))
      problems.push({
        file: policy.file,
        pointer: `/flagGates/${escapePointer(subject)}`,
        ...notOneOf(subject, 'definitions.notOneOf.subject', SUBJECTS),
      });
    if (flag && !tenantFlags.includes(flag))
      problems.push({
        file: policy.file,
        pointer: `/flagGates/${subject}`,
        ...notOneOf(flag, 'definitions.notOneOf.tenantFlag', tenantFlags),
      });
  }
  return problems;
}

/**
 * A tenant's `overrides.permissions`: one JSON Merge Patch over the policy
 * (domain/policy-overrides.ts withPermissionOverrides, as the portal and the API apply it), held to
 * the policy's schema (roles, user types, CASL actions and subjects) and its vocabulary (rule sets,
 * flags). Reported under the tenant's file, inside the patch.
 */
export function checkPermissionOverrides(
  tenants: ReadonlyArray<DefinitionFile<TenantDefinition>>,
  policy: DefinitionFile<Policy>,
  tenantFlags: readonly string[],
): Problem[] {
  const problems: Problem[] = [];
  for (const tenant of tenants) {
    const overrides = tenant.definition.overrides?.permissions;
    if (!overrides || Object.keys(overrides).length === 0) continue;
    const at = '/overrides/permissions';
    const patched = { file: policy.file, definition: withPermissionOverrides(policy.definition, overrides as PermissionOverrides) };
    const shape = checkSchema('policy', [patched]);
    for (const problem of shape.length > 0 ? shape : checkPolicy(patched, tenantFlags)) {
      problems.push({ ...problem, file: tenant.file, pointer: `${at}${problem.pointer}` });
    }
  }
  return problems;
}
