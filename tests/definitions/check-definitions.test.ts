/**
 * `npm run check:definitions` (scripts/definitions/): one test per rule, each feeding an in-memory
 * copy of a real definition with one deliberate typo and expecting the named error, and one that
 * the shipped definitions pass.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveParts } from '../../common/definition-parts.ts';
import type { ScreenDefinition } from '../../engine/definitions/types.ts';
import { pluginRegistry } from '../../engine/registry/plugins.ts';
import '../../plugins/index.ts';
import { checkDefinitions } from '../../scripts/definitions/check.ts';
import type { Contract } from '../../scripts/definitions/contract.ts';
import type { DefinitionSet } from '../../scripts/definitions/definition-set.ts';
import { loadContract, loadDefinitions, serverLinks } from '../../scripts/definitions/load.ts';
import { closest, formatProblem } from '../../scripts/definitions/problems.ts';

const shipped = loadDefinitions();
let contract: Contract;
beforeAll(async () => {
  contract = await loadContract(shipped, Object.keys(pluginRegistry));
}, 180_000); // the contract boots the API in-process: on a loaded two-core machine that took over a minute

const options = { apiLinks: serverLinks(), prefixes: ['/prod', '/fleet-charge-beta'] };
const problemsOf = (definitions: DefinitionSet) => checkDefinitions(definitions, contract, options).map(formatProblem);

/** Loose JSON access for the edits: a definition is data. */
// biome-ignore lint/suspicious/noExplicitAny: the broken copies edit arbitrary places of real JSON definitions.
type Json = any;

/** The shipped definitions with one screen changed: a deliberately broken definition. */
function withScreen(id: string, change: (screen: Json) => void): DefinitionSet {
  const definitions = structuredClone(shipped);
  const screen = definitions.screens.find(({ definition }) => definition.id === id)!;
  change(screen.definition);
  return definitions;
}
/**
 * The invoice list's table, written out in the screen (it uses screens/parts/invoices-table.json, as the program overview's
 * list does): a typo made in it is the screen's own, named by the screen's file and pointer.
 */
function invoiceTable(screen: Json): Json {
  const index = screen.body.findIndex((node: Json) => node.widget === 'table' || node.$use === 'invoices-table');
  screen.body[index] = resolveParts(
    screen.body[index],
    new Map([...shipped.parts].map(([name, part]) => [name, part.definition])),
  ).resolved;
  return screen.body[index];
}
/** The shipped definitions with the cards table every tab of the cards screen uses (screens/parts/cards-table.json) changed. */
function withCardsTable(change: (table: Json) => void, definitions: DefinitionSet = structuredClone(shipped)): DefinitionSet {
  change(definitions.parts.get('cards-table')!.definition);
  return definitions;
}
/** Where the cards screen uses the part first (its first tab's table), as the part's problems name it. */
const usedBy = '(used by screens/cards.json /body/3/tabs/0/children/0)';

describe('the shipped definitions', () => {
  it('pass every rule', () => {
    expect(problemsOf(shipped)).toEqual([]);
  });
});

describe('did-you-mean', () => {
  it('suggests the nearest name only when it is near', () => {
    expect(closest('invoiceIdd', ['invoiceId', 'trxId'])).toBe('invoiceId');
    expect(closest('somethingElse', ['invoiceId', 'trxId'])).toBeUndefined();
  });
});

describe('schemas', () => {
  it('an unknown widget names the file, pointer and closest widget', () => {
    expect(
      problemsOf(
        withScreen('cards', (screen) => {
          screen.body[0].widget = 'headng';
        }),
      ),
    ).toEqual(['screens/cards.json /body/0/widget: `headng` is not allowed here; did you mean `heading`?']);
  });
});

describe('widget and action contracts', () => {
  it('a property a widget does not declare names the widget and its closest property', () => {
    expect(
      problemsOf(
        withScreen('cards', (screen) => {
          screen.body[0].txt = screen.body[0].text;
        }),
      ),
    ).toEqual(['screens/cards.json /body/0: `txt` is not a property of the heading widget; did you mean `text`?']);
  });
  it('a property another action reads is refused on an action that does not', () => {
    expect(
      problemsOf(
        withScreen('cards', (screen) => {
          screen.body[2].actions[0].secret = 'data.attributes.card_number';
        }),
      ),
    ).toEqual([
      expect.stringMatching(/^screens\/cards\.json \/body\/2\/actions\/0: `secret` is not a property of the mutate action; allowed: /),
    ]);
  });
});

