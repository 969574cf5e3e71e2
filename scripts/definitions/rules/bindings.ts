/**
 * Bindings against the binding context's types (engine/screens/screen-bindings.ts): the root is
 * one the engine binds, and the field is one that root has — `{customer.x}` a field of the
 * selected customer, `{route.x}` a parameter of the screen's path, `{query.x}` a query parameter
 * some link to the screen passes, `{record.x}` a field of the enclosing source's records,
 * `{selection.x}` of the enclosing table's rows, `{result.x}` of the mutate's answer, `{form.x}` a
 * field of the form. Conditions (`when`) name the same paths as keys; `where` and `readOnlyWhen`
 * name fields of the row and record they test.
 */
import { ROLE_BINDING } from '../../../domain/column-roles.ts';
import type { ScreenDefinition } from '../../../engine/definitions/types.ts';
import type { BindingRoot, Contract } from '../contract.ts';
import type { DefinitionFile, FormDefinition } from '../definition-set.ts';
import { type JsonSchema, type Method, operationsFor, resourceAttributes, schemaProperties } from '../openapi.ts';
import { notOneOf, type Problem, type ProblemWords } from '../problems.ts';
import { escapePointer } from '../walk.ts';
import { eachOf, missingEach, recordFields, SOURCE_PROPERTIES, sourceOperations } from './sources.ts';

/** What a binding at some place can read, beyond the roots that hold everywhere. */
interface Scope {
  record?: BindingRoot;
  selection?: BindingRoot;
  result?: BindingRoot;
  form?: string;
}

const BINDING = /\{([A-Za-z_][\w.]*)\}/g;
/** Roots bound per place, not by the session: their fields come from the scope. */
const SCOPED_ROOTS = ['record', 'selection', 'result', 'form', 'route', 'query'] as const;

const objectOr = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

function sourceRoot(contract: Contract, source: unknown, each?: string): BindingRoot | undefined {
  const resource = objectOr(source)?.resource;
  if (typeof resource !== 'string') return undefined;
  const operations = sourceOperations(contract, resource);
  // An unknown resource and a misspelt `each` are the source rule's problems, said once there; the
  // records then have no known fields, and their bindings are not checked (not one problem each).
  const from = `${each ? `${each} of ` : ''}GET ${resource.split('?')[0]}`;
  if (operations.length === 0 || (each && missingEach(operations, each))) return { fields: new Set(), from, unchecked: true };
  return { fields: new Set(recordFields(operations, each).keys()), from };
}

/** The field `path` names inside a form's data (`step1.name`), or the segment that is not there. */
function formFieldProblem(form: FormDefinition, path: readonly string[]): { missing: string; allowed: string[] } | undefined {
  let schema: JsonSchema | undefined = form.schema;
  for (const segment of path) {
    const properties = schemaProperties(schema);
    // A list or a free object (no properties) holds whatever its items are: stop checking there.
    if (properties.size === 0) return undefined;
    const next = properties.get(segment);
    if (!next) return { missing: segment, allowed: [...properties.keys()] };
    schema = next;
  }
  return undefined;
}

interface ScreenPlace {
  file: string;
  screen: ScreenDefinition;
  contract: Contract;
  forms: ReadonlyMap<string, DefinitionFile<FormDefinition>>;
  queryNames: ReadonlySet<string>;
  problems: Problem[];
}

