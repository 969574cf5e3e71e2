/**
 * One contract per action: the properties each action reads beside the ones every action has
 * (label, guard, confirmation, toasts, selection rule). The screen schema's `actionDefinition`,
 * the action names (registry/names.ts) and the definition check all come from here, so an
 * action refuses a property it does not read (`secret` on a navigate).
 */
import { ref } from '../registry/schema-ref.ts';

/** What every action may carry. */
const commonProps = {
  label: ref('textKey'),
  can: ref('can'),
  when: {
    type: 'object',
  },
  confirm: {
    description:
      'Asked before the action runs. With `form` (a form of screens/forms/), the dialog holds that form, validated like any form, and its data is the submitted form data the body takes with "$form": true (a termination reason); the message reads a row\'s fields as {{values}}.',
    type: 'object',
    additionalProperties: false,
    required: ['title', 'message'],
    properties: {
      title: ref('textKey'),
      message: ref('textKey'),
      confirmLabel: ref('textKey'),
      form: {
        type: 'string',
        pattern: '^[a-z][a-z0-9-]*$',
      },
    },
  },
  disabled: {
    description:
      'Shown but disabled while `when` (a MongoDB-style query over the bindings) holds, with `reason` beside it: an action the user may use, only not now (Request a card on an inactive account).',
    type: 'object',
    additionalProperties: false,
    required: ['when', 'reason'],
    properties: { when: { type: 'object', minProperties: 1 }, reason: ref('textKey') },
  },
  success: ref('textKey'),
  failure: ref('textKey'),
  color: {
    enum: ['green', 'red', 'blue', 'yellow'],
  },
  variant: {
    enum: ['filled', 'light', 'outline', 'subtle'],
  },
  requires: {
    description:
      "A table action's selection rule (spec §5): at least one selected row, matching `where` (a MongoDB-style query over the row) when given. `message` shows when nothing is selected, `ineligible` when no selected row matches; rows that do not match are left out (`leftOut` says how many).",
    type: 'object',
    additionalProperties: false,
    required: ['message'],
    properties: {
      message: ref('textKey'),
      where: {
        type: 'object',
      },
      ineligible: ref('textKey'),
      leftOut: ref(
        'textKey',
        'Shown while selected rows do not match `where`, with {{count}} (left out) and {{total}} (selected), and when the action runs without them.',
      ),
    },
  },
} as const;

/** Properties shared by several actions, written once. */
const path = ref('template');
const params = { type: 'object' } as const;
const message = ref('textKey');
const to = ref(
  'template',
  'navigate: where to go. mutate: where to go after the call succeeded (e.g. back to /login after a password reset).',
);
const withProp = {
  description:
    'navigate: "selection" passes the selected rows, "record" the record on screen as a selection of one. download: "list" adds the table\'s current filters and sort.',
  enum: ['selection', 'record', 'list'],
} as const;
const body = {
  description:
    'mutate: the request body. A string is one binding resolved whole ("{form}": the submitted form data). An object has each value resolved; with "$form": true the submitted form data is merged under the other resolved keys ({ "$form": true, "token": "{query.token}" }).',
  oneOf: [
    ref('template'),
    {
      type: 'object',
      properties: {
        $form: {
          const: true,
        },
      },
    },
  ],
} as const;

export const actionContracts = {
  navigate: {
    props: {
      to,
      with: withProp,
      paymentMode: {
        description: "navigate: sets the session's payment mode (spec §2) before going.",
        enum: ['INDIVIDUAL_ACCOUNT', 'PROGRAM_OVERVIEW'],
      },
      merchant: ref(
        'template',
        'navigate: sets the session\'s merchant before going (a roll-up\'s drill-down, spec §4): "{record.buid_merchant}", or "" for all of the user\'s merchants.',
      ),
    },
  },
  mutate: {
    props: {
      method: {
        enum: ['POST', 'PATCH', 'DELETE'],
      },
      path,
      body,
      params,
      to,
      retry: {
        description:
          "mutate: when the call fails with `code`, ask `confirm` (its message reads the error's meta as {{values}}) and, once confirmed, repeat the call with `body` merged into the (object) body: the AutoPay conflict asks, then resends with replace_autopay.",
        type: 'object',
        additionalProperties: false,
        required: ['code', 'confirm', 'body'],
        properties: {
          code: ref('textKey'),
          confirm: {
            type: 'object',
            additionalProperties: false,
            required: ['title', 'message'],
            properties: {
              title: ref('textKey'),
              message: ref('textKey'),
              confirmLabel: ref('textKey'),
            },
          },
          body: {
            type: 'object',
            minProperties: 1,
          },
        },
      },
    },
  },
  download: {
    props: {
      path,
      params,
      with: withProp,
      from: ref(
        'source',
        'download: one file per record of this source, `path` resolved per record ({record.document_id}); `message` shows when it lists nothing.',
      ),
      message,
    },
  },
  toast: {
    props: {
      message,
    },
  },
  signIn: {
    props: {},
  },
  signOut: {
    props: {},
  },
  reload: {
    props: {},
  },
  reveal: {
    props: {
      path,
      body,
      secret: {
        description: 'reveal: the path of the secret in the response document (data.attributes.card_number).',
        type: 'string',
        pattern: '^[A-Za-z_][A-Za-z0-9_.]*$',
      },
      expires: {
        description:
          'reveal: the path of the instant in the response document after which the secret hides again (meta.card_secure_until).',
        type: 'string',
        pattern: '^[A-Za-z_][A-Za-z0-9_.]*$',
      },
      title: ref('textKey', "reveal: the dialog's title."),
      secretLabel: ref('textKey', 'reveal: names the secret shown.'),
      message,
      hidden: ref('textKey', 'reveal: shown once the time is up and the secret is gone.'),
      reauth: {
        description:
          'reveal: when the call is refused with an error whose meta matches `when`, the dialog asks `form` (a password), sends it to `path` (a wrong one is refused inside the dialog), then calls again.',
        type: 'object',
        additionalProperties: false,
        required: ['when', 'form', 'path', 'title'],
        properties: {
          when: {
            type: 'object',
            minProperties: 1,
          },
          form: {
            type: 'string',
            pattern: '^[a-z][a-z0-9-]*$',
          },
          path: ref('template'),
          title: ref('textKey'),
          message: ref('textKey'),
          confirmLabel: ref('textKey'),
        },
      },
    },
    required: ['path', 'secret', 'expires', 'title', 'secretLabel', 'hidden', 'reauth'],
  },
} as const;

export type ActionContractName = keyof typeof actionContracts;

/** Every property any action reads: the union the schema lists, each action then held to its own. */
const allProps = Object.assign({}, commonProps, ...Object.values(actionContracts).map((contract) => contract.props)) as typeof commonProps &
  (typeof actionContracts)[ActionContractName]['props'];

/** The screen schema's `actionDefinition`: `do` names an action, which allows only its own properties and the common ones. */
export const actionDefinition = {
  type: 'object',
  required: ['do'],
  properties: { do: { enum: Object.keys(actionContracts) as ActionContractName[] }, ...allProps },
  additionalProperties: false,
  allOf: Object.entries(actionContracts).map(([name, contract]) => ({
    if: { properties: { do: { const: name } } },
    then: {
      ...('required' in contract ? { required: contract.required } : {}),
      propertyNames: { enum: ['do', ...Object.keys(commonProps), ...Object.keys(contract.props)] },
    },
  })),
} as const;