describe('data sources against the OpenAPI document', () => {
  it('a resource the API does not serve', () => {
    expect(
      problemsOf(
        withCardsTable((table) => {
          table.source.resource = '/ecaas/card';
        }),
      ),
    ).toContain(
      `screens/parts/cards-table.json /source/resource: \`/ecaas/card\` is not a GET path of the API; did you mean \`/ecaas/cards\`? ${usedBy}`,
    );
  });
  it('a filter the operation does not take', () => {
    expect(
      problemsOf(
        withCardsTable((table) => {
          table.source.filter.statuss = 'active';
        }),
      ),
    ).toEqual([
      `screens/parts/cards-table.json /source/filter/statuss: \`filter[statuss]\` is not a query parameter of GET /ecaas/cards; did you mean \`filter[status]\`? ${usedBy}`,
    ]);
  });
  it('a query parameter the operation does not take', () => {
    expect(
      problemsOf(
        withScreen('notification-center', (screen) => {
          const { 'page[size]': size, ...params } = screen.body[1].source.params;
          screen.body[1].source.params = { ...params, 'page[sise]': size };
        }),
      ),
    ).toEqual([
      'screens/notification-center.json /body/1/source/params/page[sise]: `page[sise]` is not a query parameter of GET /ecaas/notifications; did you mean `page[size]`?',
    ]);
  });
  it("a typo in the invoice lists' shared table is the part's, once, under the screen that uses all of it", () => {
    const definitions = structuredClone(shipped);
    (definitions.parts.get('invoices-table')!.definition as Json).columns[0].field = 'invoiceIdd';
    // The program overview's list writes its own columns over the part's: only the invoice list shows the typo.
    expect(problemsOf(definitions)).toEqual([
      'screens/parts/invoices-table.json /columns/0/field: `invoiceIdd` is not a field of GET /invoices; did you mean `invoiceId`? (used by screens/invoice-list.json /body/5)',
    ]);
  });
  it("what a screen writes over a part stays the screen's problem", () => {
    expect(
      problemsOf(
        withScreen('cards', (screen) => {
          screen.body[3].tabs[1].children[0].source.filter.statuss = 'requested';
        }),
      ),
    ).toEqual([
      'screens/cards.json /body/3/tabs/1/children/0/source/filter/statuss: `filter[statuss]` is not a query parameter of GET /ecaas/cards; did you mean `filter[status]`?',
    ]);
    expect(
      problemsOf(
        withScreen('cards', (screen) => {
          screen.body[3].tabs[1].children[0].$use = 'card-table';
        }),
      ),
    ).toEqual([
      'screens/cards.json /body/3/tabs/1/children/0/$use: `card-table` is not a part of screens/parts; did you mean `cards-table`?',
    ]);
  });
  it('a literal filter value the parameter schema refuses', () => {
    expect(
      problemsOf(
        withScreen('invoice-list', (screen) => {
          invoiceTable(screen).source.filter.exposure_bucket = 'd1_31';
        }),
      ),
    ).toEqual([
      expect.stringMatching(
        /^screens\/invoice-list\.json \/body\/5\/source\/filter\/exposure_bucket: `d1_31` is not a value filter\[exposure_bucket\] of GET \/invoices accepts \(one of `current`, `d1_30`/,
      ),
    ]);
  });
  it('a column field the API does not return', () => {
    expect(
      problemsOf(
        withScreen('invoice-list', (screen) => {
          invoiceTable(screen).columns[0].field = 'invoiceIdd';
        }),
      ),
    ).toEqual([
      'screens/invoice-list.json /body/5/columns/0/field: `invoiceIdd` is not a field of GET /invoices; did you mean `invoiceId`?',
    ]);
  });
  it('a misspelt currencyField and rowId', () => {
    expect(
      problemsOf(
        withScreen('invoice-list', (screen) => {
          invoiceTable(screen).columns[6].currencyField = 'curency';
          invoiceTable(screen).rowId = 'trxid';
        }),
      ),
    ).toEqual([
      'screens/invoice-list.json /body/5/rowId: `trxid` is not a field of GET /invoices; did you mean `trxId`?',
      'screens/invoice-list.json /body/5/columns/6/currencyField: `curency` is not a field of GET /invoices; did you mean `currency`?',
    ]);
  });
  it('a sort, a search and a table filter the API does not offer', () => {
    expect(
      problemsOf(
        withCardsTable((table) => {
          table.columns[0].sort = 'card_nme';
          table.search.filter = 'q';
          table.filters = [{ filter: 'holder', label: 'cards.columns.name', type: 'text' }];
        }),
      ),
    ).toEqual([
      expect.stringMatching(/^screens\/parts\/cards-table\.json \/search\/filter: `q` is not a filter of GET \/ecaas\/cards/),
      expect.stringMatching(/^screens\/parts\/cards-table\.json \/filters\/0\/filter: `holder` is not a filter of GET \/ecaas\/cards/),
      `screens/parts/cards-table.json /columns/0/sort: \`card_nme\` is not a sort GET /ecaas/cards offers; did you mean \`card_name\`? ${usedBy}`,
    ]);
  });
  it('a misspelt `each` is named once, not once per item it shows (issue 23)', () => {
    let at = '';
    const problems = problemsOf(
      withScreen('program-overview', (screen) => {
        const index = screen.body.findIndex((node: Json) => node.each === 'meta.totals');
        screen.body[index].each = 'meta.totalz';
        at = `/body/${index}`;
      }),
    );
    // The stat shows eight items, three of them with a `{record.…}` link: still one problem.
    expect(problems).toEqual([
      `screens/program-overview.json ${at}/each: \`totalz\` is not a field of meta in the answer of GET /exposures; did you mean \`totals\`?`,
    ]);
  });
});

describe('column priorities (issue 26: identifiers and amounts never clipped)', () => {
  it('a table without a key column, and a key column hidden by default', () => {
    const unkeyed = withScreen('invoice-list', (screen) => {
      for (const column of invoiceTable(screen).columns) delete column.priority;
    });
    expect(problemsOf(unkeyed)).toEqual([
      expect.stringMatching(/^screens\/invoice-list\.json \/body\/5\/columns: no column has "priority": "key".*`invoiceId`/),
    ]);
    const hiddenKey = withScreen('invoice-list', (screen) => {
      invoiceTable(screen).columns[0].defaultHidden = true;
    });
    expect(problemsOf(hiddenKey)).toEqual([
      'screens/invoice-list.json /body/5/columns/0/defaultHidden: `invoiceId` is a key column: it may not be hidden by default (make it "optional" instead)',
    ]);
  });

  it('a table whose every key column some users do not see (issue 24)', () => {
    const conditional = withScreen('invoice-list', (screen) => {
      for (const column of invoiceTable(screen).columns)
        if (column.priority === 'key') column.when = { 'session.role': { $nin: ['payer'] } };
    });
    expect(problemsOf(conditional)).toEqual([
      expect.stringMatching(
        /^screens\/invoice-list\.json \/body\/5\/columns: every key column has a `when`: some users would see no key column; leave one of `invoiceId`/,
      ),
    ]);
  });

  it('a priority the schema does not know', () => {
    const misspelt = withScreen('invoice-list', (screen) => {
      invoiceTable(screen).columns[0].priority = 'keys';
    });
    expect(problemsOf(misspelt).join('\n')).toContain('/body/5/columns/0/priority');
  });
});

describe('calls against the OpenAPI document', () => {
  it('a mutate path or method the API does not have', () => {
    expect(
      problemsOf(
        withScreen('cards', (screen) => {
          screen.body[2].actions[0].path = '/ecaas/cards/requests';
        }),
      ),
    ).toEqual([
      'screens/cards.json /body/2/actions/0/path: `/ecaas/cards/requests` is not a POST path of the API; did you mean `/ecaas/cards/request`?',
    ]);
    expect(
      problemsOf(
        withScreen('cards', (screen) => {
          screen.body[2].actions[0].method = 'PATCH';
        }),
      ),
    ).toEqual([
      expect.stringMatching(/^screens\/cards\.json \/body\/2\/actions\/0\/path: `\/ecaas\/cards\/request` is not a PATCH path of the API/),
    ]);
  });
  it('a body field the request schema does not accept', () => {
    expect(
      problemsOf(
        withScreen('cards', (screen) => {
          screen.body[2].actions[0].body.buid_custmer = screen.body[2].actions[0].body.buid_customer;
          delete screen.body[2].actions[0].body.buid_customer;
        }),
      ),
    ).toEqual([
      "screens/cards.json /body/2/actions/0/body/buid_custmer: `buid_custmer` is not a field of POST /ecaas/cards/request's request body; did you mean `buid_customer`?",
    ]);
  });
  it('a form field the request does not accept, and a required field the form may leave out', () => {
    const definitions = structuredClone(shipped);
    const form = definitions.forms.get('card-request')!.definition as Json;
    form.schema.properties.card_nickname = { type: 'string', title: 'cards.columns.name' };
    const required = form.schema.required as string[];
    form.schema.required = required.slice(1);
    expect(problemsOf(definitions)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^screens\/cards\.json \/body\/2\/actions\/0\/body\/\$form: form card-request's field `card_nickname` is not a field of POST \/ecaas\/cards\/request's request body/,
        ),
        expect.stringContaining(
          `POST /ecaas/cards/request requires \`${required[0]}\` in the body, which neither the body nor form card-request`,
        ),
      ]),
    );
  });
});