/** One binding path (`customer.buidCustomer`) at a place, checked against its root. */
function checkPath(place: ScreenPlace, scope: Scope, pointer: string, path: string) {
  const [root, field, ...rest] = path.split('.');
  if (!root) return;
  const { contract, problems, file } = place;
  const fixed = contract.bindings[root];
  const report = (words: ProblemWords) => problems.push({ file, pointer, ...words });
  if (!fixed && !(SCOPED_ROOTS as readonly string[]).includes(root)) {
    report(notOneOf(root, 'definitions.notOneOf.bindingRoot', [...Object.keys(contract.bindings), ...SCOPED_ROOTS]));
    return;
  }
  if (field === undefined) return;
  if (fixed) {
    if (!fixed.fields.has(field)) report(notOneOf(field, 'definitions.notOneOf.field', fixed.fields, { of: `${root} (${fixed.from})` }));
    return;
  }
  switch (root) {
    case 'route': {
      const parameters = [...place.screen.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
      if (!parameters.includes(field)) report(notOneOf(field, 'definitions.notOneOf.pathParameter', parameters, { of: place.screen.path }));
      return;
    }
    case 'query':
      if (!place.queryNames.has(field))
        report(notOneOf(field, 'definitions.notOneOf.linkQuery', place.queryNames, { of: place.screen.path }));
      return;
    case 'form': {
      const form = scope.form ? place.forms.get(scope.form) : undefined;
      if (!form) {
        report({ code: 'definitions.noForm', params: { path } });
        return;
      }
      const missing = formFieldProblem(form.definition, [field, ...rest]);
      if (missing) report(notOneOf(missing.missing, 'definitions.notOneOf.formField', missing.allowed, { of: scope.form ?? '' }));
      return;
    }
    default: {
      const bound = scope[root as 'record' | 'selection' | 'result'];
      if (!bound) {
        report({ code: 'definitions.nothingProvides', params: { path, root } });
        return;
      }
      if (!bound.unchecked && !bound.fields.has(field))
        report(notOneOf(field, 'definitions.notOneOf.field', bound.fields, { of: `${root} (${bound.from})` }));
    }
  }
}

/** Every binding inside a string: `/invoice/{record.trxId}` → record.trxId. Names without a dot are record templates (`{customerName}`). */
function checkString(place: ScreenPlace, scope: Scope, pointer: string, text: string) {
  for (const match of text.matchAll(BINDING)) {
    const path = match[1]!;
    if (path.includes('.') || (SCOPED_ROOTS as readonly string[]).includes(path)) checkPath(place, scope, pointer, path);
  }
}

/** Keys of a query over one record (`where`, `readOnlyWhen`): the record's fields. */
function checkRecordQuery(place: ScreenPlace, bound: BindingRoot | undefined, pointer: string, query: Record<string, unknown>) {
  if (!bound || bound.unchecked) return;
  for (const key of Object.keys(query)) {
    if (key.startsWith('$')) continue;
    const field = key.split('.')[0]!;
    if (!bound.fields.has(field))
      place.problems.push({
        file: place.file,
        pointer: `${pointer}/${escapePointer(key)}`,
        ...notOneOf(field, 'definitions.notOneOf.field', bound.fields, { of: bound.from }),
      });
  }
}

/** Keys of a query over the binding context (`when`, a form's `hide`): binding paths; `$and`/`$or` hold more queries. */
function checkConditionKeys(place: ScreenPlace, scope: Scope, pointer: string, query: Record<string, unknown>) {
  for (const [key, value] of Object.entries(query)) {
    if (key === '$and' || key === '$or' || key === '$nor') {
      if (Array.isArray(value))
        for (const [index, item] of value.entries()) {
          const inner = objectOr(item);
          if (inner) checkConditionKeys(place, scope, `${pointer}/${key}/${index}`, inner);
        }
      continue;
    }
    if (key.startsWith('$')) continue;
    checkPath(place, scope, `${pointer}/${escapePointer(key)}`, key);
    if (key === ROLE_BINDING) checkRoleValues(place, `${pointer}/${escapePointer(key)}`, value);
  }
}

/**
 * The roles a condition compares `session.role` with: the policy's names, as the binding holds
 * them (lowercase: engine/screens/screen-bindings.ts), else the condition silently never matches.
 */
function checkRoleValues(place: ScreenPlace, pointer: string, test: unknown) {
  const operators = objectOr(test) ?? { $eq: test };
  for (const [operator, operand] of Object.entries(operators)) {
    const values = Array.isArray(operand) ? operand : [operand];
    for (const [index, role] of values.entries()) {
      if (typeof role !== 'string' || place.contract.roles.includes(role)) continue;
      const at = `${pointer}/${escapePointer(operator)}${Array.isArray(operand) ? `/${index}` : ''}`;
      place.problems.push({
        file: place.file,
        pointer: objectOr(test) ? at : pointer,
        ...notOneOf(role, 'definitions.notOneOf.role', place.contract.roles),
      });
    }
  }
}

/** The scope a node's children see: its source's records, its table's selection, its form, its call's answer. */
function innerScope(place: ScreenPlace, scope: Scope, node: Record<string, unknown>): Scope {
  const inner: Scope = { ...scope };
  for (const property of SOURCE_PROPERTIES) {
    const root = sourceRoot(place.contract, node[property], eachOf(node));
    if (root) inner.record = root;
  }
  if (node.widget === 'table') inner.selection = sourceRoot(place.contract, node.source);
  if (node.widget === 'form' && typeof node.form === 'string') inner.form = node.form;
  const confirmForm = objectOr(node.confirm)?.form;
  if (typeof confirmForm === 'string') inner.form = confirmForm;
  if (node.do === 'mutate' && typeof node.path === 'string') {
    const method = (typeof node.method === 'string' ? node.method.toLowerCase() : 'post') as Method;
    const [operation] = operationsFor(place.contract.api, method, node.path);
    if (operation)
      inner.result = { fields: new Set(resourceAttributes(operation.operation).keys()), from: `the answer of ${operation.label}` };
  }
  return inner;
}

/** Properties whose object is a query over the record, not over the binding context. */
const RECORD_QUERIES = new Set(['where', 'readOnlyWhen']);
/** Where `when` is a query over something else than the binding context: a response's meta, a list item, an error's meta. */
const OTHER_QUERIES = new Set(['notices', 'highlight', 'reauth']);

function visit(place: ScreenPlace, value: unknown, pointer: string, property: string, scope: Scope, underOther: boolean) {
  if (typeof value === 'string') {
    checkString(place, scope, pointer, value);
    return;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) visit(place, item, `${pointer}/${index}`, property, scope, underOther);
    return;
  }
  const node = objectOr(value);
  if (!node) return;
  if (property === 'when' && !underOther) {
    checkConditionKeys(place, scope, pointer, node);
    return;
  }
  if (RECORD_QUERIES.has(property)) {
    checkRecordQuery(place, property === 'where' ? scope.selection : scope.record, pointer, node);
    return;
  }
  const inner = innerScope(place, scope, node);
  for (const [key, child] of Object.entries(node)) {
    const at = `${pointer}/${escapePointer(key)}`;
    // A source's own filters read the record around it, not its own records.
    const childScope = SOURCE_PROPERTIES.has(key) ? { ...scope, selection: inner.selection } : inner;
    if (key === 'columns' && node.widget === 'table' && Array.isArray(child)) {
      visitColumns(place, child, at, scope, inner, underOther);
      continue;
    }
    if (key === 'hide' && node.widget === 'form' && objectOr(child)) {
      for (const [field, condition] of Object.entries(objectOr(child)!)) {
        const query = objectOr(condition);
        if (query) checkConditionKeys(place, inner, `${at}/${escapePointer(field)}`, query);
      }
      continue;
    }
    visit(place, child, at, key, childScope, underOther || OTHER_QUERIES.has(key));
  }
}

