import { randomInt } from 'node:crypto';
import type { SchemaTypedApp } from '../http/typed-routes.ts';
import {
  CARD_STATUSES,
  TERMINATION_REASONS,
  canManageCards,
  cardExpiryDate,
  cardNumberFrom,
  centralDay,
  isCardStatus,
  nextCardStatus,
  statusesAllowing,
  type CardAction,
} from '../../domain/cards.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { AppDeps } from '../deps.ts';
import type { Database } from '../db/database.ts';
import { audit } from '../audit.ts';
import { authOf } from '../auth/access.ts';
import { scopedCustomer } from '../auth/guard.ts';
import type { AuthContext } from '../auth/context.ts';
import { cardIdParams, cardResource, cardResourceSchema, type CardRow } from './card-resource.ts';
import { cardSecureRoutes } from './secure.ts';
import { openPan, sealPan } from './pan-vault.ts';
import { ApiError, badRequest, notFound, unprocessable } from '../http/errors.ts';
import { JSON_API } from '../http/jsonapi.ts';
import { boolean, listDocument, pageMetaSchema, responses, singleDocument, strictObject, text } from '../http/api-schema.ts';
import { listQuerystring, parseListQuery } from '../http/list-query.ts';
import { fetchPage } from '../http/paging.ts';
import { likePattern } from '../db/like-pattern.ts';

const cardList = {
  filters: ['buid_customer', 'status', 'search'] as const,
  sorts: ['card_name', 'holder', 'expiry_date', 'status', 'termination_date'] as const,
  defaultSort: [{ field: 'card_name', direction: 'asc' }] as const,
  defaultPageSize: 50,
};
const cardSortColumns = {
  card_name: 'card_name',
  holder: 'card_holder',
  expiry_date: 'expiry_date',
  status: 'status',
  termination_date: 'termination_date',
};

const requestBody = {
  type: 'object',
  additionalProperties: false,
  required: ['card_name', 'card_holder'],
  properties: {
    buid_customer: { type: 'string', minLength: 1, maxLength: 64 },
    card_name: { type: 'string', minLength: 1, maxLength: 100 },
    card_holder: { type: 'string', minLength: 1, maxLength: 100 },
  },
} as const;

const terminateBody = {
  type: 'object',
  additionalProperties: false,
  required: ['reason'],
  properties: { reason: { enum: [...TERMINATION_REASONS] } },
} as const;

/** Account status of a customer the caller may see (404 otherwise); `trx` when inside a write. */
async function accountStatus(db: Database, auth: AuthContext, customer: string) {
  const row = await db.selectFrom('customers').select('status').where('buid_customer', '=', customer).executeTakeFirst();
  if (!row || !auth.customerIds.includes(customer)) throw notFound();
  return row.status;
}

/** A name field: trimmed, required, at most the tenant's maximum (spec §5 name length). */
function nameField(value: string, field: string, max: number): string {
  const trimmed = value.trim();
  if (!trimmed) throw badRequest(ErrorCode.fieldRequired, { pointer: `/${field}` }, { field });
  if (trimmed.length > max) throw badRequest(ErrorCode.invalidRequest, { pointer: `/${field}` }, { max });
  return trimmed;
}

/** 11 random digits from the OS CSPRNG; the domain adds the 7083 prefix and the Luhn digit. */
function randomCardDigits(): string {
  return Array.from({ length: 11 }, () => String(randomInt(0, 10))).join('');
}

/** 11 random digits make a clash unlikely; checking keeps card numbers unique regardless. */
async function uniqueCardNumber(db: Database): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const number = cardNumberFrom(randomCardDigits());
    // Numbers are sealed: compare the few cards sharing BIN and last four digits in the open.
    const candidates = await db
      .selectFrom('cards')
      .select(['card_number_sealed', 'card_key_id'])
      .where('card_bin', '=', number.slice(0, 6))
      .where('card_last4', '=', number.slice(-4))
      .execute();
    if (!candidates.some((candidate) => openPan(candidate) === number)) return number;
  }
  throw new ApiError(503, ErrorCode.serverError);
}

