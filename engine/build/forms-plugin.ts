import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import type { Plugin } from 'vite';
import { createAjv, describeErrors } from '../../schemas/ajv.ts';
import type { FormDefinition } from '../widgets/form/form-definition.ts';
import { isFlatForm } from './flat-forms.ts';

/**
 * Vite plugin: `virtual:portal-forms` gives every form of `screens/forms/*.json` with its
 * validator compiled AHEAD of time (ajv standalone code), because the portal's CSP forbids
 * eval and new Function, which ajv's run-time compiler needs.
 *
 *   import { loadForm } from 'virtual:portal-forms';
 *   const { definition, validator } = await loadForm('login');   // one chunk per form
 *
 * Each form file is checked against schemas/form.schema.json at build time; an invalid one fails
 * the build naming the file and the JSON pointer.
 */
export const FORMS_MODULE_ID = 'virtual:portal-forms';
const RESOLVED_PREFIX = `\0${FORMS_MODULE_ID}`;

export interface FormsPluginOptions {
  /** Folder of the form definitions, relative to the Vite root. */
  dir?: string;
  /** The form definition schema, relative to the Vite root. */
  schema?: string;
}

export interface FormSources { names: string[]; read(name: string): FormDefinition; files: Map<string, string> }

/** Reads and schema-checks the definitions in `dir`. */
export function readForms(dir: string, schemaFile: string): FormSources {
  const files = new Map(readdirSync(dir).filter((file) => file.endsWith('.json')).sort()
    .map((file) => [file.slice(0, -'.json'.length), join(dir, file)] as const));
  const check = createAjv().compile(JSON.parse(readFileSync(schemaFile, 'utf8')) as object);
  return {
    names: [...files.keys()],
    files,
    read(name) {
      const file = files.get(name);
      if (!file) throw new Error(`Unknown form "${name}"; known forms: ${[...files.keys()].join(', ')}`);
      const data = JSON.parse(readFileSync(file, 'utf8')) as FormDefinition & { $schema?: string };
      if (!check(data)) throw new Error(`${file}: ${describeErrors(check.errors)}`);
      const { $schema: _ignored, ...definition } = data;
      return definition;
    },
  };
}

/**
 * What ajv's standalone code may `require` at run time, turned into ES module code. Inlined
 * helpers keep the generated module free of CommonJS interop questions.
 */
const RUNTIME: Record<string, { name: string; code?: string; import?: string }> = {
  'ajv/dist/runtime/ucs2length': {
    name: '__ucs2length',
    // ajv's own: counts code points, as JSON Schema's minLength/maxLength do.
    code: `function __ucs2length(str) { const len = str.length; let length = 0; let pos = 0; let value;
  while (pos < len) { length++; value = str.charCodeAt(pos++);
    if (value >= 0xd800 && value <= 0xdbff && pos < len) { value = str.charCodeAt(pos); if ((value & 0xfc00) === 0xdc00) pos++; } }
  return length; }`,
  },
  'ajv/dist/runtime/equal': {
    name: '__equal',
    code: `function __equal(a, b) { if (a === b) return true;
  if (a && b && typeof a == "object" && typeof b == "object") { if (a.constructor !== b.constructor) return false;
    if (Array.isArray(a)) { if (a.length !== b.length) return false; for (let i = 0; i < a.length; i++) if (!__equal(a[i], b[i])) return false; return true; }
    const keys = Object.keys(a); if (keys.length !== Object.keys(b).length) return false;
    for (const key of keys) if (!Object.prototype.hasOwnProperty.call(b, key) || !__equal(a[key], b[key])) return false; return true; }
  return a !== a && b !== b; }`,
  },
  'ajv-formats/dist/formats': { name: '__ajvFormats', import: 'import * as __ajvFormats from "ajv-formats/dist/formats.js";' },
};

/**
 * The ES module of one form: its definition, the standalone validate functions keyed by the
 * schema hashes RJSF looks them up by, and the RJSF validator built over them.
 *
 * RJSF's compileSchemaValidatorsCode compiles the schema and every sub-schema RJSF validates on
 * its own (same ajv configuration as its run-time validator: formats, verbose errors). Its
 * exports are keyed by hashes that are not identifiers, which ajv's `esm` output refuses, so the
 * CommonJS output is turned into a module here: exports become a map, requires become imports or
 * inlined helpers.
 */
