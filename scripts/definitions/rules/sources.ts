/**
 * Data sources against the served OpenAPI document: the GET exists, every filter and parameter is
 * one it takes, a literal value is one the parameter's schema accepts, and the fields a widget
 * shows, identifies rows by, sorts, filters and searches by are the operation's.
 */
import type { Ajv } from 'ajv';
import { createAjv } from '../../../schemas/ajv.ts';
import type { Contract } from '../contract.ts';
import type { DefinitionFile } from '../definition-set.ts';
import {
  allOperations,
  type JsonSchema,
  missingField,
  type NamedOperation,
  operationsFor,
  type Parameter,
  queryParameters,
  resourceAttributes,
  responseFields,
} from '../openapi.ts';
import { notOneOf, type Problem } from '../problems.ts';
import { walk } from '../walk.ts';

/** Properties whose object value is a data source read with GET. */
export const SOURCE_PROPERTIES = new Set(['source', 'from']);

/** The operations a source's resource names, or a problem saying what the API has instead. */
export function sourceOperations(contract: Contract, resource: string): NamedOperation[] {
  return operationsFor(contract.api, 'get', resource);
}

/**
 * The fields of the records every operation returns (several operations: a binding picks the
 * side, both must have it); `each` names a list in the response the widget shows instead.
 */
export function recordFields(operations: readonly NamedOperation[], each?: string): Map<string, JsonSchema> {
  const [first, ...rest] = operations.map(({ operation }) => resourceAttributes(operation, each));
  return new Map([...(first ?? [])].filter(([field]) => rest.every((fields) => fields.has(field))));
}

/** The `each` of a widget, when it shows a list inside the response rather than its resources. */
export function eachOf(widget: Record<string, unknown> | undefined): string | undefined {
  return typeof widget?.each === 'string' ? widget.each : undefined;
}

/**
 * Where an `each` path leaves the response of one of the operations: the segment, the path above
 * it and the names allowed there; undefined when every operation has it. A wrong `each` is one
 * problem, not one per field shown: the fields of a list that is not there cannot be checked.
 */
export function missingEach(
  operations: readonly NamedOperation[],
  each: string,
): { segment: string; above: string; allowed: string[] } | undefined {
  const segments = each.split('.');
  for (const { operation } of operations) {
    const fields = responseFields(operation);
    for (let length = 1; length <= segments.length; length++) {
      const missing = missingField(fields, segments.slice(0, length).join('.'));
      if (missing) return { ...missing, above: segments.slice(0, length - 1).join('.') };
    }
  }
  return undefined;
}

const BINDING = /\{[^}]*\}/;

/** The literal values a query value sends: constants only, bindings are checked by the binding rule. */
function literalValues(value: unknown): unknown[] {
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && 'value' in value) {
    const conditional = value as { value: unknown; otherwise?: unknown };
    return [...literalValues(conditional.value), ...(conditional.otherwise === undefined ? [] : literalValues(conditional.otherwise))];
  }
  return typeof value === 'string' && BINDING.test(value) ? [] : [value];
}

interface Place {
  file: string;
  pointer: string;
}

function checkParameter(
  ajv: Ajv,
  place: Place,
  name: string,
  value: unknown,
  parameters: Map<string, Parameter>,
  label: string,
  problems: Problem[],
) {
  const parameter = parameters.get(name);
  if (!parameter) {
    problems.push({ ...place, ...notOneOf(name, 'definitions.notOneOf.queryParameter', parameters.keys(), { of: label }) });
    return;
  }
  for (const literal of literalValues(value)) {
    // Query values travel as text: the API validates the text (ajv coerces numbers and booleans).
    const schema = parameter.schema ?? {};
    if (!ajv.validate(schema, String(literal))) {
      const value = { value: String(literal), name, of: label };
      problems.push(
        Array.isArray(schema.enum)
          ? {
              ...place,
              code: 'definitions.notAcceptedValue',
              params: { ...value, accepted: schema.enum.map((item) => `\`${String(item)}\``).join(', ') },
            }
          : { ...place, code: 'definitions.notAcceptedSchema', params: { ...value, schema: JSON.stringify(schema) } },
      );
    }
  }
}