export function cardRoutes(app: SchemaTypedApp, deps: AppDeps): void {
  const { db, clock } = deps;

  app.get(
    '/ecaas/cards',
    {
      schema: {
        querystring: listQuerystring(cardList),
        response: responses(
          listDocument(cardResourceSchema, {
            meta: strictObject({ page: pageMetaSchema, account_status: text, unavailable: boolean, code: text }, ['unavailable', 'code']),
          }),
          'Cards, paged; meta.unavailable when the account is inactive',
        ),
      },
      config: {
        access: { can: ['read', 'Card'] },
        summary: 'Cards of a customer, numbers masked; filter[buid_customer], filter[status] (comma list), filter[search]; sorted, paged',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const list = parseListQuery(request.query, cardList);
      const customer = scopedCustomer(auth, list.filters.buid_customer);
      const status = await accountStatus(db, auth, customer);
      let query = db.selectFrom('cards').selectAll().where('buid_customer', '=', customer);
      if (list.filters.status !== undefined) {
        const statuses = list.filters.status.split(',').map((value) => value.trim());
        if (!statuses.every(isCardStatus))
          throw badRequest(ErrorCode.invalidFilter, { parameter: 'filter[status]' }, { allowed: CARD_STATUSES });
        query = query.where('status', 'in', statuses.filter(isCardStatus));
      }
      if (list.filters.search) {
        const pattern = likePattern(list.filters.search);
        // Only the last four digits are searchable: a search must not reveal the rest of a number.
        query = query.where((eb) =>
          eb.or([eb('card_name', 'ilike', pattern), eb('card_holder', 'ilike', pattern), eb('card_last4', 'like', pattern)]),
        );
      }
      const { rows, meta } = await fetchPage(query, list, cardSortColumns, 'card_id');
      const viewer = { accountStatus: status, mayUpdate: auth.ability.can('update', 'Card') };
      // spec §8 "Cards unavailable for inactive accounts": the list still loads, flagged.
      const unavailable = !canManageCards(status);
      return reply.type(JSON_API).send({
        data: rows.map((row) => cardResource(row, viewer)),
        meta: {
          page: meta,
          account_status: status,
          ...(unavailable ? { unavailable: true, code: ErrorCode.cardsUnavailableInactive } : {}),
        },
      });
    },
  );

  app.post(
    '/ecaas/cards/request',
    {
      schema: { body: requestBody, response: responses(singleDocument(cardResourceSchema), 'The card requested', 201) },
      config: {
        access: { can: ['create', 'Card'] },
        summary: 'Request a new card (status requested) for the selected or named customer; refused for inactive accounts',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const customer = scopedCustomer(auth, request.body.buid_customer);
      const max = request.tenant.limits.maxNameLength;
      const cardName = nameField(request.body.card_name, 'card_name', max);
      const holder = nameField(request.body.card_holder, 'card_holder', max);
      const now = clock.now();
      const card = await db.transaction().execute(async (trx) => {
        const status = await accountStatus(trx, auth, customer);
        if (!canManageCards(status)) throw unprocessable(ErrorCode.cardsInactiveAccount, undefined, { account_status: status });
        const number = await uniqueCardNumber(trx);
        const row = await trx
          .insertInto('cards')
          .values({
            buid_customer: customer,
            card_name: cardName,
            card_holder: holder,
            ...sealPan(number),
            expiry_date: cardExpiryDate(centralDay(now)),
            status: 'requested',
            requested_at: now,
            termination_date: null,
            termination_reason: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(trx, {
          tenantId: request.tenant.id,
          userId: auth.user.user_id,
          action: 'request',
          entity: 'card',
          entityId: String(row.card_id),
          detail: { buid_customer: customer, card_name: cardName },
        });
        return row;
      });
      return reply
        .status(201)
        .type(JSON_API)
        .send({ data: cardResource(card, { accountStatus: 'active', mayUpdate: true }) });
    },
  );

  /** activate and terminate: one guarded transition in a transaction with its audit row. */
  async function transition(
    auth: AuthContext,
    tenantId: string,
    cardId: number,
    action: CardAction,
    changes: Partial<Pick<CardRow, 'termination_date' | 'termination_reason'>>,
    detail: Record<string, unknown>,
  ) {
    return db.transaction().execute(async (trx) => {
      const card = await trx.selectFrom('cards').selectAll().where('card_id', '=', cardId).forUpdate().executeTakeFirst();
      if (!card || !auth.customerIds.includes(card.buid_customer)) throw notFound();
      const status = await accountStatus(trx, auth, card.buid_customer);
      // spec §4: cards cannot be requested or terminated (nor activated) for inactive accounts.
      if (!canManageCards(status)) throw unprocessable(ErrorCode.cardsInactiveAccount, undefined, { account_status: status });
      const next = nextCardStatus(card.status, action);
      if (!next) throw new ApiError(409, ErrorCode.invalidRequest, undefined, { status: card.status, action });
      const updated = await trx
        .updateTable('cards')
        .set({ status: next, ...changes })
        .where('card_id', '=', cardId)
        .where('status', 'in', statusesAllowing(action))
        .returningAll()
        .executeTakeFirst();
      if (!updated) throw new ApiError(409, ErrorCode.invalidRequest, undefined, { status: card.status, action });
      await audit(trx, {
        tenantId,
        userId: auth.user.user_id,
        action,
        entity: 'card',
        entityId: String(cardId),
        detail: { from: card.status, to: next, ...detail },
      });
      return { card: updated, status };
    });
  }

  app.post(
    '/ecaas/cards/:card_id/activate',
    {
      schema: { params: cardIdParams, response: responses(singleDocument(cardResourceSchema), 'The card') },
      config: { access: { can: ['update', 'Card'] }, summary: 'Activate a requested card (requested or activation → active)' },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { card, status } = await transition(auth, request.tenant.id, Number(request.params.card_id), 'activate', {}, {});
      return reply.type(JSON_API).send({ data: cardResource(card, { accountStatus: status, mayUpdate: true }) });
    },
  );

  app.post(
    '/ecaas/cards/:card_id/terminate',
    {
      schema: { params: cardIdParams, body: terminateBody, response: responses(singleDocument(cardResourceSchema), 'The card') },
      config: {
        access: { can: ['update', 'Card'] },
        summary: 'Terminate a card with a reason (damaged, lost, stolen, no_longer_needed), dated today in Central time',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const reason = request.body.reason;
      // spec §9: some dates use Central US time; the termination date is the Central calendar day.
      const today = centralDay(clock.now());
      const { card, status } = await transition(
        auth,
        request.tenant.id,
        Number(request.params.card_id),
        'terminate',
        { termination_date: today, termination_reason: reason },
        { reason },
      );
      return reply.type(JSON_API).send({ data: cardResource(card, { accountStatus: status, mayUpdate: true }) });
    },
  );

  cardSecureRoutes(app, deps);
}