export function generateFormModule(name: string, definition: FormDefinition): string {
  let code = compileSchemaValidatorsCode(definition.schema as RJSFSchema, { ajvOptionsOverrides: { code: { source: true, esm: false, lines: true } } });
  code = code.replace(/^"use strict";/, '');
  const ids: string[] = [];
  code = code.replace(/^exports(?:\.([A-Za-z_$][\w$]*)|\[("(?:[^"\\]|\\.)*")\]) = (\w+);/gm, (_match, plain: string | undefined, quoted: string | undefined, fn: string) => {
    const id = plain ?? (JSON.parse(quoted!) as string);
    ids.push(id);
    return `validateFns[${JSON.stringify(id)}] = ${fn};`;
  });
  if (ids.length === 0 || /^\s*(module\.)?exports\b/m.test(code)) throw new Error(`Form "${name}": unexpected standalone validator output`);

  const header: string[] = [];
  code = code.replace(/require\("([^"]+)"\)(\.default)?/g, (_match, module: string, dotDefault: string | undefined) => {
    const runtime = RUNTIME[module];
    if (!runtime || (runtime.code && !dotDefault)) {
      throw new Error(`Form "${name}": the compiled validator needs "${module}", which forms-plugin cannot provide at run time. Simplify the schema or add it to RUNTIME.`);
    }
    const line = runtime.code ?? runtime.import!;
    if (!header.includes(line)) header.push(line);
    return runtime.code ? runtime.name : `${runtime.name}${dotDefault ?? ''}`;
  });
  // A flat form is validated by its root function alone (FlatForm): no RJSF in its chunk.
  const flat = isFlatForm(definition);
  const rootKey = hashForSchema(definition.schema as RJSFSchema);
  if (flat && !ids.includes(rootKey)) throw new Error(`Form "${name}": no compiled validator for the root schema`);
  const common = [
    `// Generated by engine/build/forms-plugin.ts from screens/forms/${name}.json`,
    ...(flat ? [] : ['import createPrecompiledValidator from "@rjsf/validator-ajv8/lib/createPrecompiledValidator.js";']),
    ...header.filter((line) => line.startsWith('import ')),
    ...header.filter((line) => !line.startsWith('import ')),
    'export const validateFns = {};',
    code,
    `const definition = ${JSON.stringify(definition)};`,
  ];
  if (flat) return [...common, `export default { name: ${JSON.stringify(name)}, definition, flat: true, validate: validateFns[${JSON.stringify(rootKey)}] };`].join('\n');
  return [
    ...common,
    'const validator = createPrecompiledValidator(validateFns, definition.schema);',
    // Variants (allOf if/then/else): RJSF also hands resolved schemas in as the root, resolved
    // against nested data, which the stock same-root check refuses. Validation always runs the
    // root's own function and form schemas have no $ref (form.schema.json), so any schema the
    // definition resolves to is as good as its root.
    'validator.ensureSameRootSchema = () => true;',
    `export default { name: ${JSON.stringify(name)}, definition, flat: false, validator };`,
  ].join('\n');
}

/** The index module: names, and one lazily loaded chunk per form. */
export function generateIndexModule(names: string[]): string {
  const loaders = names.map((name) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(`${FORMS_MODULE_ID}/${name}`)}),`);
  return [
    `const loaders = {\n${loaders.join('\n')}\n};`,
    // The names once, as the loaders' keys (the sign-in pages load this module: the /login budget).
    'export const formNames = Object.keys(loaders);',
    'const loaded = new Map();',
    'export function loadForm(name) {',
    '  const load = Object.hasOwn(loaders, name) ? loaders[name] : undefined;',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the generated module's own template literal.
    '  if (!load) return Promise.reject(new Error(`Unknown form "${name}"; known forms: ${formNames.join(", ")}`));',
    '  if (!loaded.has(name)) loaded.set(name, load().then((module) => module.default));',
    '  return loaded.get(name);',
    '}',
  ].join('\n');
}

export function formsPlugin(options: FormsPluginOptions = {}): Plugin {
  let root = process.cwd();
  const sources = () => readForms(resolve(root, options.dir ?? 'screens/forms'), resolve(root, options.schema ?? 'schemas/form.schema.json'));
  return {
    name: 'portal-forms',
    enforce: 'pre',
    configResolved(config) { root = config.root; },
    resolveId(id) {
      if (id === FORMS_MODULE_ID || id.startsWith(`${FORMS_MODULE_ID}/`)) return `\0${id}`;
      return undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return undefined;
      const forms = sources();
      const schemaFile = resolve(root, options.schema ?? 'schemas/form.schema.json');
      this.addWatchFile(schemaFile);
      if (id === RESOLVED_PREFIX) {
        this.addWatchFile(resolve(root, options.dir ?? 'screens/forms'));
        return generateIndexModule(forms.names);
      }
      const name = id.slice(RESOLVED_PREFIX.length + 1);
      this.addWatchFile(forms.files.get(name) ?? resolve(root, options.dir ?? 'screens/forms'));
      return generateFormModule(name, forms.read(name));
    },
  };
}
