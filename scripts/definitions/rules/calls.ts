/**
 * The API calls actions and widgets make, against the served OpenAPI document: the path and
 * method exist, and a body (its literal keys, a form's fields, a retry's additions) is one the
 * request schema accepts, with every field the request requires.
 */
import type { Contract } from '../contract.ts';
import type { DefinitionFile, FormDefinition } from '../definition-set.ts';
import {
  allOperations,
  type JsonSchema,
  type Method,
  type NamedOperation,
  operationsFor,
  requestBodySchema,
  schemaProperties,
} from '../openapi.ts';
import { notOneOf, type Problem } from '../problems.ts';
import { walk } from '../walk.ts';

/** A call a node makes: where its path sits, the method, and the body it sends (if any). */
interface Call {
  pathAt: string;
  path: string;
  method: Method;
  body?: Record<string, unknown>;
  bodyAt?: string;
  form?: string;
  retryBody?: Record<string, unknown>;
  /** Fields the form starts filled with (a form node's `initial`): sent unless the user empties them. */
  prefilled?: readonly string[];
}

const objectOr = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** The calls one node makes, by what it is (the action runner's and the widgets' rules). */
function callsOf(node: Record<string, unknown>, pointer: string, formWidget: Record<string, unknown> | undefined): Call[] {
  const enclosingForm = typeof formWidget?.form === 'string' ? formWidget.form : undefined;
  const calls: Call[] = [];
  const confirmForm = objectOr(node.confirm)?.form;
  if (node.do === 'mutate' && typeof node.path === 'string') {
    const method = (typeof node.method === 'string' ? node.method.toLowerCase() : 'post') as Method;
    calls.push({
      pathAt: `${pointer}/path`,
      path: node.path,
      method,
      body: objectOr(node.body),
      bodyAt: `${pointer}/body`,
      form: typeof confirmForm === 'string' ? confirmForm : enclosingForm,
      retryBody: objectOr(objectOr(node.retry)?.body),
      prefilled: typeof confirmForm === 'string' ? [] : Object.keys(objectOr(formWidget?.initial) ?? {}),
    });
  }
  if (node.do === 'reveal' && typeof node.path === 'string') {
    calls.push({ pathAt: `${pointer}/path`, path: node.path, method: 'post', body: objectOr(node.body), bodyAt: `${pointer}/body` });
    const reauth = objectOr(node.reauth);
    if (typeof reauth?.path === 'string')
      calls.push({
        pathAt: `${pointer}/reauth/path`,
        path: reauth.path,
        method: 'post',
        body: { $form: true },
        form: typeof reauth.form === 'string' ? reauth.form : undefined,
      });
  }
  if (node.do === 'download' && typeof node.path === 'string') calls.push({ pathAt: `${pointer}/path`, path: node.path, method: 'get' });
  if ((node.widget === 'upload' || node.widget === 'multiUpload') && typeof node.path === 'string')
    calls.push({ pathAt: `${pointer}/path`, path: node.path, method: 'post' });
  if (node.widget === 'csvImport') {
    for (const [property, method] of [
      ['dryRun', 'post'],
      ['commit', 'post'],
      ['template', 'get'],
    ] as const) {
      if (typeof node[property] === 'string') calls.push({ pathAt: `${pointer}/${property}`, path: node[property], method });
    }
  }
  return calls;
}

/** The fields a form submits (every property, in its variants too) and those it always has (required at the root). */
function formFields(form: FormDefinition): { fields: Set<string>; required: Set<string> } {
  return { fields: new Set(schemaProperties(form.schema).keys()), required: new Set(form.schema.required ?? []) };
}

const typesOf = (schema: JsonSchema | undefined): string[] | undefined => (schema?.type === undefined ? undefined : [schema.type].flat());

/** Whether every value of a form field's type is one the request's field accepts (an integer is a number). */
function typeAccepted(formTypes: readonly string[], requestTypes: readonly string[]): boolean {
  return formTypes.every((type) => requestTypes.includes(type) || (type === 'integer' && requestTypes.includes('number')));
}

/** Fields a user cannot empty: hidden by the uiSchema, so `initial` fills them whatever the user does. */
function hiddenFields(uiSchema: Record<string, unknown> | undefined): Set<string> {
  return new Set(
    Object.entries(uiSchema ?? {})
      .filter(([, options]) => objectOr(options)?.['ui:widget'] === 'hidden')
      .map(([field]) => field),
  );
}

/**
 * A form field against the request's field of the same name, items of lists included: its type is
 * one the request accepts, and a field the request requires inside it is one the form requires.
 */