/**
 * A table's columns: a column's `when` is tested once for the table, against the bindings around
 * it (engine/widgets/table/shown-columns.ts), so it may not read the table's own rows; the rest
 * of a column (its link) reads the row.
 */
function visitColumns(place: ScreenPlace, columns: readonly unknown[], pointer: string, outer: Scope, inner: Scope, underOther: boolean) {
  for (const [index, item] of columns.entries()) {
    const column = objectOr(item);
    if (!column) continue;
    for (const [key, value] of Object.entries(column)) {
      const at = `${pointer}/${index}/${escapePointer(key)}`;
      const query = key === 'when' ? objectOr(value) : undefined;
      if (query) checkConditionKeys(place, outer, at, query);
      else visit(place, value, at, key, inner, underOther);
    }
  }
}

/** The query parameter names each screen path is linked with (`/invoice-list/Billed?bucket=d1_30` passes `bucket`). */
export type QueryNamesOf = (screen: ScreenDefinition) => ReadonlySet<string>;

export function checkBindings(
  screens: ReadonlyArray<DefinitionFile<ScreenDefinition>>,
  forms: ReadonlyMap<string, DefinitionFile<FormDefinition>>,
  contract: Contract,
  queryNamesOf: QueryNamesOf,
): Problem[] {
  const problems: Problem[] = [];
  for (const { file, definition } of screens) {
    const place: ScreenPlace = { file, screen: definition, contract, forms, queryNames: queryNamesOf(definition), problems };
    visit(place, definition.body, '/body', 'body', {}, false);
  }
  return problems;
}
