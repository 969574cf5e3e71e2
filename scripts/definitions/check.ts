/**
 * `npm run check:definitions`: every screen, form, menu, tenant override and the policy against
 * the contract (contract.ts). Pure: it reads nothing itself, so a test can feed it a broken copy.
 */
import type { ScreenDefinition } from '../../engine/definitions/types.ts';
import { mergePatch } from '../../common/merge-patch.ts';
import type { Policy } from '../../domain/policy.ts';
import type { Contract } from './contract.ts';
import type { DefinitionFile, DefinitionSet } from './definition-set.ts';
import { notOneOf, type Problem, problemKey } from './problems.ts';
import { withTwins } from './flags.ts';
import { resolveScreens } from './parts.ts';
import { checkBindings } from './rules/bindings.ts';
import { checkCalls } from './rules/calls.ts';
import { checkColumnPriorities } from './rules/columns.ts';
import { checkDuplicatePaths, checkLinks, checkMenuScreens, linksOf, queryNamesByScreen } from './rules/paths.ts';
import { checkPageSizes } from './rules/page-sizes.ts';
import { checkReachable } from './rules/reachability.ts';
import { checkSchema } from './rules/schemas.ts';
import { checkSources } from './rules/sources.ts';
import { checkTexts } from './rules/texts.ts';
import { checkGuards, checkMenuEntries, checkPermissionOverrides, checkPlugins, checkPolicy } from './rules/vocabulary.ts';

/** Links the API sends users to (emails, redirects), which pass query parameters screens read. */
export interface CheckOptions {
  apiLinks?: readonly string[];
  prefixes?: readonly string[];
}

/** The rules that hold one screen on its own (a tenant's patched copy gets them too). */
function screenProblems(
  screens: ReadonlyArray<DefinitionFile<ScreenDefinition>>,
  all: DefinitionSet,
  contract: Contract,
  options: CheckOptions,
): Problem[] {
  const links = linksOf(all.screens, all.menus);
  const queryNames = queryNamesByScreen(all.screens, [...links, ...(options.apiLinks ?? []).map((link) => ({ link }))]);
  return [
    ...checkGuards(screens, contract),
    ...checkReachable(screens, contract),
    ...checkPlugins(screens, contract),
    ...checkSources(screens, contract),
    ...checkColumnPriorities(screens),
    ...checkPageSizes(screens),
    ...checkCalls(screens, all.forms, contract),
    ...checkBindings(screens, all.forms, contract, (screen) => queryNames.get(screen.id) ?? new Set()),
    ...checkTexts(screens, contract),
    ...checkLinks(
      all.screens,
      linksOf(screens, { file: all.menus.file, definition: { customer: [], corporate: [], merchant: [], dealer: [] } }),
      contract,
      options.prefixes ?? [],
    ),
  ];
}

/**
 * A tenant's screen overrides, applied (JSON Merge Patch, as the portal does) and checked like the
 * screens; only what the patch adds is reported, under the tenant's file.
 */
function overrideProblems(all: DefinitionSet, contract: Contract, options: CheckOptions): Problem[] {
  const problems: Problem[] = [];
  for (const tenant of all.tenants) {
    for (const [id, patch] of Object.entries(tenant.definition.overrides?.screens ?? {})) {
      const base = all.screens.find(({ definition }) => definition.id === id);
      const where = `${tenant.file} /overrides/screens/${id}`;
      if (!base) {
        problems.push({
          file: tenant.file,
          pointer: `/overrides/screens/${id}`,
          ...notOneOf(
            id,
            'definitions.notOneOf.screenId',
            all.screens.map(({ definition }) => definition.id),
          ),
        });
        continue;
      }
      const patched = { file: base.file, definition: mergePatch(base.definition, patch) };
      const schema = checkSchema('screen', [patched]);
      const found = schema.length > 0 ? schema : screenProblems([patched], all, contract, options);
      const before = new Set(screenProblems([base], all, contract, options).map((problem) => `${problem.pointer} ${problemKey(problem)}`));
      for (const problem of found) {
        if (!before.has(`${problem.pointer} ${problemKey(problem)}`))
          problems.push({ ...problem, file: `${where} (patched ${base.file})` });
      }
    }
  }
  return problems;
}

/**
 * Every rule over a set of definitions, as written (files or a draft in memory): screens are
 * checked with their parts resolved, and a problem a part holds is reported under the part.
 */
export function checkDefinitions(written: DefinitionSet, contract: Contract, options: CheckOptions = {}): Problem[] {
  const parts = resolveScreens(written);
  if (parts.problems.length > 0) return parts.problems;
  const all = { ...written, screens: parts.screens };
  const seen = new Set<string>();
  // A part used five times holds one problem, reported once.
  return checkResolved(all, contract, options)
    .map(parts.relocate)
    .filter((problem) => {
      const { usedBy: _usedBy, ...params } = problem.params;
      const key = `${problem.file} ${problem.pointer} ${problemKey({ code: problem.code, params })}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

function checkResolved(all: DefinitionSet, contract: Contract, options: CheckOptions): Problem[] {
  // The other rules read definitions by their shape: a file its schema refuses is reported alone.
  const shape = [
    ...checkSchema('screen', all.screens),
    ...checkSchema('form', [...all.forms.values()]),
    ...checkSchema('menu', [all.menus]),
    ...checkSchema('policy', [all.policy]),
    ...checkSchema('tenant', all.tenants),
  ];
  if (shape.length > 0) return shape;
  const tenantFlags = withTwins(all.tenants.flatMap((tenant) => Object.keys(tenant.definition.flags ?? {})));
  return [
    ...screenProblems(all.screens, all, contract, options),
    ...checkDuplicatePaths(all.screens),
    ...checkTexts([...all.forms.values(), all.menus], contract),
    ...checkLinks(all.screens, linksOf([], all.menus), contract, options.prefixes ?? []),
    ...checkMenuEntries(all.menus, contract),
    ...checkMenuScreens(all.screens, all.menus),
    ...checkPolicy(all.policy as DefinitionFile<Policy>, tenantFlags),
    ...checkPermissionOverrides(all.tenants, all.policy as DefinitionFile<Policy>, tenantFlags),
    ...overrideProblems(all, contract, options),
  ];
}
