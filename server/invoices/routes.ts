import { Readable } from 'node:stream';
import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { centralDay } from '../../domain/exposure.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../auth/access.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import { fileResponses, pagedDocument, responses, singleDocument } from '../http/api-schema.ts';
import { JSON_API } from '../http/jsonapi.ts';
import { listQuerystring, parseListQuery } from '../http/list-query.ts';
import { invoiceListCaches } from './page.ts';
import { INVOICE_PAGE_TYPE, invoicePageBody } from './page-body.ts';
import { invoicesCsv, type CsvRow } from './csv.ts';
import { streamRows } from './cursor.ts';
import { invoiceDetailRoutes } from './detail-routes.ts';
import { filteredInvoices, invoiceList, orderInvoices, selectCsvColumns, selectInvoiceColumns } from './list.ts';
import { applyScope, fullScope } from './scope.ts';
import { invoiceResource, invoiceResourceSchema } from './serialize.ts';

const trxParams = {
  type: 'object',
  additionalProperties: false,
  required: ['trx_id'],
  properties: { trx_id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

export function invoiceRoutes(app: SchemaTypedApp, deps: AppDeps): void {
  const { db, clock } = deps;

  app.get(
    '/invoices',
    {
      // The hottest route (issue 25): its body is written by invoicePageBody from resources serialised once per row version.
      schema: { querystring: listQuerystring(invoiceList), response: responses(pagedDocument(invoiceResourceSchema), 'Invoices, paged') },
      config: {
        access: { can: ['read', 'Invoice'] },
        summary:
          'Invoices (spec §3) of filter[buid_customer] (default: the session customer) or, for merchant users, their merchants; every filter, sort and page[...]',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const list = parseListQuery(request.query, invoiceList);
      return reply.type(INVOICE_PAGE_TYPE).send(await invoicePageBody(db, auth, list, invoiceListCaches, centralDay(clock.now())));
    },
  );

  app.get(
    '/invoices.csv',
    {
      schema: {
        querystring: listQuerystring(invoiceList),
        response: fileResponses(['text/csv'], 'The invoices as CSV (spec §7 columns), one header line'),
      },
      config: {
        access: { can: ['read', 'Invoice'] },
        summary: 'The invoices of GET /invoices (same filters and sort, no paging) as a CSV download, streamed',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const list = parseListQuery(request.query, invoiceList);
      const query = orderInvoices(selectCsvColumns(filteredInvoices(db, auth, list.filters, centralDay(clock.now()))), list.sort);
      const chunks = streamRows<CsvRow>(db, query);
      // The first chunk is read before any byte is sent, so a failure can still be a JSON:API error.
      let first: IteratorResult<CsvRow[]>;
      try {
        first = await chunks.next();
      } catch (error) {
        request.log.error({ err: error, method: request.method, url: request.url }, 'csv export failed');
        throw new ApiError(503, ErrorCode.unableToDownloadCsv);
      }
      async function* lines(): AsyncGenerator<string> {
        try {
          yield invoicesCsv(first.done ? [] : first.value, { header: true });
          if (first.done) return;
          for await (const rows of chunks) yield invoicesCsv(rows, { header: false });
        } finally {
          // The client went away mid-download: close the cursor's transaction.
          await chunks.return(undefined);
        }
      }
      const body = Readable.from(lines());
      // Also when the stream is destroyed before it was ever read (a generator that never
      // started skips its finally): the cursor's transaction must not outlive the response.
      body.once('close', () => {
        void chunks.return(undefined);
      });
      const fileName = `invoices-${centralDay(clock.now())}.csv`;
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(body);
    },
  );

  app.get(
    '/invoices/:trx_id',
    {
      schema: { params: trxParams, response: responses(singleDocument(invoiceResourceSchema), 'One invoice') },
      config: {
        access: { can: ['read', 'Invoice'] },
        summary:
          "One invoice of any customer (or merchant) the user may see, by its trx id or its invoice id (when that names one invoice of the user's); 404 errors.invoices.notFound otherwise",
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      // No querystring schema (the route takes no parameter, and names the first one it refuses): Fastify's parsed query is an object.
      const [parameter] = Object.keys(request.query as object);
      if (parameter !== undefined) throw badRequest(ErrorCode.invalidFilter, { parameter });
      // Either id names it (issue 26): the transaction id, or the invoice id every list shows
      // (INV-100004), which the user's scope must hold once; a trx id wins over an equal invoice id.
      const id = request.params.trx_id;
      const rows = await selectInvoiceColumns(applyScope(db.selectFrom('invoices'), fullScope(auth)))
        .where((eb) => eb.or([eb('invoices.trx_id', '=', id), eb('invoices.invoice_id', '=', id)]))
        .orderBy('invoices.trx_id')
        .limit(3)
        .execute();
      const byTrx = rows.find((candidate) => candidate.trx_id === id);
      const row = byTrx ?? (rows.length === 1 ? rows[0] : undefined);
      if (!row) throw new ApiError(404, ErrorCode.invoiceNotFound);
      return reply.type(JSON_API).send({ data: invoiceResource(row) });
    },
  );

  invoiceDetailRoutes(app, deps);
}
