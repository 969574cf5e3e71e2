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
  /** The screen definitions (which forms the sign-in pages show), relative to the Vite root. */
  screensDir?: string;
}

export interface FormSources {
  names: string[];
  read(name: string): FormDefinition;
  files: Map<string, string>;
}

/** Reads and schema-checks the definitions in `dir`. */
export function readForms(dir: string, schemaFile: string): FormSources {
  const files = new Map(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => [file.slice(0, -'.json'.length), join(dir, file)] as const),
  );
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
  let code = compileSchemaValidatorsCode(definition.schema as RJSFSchema, {
    ajvOptionsOverrides: { code: { source: true, esm: false, lines: true } },
  });
  code = code.replace(/^"use strict";/, '');
  const ids: string[] = [];
  code = code.replace(
    /^exports(?:\.([A-Za-z_$][\w$]*)|\[("(?:[^"\\]|\\.)*")\]) = (\w+);/gm,
    (_match, plain: string | undefined, quoted: string | undefined, fn: string) => {
      const id = plain ?? (JSON.parse(quoted!) as string);
      ids.push(id);
      return `validateFns[${JSON.stringify(id)}] = ${fn};`;
    },
  );
  if (ids.length === 0 || /^\s*(module\.)?exports\b/m.test(code)) throw new Error(`Form "${name}": unexpected standalone validator output`);

  const header: string[] = [];
  code = code.replace(/require\("([^"]+)"\)(\.default)?/g, (_match, module: string, dotDefault: string | undefined) => {
    const runtime = RUNTIME[module];
    if (!runtime || (runtime.code && !dotDefault)) {
      throw new Error(
        `Form "${name}": the compiled validator needs "${module}", which forms-plugin cannot provide at run time. Simplify the schema or add it to RUNTIME.`,
      );
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
  if (flat)
    return [
      ...common,
      `export default { name: ${JSON.stringify(name)}, definition, flat: true, validate: validateFns[${JSON.stringify(rootKey)}] };`,
    ].join('\n');
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

/** The module of the forms only signed-in screens use: the index loads it with the first of them. */
export const SIGNED_IN_FORMS = '~signed-in';

const loaderLines = (names: readonly string[]) =>
  names.map((name) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(`${FORMS_MODULE_ID}/${name}`)}),`).join('\n');

/**
 * The index module: one lazily loaded chunk per form. The sign-in pages load the index (the
 * /login budget), so it names only the forms of screens outside the signed-in frame (`early`);
 * the others are named by a second module it loads with the first of them.
 */
export function generateIndexModule(names: readonly string[], early: readonly string[] = names): string {
  return [
    `const loaders = {\n${loaderLines(names.filter((name) => early.includes(name)))}\n};`,
    'export const formNames = Object.keys(loaders);',
    `const more = () => import(${JSON.stringify(`${FORMS_MODULE_ID}/${SIGNED_IN_FORMS}`)});`,
    'const loaded = new Map();',
    'export function loadForm(name) {',
    '  if (!loaded.has(name)) {',
    '    const load = Object.hasOwn(loaders, name) ? loaders[name]() : more().then((module) => module.load(name, formNames));',
    '    loaded.set(name, load.then((module) => module.default));',
    '  }',
    '  return loaded.get(name);',
    '}',
  ].join('\n');
}

/** The signed-in forms' module: their loaders and names; an unknown name is refused naming every form. */
export function generateSignedInModule(names: readonly string[]): string {
  return [
    `const loaders = {\n${loaderLines(names)}\n};`,
    'export const formNames = Object.keys(loaders);',
    'export function load(name, early) {',
    '  if (Object.hasOwn(loaders, name)) return loaders[name]();',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the generated module's own template literal.
    '  return Promise.reject(new Error(`Unknown form "${name}"; known forms: ${[...early, ...formNames].join(", ")}`));',
    '}',
  ].join('\n');
}

/** The forms that screens outside the signed-in frame (layout other than "shell") show. */
export function earlyForms(screensDir: string): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const node = value as Record<string, unknown>;
    if (node.widget === 'form' && typeof node.form === 'string') found.add(node.form);
    Object.values(node).forEach(visit);
  };
  for (const file of readdirSync(screensDir).filter((name) => name.endsWith('.json'))) {
    const screen = JSON.parse(readFileSync(join(screensDir, file), 'utf8')) as { layout?: string; body?: unknown };
    if (screen.layout !== 'shell') visit(screen.body);
  }
  return [...found].sort();
}

export function formsPlugin(options: FormsPluginOptions = {}): Plugin {
  let root = process.cwd();
  const sources = () =>
    readForms(resolve(root, options.dir ?? 'screens/forms'), resolve(root, options.schema ?? 'schemas/form.schema.json'));
  return {
    name: 'portal-forms',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      if (id === FORMS_MODULE_ID || id.startsWith(`${FORMS_MODULE_ID}/`)) return `\0${id}`;
      return undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return undefined;
      const forms = sources();
      const schemaFile = resolve(root, options.schema ?? 'schemas/form.schema.json');
      this.addWatchFile(schemaFile);
      const screensDir = resolve(root, options.screensDir ?? 'screens');
      if (id === RESOLVED_PREFIX) {
        this.addWatchFile(resolve(root, options.dir ?? 'screens/forms'));
        this.addWatchFile(screensDir);
        return generateIndexModule(forms.names, earlyForms(screensDir));
      }
      if (id === `${RESOLVED_PREFIX}/${SIGNED_IN_FORMS}`) {
        const early = earlyForms(screensDir);
        return generateSignedInModule(forms.names.filter((name) => !early.includes(name)));
      }
      const name = id.slice(RESOLVED_PREFIX.length + 1);
      this.addWatchFile(forms.files.get(name) ?? resolve(root, options.dir ?? 'screens/forms'));
      return generateFormModule(name, forms.read(name));
    },
  };
}