/** Names of the widget-level properties that hold a field of the record the widget's source reads. */
const RECORD_FIELD_PROPERTIES = ['rowId', 'percentField', 'valueField', 'totalField', 'itemsField', 'labelField'] as const;
/** Under these a widget lists its fields (table columns, detail fields, stat items, chart series, a list's date). */
const FIELD_LISTS = ['columns', 'fields', 'items', 'series', 'date'] as const;
/** In a field list's entries, the properties naming record fields. */
const ENTRY_FIELD_PROPERTIES = ['field', 'currencyField', 'countField'] as const;

/** Every place a widget names a field of its record: [pointer, field name]. */
function namedFields(widget: Record<string, unknown>, pointer: string): Array<[string, string]> {
  const named: Array<[string, string]> = [];
  // A chart of a list inside the record (`itemsField`) labels and measures the list's items, not the record.
  const overItems = typeof widget.itemsField === 'string';
  for (const property of RECORD_FIELD_PROPERTIES) {
    if (overItems && (property === 'labelField' || property === 'valueField')) continue;
    if (typeof widget[property] === 'string') named.push([`${pointer}/${property}`, widget[property]]);
  }
  // A list's title and body are fields of its records.
  if (widget.widget === 'list')
    for (const property of ['title', 'body'])
      if (typeof widget[property] === 'string') named.push([`${pointer}/${property}`, widget[property]]);
  for (const list of FIELD_LISTS) {
    const entries = widget[list];
    const items = Array.isArray(entries)
      ? entries.map((entry, index) => [`${pointer}/${list}/${index}`, entry] as const)
      : entries && typeof entries === 'object'
        ? [[`${pointer}/${list}`, entries] as const]
        : [];
    for (const [at, entry] of items) {
      if (overItems || !entry || typeof entry !== 'object') continue;
      const record = entry as Record<string, unknown>;
      for (const property of ENTRY_FIELD_PROPERTIES)
        if (typeof record[property] === 'string') named.push([`${at}/${property}`, record[property]]);
      if (Array.isArray(record.lines))
        for (const [index, line] of record.lines.entries()) if (typeof line === 'string') named.push([`${at}/lines/${index}`, line]);
    }
  }
  return named;
}

/** A table's list parameters: its search, its filters and its sorts (columns' and the default). */
function checkTable(table: Record<string, unknown>, place: Place, parameters: Map<string, Parameter>, label: string, problems: Problem[]) {
  const filters = [...parameters.keys()]
    .filter((name) => /^filter\[.+\]$/.test(name) && name !== 'filter[sort]')
    .map((name) => name.slice(7, -1));
  const offers = (name: string, pointer: string) => {
    if (!parameters.has(`filter[${name}]`))
      problems.push({ file: place.file, pointer, ...notOneOf(name, 'definitions.notOneOf.filter', filters, { of: label }) });
  };
  const search = table.search as { filter?: string } | undefined;
  if (search?.filter) offers(search.filter, `${place.pointer}/search/filter`);
  for (const [index, filter] of ((table.filters as Array<{ filter?: string }> | undefined) ?? []).entries())
    if (filter.filter) offers(filter.filter, `${place.pointer}/filters/${index}/filter`);
  const sortSchema = parameters.get('filter[sort]')?.schema as JsonSchema | undefined;
  const sortable = sortSchema?.pattern ? new RegExp(sortSchema.pattern) : undefined;
  // The pattern is an alternation of sortable names: `^(?:invoice_id|trx_id|…)\|(?:asc|desc)$`.
  const offered = /\(\?:([^)]*)\)/.exec(sortSchema?.pattern ?? '')?.[1]?.split('|') ?? [];
  const sorts: Array<[string, unknown]> = [
    ...((table.columns as Array<{ sort?: unknown }> | undefined) ?? []).map(
      (column, index) => [`${place.pointer}/columns/${index}/sort`, column.sort] as [string, unknown],
    ),
    [`${place.pointer}/defaultSort/sort`, (table.defaultSort as { sort?: unknown } | undefined)?.sort],
  ];
  for (const [pointer, sort] of sorts) {
    if (typeof sort !== 'string') continue;
    if (!sortable?.test(`${sort}|asc`))
      problems.push({ file: place.file, pointer, ...notOneOf(sort, 'definitions.notOneOf.sort', offered, { of: label }) });
  }
}

