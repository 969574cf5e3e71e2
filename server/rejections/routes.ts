import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import { REJECTION_STATUSES, type RejectionStatus } from '../../domain/rejections.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../auth/access.ts';
import { callerSide, parseNumericIds, requireInScope } from '../disputes/scope.ts';
import { badRequest } from '../http/errors.ts';
import { JSON_API } from '../http/jsonapi.ts';
import { pagedDocument, responses } from '../http/api-schema.ts';
import { listQuerystring, parseIdList, parseListQuery } from '../http/list-query.ts';
import { fetchPage } from '../http/paging.ts';
import { likePattern } from '../db/like-pattern.ts';
import { parseCurrency } from '../invoices/list.ts';
import { SORT_COLUMNS, rejectionList, selectRejections } from './query.ts';
import { rejectionResource, rejectionResourceSchema } from './resource.ts';

/** The rejection centre's list (spec §2, §4); cancel and resubmit in action-routes.ts. */
export function rejectionRoutes(app: SchemaTypedApp, deps: AppDeps): void {
  const { db } = deps;

  app.get(
    '/rejections',
    {
      schema: {
        querystring: listQuerystring(rejectionList),
        response: responses(pagedDocument(rejectionResourceSchema), 'Rejections, paged'),
      },
      config: {
        access: { can: ['read', 'Rejection'] },
        summary:
          'Rejected transactions: filters buid_customer, buid_merchant, status, search, trx_id, rejection_id, customer_search, merchant_search, sol_currency; paged and sorted',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const side = callerSide(auth);
      const list = parseListQuery(request.query, rejectionList);
      const { filters } = list;
      const customers = parseIdList(filters.buid_customer, 'filter[buid_customer]');
      const merchants = parseIdList(filters.buid_merchant, 'filter[buid_merchant]');
      // Ids on the caller's own side must be in scope (404 otherwise); on the other side they only narrow.
      if (side === 'customer') requireInScope(customers, auth.customerIds);
      else requireInScope(merchants, auth.merchantIds);
      const statuses = parseIdList(filters.status, 'filter[status]');
      if (statuses?.some((status) => !(REJECTION_STATUSES as readonly string[]).includes(status))) {
        throw badRequest(ErrorCode.invalidFilter, { parameter: 'filter[status]' });
      }
      const trxIds = parseIdList(filters.trx_id, 'filter[trx_id]');
      const rejectionIds = parseNumericIds(parseIdList(filters.rejection_id, 'filter[rejection_id]'), 'filter[rejection_id]');
      let query = selectRejections(db, auth, request.tenant.id);
      if (customers) query = query.where('rejections.buid_customer', 'in', customers);
      if (merchants) query = query.where('rejections.buid_merchant', 'in', merchants);
      if (statuses) query = query.where('rejections.status', 'in', statuses as RejectionStatus[]);
      if (trxIds) query = query.where('rejections.trx_id', 'in', trxIds);
      if (rejectionIds) query = query.where('rejections.rejection_id', 'in', rejectionIds);
      const currency = parseCurrency(filters.sol_currency);
      if (currency) query = query.where('rejections.currency', '=', currency);
      // The rejection centre's customer search and merchant search (issue 15): name or id.
      if (filters.customer_search?.trim()) {
        const pattern = likePattern(filters.customer_search.trim());
        query = query.where((eb) =>
          eb.or([eb('customers.customer_name', 'ilike', pattern), eb('rejections.buid_customer', 'ilike', pattern)]),
        );
      }
      if (filters.merchant_search?.trim()) {
        const pattern = likePattern(filters.merchant_search.trim());
        query = query.where((eb) =>
          eb.or([eb('merchants.merchant_name', 'ilike', pattern), eb('rejections.buid_merchant', 'ilike', pattern)]),
        );
      }
      if (filters.search) {
        const pattern = likePattern(filters.search.trim());
        // Only the card's last four are searchable, as only they are shown.
        const lastFour = filters.search.trim().replace(/^\*+/, '');
        query = query.where((eb) =>
          eb.or([
            eb('customers.customer_name', 'ilike', pattern),
            eb('merchants.merchant_name', 'ilike', pattern),
            eb('rejections.trx_id', 'ilike', pattern),
            eb('rejections.card_holder', 'ilike', pattern),
            ...(/^\d{1,4}$/.test(lastFour)
              ? [eb(eb.fn('right', ['rejections.card_identifier', eb.val(4)]), 'like', likePattern(lastFour))]
              : []),
          ]),
        );
      }
      const { rows, meta } = await fetchPage(query, list, SORT_COLUMNS, 'rejections.rejection_id');
      return reply.type(JSON_API).send({ data: rows.map(rejectionResource), meta: { page: meta } });
    },
  );
}
