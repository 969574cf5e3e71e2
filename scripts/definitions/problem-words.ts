/**
 * Every code the definition check reports, with the developer's English sentence for it
 * (`npm run check:definitions` prints these). The studio words the same codes in the operator's
 * language from locales/<lang>/studio.json (`studio.<code>`); tests/definitions/studio-words.test.ts
 * holds every code here to a translation in each language, with no value the check does not give.
 * `{{name}}` is a value of the problem's params.
 */
export const PROBLEM_WORDS = {
  // "`name` is not …": a name that is not one of the allowed ones (notOneOf), by what it should have been.
  'definitions.notOneOf.bodyField': "`{{name}}` is not a field of {{of}}'s request body",
  'definitions.notOneOf.formBodyField': "form {{form}}'s field `{{name}}` is not a field of {{of}}'s request body",
  'definitions.notOneOf.formField': '`{{name}}` is not a field of form {{of}}',
  'definitions.notOneOf.field': '`{{name}}` is not a field of {{of}}',
  'definitions.notOneOf.answerField': '`{{name}}` is not a field of the answer of {{of}}',
  'definitions.notOneOf.answerItemField': '`{{name}}` is not a field of {{above}} in the answer of {{of}}',
  'definitions.notOneOf.eachField': '`{{name}}` is not a field of {{each}} of {{of}}',
  'definitions.notOneOf.pathParameter': '`{{name}}` is not a parameter of the path {{of}}',
  'definitions.notOneOf.linkQuery': '`{{name}}` is not a query parameter any link to {{of}} passes',
  'definitions.notOneOf.queryParameter': '`{{name}}` is not a query parameter of {{of}}',
  'definitions.notOneOf.filter': '`{{name}}` is not a filter of {{of}}',
  'definitions.notOneOf.sort': '`{{name}}` is not a sort {{of}} offers',
  'definitions.notOneOf.flag': '`{{name}}` is not a flag any tenant defines or the policy gates on',
  'definitions.notOneOf.tenantFlag': '`{{name}}` is not a flag any tenant defines',
  'definitions.notOneOf.ruleSet': '`{{name}}` is not a rule set of the policy',
  'definitions.notOneOf.subject': '`{{name}}` is not a CASL subject of the policy',
  'definitions.notOneOf.action': '`{{name}}` is not a CASL action of the policy',
  'definitions.notOneOf.role': '`{{name}}` is not a role of permissions/policy.json',
  'definitions.notOneOf.userType': '`{{name}}` is not a user type',
  'definitions.notOneOf.bindingRoot': '`{{name}}` is not a binding root',
  'definitions.notOneOf.menuBindingRoot': '`{{name}}` is not a binding root a menu entry may test',
  'definitions.notOneOf.menuSessionField':
    '`{{name}}` is not a field of session a menu entry may test (the menu is built once per session)',
  'definitions.notOneOf.plugin': '`{{name}}` is not a plugin plugins/index.ts registers',
  'definitions.notOneOf.apiPath': '`{{name}}` is not a {{method}} path of the API',
  'definitions.notOneOf.part': '`{{name}}` is not a part of screens/parts',
  'definitions.notOneOf.screenId': "`{{name}}` is not a screen's id",
  'definitions.notOneOf.widgetProperty': '`{{name}}` is not a property of the {{of}} widget',
  'definitions.notOneOf.actionProperty': '`{{name}}` is not a property of the {{of}} action',
  'definitions.notOneOf.property': '`{{name}}` is not a property here',
  'definitions.notOneOf.value': '`{{name}}` is not allowed here',
  // Sentences of their own.
  'definitions.unknownTextNamespace': '`{{key}}` is not a text key: `{{namespace}}` is no namespace of locales/en',
  'definitions.unknownText': '`{{key}}` is not a text of locales/en/{{namespace}}.json',
  'definitions.notAcceptedValue': '`{{value}}` is not a value {{name}} of {{of}} accepts (one of {{accepted}})',
  'definitions.notAcceptedSchema': '`{{value}}` is not a value {{name}} of {{of}} accepts ({{schema}})',
  'definitions.wrongScreen': '`{{screen}}` is not the screen {{path}} opens, which is `{{opened}}`',
  'definitions.keyColumnHidden': '`{{field}}` is a key column: it may not be hidden by default (make it "optional" instead)',
  'definitions.keyColumnsConditional':
    'every key column has a `when`: some users would see no key column; leave one of {{fields}} to everyone',
  'definitions.noKeyColumn': 'no column has "priority": "key"; mark the identifiers and amounts (of {{fields}}) that must never be clipped',
  'definitions.nobodyCanOpen': 'no user type ({{userTypes}}), role and flags pass this guard: nobody can open the screen',
  'definitions.opensNoScreen': '`{{path}}` opens no screen',
  'definitions.duplicatePath': '`{{path}}` is also the path of {{other}}; two screens cannot share a path',
  'definitions.duplicateMenuId': '`{{id}}` is also the id of {{other}}; every entry of a menu needs its own id',
  'definitions.noForm': '`{{path}}` reads a form, but no form encloses it',
  'definitions.nothingProvides': '`{{path}}` reads {{root}}, but nothing here provides one',
  'definitions.pageSizeNotOffered': '`{{size}}` is not one of the page sizes the table offers ({{offered}})',
  'definitions.formFieldType': "form {{form}}'s field `{{field}}` is {{formTypes}}, but {{of}} takes {{requestTypes}} there",
  'definitions.itemFieldRequired': "{{of}} requires `{{field}}`, which form {{form}} does not require (each item's `required`)",
  'definitions.bodyFieldMissing': '{{of}} requires `{{field}}` in the body, which the body does not send',
  'definitions.bodyFieldMissingForm':
    '{{of}} requires `{{field}}` in the body, which neither the body nor form {{form}} (as a required field, or a hidden one its initial fills) sends',
  // A definition file against its JSON Schema (rules/schemas.ts), by the schema keyword it breaks.
  'definitions.schema.type': 'must be {{type}}',
  'definitions.schema.required': "must have required property '{{property}}'",
  'definitions.schema.limit': 'must be {{comparison}} {{limit}}',
  'definitions.schema.maxLength': 'must NOT have more than {{limit}} characters',
  'definitions.schema.minLength': 'must NOT have fewer than {{limit}} characters',
  'definitions.schema.maxItems': 'must NOT have more than {{limit}} items',
  'definitions.schema.minItems': 'must NOT have fewer than {{limit}} items',
  'definitions.schema.pattern': 'must match pattern "{{pattern}}"',
  'definitions.schema.const': 'must be equal to constant',
  /** Any other keyword: the validator's own English words. */
  'definitions.schema.other': '{{detail}}',
  // Endings (common/definition-problems.ts): what was meant, what is allowed, where a part is used.
  'definitions.suggestion': '; did you mean `{{suggestion}}`?',
  'definitions.allowed': '; allowed: {{allowed}}',
  'definitions.allowedMore': '; allowed: {{allowed}}, … ({{total}} in all)',
  'definitions.none': ' (there are none)',
  'definitions.usedBy': ' (used by {{usedBy}})',
} as const satisfies Record<string, string>;

export type ProblemCode = keyof typeof PROBLEM_WORDS;

/** `{{name}}` → the value (a missing one stays visible rather than vanishing). */
export function englishWords(code: string, params: Readonly<Record<string, string>>): string {
  const template: string = (PROBLEM_WORDS as Record<string, string>)[code] ?? code;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => params[name] ?? whole);
}