describe('forms against the request schema', () => {
  const loyaltyForm = (change: (schema: Json) => void) => {
    const definitions = structuredClone(shipped);
    change((definitions.forms.get('loyalty-targets')!.definition as Json).schema);
    return problemsOf(definitions);
  };
  const at = 'screens/active-loyalty-program.json /body/1/children/10/children/2/submit/body';
  it('a field the PATCH requires that the form (only prefilling it) does not require', () => {
    expect(
      loyaltyForm((schema) => {
        delete schema.required;
      }),
    ).toEqual([
      `${at}: PATCH /customer-loyalty-programs/{program_id}/targets requires \`incentive_reward_minor\` in the body, which neither the body nor form loyalty-targets (as a required field, or a hidden one its initial fills) sends`,
      `${at}: PATCH /customer-loyalty-programs/{program_id}/targets requires \`milestones\` in the body, which neither the body nor form loyalty-targets (as a required field, or a hidden one its initial fills) sends`,
    ]);
    expect(
      loyaltyForm((schema) => {
        schema.properties.milestones.items.required = ['incentive_tier'];
      }),
    ).toEqual([
      `${at}/$form: PATCH /customer-loyalty-programs/{program_id}/targets requires \`milestones[].target_minor\`, which form loyalty-targets does not require (each item's \`required\`)`,
      `${at}/$form: PATCH /customer-loyalty-programs/{program_id}/targets requires \`milestones[].reward_minor\`, which form loyalty-targets does not require (each item's \`required\`)`,
    ]);
  });
  it('a form field whose type the request does not take', () => {
    expect(
      loyaltyForm((schema) => {
        schema.properties.milestones.items.properties.target_minor.type = 'string';
      }),
    ).toEqual([
      `${at}/$form: form loyalty-targets's field \`milestones[].target_minor\` is string, but PATCH /customer-loyalty-programs/{program_id}/targets takes number | null there`,
    ]);
  });
});

