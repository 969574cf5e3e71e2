/**
 * The one place the studio calls the definition check (`npm run check:definitions`, scripts/
 * definitions): a draft's screen overrides are held against the same contract a developer's
 * commit is, so an operator can never publish a screen a developer could not commit (issue 24).
 * The boundaries allow this file alone of server/ to reach scripts/definitions
 * (.dependency-cruiser.cjs); it is loaded on the first check only, and the contract (the API's
 * OpenAPI document from an in-process app, the vocabularies) is built once per process.
 */
import type { CodedProblem } from '../../common/definition-problems.ts';
import type { Tenant } from '../../domain/tenant.ts';

/** A problem of the draft: the JSON pointer in the tenant document and what is wrong, as the check's code and values. */
export interface DefinitionProblem extends CodedProblem {
  pointer: string;
}

type Checker = (tenant: Tenant) => DefinitionProblem[];
let checker: Promise<Checker> | undefined;

/** The plugin names the shipped screens mount: the server cannot read the portal's registry (plugins/ is the browser's). */
function mountedPlugins(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) mountedPlugins(item, found);
  else if (node !== null && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (record.widget === 'plugin' && typeof record.name === 'string') found.add(record.name);
    for (const value of Object.values(record)) mountedPlugins(value, found);
  }
  return found;
}

async function loadChecker(): Promise<Checker> {
  const [{ checkDefinitions }, { loadContract, loadDefinitions, serverLinks }] = await Promise.all([
    import('../../scripts/definitions/check.ts'),
    import('../../scripts/definitions/load.ts'),
  ]);
  const shipped = loadDefinitions();
  const contract = await loadContract(shipped, [...mountedPlugins(shipped.screens.map((screen) => screen.definition))]);
  const apiLinks = serverLinks();
  return (tenant) => {
    const file = `tenant ${tenant.id} (draft)`;
    // The shipped tenants stay beside the draft: the flags any tenant defines are the check's
    // vocabulary (a policy gate on `notification_center_enabled` is known from the demo tenant's
    // twin), and a draft of a tenant that defines fewer flags must not make the policy's gates unknown.
    const definitions = { ...shipped, tenants: [...shipped.tenants, { file, definition: tenant }] };
    const prefixes = Object.values(tenant.prefixes ?? {});
    // Only what the draft brings: the shipped definitions pass the same check in CI.
    return checkDefinitions(definitions, contract, { apiLinks, prefixes })
      .filter((problem) => problem.file.startsWith(file))
      .map((problem) => ({
        pointer: `${problem.file
          .slice(file.length)
          .replace(/^ +/, '')
          .replace(/ \(patched [^)]*\)$/, '')}${problem.pointer}`,
        code: problem.code,
        params: problem.params,
      }));
  };
}

/** The definition check's problems of a tenant document (its screen overrides, flags and the policy's gates). */
export async function definitionProblems(tenant: Tenant): Promise<DefinitionProblem[]> {
  checker ??= loadChecker().catch((error: unknown) => {
    checker = undefined;
    throw error;
  });
  return (await checker)(tenant);
}
