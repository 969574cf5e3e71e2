/**
 * Reads the tree for the definition check: the definition files, and the contract derived from
 * what the project produces (the OpenAPI document an in-process app serves, the policy, tenants,
 * locale files, the engine's session bindings). The plugin names come from the caller, which
 * imports the composition root's registry (only it may import plugins/).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { MenuDefinitions, ScreenDefinition } from '../../engine/definitions/types.ts';
import { sharedParts } from '../../engine/registry/schema-parts.ts';
import { screenBindings } from '../../engine/screens/screen-bindings.ts';
import type { SessionState } from '../../engine/session/types.ts';
import type { Policy } from '../../domain/policy.ts';
import { apiDocument } from '../openapi/document.ts';
import type { BindingRoot, Contract } from './contract.ts';
import { withTwins } from './flags.ts';
import type { DefinitionSet, FormDefinition, TenantDefinition } from './definition-set.ts';
import { type OpenApiDocument, operationsFor, resourceAttributes } from './openapi.ts';

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
const jsonFiles = (directory: string) =>
  readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(directory, name));

export function loadDefinitions(root = '.'): DefinitionSet {
  const at = (path: string) => join(root, path);
  const relative = (file: string) => (root === '.' ? file : file.slice(root.length + 1));
  return {
    screens: jsonFiles(at('screens')).map((file) => ({ file: relative(file), definition: readJson(file) as ScreenDefinition })),
    parts: new Map(
      jsonFiles(at('screens/parts')).map((file) => [
        file.replace(/^.*\//, '').replace(/\.json$/, ''),
        { file: relative(file), definition: readJson(file) },
      ]),
    ),
    forms: new Map(
      jsonFiles(at('screens/forms')).map((file) => [
        file.replace(/^.*\//, '').replace(/\.json$/, ''),
        { file: relative(file), definition: readJson(file) as FormDefinition },
      ]),
    ),
    menus: { file: 'screens/menus/side-menus.json', definition: readJson(at('screens/menus/side-menus.json')) as MenuDefinitions },
    policy: { file: 'permissions/policy.json', definition: readJson(at('permissions/policy.json')) },
    tenants: jsonFiles(at('tenants')).map((file) => ({ file: relative(file), definition: readJson(file) as TenantDefinition })),
  };
}

/** The attributes of `GET path`'s resources, as a binding root. */
function attributesOf(api: OpenApiDocument, path: string, extra: readonly string[] = []): BindingRoot {
  const [operation] = operationsFor(api, 'get', path);
  if (!operation) throw new Error(`The API has no GET ${path}, which the session's bindings read`);
  return {
    fields: new Set([...resourceAttributes(operation.operation).keys(), ...extra]),
    from: `GET ${path}${extra.length > 0 ? ` and ${extra.join(', ')}` : ''}`,
  };
}

/** A session with nothing in it: what the engine binds under `session` besides /self's attributes. */
const EMPTY_SESSION: SessionState = {
  status: 'ready',
  config: null,
  flags: {},
  self: null,
  userType: 'none',
  selectedCustomer: null,
  selectedMerchant: null,
  customerCurrencies: [],
  merchantCurrencies: [],
  selectedCurrency: null,
  mappedLocations: [],
  loyaltyPrograms: [],
  loyaltyError: false,
  paymentMode: 'INDIVIDUAL_ACCOUNT',
  merchantRollUp: false,
  sessionExpired: false,
  secureConfig: null,
};

/** The binding roots the session gives every screen (engine/screens/screen-bindings.ts), with fields from the API. */
export function sessionBindingRoots(api: OpenApiDocument, flags: readonly string[]): Record<string, BindingRoot> {
  const computed = Object.keys(screenBindings(EMPTY_SESSION, { route: {}, query: {}, selection: [] }).session);
  const self = attributesOf(api, '/self');
  return {
    // engine/session/signed-in.ts: the selected customer is GET /customers' record with the session's location.
    customer: attributesOf(api, '/customers', ['buidLocation', 'locationName']),
    merchant: attributesOf(api, '/merchants'),
    session: { fields: new Set([...self.fields, ...computed]), from: 'GET /self and engine/screens/screen-bindings.ts' },
    tenant: attributesOf(api, '/config'),
    flags: { fields: new Set(flags), from: 'the flags tenants define' },
  };
}

/**
 * Portal links the server builds (emails, redirects: `/reset-password?token=`), and the portal's
 * own rules build (domain/ and common/: a guard's redirect to `/login?reason=`), whose query parameters
 * screens read: found in the code, so a new one needs no list here.
 */
export function serverLinks(root = '.'): string[] {
  const links: string[] = [];
  const scan = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) scan(path);
      else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
        for (const match of readFileSync(path, 'utf8').matchAll(/[`'"](?:\$\{[^}]*\})?(\/[A-Za-z0-9/_-]*\?[A-Za-z_]+=)/g))
          links.push(match[1]!);
      }
    }
  };
  scan(join(root, 'server'));
  scan(join(root, 'domain'));
  scan(join(root, 'common'));
  return links;
}

export async function loadContract(definitions: DefinitionSet, plugins: readonly string[], root = '.'): Promise<Contract> {
  const api = (await apiDocument()) as unknown as OpenApiDocument;
  const policy = definitions.policy.definition as Policy;
  const flags = withTwins([
    ...definitions.tenants.flatMap(({ definition }) => Object.keys(definition.flags ?? {})),
    ...Object.values(policy.flagGates).filter((flag): flag is string => typeof flag === 'string'),
  ]);
  const texts = new Map(
    jsonFiles(join(root, 'locales/en')).map((file) => [file.replace(/^.*\//, '').replace(/\.json$/, ''), readJson(file)]),
  );
  return {
    api,
    policy,
    roles: Object.keys(policy.grants.customer),
    userTypes: sharedParts.userType.enum,
    flags,
    plugins,
    texts,
    bindings: sessionBindingRoots(api, flags),
  };
}
