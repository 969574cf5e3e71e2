import { likePattern } from '../db/like-pattern.ts';
import type { SchemaTypedApp } from '../http/typed-routes.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../auth/access.ts';
import { boolean, nullableText, pagedDocument, resourceSchema, responses, strictObject, text } from '../http/api-schema.ts';
import { JSON_API, resource } from '../http/jsonapi.ts';
import { listQuerystring, parseIdList, parseListQuery } from '../http/list-query.ts';
import { fetchPage } from '../http/paging.ts';

const customerList = {
  filters: ['buid_customer', 'search', 'status'] as const,
  sorts: ['customer_name', 'buid_customer', 'status'] as const,
  defaultSort: [{ field: 'customer_name', direction: 'asc' }] as const,
  defaultPageSize: 10_000,
};

const locationList = {
  filters: ['buid_location', 'buid_customer', 'search'] as const,
  sorts: ['location_name', 'buid_location'] as const,
  defaultSort: [{ field: 'location_name', direction: 'asc' }] as const,
  defaultPageSize: 10_000,
};

const merchantList = {
  filters: ['buid_merchant', 'search'] as const,
  sorts: ['merchant_name', 'buid_merchant'] as const,
  defaultSort: [{ field: 'merchant_name', direction: 'asc' }] as const,
  defaultPageSize: 100,
};

const customerResource = resourceSchema(
  'customers',
  strictObject({
    buidCustomer: text,
    customerName: text,
    currency: text,
    status: text,
    isActive: boolean,
    paymentEligible: boolean,
    paymentWebText: nullableText,
    systemType: text,
  }),
);
const locationResource = resourceSchema(
  'locations',
  strictObject({
    buidLocation: text,
    buidCustomer: text,
    name: text,
    locationName: text,
    display_location: text,
  }),
);
const merchantResource = resourceSchema(
  'merchants',
  strictObject({
    buidMerchant: text,
    merchantName: text,
    status: text,
    currency: text,
  }),
);

export function customerRoutes(app: SchemaTypedApp, { db }: AppDeps): void {
  app.get(
    '/customers',
    {
      schema: { querystring: listQuerystring(customerList), response: responses(pagedDocument(customerResource), 'Customers, paged') },
      config: {
        access: { can: ['read', 'Customer'] },
        summary: 'Customers the user may see; filter[buid_customer] or paged (page[size] up to 10000)',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const list = parseListQuery(request.query, customerList);
      const ids = parseIdList(list.filters.buid_customer, 'filter[buid_customer]');
      let query = db
        .selectFrom('customers')
        .selectAll()
        .where('buid_customer', 'in', auth.customerIds.length ? [...auth.customerIds] : ['']);
      if (ids) query = query.where('buid_customer', 'in', ids);
      if (list.filters.status) query = query.where('status', '=', list.filters.status as 'active');
      if (list.filters.search) {
        const pattern = likePattern(list.filters.search);
        query = query.where((eb) => eb.or([eb('customer_name', 'ilike', pattern), eb('buid_customer', 'ilike', pattern)]));
      }
      const { rows, meta } = await fetchPage(
        query,
        list,
        { customer_name: 'customer_name', buid_customer: 'buid_customer', status: 'status' },
        'buid_customer',
      );
      return reply.type(JSON_API).send({
        data: rows.map((row) =>
          resource('customers', row.buid_customer, {
            buidCustomer: row.buid_customer,
            customerName: row.customer_name,
            currency: row.currency,
            status: row.status,
            isActive: row.status === 'active',
            paymentEligible: row.payment_eligible && row.status === 'active',
            paymentWebText: row.payment_web_text,
            systemType: row.system_type,
          }),
        ),
        meta: { page: meta },
      });
    },
  );

  app.get(
    '/locations',
    {
      schema: { querystring: listQuerystring(locationList), response: responses(pagedDocument(locationResource), 'Locations, paged') },
      config: {
        access: { can: ['read', 'Location'] },
        summary: "Locations of the user's customers; filter[buid_customer], filter[buid_location], paged",
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const list = parseListQuery(request.query, locationList);
      const customers = parseIdList(list.filters.buid_customer, 'filter[buid_customer]')?.filter((id) => auth.customerIds.includes(id)) ?? [
        ...auth.customerIds,
      ];
      let query = db
        .selectFrom('locations')
        .selectAll()
        .where('buid_customer', 'in', customers.length ? customers : ['']);
      const locations = parseIdList(list.filters.buid_location, 'filter[buid_location]');
      if (locations) query = query.where('buid_location', 'in', locations);
      if (list.filters.search) query = query.where('location_name', 'ilike', likePattern(list.filters.search));
      const { rows, meta } = await fetchPage(
        query,
        list,
        { location_name: 'location_name', buid_location: 'buid_location' },
        'buid_location',
      );
      return reply.type(JSON_API).send({
        data: rows.map((row) =>
          resource('locations', row.buid_location, {
            buidLocation: row.buid_location,
            buidCustomer: row.buid_customer,
            name: row.location_name,
            locationName: row.location_name,
            display_location: row.display_location,
          }),
        ),
        meta: { page: meta },
      });
    },
  );

  app.get(
    '/merchants',
    {
      schema: { querystring: listQuerystring(merchantList), response: responses(pagedDocument(merchantResource), 'Merchants, paged') },
      config: { access: { can: ['read', 'Merchant'] }, summary: 'Merchants: filter[buid_merchant] or filter[search]' },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const list = parseListQuery(request.query, merchantList);
      // Row scope: a merchant user sees their merchants; a customer sees the merchants that sold to them.
      let query = db
        .selectFrom('merchants')
        .selectAll()
        .where('tenant_id', '=', request.tenant.id)
        .where((eb) =>
          eb.or([
            eb('buid_merchant', 'in', auth.merchantIds.length ? [...auth.merchantIds] : ['']),
            eb.exists(
              eb
                .selectFrom('invoices')
                .select('invoices.trx_id')
                .whereRef('invoices.buid_merchant', '=', 'merchants.buid_merchant')
                .where('invoices.buid_customer', 'in', auth.customerIds.length ? [...auth.customerIds] : ['']),
            ),
          ]),
        );
      const ids = parseIdList(list.filters.buid_merchant, 'filter[buid_merchant]');
      if (ids) query = query.where('buid_merchant', 'in', ids);
      if (list.filters.search) query = query.where('merchant_name', 'ilike', likePattern(list.filters.search));
      const { rows, meta } = await fetchPage(
        query,
        list,
        { merchant_name: 'merchant_name', buid_merchant: 'buid_merchant' },
        'buid_merchant',
      );
      return reply.type(JSON_API).send({
        data: rows.map((row) =>
          resource('merchants', row.buid_merchant, {
            buidMerchant: row.buid_merchant,
            merchantName: row.merchant_name,
            status: row.status,
            currency: row.currency,
          }),
        ),
        meta: { page: meta },
      });
    },
  );
}
