import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { APPLICATION_STATUSES } from '../../domain/credit-applications.ts';
import { applicationResource } from '../applications/application-resource.ts';
import { decideApplication, filteredApplications, operatorDecisionBody, tenantApplication } from '../applications/operator-decision.ts';
import { listQuerystring, parseListQuery } from '../http/list-query.ts';
import { fetchPage } from '../http/paging.ts';
import { applicationSortColumns } from '../applications/request-schemas.ts';
import { operatorOf } from './plugin.ts';
import { writeStudioAudit } from './queries.ts';
import { HIDDEN, requireGrant, type StudioDeps, send, studioPath, tenantParams } from './route-kit.ts';

const applicationParams = {
  type: 'object',
  required: ['tenantId', 'applicationId'],
  properties: { tenantId: tenantParams.properties.tenantId, applicationId: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' } },
} as const;

/**
 * The studio's list, with the operator API's conventions (server/http/list-query.ts): newest
 * first, filter[status] (one of the statuses, else 400), filter[search] (the application's number,
 * its customer or company), page[number] and page[size] up to 100 (a person reads the page).
 */
const studioList = {
  filters: ['status', 'search'] as const,
  sorts: ['created_at', 'status', 'requested_limit'] as const,
  defaultSort: [{ field: 'created_at', direction: 'desc' }] as const,
  defaultPageSize: 25,
  maxPageSize: 100,
  filterSchemas: {
    status: { type: 'string' as const, enum: APPLICATION_STATUSES, description: 'One status' },
    search: {
      type: 'string' as const,
      maxLength: 100,
      description: "The application's number, or part of its customer id or company name",
    },
  },
};

/**
 * Issue 26, the application centre's operator side in the studio: every operator granted the
 * tenant reads its credit applications; a publisher decides them through the operator API's own
 * rule (server/applications/operator-decision.ts), and each decision is in the studio's audit,
 * written in the decision's transaction.
 */
export function applicationRoutes(app: SchemaTypedApp, { db, clock }: StudioDeps): void {
  app.get(
    studioPath('/tenants/:tenantId/applications'),
    {
      schema: { ...HIDDEN, params: tenantParams, querystring: listQuerystring(studioList) },
      config: {
        access: { operator: 'read' },
        summary: "A tenant's credit applications, newest first; filter[status], filter[search]; paged",
      },
    },
    async (request, reply) => {
      requireGrant(operatorOf(request), request.params.tenantId);
      const list = parseListQuery(request.query, studioList);
      const query = filteredApplications(db, request.params.tenantId, list.filters);
      const { rows, meta } = await fetchPage(query, list, applicationSortColumns, 'application_id');
      return send(reply, { data: rows.map((row) => applicationResource(row)), meta: { page: meta } });
    },
  );

  app.get(
    studioPath('/tenants/:tenantId/applications/:applicationId'),
    {
      schema: { ...HIDDEN, params: applicationParams },
      config: { access: { operator: 'read' }, summary: 'One credit application with its answers, history and documents' },
    },
    async (request, reply) => {
      requireGrant(operatorOf(request), request.params.tenantId);
      return send(reply, { data: await tenantApplication(db, request.params.tenantId, Number(request.params.applicationId)) });
    },
  );

  app.post(
    studioPath('/tenants/:tenantId/applications/:applicationId/decision'),
    {
      schema: { ...HIDDEN, params: applicationParams, body: operatorDecisionBody },
      config: {
        access: { operator: 'decide' },
        summary: "Review, ask for more information, approve (sets the customer's limit) or decline",
      },
    },
    async (request, reply) => {
      const session = operatorOf(request);
      const { tenantId } = request.params;
      requireGrant(session, tenantId);
      const applicationId = Number(request.params.applicationId);
      const data = await decideApplication(db, { tenantId, applicationId }, request.body, clock.now(), (trx, move) =>
        writeStudioAudit(trx, {
          tenantId,
          operatorId: session.operator.operator_id,
          operatorUsername: session.operator.username,
          action: 'application_decided',
          before: { application_id: applicationId, status: move.from },
          after: {
            application_id: applicationId,
            action: request.body.action,
            status: move.to,
            ...(move.approvedLimit === null ? {} : { approved_limit: move.approvedLimit }),
          },
          note: request.body.note?.trim() || null,
        }),
      );
      return send(reply, { data });
    },
  );
}