describe('bindings against the binding context', () => {
  it('a customer, session, route, record or query field that does not exist', () => {
    expect(
      problemsOf(
        withScreen('invoice-list', (screen) => {
          invoiceTable(screen).source.filter.buid_customer = '{customer.buidCustomr}';
          invoiceTable(screen).source.filter.sol_currency.otherwise.value = '{session.selectedCurency}';
          invoiceTable(screen).source.filter.status.value = '{route.state}';
          invoiceTable(screen).columns[0].link = '/invoice/{record.trxID}';
          invoiceTable(screen).source.filter.exposure_bucket = '{query.bucet}';
        }),
      ),
    ).toEqual([
      'screens/invoice-list.json /body/5/source/filter/status/value: `state` is not a parameter of the path /invoice-list/:status; did you mean `status`?',
      'screens/invoice-list.json /body/5/source/filter/exposure_bucket: `bucet` is not a query parameter any link to /invoice-list/:status passes; did you mean `bucket`?',
      'screens/invoice-list.json /body/5/source/filter/buid_customer: `buidCustomr` is not a field of customer (GET /customers and buidLocation, locationName); did you mean `buidCustomer`?',
      expect.stringMatching(
        /^screens\/invoice-list\.json \/body\/5\/source\/filter\/sol_currency\/otherwise\/value: `selectedCurency` is not a field of session .*did you mean `selectedCurrency`\?$/,
      ),
      'screens/invoice-list.json /body/5/columns/0/link: `trxID` is not a field of record (GET /invoices); did you mean `trxId`?',
    ]);
  });
  it('a condition naming an unknown root or flag', () => {
    expect(
      problemsOf(
        withScreen('invoice-list', (screen) => {
          invoiceTable(screen).source.filter.sol_currency.otherwise.when = { 'flag.multi_currency_enabled': true };
          screen.body[2].when = { 'flags.multi_curency_enabled': true };
        }),
      ),
    ).toEqual([
      expect.stringMatching(
        /\/body\/2\/when\/flags\.multi_curency_enabled: `multi_curency_enabled` is not a field of flags .*did you mean `multi_currency_enabled`\?$/,
      ),
      expect.stringMatching(
        /\/body\/5\/source\/filter\/sol_currency\/otherwise\/when\/flag\.multi_currency_enabled: `flag` is not a binding root; did you mean `flags`\?$/,
      ),
    ]);
  });
  it("a column's `when` (issue 24): binding paths of the screen, not of the rows, and roles as the policy names them", () => {
    const columns = (when: Json) =>
      problemsOf(
        withScreen('invoice-list', (screen) => {
          invoiceTable(screen).columns.find((column: Json) => column.field === 'poNumber').when = when;
        }),
      );
    expect(columns({ 'session.role': { $nin: ['payer', 'card viewer'] } })).toEqual([]);
    expect(columns({ 'session.rol': { $nin: ['payer'] } })).toEqual([
      expect.stringMatching(/\/body\/5\/columns\/\d+\/when\/session\.rol: `rol` is not a field of session .*did you mean `role`\?$/),
    ]);
    expect(columns({ 'record.poNumber': { $exists: true } })).toEqual([
      expect.stringMatching(
        /\/body\/5\/columns\/\d+\/when\/record\.poNumber: `record\.poNumber` reads record, but nothing here provides one$/,
      ),
    ]);
    expect(columns({ 'session.role': { $nin: ['Payer'] } })).toEqual([
      expect.stringMatching(
        /\/columns\/\d+\/when\/session\.role\/\$nin\/0: `Payer` is not a role of permissions\/policy\.json; did you mean `payer`\?$/,
      ),
    ]);
  });

  it('a form, selection or result binding with nothing to read, or naming a field that is not there', () => {
    expect(
      problemsOf(
        withScreen('cards', (screen) => {
          screen.body[0].values = { name: '{form.name}', card: '{selection.card_id}' };
        }),
      ),
    ).toEqual([
      'screens/cards.json /body/0/values/name: `form.name` reads a form, but no form encloses it',
      'screens/cards.json /body/0/values/card: `selection.card_id` reads selection, but nothing here provides one',
    ]);
    const retyped = (id: string, from: string, to: string) =>
      withScreen(id, (screen) => {
        Object.assign(screen, JSON.parse(JSON.stringify(screen).replace(from, to)));
      });
    expect(problemsOf(retyped('manage-groups', '{form.step1.name}', '{form.step1.nme}'))).toEqual([
      'screens/manage-groups.json /body/2/tabs/1/children/0/submit/body/name: `nme` is not a field of form group-wizard; did you mean `name`?',
    ]);
    expect(problemsOf(retyped('application-new', '{result.application_id}', '{result.aplication_id}'))).toEqual([
      'screens/application-new.json /body/2/submit/to: `aplication_id` is not a field of result (the answer of POST /credit-applications); did you mean `application_id`?',
    ]);
  });
  it("a selection rule's `where` naming a field the rows do not have", () => {
    expect(
      problemsOf(
        withScreen('program-overview-invoice-list', (screen) => {
          screen.body[5].actions[0].requires.where = { payabl: true };
        }),
      ),
    ).toEqual([
      'screens/program-overview-invoice-list.json /body/5/actions/0/requires/where/payabl: `payabl` is not a field of GET /invoices; did you mean `payable`?',
    ]);
  });
});

