import { defineWidget, type WidgetPropsOf } from '../../registry/define-widget.ts';
import { ref } from '../../registry/schema-ref.ts';

const OPTION_LIMIT = {
  type: 'object',
  additionalProperties: false,
  required: ['when', 'only'],
  properties: { when: { type: 'object', minProperties: 1 }, only: { type: 'array', minItems: 1 } },
} as const;

/** A form of screens/forms/ and the action its submit runs. */
export const formContract = defineWidget({
  name: 'form',
  props: {
    form: { type: 'string', pattern: '^[a-z][a-z0-9-]*$' },
    submit: {
      description: 'The action the form runs with { form: data } added to its context; its label names the submit button.',
      allOf: [ref('actionDefinition'), { type: 'object', required: ['label'], properties: { label: ref('textKey') } }],
    },
    initial: { description: 'Initial values; each may be a binding ("{session.username}").', type: 'object' },
    hide: {
      description:
        'Fields hidden (and left at their default) while a query over the bindings matches: { "autopay": { "flags.autopay_enabled": false } }.',
      type: 'object',
      additionalProperties: { type: 'object' },
    },
    limitOptions: {
      description:
        'A choice\'s options narrowed while a query over the bindings matches: { "role": { "when": { "session.userType": "merchant" }, "only": ["Admin"] } } (the server refuses the others too). A form with a source also sees its record: { "status": { "when": { "record.status": { "$in": ["Pending"] } }, "only": ["Pending", "Billed"] } }.',
      type: 'object',
      additionalProperties: {
        oneOf: [OPTION_LIMIT, { type: 'array', minItems: 1, items: OPTION_LIMIT, description: 'The first whose when holds.' }],
      },
    },
    source: ref('source', "A record to edit: its attributes that the form's schema names fill the form over `initial`."),
    readOnlyWhen: {
      description: 'With source: while this query over the record holds, readOnlyText shows instead of the form.',
      type: 'object',
    },
    readOnlyText: ref('textKey'),
    cancel: {
      description:
        'A secondary button beside the submit (e.g. navigate back to the list); its label names it. A form with a source reports unsaved changes, so leaving asks first.',
      allOf: [ref('actionDefinition'), { type: 'object', required: ['label'], properties: { label: ref('textKey') } }],
    },
  },
  required: ['form', 'submit'],
  reads: ['source'],
});

export type FormProps = WidgetPropsOf<typeof formContract>;