export function checkSources(screens: ReadonlyArray<DefinitionFile<unknown>>, contract: Contract): Problem[] {
  const problems: Problem[] = [];
  const ajv = createAjv({ coerceTypes: true, strict: false });
  for (const { file, definition } of screens) {
    for (const { pointer, node, property, ancestors } of walk(definition)) {
      if (!SOURCE_PROPERTIES.has(property) || typeof node.resource !== 'string') continue;
      const operations = sourceOperations(contract, node.resource);
      if (operations.length === 0) {
        problems.push({
          file,
          pointer: `${pointer}/resource`,
          ...notOneOf(node.resource, 'definitions.notOneOf.apiPath', allOperations(contract.api, 'get'), { method: 'GET' }),
        });
        continue;
      }
      const label = operations.map((operation) => operation.label).join(' | ');
      // A binding in the path names several operations (the customer's and the merchant's side): a
      // parameter one of them takes may be sent, since the binding picks the side it goes to.
      const parameters = new Map(operations.flatMap(({ operation }) => [...queryParameters(operation)]));
      for (const [name, value] of Object.entries((node.filter as Record<string, unknown> | undefined) ?? {})) {
        checkParameter(ajv, { file, pointer: `${pointer}/filter/${name}` }, `filter[${name}]`, value, parameters, label, problems);
      }
      for (const [name, value] of Object.entries((node.params as Record<string, unknown> | undefined) ?? {})) {
        checkParameter(ajv, { file, pointer: `${pointer}/params/${name}` }, name, value, parameters, label, problems);
      }
      const holder = ancestors.at(-1);
      if (!holder || property !== 'source' || typeof holder.widget !== 'string') continue;
      const holderPointer = pointer.replace(/\/source$/, '');
      const each = eachOf(holder);
      const eachMissing = each ? missingEach(operations, each) : undefined;
      if (eachMissing)
        problems.push({
          file,
          pointer: `${holderPointer}/each`,
          ...(eachMissing.above
            ? notOneOf(eachMissing.segment, 'definitions.notOneOf.answerItemField', eachMissing.allowed, {
                above: eachMissing.above,
                of: label,
              })
            : notOneOf(eachMissing.segment, 'definitions.notOneOf.answerField', eachMissing.allowed, { of: label })),
        });
      const fields = recordFields(operations, each);
      const what = (segment: string, allowed: Iterable<string>) =>
        each
          ? notOneOf(segment, 'definitions.notOneOf.eachField', allowed, { each, of: label })
          : notOneOf(segment, 'definitions.notOneOf.field', allowed, { of: label });
      for (const [at, field] of eachMissing ? [] : namedFields(holder, holderPointer)) {
        // A row without the attribute falls back to the resource id (rowIdOf), so `id` identifies rows too.
        if (at.endsWith('/rowId') && field === 'id') continue;
        const missing = missingField(fields, field);
        if (missing) problems.push({ file, pointer: at, ...what(missing.segment, missing.allowed) });
      }
      if (holder.widget === 'table') checkTable(holder, { file, pointer: holderPointer }, parameters, label, problems);
    }
  }
  return problems;
}
