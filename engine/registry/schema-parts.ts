/**
 * The parts of the screen schema that widgets and actions share (a text key, a data source, a
 * guard, an action): each contract refers to them with `ref()`, and registry/screen-schema.ts puts
 * them under the schema's `definitions`. The action definition is built from the actions'
 * contracts (actions/action-contracts.ts), the formatter names from registry/names.ts.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { actionDefinition } from '../actions/action-contracts.ts';
import { FORMATTER_NAMES } from './formatter-names.ts';
import { ref } from './schema-ref.ts';

export { ref };

const textKey = {
  type: 'string',
  pattern: '^[a-z][A-Za-z0-9]*(\\.[A-Za-z0-9]+)+$',
} as const;

const template = {
  type: 'string',
  maxLength: 300,
} as const;

const action = {
  enum: ['read', 'create', 'update', 'delete', 'manage'],
} as const;

const subject = {
  enum: [
    'Self',
    'Session',
    'Customer',
    'Location',
    'Merchant',
    'Currency',
    'Notification',
    'Exposure',
    'Invoice',
    'InvoiceDocument',
    'Dispute',
    'DisputeResponse',
    'Payment',
    'BankAccount',
    'BankingCountry',
    'ProgramOverview',
    'LoyaltyProgram',
    'Card',
    'CardSecure',
    'User',
    'UserGroup',
    'Rejection',
    'CreditApplication',
  ],
} as const;

const can = {
  type: 'array',
  items: [ref('action'), ref('subject')],
  minItems: 2,
  maxItems: 2,
} as const;

const userType = {
  enum: ['customer', 'corporate', 'merchant', 'admin'],
} as const;

const flag = {
  type: 'string',
  pattern: '^[a-z][a-z0-9_]*$',
} as const;

const guard = {
  type: 'object',
  additionalProperties: false,
  properties: {
    public: {
      type: 'boolean',
    },
    userTypes: {
      type: 'array',
      minItems: 1,
      items: ref('userType'),
    },
    roles: {
      type: 'array',
      items: {
        type: 'string',
      },
    },
    forbiddenRoles: {
      type: 'array',
      items: {
        type: 'string',
      },
    },
    flags: {
      type: 'array',
      items: ref('flag'),
    },
    forbiddenFlags: {
      type: 'array',
      items: ref('flag'),
    },
    can: ref('can'),
    requiresCustomer: {
      type: 'boolean',
    },
    requiresMerchant: {
      type: 'boolean',
    },
  },
} as const;

const source = {
  type: 'object',
  additionalProperties: false,
  required: ['resource'],
  properties: {
    resource: {
      type: 'string',
      pattern: '^/[a-z0-9/_{}.-]+$',
    },
    filter: {
      type: 'object',
      additionalProperties: ref('queryValue'),
    },
    params: {
      type: 'object',
      additionalProperties: ref('queryValue'),
    },
    single: {
      type: 'boolean',
    },
  },
} as const;

const queryValue = {
  description:
    'A constant or binding (an array binding is sent comma-separated), or a value sent only when its `when` query matches the context: { "value": "{session.selectedCurrency}", "when": { "flags.multi_currency_enabled": true } }; `otherwise` (itself a query value, so conditions chain) is sent when it does not match.',
  oneOf: [
    {
      type: ['string', 'number', 'boolean'],
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['value'],
      properties: {
        value: {
          type: ['string', 'number', 'boolean'],
        },
        when: {
          type: 'object',
        },
        otherwise: ref('queryValue'),
      },
    },
  ],
} as const;

const notices = {
  description:
    'Notices the response asks for: each shows while `when` (a MongoDB-style query over the response\'s meta) matches, e.g. { "unavailable": true } for an inactive account.',
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['when', 'text'],
    properties: {
      when: {
        type: 'object',
        minProperties: 1,
      },
      text: ref('textKey'),
      tone: {
        enum: ['info', 'warning', 'error'],
      },
    },
  },
} as const;

const conditional = {
  type: 'object',
  properties: {
    can: ref('can'),
    when: {
      type: 'object',
    },
  },
} as const;

const formatter = { enum: FORMATTER_NAMES } as const;

/** A widget node as the props types see it: the tree itself is checked by the screen schema, not typed again. */
const nodeForTypes = { type: 'object', required: ['widget'], properties: { widget: { type: 'string' } } } as const;

/** The shared parts the screen schema lists under `definitions` (node and nodes are the builder's). */
export const sharedParts = {
  textKey,
  template,
  action,
  subject,
  can,
  userType,
  flag,
  guard,
  formatter,
  source,
  queryValue,
  actionDefinition,
  notices,
  conditional,
} as const;

/** A query value as the props types see it: its `otherwise` chain is recursive, which the types need not follow. */
const queryValueForTypes = { type: ['string', 'number', 'boolean', 'object'] } as const;

/** The parts as json-schema-to-ts resolves `parts#/definitions/…` for the props types. */
export const typingParts = {
  $id: 'parts',
  definitions: { ...sharedParts, queryValue: queryValueForTypes, node: nodeForTypes, nodes: { type: 'array', items: nodeForTypes } },
} as const;

export type PartName = keyof typeof sharedParts | 'node' | 'nodes';

/** A shared part's type, derived from its schema as the widgets' props types are (the notices a list or record shows). */
export type PartType<N extends PartName> = FromSchema<(typeof typingParts)['definitions'][N], { references: [typeof typingParts] }>;