function checkFormField(
  form: string,
  field: string,
  formSchema: JsonSchema,
  requestSchema: JsonSchema,
  label: string,
  at: Pick<Problem, 'file' | 'pointer'>,
  problems: Problem[],
) {
  const formTypes = typesOf(formSchema);
  const requestTypes = typesOf(requestSchema);
  if (formTypes && requestTypes && !typeAccepted(formTypes, requestTypes)) {
    problems.push({
      ...at,
      code: 'definitions.formFieldType',
      // Type names joined as a JSON Schema union: values, not words of one language.
      params: { form, field, formTypes: formTypes.join(' | '), of: label, requestTypes: requestTypes.join(' | ') },
    });
  }
  const formItems = formSchema.items;
  const requestItems = requestSchema.items;
  if (formItems && requestItems) {
    const formFields = schemaProperties(formItems);
    const requestFields = schemaProperties(requestItems);
    for (const [name, inner] of formFields) {
      const wanted = requestFields.get(name);
      if (wanted) checkFormField(form, `${field}[].${name}`, inner, wanted, label, at, problems);
    }
    for (const name of requestItems.required ?? []) {
      if (!(formItems.required ?? []).includes(name))
        problems.push({
          ...at,
          code: 'definitions.itemFieldRequired',
          params: { of: label, field: `${field}[].${name}`, form },
        });
    }
  }
}

function checkBody(
  call: Call,
  operation: NamedOperation,
  forms: ReadonlyMap<string, DefinitionFile<FormDefinition>>,
  file: string,
  problems: Problem[],
) {
  const schema: JsonSchema | undefined = requestBodySchema(operation.operation);
  if (!schema || !call.body) return;
  const accepted = schemaProperties(schema);
  const where = call.bodyAt ?? call.pathAt;
  const sent = new Set<string>();
  const literal = (body: Record<string, unknown>, at: string) => {
    for (const key of Object.keys(body)) {
      if (key === '$form') continue;
      sent.add(key);
      if (!accepted.has(key))
        problems.push({
          file,
          pointer: `${at}/${key}`,
          ...notOneOf(key, 'definitions.notOneOf.bodyField', accepted.keys(), { of: operation.label }),
        });
    }
  };
  literal(call.body, where);
  if (call.retryBody) literal(call.retryBody, where.replace(/\/body$/, '/retry/body'));
  if (call.body.$form === true && call.form) {
    const form = forms.get(call.form);
    if (form) {
      const { fields, required } = formFields(form.definition);
      for (const field of fields) {
        if (!accepted.has(field) && !sent.has(field))
          problems.push({
            file,
            pointer: `${where}/$form`,
            ...notOneOf(field, 'definitions.notOneOf.formBodyField', accepted.keys(), { form: call.form, of: operation.label }),
          });
      }
      const formProperties = schemaProperties(form.definition.schema);
      for (const [field, fieldSchema] of formProperties) {
        const wanted = accepted.get(field);
        if (wanted) checkFormField(call.form, field, fieldSchema, wanted, operation.label, { file, pointer: `${where}/$form` }, problems);
      }
      // A prefilled field counts as sent only while the user cannot empty it (hidden): else the form must require it.
      const hidden = hiddenFields(form.definition.uiSchema);
      for (const field of [...required, ...(call.prefilled ?? []).filter((name) => hidden.has(name))]) sent.add(field);
    }
  }
  // Without a form the literal keys are everything sent; with one, its required fields always are.
  if (call.body.$form !== true || call.form) {
    for (const field of schema.required ?? []) {
      if (!sent.has(field))
        problems.push({
          file,
          pointer: where,
          ...(call.form
            ? { code: 'definitions.bodyFieldMissingForm', params: { of: operation.label, field, form: call.form } }
            : { code: 'definitions.bodyFieldMissing', params: { of: operation.label, field } }),
        });
    }
  }
}

export function checkCalls(
  screens: ReadonlyArray<DefinitionFile<unknown>>,
  forms: ReadonlyMap<string, DefinitionFile<FormDefinition>>,
  contract: Contract,
): Problem[] {
  const problems: Problem[] = [];
  for (const { file, definition } of screens) {
    for (const { pointer, node, ancestors } of walk(definition)) {
      // A form widget's submit sends that form's data as `$form`.
      const formWidget = [...ancestors].reverse().find((ancestor) => ancestor.widget === 'form');
      for (const call of callsOf(node, pointer, formWidget)) {
        const operations = operationsFor(contract.api, call.method, call.path);
        if (operations.length === 0) {
          problems.push({
            file,
            pointer: call.pathAt,
            ...notOneOf(call.path.split('?')[0]!, 'definitions.notOneOf.apiPath', allOperations(contract.api, call.method), {
              method: call.method.toUpperCase(),
            }),
          });
          continue;
        }
        for (const operation of operations) checkBody(call, operation, forms, file, problems);
      }
    }
  }
  return problems;
}