describe('vocabularies', () => {
  it('a misspelt role, flag or forbidden role in a guard', () => {
    expect(
      problemsOf(
        withScreen('cards', (screen) => {
          screen.guard.roles = ['admn'];
          screen.guard.flags = ['card_enabled'];
        }),
      ),
    ).toEqual([
      'screens/cards.json /guard/roles/0: `admn` is not a role of permissions/policy.json; did you mean `admin`?',
      'screens/cards.json /guard/flags/0: `card_enabled` is not a flag any tenant defines or the policy gates on; did you mean `cards_enabled`?',
      'screens/cards.json /guard: no user type (customer, corporate, merchant, admin), role and flags pass this guard: nobody can open the screen',
    ]);
    expect(
      problemsOf(
        withScreen('cards', (screen) => {
          screen.guard.forbiddenRoles = ['view onl'];
        }),
      ),
    ).toEqual([
      'screens/cards.json /guard/forbiddenRoles/0: `view onl` is not a role of permissions/policy.json; did you mean `view only`?',
    ]);
  });
  it('an unregistered plugin', () => {
    // The screen schema's enum refuses it first; the registry rule holds plugins the enum would let through.
    expect(
      problemsOf(
        withScreen('payment-due', (screen) => {
          screen.body.find((node: Json) => node.widget === 'plugin').name = 'payment-flo';
        }),
      ),
    ).toEqual(['screens/payment-due.json /body/1/name: `payment-flo` is not allowed here; did you mean `payment-flow`?']);
    const unregistered = { ...contract, plugins: contract.plugins.filter((name) => name !== 'payment-flow') };
    expect(checkDefinitions(shipped, unregistered, options).map(formatProblem)).toContain(
      'screens/payment-due.json /body/1/name: `payment-flow` is not a plugin plugins/index.ts registers; allowed: `dispute-wizard`, `rejection-centre`',
    );
  });
  it('a text key that names no text, or no namespace', () => {
    expect(
      problemsOf(
        withCardsTable(
          (table) => {
            table.columns[0].label = 'cards.columns.nam';
          },
          withScreen('cards', (screen) => {
            screen.title = 'card.screens.cards';
          }),
        ),
      ),
    ).toEqual([
      'screens/cards.json /title: `card.screens.cards` is not a text key: `card` is no namespace of locales/en; did you mean `cards`?',
      `screens/parts/cards-table.json /columns/0/label: \`cards.columns.nam\` is not a text of locales/en/cards.json; did you mean \`cards.columns.name\`? ${usedBy}`,
    ]);
  });
  it('a policy granting an unknown rule set or gating on an unknown flag', () => {
    const definitions = structuredClone(shipped);
    const policy = definitions.policy.definition as Json;
    policy.grants.customer.admin = [...policy.grants.customer.admin, 'cardz'];
    policy.flagGates.Card = 'card_enabled';
    expect(problemsOf(definitions)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^permissions\/policy\.json \/grants\/customer\/admin\/\d+: `cardz` is not a rule set of the policy/),
        'permissions/policy.json /flagGates/Card: `card_enabled` is not a flag any tenant defines; did you mean `cards_enabled`?',
      ]),
    );
    const gated = structuredClone(shipped);
    (gated.policy.definition as Json).flagGates.Cardz = 'cards_enabled';
    expect(problemsOf(gated)).toEqual([
      'permissions/policy.json /flagGates/Cardz: `Cardz` is not a CASL subject of the policy; did you mean `Card`?',
    ]);
  });
  it("a menu entry's `when`, `can` or id outside what a menu entry may name", () => {
    const definitions = structuredClone(shipped);
    const [overview, subAccounts, programOverview] = definitions.menus.definition.customer as Json[];
    programOverview.when = { 'sesion.customerCount': { $gt: 1 } };
    subAccounts.when = { $or: [{ 'session.customerCont': { $gt: 1 } }, { 'flags.cards_enabld': true }] };
    overview.can = ['reed', 'Custmer'];
    subAccounts.id = 'overview';
    expect(problemsOf(definitions)).toEqual([
      'screens/menus/side-menus.json /customer/0/can/0: `reed` is not a CASL action of the policy; did you mean `read`?',
      'screens/menus/side-menus.json /customer/0/can/1: `Custmer` is not a CASL subject of the policy; did you mean `Customer`?',
      'screens/menus/side-menus.json /customer/1/id: `overview` is also the id of /customer/0; every entry of a menu needs its own id',
      'screens/menus/side-menus.json /customer/1/when/$or/0/session.customerCont: `customerCont` is not a field of session a menu entry may test (the menu is built once per session); did you mean `customerCount`?',
      'screens/menus/side-menus.json /customer/1/when/$or/1/flags.cards_enabld: `cards_enabld` is not a flag any tenant defines or the policy gates on; did you mean `cards_enabled`?',
      'screens/menus/side-menus.json /customer/2/when/sesion.customerCount: `sesion` is not a binding root a menu entry may test; did you mean `session`?',
    ]);
  });
});

describe('paths of screens', () => {
  it('a link, tab or menu path that opens no screen', () => {
    const definitions = withScreen('invoice-list', (screen) => {
      screen.body[1].tabs[0].to = '/invoice-lists/Billed';
    });
    (definitions.menus.definition.customer[0] as Json).path = '/account/overveiw';
    expect(problemsOf(definitions)).toEqual([
      'screens/invoice-list.json /body/1/tabs/0/to: `/invoice-lists/Billed` opens no screen; did you mean `/invoice-list/Billed`?',
      'screens/menus/side-menus.json /customer/0/path: `/account/overveiw` opens no screen; did you mean `/account/overview`?',
    ]);
  });
  it("a patterned link names the screen path meant, written with the link's own values", () => {
    expect(
      problemsOf(
        withScreen('invoice-list', (screen) => {
          screen.body[1].tabs[0].to = '/invoice-lst/{route.status}';
        }),
      ),
    ).toEqual([
      'screens/invoice-list.json /body/1/tabs/0/to: `/invoice-lst/{route.status}` opens no screen; did you mean `/invoice-list/{route.status}`?',
    ]);
  });
  it('a menu entry whose screen is not the one its path opens', () => {
    const definitions = structuredClone(shipped);
    (definitions.menus.definition.customer[0] as Json).screen = 'program-overview';
    expect(problemsOf(definitions)).toEqual([
      'screens/menus/side-menus.json /customer/0/screen: `program-overview` is not the screen /account/overview opens, which is `account-overview`',
    ]);
  });
  it('a link under a tenant prefix still opens its screen', () => {
    expect(
      problemsOf(
        withScreen('invoice-list', (screen) => {
          screen.body[1].tabs[0].to = '/prod/invoice-list/Billed';
        }),
      ),
    ).toEqual([]);
  });
  it('two screens on one path', () => {
    expect(
      problemsOf(
        withScreen('cards', (screen) => {
          screen.path = '/account/overview';
        }),
      ),
    ).toContain(
      'screens/cards.json /path: `/account/overview` is also the path of screens/account-overview.json; two screens cannot share a path',
    );
  });
  it('a screen nobody can open', () => {
    expect(
      problemsOf(
        withScreen('cards', (screen) => {
          screen.guard.userTypes = ['merchant'];
        }),
      ),
    ).toEqual([
      'screens/cards.json /guard: no user type (customer, corporate, merchant, admin), role and flags pass this guard: nobody can open the screen',
    ]);
  });
});

