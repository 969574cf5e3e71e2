// `npm run check:definitions`: every screen, form, menu, tenant override and the policy against the
// API's OpenAPI document, the binding context and the vocabularies (engine/README "Checking
// definitions"). Prints every problem as "file pointer: what is wrong" and exits 1 if there is any.
import { pluginRegistry } from '../engine/registry/plugins.ts';
// The composition root's registry: the plugin names definitions may mount.
import '../plugins/index.ts';
import { checkDefinitions } from './definitions/check.ts';
import { loadContract, loadDefinitions, serverLinks } from './definitions/load.ts';
import { formatProblem } from './definitions/problems.ts';

const started = performance.now();
const definitions = loadDefinitions();
const contract = await loadContract(definitions, Object.keys(pluginRegistry));
const prefixes = [
  ...new Set(
    definitions.tenants.flatMap(({ definition }) => Object.values((definition as { prefixes?: Record<string, string> }).prefixes ?? {})),
  ),
];
const problems = checkDefinitions(definitions, contract, { apiLinks: serverLinks(), prefixes });
for (const problem of problems) console.error(formatProblem(problem));
const files = definitions.screens.length + definitions.forms.size + definitions.tenants.length + 2;
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (problems.length > 0) {
  console.error(`\n${problems.length} problem${problems.length === 1 ? '' : 's'} in the definitions (${files} files, ${seconds} s)`);
  process.exit(1);
}
console.log(`Definitions check out: ${files} files against the API contract, bindings and vocabularies (${seconds} s)`);
