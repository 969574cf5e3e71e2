import type { FastifyRequest } from 'fastify';
import type { SchemaTypedApp } from '../http/typed-routes.ts';
import {
  ACCOUNT_TYPES,
  BANK_TEXT_MAX,
  bankAccountProblems,
  bankAccountRecord,
  type BankAccountProblem,
} from '../../domain/bank-accounts.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import { flagOn } from '../../domain/flags.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../auth/access.ts';
import { scopedCustomer } from '../auth/guard.ts';
import type { AuthContext } from '../auth/context.ts';
import { allowedCountries, liveAccount, liveAccounts } from './queries.ts';
import { bankAccountResource, bankAccountResourceSchema, type BankAccountRow } from './resource.ts';
import { createAccount, removeAccount, updateAccount, type Actor } from './write.ts';
import { notFound, unprocessable } from '../http/errors.ts';
import { slicePage } from '../http/paging.ts';
import { JSON_API } from '../http/jsonapi.ts';
import { pagedDocument, responses, singleDocument } from '../http/api-schema.ts';
import { listQuerystring, parseListQuery } from '../http/list-query.ts';

const accountList = { filters: ['buid_customer'] as const, sorts: [] as const, defaultSort: [] as const };
const idParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 20 } },
} as const;
const shortText = { type: 'string', maxLength: 40 } as const;
const nameText = { type: 'string', maxLength: BANK_TEXT_MAX + 20 } as const;

/** Shapes only; the rules (required per variant, number formats) are domain/bank-accounts.ts's, with their own codes. */
const createBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    buid_customer: { type: 'string', minLength: 1, maxLength: 64 },
    bank_country: { type: 'string', maxLength: 2 },
    bank_name: nameText,
    account_name: nameText,
    account_number: shortText,
    routing_number: shortText,
    bank_number: shortText,
    branch_number: shortText,
    account_type: shortText,
    autopay: { type: 'boolean' },
    online_payment: { type: 'boolean' },
    replace_autopay: { description: 'Confirms the AutoPay conflict: the current AutoPay account is removed for good.', type: 'boolean' },
  },
} as const;

const updateBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    bank_name: nameText,
    account_name: nameText,
    account_type: { enum: [...ACCOUNT_TYPES] },
    autopay: { type: 'boolean' },
    online_payment: { type: 'boolean' },
    replace_autopay: { type: 'boolean' },
  },
} as const;

/** A domain problem as the API's refusal: 422, the field as pointer, its values as meta. */
function refusal(problem: BankAccountProblem) {
  return unprocessable(problem.code, { pointer: `/${problem.field}` }, problem.values);
}

function actorOf(request: FastifyRequest, auth: AuthContext, now: Date): Actor {
  return { tenantId: request.tenant.id, userId: auth.user.user_id, now };
}

/** spec §4: AutoPay only where the tenant offers it. */
function refuseDisabledAutopay(request: FastifyRequest, autopay: boolean | undefined): void {
  if (autopay && !flagOn(request.tenant.flags, 'autopay_enabled')) throw unprocessable(ErrorCode.autopayDisabled, { pointer: '/autopay' });
}

/** A live account of one of the caller's customers; anything else is "not found", so ids cannot be probed. */
async function scopedAccount(deps: AppDeps, auth: AuthContext, id: string): Promise<BankAccountRow> {
  const row = await liveAccount(deps.db, id);
  if (!row || !auth.customerIds.includes(row.buid_customer)) throw notFound();
  return row;
}

/** spec §2 payment methods: list, add, edit and remove bank accounts (Admin, policy subject BankAccount). */
export function bankAccountRoutes(app: SchemaTypedApp, deps: AppDeps): void {
  const { db, clock } = deps;

  app.get(
    '/bank-accounts',
    {
      schema: {
        querystring: listQuerystring(accountList),
        response: responses(pagedDocument(bankAccountResourceSchema), 'Bank accounts, paged'),
      },
      config: {
        access: { can: ['read', 'BankAccount'] },
        summary: 'Live bank accounts of the selected (or filter[buid_customer]) customer, numbers masked',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const list = parseListQuery(request.query, accountList);
      const live = await liveAccounts(db, scopedCustomer(auth, list.filters.buid_customer));
      // A customer has a handful of accounts: paged in memory, each row judged against them all.
      const page = slicePage(live, list.page);
      return reply.type(JSON_API).send({ data: page.rows.map((row) => bankAccountResource(row, live)), meta: { page: page.meta } });
    },
  );

  app.get(
    '/bank-accounts/:id',
    {
      schema: { params: idParams, response: responses(singleDocument(bankAccountResourceSchema), 'One bank account') },
      config: { access: { can: ['read', 'BankAccount'] }, summary: 'One live bank account, number masked' },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await scopedAccount(deps, auth, request.params.id);
      return reply.type(JSON_API).send({ data: bankAccountResource(row, await liveAccounts(db, row.buid_customer)) });
    },
  );

  app.post(
    '/bank-accounts',
    {
      schema: { body: createBody, response: responses(singleDocument(bankAccountResourceSchema), 'The account added', 201) },
      config: {
        access: { can: ['create', 'BankAccount'] },
        summary:
          'Add a US or Canadian (CFI) bank account; 409 errors.bankAccounts.autopayConflict unless replace_autopay confirms removing the current AutoPay account',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { buid_customer: requested, replace_autopay: replace, ...input } = request.body;
      const customer = scopedCustomer(auth, requested);
      const [problem] = bankAccountProblems(input);
      if (problem) throw refusal(problem);
      const record = bankAccountRecord(input);
      if (!(await allowedCountries(db, request.tenant.config, customer)).includes(record.bank_country)) {
        throw unprocessable(ErrorCode.bankCountryNotOffered, { pointer: '/bank_country' });
      }
      refuseDisabledAutopay(request, record.autopay);
      const { row, live } = await createAccount(db, actorOf(request, auth, clock.now()), customer, record, replace === true);
      return reply
        .status(201)
        .type(JSON_API)
        .send({ data: bankAccountResource(row, live) });
    },
  );

  app.patch(
    '/bank-accounts/:id',
    {
      schema: { params: idParams, body: updateBody, response: responses(singleDocument(bankAccountResourceSchema), 'The account changed') },
      config: {
        access: { can: ['update', 'BankAccount'] },
        summary: "Change an account's payment types (AutoPay conflict as for POST), names or account type; numbers cannot change",
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const account = await scopedAccount(deps, auth, request.params.id);
      const { replace_autopay: replace, ...changes } = request.body;
      refuseDisabledAutopay(request, changes.autopay);
      const { row, live } = await updateAccount(db, actorOf(request, auth, clock.now()), account, replace === true, (current) => {
        // The whole account is checked as it would be, then normalised to its variant's fields.
        const input = { ...current, ...changes };
        const [problem] = bankAccountProblems(input);
        if (problem) throw refusal(problem);
        const { autopay, online_payment, bank_name, account_name, account_type } = bankAccountRecord(input);
        return { autopay, online_payment, bank_name, account_name, account_type };
      });
      return reply.type(JSON_API).send({ data: bankAccountResource(row, live) });
    },
  );

  app.delete(
    '/bank-accounts/:id',
    {
      schema: { params: idParams, response: responses(null, 'Removed', 204) },
      config: {
        access: { can: ['delete', 'BankAccount'] },
        summary: 'Remove a bank account (soft delete); removing the last online-payment account stops online payment',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const account = await scopedAccount(deps, auth, request.params.id);
      await removeAccount(db, actorOf(request, auth, clock.now()), account);
      return reply.status(204).send();
    },
  );
}