describe('tenant overrides', () => {
  it('a permission patch is checked as the patched policy: roles, rule sets, CASL subjects and actions', () => {
    const definitions = structuredClone(shipped);
    const demo = definitions.tenants.find(({ file }) => file.endsWith('demo.json'))!;
    // One JSON Merge Patch over the policy, as domain/policy-overrides.ts applies it (the studio's format).
    demo.definition.overrides = {
      permissions: { grants: { customer: { 'card viewr': ['cardz'] } }, ruleSets: { extra: [{ action: 'reed', subject: 'Card' }] } },
    };
    expect(problemsOf(definitions)).toEqual(
      expect.arrayContaining([
        'tenants/demo.json /overrides/permissions/grants/customer: `card viewr` is not a property here; did you mean `card viewer`?',
        'tenants/demo.json /overrides/permissions/ruleSets/extra/0/action: `reed` is not allowed here; did you mean `read`?',
      ]),
    );
    demo.definition.overrides = {
      permissions: { grants: { customer: { admin: ['cardz'] } }, flagGates: { Cards: 'cards_enabled' } },
    };
    expect(problemsOf(definitions)).toEqual([
      expect.stringMatching(
        /^tenants\/demo\.json \/overrides\/permissions\/grants\/customer\/admin\/0: `cardz` is not a rule set of the policy/,
      ),
      'tenants/demo.json /overrides/permissions/flagGates/Cards: `Cards` is not a CASL subject of the policy; did you mean `Card`?',
    ]);
    demo.definition.overrides = { permissions: { polcy: {} } };
    expect(problemsOf(definitions)).toEqual([expect.stringMatching(/^tenants\/demo\.json \/overrides\/permissions: .*polcy/)]);
  });

  it('a screen patch for a screen id that does not exist', () => {
    const definitions = structuredClone(shipped);
    const demo = definitions.tenants.find(({ file }) => file.endsWith('demo.json'))!;
    demo.definition.overrides = { screens: { 'invoice-lst': { title: 'common.screens.invoiceList' } } };
    expect(problemsOf(definitions)).toEqual([
      "tenants/demo.json /overrides/screens/invoice-lst: `invoice-lst` is not a screen's id; did you mean `invoice-list`?",
    ]);
  });
  it('a screen patch is checked as the patched screen, under the tenant file', () => {
    const definitions = structuredClone(shipped);
    const demo = definitions.tenants.find(({ file }) => file.endsWith('demo.json'))!;
    const screen = definitions.screens.find(({ definition }) => definition.id === 'invoice-list')!.definition as ScreenDefinition;
    const body = structuredClone(screen.body) as Json;
    invoiceTable({ body }).columns[2].field = 'poNumbr';
    demo.definition.overrides = { screens: { 'invoice-list': { body } } };
    expect(problemsOf(definitions)).toEqual([
      'tenants/demo.json /overrides/screens/invoice-list (patched screens/invoice-list.json) /body/5/columns/2/field: `poNumbr` is not a field of GET /invoices; did you mean `poNumber`?',
    ]);
  });
});

/**
 * The newcomer exercise of engine/README.md ("Add a screen"): the locations screen, its menu entry and its texts, written
 * from that section only, pass; then one plausible typo at a time in each part, and the check fails naming it (the
 * problem the README's table shows).
 */
