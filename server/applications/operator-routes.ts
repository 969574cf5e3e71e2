import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { APPLICATION_STATUSES } from '../../domain/credit-applications.ts';
import type { AppDeps } from '../deps.ts';
import type { ServiceAccess } from '../auth/access.ts';
import { applicationResource, applicationResourceSchema } from './application-resource.ts';
import { decideApplication, filteredApplications, operatorDecisionBody, tenantApplication } from './operator-decision.ts';
import { pagedDocument, responses, singleDocument } from '../http/api-schema.ts';
import { JSON_API } from '../http/jsonapi.ts';
import { listQuerystring, parseListQuery } from '../http/list-query.ts';
import { fetchPage } from '../http/paging.ts';
import { applicationIdParams, applicationSortColumns } from './request-schemas.ts';

/** Who may call these routes: a service presenting the operator key (server/auth/service-credential.ts). */
const OPERATOR: ServiceAccess = { service: 'operator' };

const operatorList = {
  filters: ['status', 'buid_customer'] as const,
  sorts: ['created_at', 'status', 'requested_limit'] as const,
  // Oldest first: the review queue.
  defaultSort: [{ field: 'created_at', direction: 'asc' }] as const,
  defaultPageSize: 50,
  filterSchemas: { status: { type: 'string' as const, enum: APPLICATION_STATUSES, description: 'One status' } },
};

/**
 * Issue 26: the program operator decides credit applications through the API (and the operator
 * studio, server/studio/application-routes.ts, with the same rule). Tenant by host name, as every
 * route. A decision follows the transition rule of domain/credit-applications.ts (409 when it
 * refuses); each one notifies the applicant; an approval sets the customer's credit limit.
 *
 *   curl -H "Authorization: Bearer $KEY" http://localhost:8080/operator/credit-applications?filter[status]=submitted
 *   curl -H "Authorization: Bearer $KEY" -H 'content-type: application/json' \
 *        -d '{"action":"approve","approved_limit":5000000}' http://localhost:8080/operator/credit-applications/1/decision
 */
export function operatorApplicationRoutes(app: SchemaTypedApp, { db, clock }: AppDeps): void {
  app.get(
    '/operator/credit-applications',
    {
      schema: {
        querystring: listQuerystring(operatorList),
        response: responses(pagedDocument(applicationResourceSchema), "The tenant's applications, oldest first"),
      },
      config: {
        access: OPERATOR,
        summary: 'Operator: every credit application of the tenant; filter[status], filter[buid_customer]; sorted, paged',
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, operatorList);
      const query = filteredApplications(db, request.tenant.id, list.filters);
      const { rows, meta } = await fetchPage(query, list, applicationSortColumns, 'application_id');
      return reply.type(JSON_API).send({ data: rows.map((row) => applicationResource(row)), meta: { page: meta } });
    },
  );

  app.get(
    '/operator/credit-applications/:application_id',
    {
      schema: {
        params: applicationIdParams,
        response: responses(singleDocument(applicationResourceSchema), 'One application with its history and documents'),
      },
      config: { access: OPERATOR, summary: 'Operator: one credit application with its history and documents' },
    },
    async (request, reply) => {
      const data = await tenantApplication(db, request.tenant.id, Number(request.params.application_id));
      return reply.type(JSON_API).send({ data });
    },
  );

  app.post(
    '/operator/credit-applications/:application_id/decision',
    {
      schema: {
        params: applicationIdParams,
        body: operatorDecisionBody,
        response: responses(singleDocument(applicationResourceSchema), 'The application after the decision'),
      },
      config: {
        access: OPERATOR,
        summary: "Operator: review, request more information, approve (sets the customer's credit limit) or decline an application",
      },
    },
    async (request, reply) => {
      const target = { tenantId: request.tenant.id, applicationId: Number(request.params.application_id) };
      const data = await decideApplication(db, target, request.body, clock.now());
      return reply.type(JSON_API).send({ data });
    },
  );
}