describe('the newcomer exercise: a new list screen, then one typo at a time', () => {
  const screen = {
    id: 'locations',
    path: '/account/locations',
    title: 'common.screens.locations',
    layout: 'shell',
    guard: { userTypes: ['customer', 'corporate'], can: ['read', 'Location'], requiresCustomer: true },
    body: [
      { widget: 'heading', text: 'common.screens.locations' },
      {
        widget: 'table',
        id: 'locations',
        source: { resource: '/locations', filter: { buid_customer: '{customer.buidCustomer}' } },
        rowId: 'buidLocation',
        defaultSort: { sort: 'location_name', direction: 'asc' },
        search: { filter: 'search', placeholder: 'common.locations.search' },
        columns: [
          { field: 'locationName', label: 'common.locations.name', sort: 'location_name', priority: 'key' },
          { field: 'display_location', label: 'common.locations.address' },
        ],
      },
    ],
  };
  const entry = { id: 'locations', label: 'common.menu.locations', path: '/account/locations', screen: 'locations', icon: 'building' };
  const texts = {
    screens: { locations: 'Locations' },
    menu: { locations: 'Locations' },
    locations: { name: 'Name', address: 'Address', search: 'Search locations' },
  };
  interface Exercise {
    screen: Json;
    entry: Json;
    texts: Json;
  }
  const menuAt = `/customer/${shipped.menus.definition.customer.length}`;

  /** The shipped definitions with the exercise's three files added (texts into locales/en/common.json), after `typo`. */
  function exercise(typo: (files: Exercise) => void): string[] {
    const files: Exercise = structuredClone({ screen, entry, texts });
    typo(files);
    const definitions = structuredClone(shipped);
    definitions.screens.push({ file: 'screens/locations.json', definition: files.screen });
    (definitions.menus.definition.customer as Json[]).push(files.entry);
    const common = structuredClone(contract.texts.get('common')) as Json;
    for (const [group, added] of Object.entries(files.texts)) common[group] = { ...common[group], ...(added as object) };
    const withTexts = { ...contract, texts: new Map([...contract.texts, ['common', common]]) };
    return checkDefinitions(definitions, withTexts, options).map(formatProblem);
  }
  const table = (files: Exercise) => files.screen.body[1];

  it('passes as written (three files: the screen, the menu, the locales)', () => {
    expect(exercise(() => {})).toEqual([]);
  });

  const typos: Array<[part: string, typo: string, change: (files: Exercise) => void, named: string]> = [
    [
      'route',
      'screen path `/acount/locations`',
      (f) => {
        f.screen.path = '/acount/locations';
      },
      `screens/menus/side-menus.json ${menuAt}/path: \`/account/locations\` opens no screen; did you mean \`/acount/locations\`?`,
    ],
    [
      'route',
      'layout `shel`',
      (f) => {
        f.screen.layout = 'shel';
      },
      'screens/locations.json /layout: `shel` is not allowed here; did you mean `shell`?',
    ],
    [
      'guard',
      'role `admn`',
      (f) => {
        f.screen.guard.roles = ['admn'];
      },
      'screens/locations.json /guard/roles/0: `admn` is not a role of permissions/policy.json; did you mean `admin`?',
    ],
    [
      'guard',
      'user type `customr`',
      (f) => {
        f.screen.guard.userTypes[0] = 'customr';
      },
      'screens/locations.json /guard/userTypes/0: `customr` is not allowed here; did you mean `customer`?',
    ],
    [
      'guard',
      'flag `cards_enabld`',
      (f) => {
        f.screen.guard.flags = ['cards_enabld'];
      },
      'screens/locations.json /guard/flags/0: `cards_enabld` is not a flag any tenant defines or the policy gates on; did you mean `cards_enabled`?',
    ],
    [
      'guard',
      'CASL subject `Locaton`',
      (f) => {
        f.screen.guard.can[1] = 'Locaton';
      },
      'screens/locations.json /guard/can/1: `Locaton` is not allowed here; did you mean `Location`?',
    ],
    [
      'guard',
      'CASL action `reed`',
      (f) => {
        f.screen.guard.can[0] = 'reed';
      },
      'screens/locations.json /guard/can/0: `reed` is not allowed here; did you mean `read`?',
    ],
    [
      'guard',
      'property `requiresCustomr`',
      (f) => {
        f.screen.guard.requiresCustomr = f.screen.guard.requiresCustomer;
        delete f.screen.guard.requiresCustomer;
      },
      'screens/locations.json /guard: `requiresCustomr` is not a property here; did you mean `requiresCustomer`?',
    ],
    [
      'table',
      'resource `/location`',
      (f) => {
        table(f).source.resource = '/location';
      },
      'screens/locations.json /body/1/source/resource: `/location` is not a GET path of the API; did you mean `/locations`?',
    ],
    [
      'table',
      'filter key `buid_custmer`',
      (f) => {
        table(f).source.filter = { buid_custmer: '{customer.buidCustomer}' };
      },
      'screens/locations.json /body/1/source/filter/buid_custmer: `filter[buid_custmer]` is not a query parameter of GET /locations; did you mean `filter[buid_customer]`?',
    ],
    [
      'table',
      'binding `{customer.buidCustomr}`',
      (f) => {
        table(f).source.filter.buid_customer = '{customer.buidCustomr}';
      },
      'screens/locations.json /body/1/source/filter/buid_customer: `buidCustomr` is not a field of customer (GET /customers and buidLocation, locationName); did you mean `buidCustomer`?',
    ],
    [
      'table',
      '`rowId` `buidLocaton`',
      (f) => {
        table(f).rowId = 'buidLocaton';
      },
      'screens/locations.json /body/1/rowId: `buidLocaton` is not a field of GET /locations; did you mean `buidLocation`?',
    ],
    [
      'table',
      'column `field` `locationNme`',
      (f) => {
        table(f).columns[0].field = 'locationNme';
      },
      'screens/locations.json /body/1/columns/0/field: `locationNme` is not a field of GET /locations; did you mean `locationName`?',
    ],
    [
      'table',
      'column `sort` `locaton_name`',
      (f) => {
        table(f).columns[0].sort = 'locaton_name';
      },
      'screens/locations.json /body/1/columns/0/sort: `locaton_name` is not a sort GET /locations offers; did you mean `location_name`?',
    ],
    [
      'table',
      'column `format` `dat`',
      (f) => {
        table(f).columns[1].format = 'dat';
      },
      'screens/locations.json /body/1/columns/1/format: `dat` is not allowed here; did you mean `date`?',
    ],
    [
      'table',
      'column link binding `{record.buidLocaton}`',
      (f) => {
        table(f).columns[0].link = '/account/locations?location={record.buidLocaton}';
      },
      'screens/locations.json /body/1/columns/0/link: `buidLocaton` is not a field of record (GET /locations); did you mean `buidLocation`?',
    ],
    [
      'table',
      'column link path `/acount/locations`',
      (f) => {
        table(f).columns[0].link = '/acount/locations';
      },
      'screens/locations.json /body/1/columns/0/link: `/acount/locations` opens no screen; did you mean `/account/locations`?',
    ],
    [
      'table',
      '`defaultSort` `location_nme`',
      (f) => {
        table(f).defaultSort.sort = 'location_nme';
      },
      'screens/locations.json /body/1/defaultSort/sort: `location_nme` is not a sort GET /locations offers; did you mean `location_name`?',
    ],
    [
      'table',
      '`defaultSort` direction `acs`',
      (f) => {
        table(f).defaultSort.direction = 'acs';
      },
      'screens/locations.json /body/1/defaultSort/direction: `acs` is not allowed here; did you mean `asc`?',
    ],
    [
      'table',
      'search filter `serch`',
      (f) => {
        table(f).search.filter = 'serch';
      },
      'screens/locations.json /body/1/search/filter: `serch` is not a filter of GET /locations; did you mean `search`?',
    ],
    [
      'table',
      'literal filter value `name|sideways` for `filter[sort]`',
      (f) => {
        table(f).source.filter.sort = 'name|sideways';
      },
      'screens/locations.json /body/1/source/filter/sort: `name|sideways` is not a value filter[sort] of GET /locations accepts ({"type":"string","pattern":"^(?:location_name|buid_location)(?:\\\\|(?:asc|desc))?(?:,(?:location_name|buid_location)(?:\\\\|(?:asc|desc))?){0,2}$"})',
    ],
    [
      'table',
      'property `colums` (unknown to the table)',
      (f) => {
        table(f).colums = table(f).columns;
        delete table(f).columns;
      },
      'screens/locations.json /body/1: `colums` is not a property of the table widget; did you mean `columns`?',
    ],
    [
      'table',
      'widget `tabel`',
      (f) => {
        table(f).widget = 'tabel';
      },
      'screens/locations.json /body/1/widget: `tabel` is not allowed here; did you mean `table`?',
    ],
    [
      'table',
      '`defaultPageSize` 500 with the default page sizes',
      (f) => {
        table(f).defaultPageSize = 500;
      },
      'screens/locations.json /body/1/defaultPageSize: `500` is not one of the page sizes the table offers (`25`, `50`, `100`)',
    ],
    [
      'texts',
      'title `common.screens.locatons`',
      (f) => {
        f.screen.title = 'common.screens.locatons';
      },
      'screens/locations.json /title: `common.screens.locatons` is not a text of locales/en/common.json; did you mean `common.screens.locations`?',
    ],
    [
      'texts',
      'column label `common.locations.nam`',
      (f) => {
        table(f).columns[0].label = 'common.locations.nam';
      },
      'screens/locations.json /body/1/columns/0/label: `common.locations.nam` is not a text of locales/en/common.json; did you mean `common.locations.name`?',
    ],
    [
      'texts',
      'search placeholder `comon.locations.search`',
      (f) => {
        table(f).search.placeholder = 'comon.locations.search';
      },
      'screens/locations.json /body/1/search/placeholder: `comon.locations.search` is not a text key: `comon` is no namespace of locales/en; did you mean `common`?',
    ],
    [
      'menu',
      'entry `path` `/account/location`',
      (f) => {
        f.entry.path = '/account/location';
      },
      `screens/menus/side-menus.json ${menuAt}/path: \`/account/location\` opens no screen; did you mean \`/account/locations\`?`,
    ],
    [
      'menu',
      'entry `screen` `location`',
      (f) => {
        f.entry.screen = 'location';
      },
      `screens/menus/side-menus.json ${menuAt}/screen: \`location\` is not the screen /account/locations opens, which is \`locations\``,
    ],
    [
      'menu',
      'entry `label` `common.menu.locatons`',
      (f) => {
        f.entry.label = 'common.menu.locatons';
      },
      `screens/menus/side-menus.json ${menuAt}/label: \`common.menu.locatons\` is not a text of locales/en/common.json; did you mean \`common.menu.locations\`?`,
    ],
    [
      'menu',
      'entry `icon` `buildng`',
      (f) => {
        f.entry.icon = 'buildng';
      },
      `screens/menus/side-menus.json ${menuAt}/icon: \`buildng\` is not allowed here; did you mean \`building\`?`,
    ],
    [
      'menu',
      'entry `when` `session.customerCont`',
      (f) => {
        f.entry.when = { 'session.customerCont': { $gt: 1 } };
      },
      `screens/menus/side-menus.json ${menuAt}/when/session.customerCont: \`customerCont\` is not a field of session a menu entry may test (the menu is built once per session); did you mean \`customerCount\`?`,
    ],
    [
      'menu',
      'entry `when` flag `flags.cards_enabld`',
      (f) => {
        f.entry.when = { 'flags.cards_enabld': true };
      },
      `screens/menus/side-menus.json ${menuAt}/when/flags.cards_enabld: \`cards_enabld\` is not a flag any tenant defines or the policy gates on; did you mean \`cards_enabled\`?`,
    ],
    [
      'menu',
      'entry `can` subject `Locaton`',
      (f) => {
        f.entry.can = ['read', 'Locaton'];
      },
      `screens/menus/side-menus.json ${menuAt}/can/1: \`Locaton\` is not a CASL subject of the policy; did you mean \`Location\`?`,
    ],
    [
      'menu',
      "entry `id` `overview` (another entry's)",
      (f) => {
        f.entry.id = 'overview';
      },
      `screens/menus/side-menus.json ${menuAt}/id: \`overview\` is also the id of ${'/customer/0'}; every entry of a menu needs its own id`,
    ],
    [
      'locales',
      'English key written `locations.nmae` instead of `locations.name`',
      (f) => {
        f.texts.locations = { nmae: 'Name', address: 'Address', search: 'Search locations' };
      },
      'screens/locations.json /body/1/columns/0/label: `common.locations.name` is not a text of locales/en/common.json; did you mean `common.locations.nmae`?',
    ],
  ];
  it.each(typos)('%s: %s', (_part, _typo, change, named) => {
    expect(exercise(change)).toContain(named);
  });
});
