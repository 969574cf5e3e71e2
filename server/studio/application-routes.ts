import type { FastifyInstance } from 'fastify';
import { applicationResource } from '../applications/application-resource.ts';
import {
  decideApplication,
  type OperatorDecisionBody,
  operatorDecisionBody,
  tenantApplication,
  tenantApplications,
} from '../applications/operator-decision.ts';
import { operatorOf } from './plugin.ts';
import { writeStudioAudit } from './queries.ts';
import { HIDDEN, requireGrant, type StudioDeps, send, studioPath, tenantParams } from './route-kit.ts';

const applicationParams = {
  type: 'object',
  required: ['tenantId', 'applicationId'],
  properties: { tenantId: tenantParams.properties.tenantId, applicationId: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' } },
} as const;
type ApplicationParams = { tenantId: string; applicationId: string };

/** A tenant's queue stays short (applications are rare beside invoices): the newest this many, no paging. */
const LIST_LIMIT = 500;

/**
 * Issue 26, the application centre's operator side in the studio: every operator granted the
 * tenant reads its credit applications; a publisher decides them through the operator API's own
 * rule (server/applications/operator-decision.ts), and each decision is in the studio's audit,
 * written in the decision's transaction.
 */
export function applicationRoutes(app: FastifyInstance, { db, clock }: StudioDeps): void {
  app.get<{ Params: { tenantId: string } }>(
    studioPath('/tenants/:tenantId/applications'),
    {
      schema: { ...HIDDEN, params: tenantParams },
      config: { access: { operator: 'read' }, summary: "A tenant's credit applications, newest first" },
    },
    async (request, reply) => {
      requireGrant(operatorOf(request), request.params.tenantId);
      const rows = await tenantApplications(db, request.params.tenantId)
        .orderBy('created_at', 'desc')
        .orderBy('application_id', 'desc')
        .limit(LIST_LIMIT)
        .execute();
      return send(reply, { data: rows.map((row) => applicationResource(row)) });
    },
  );

  app.get<{ Params: ApplicationParams }>(
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

  app.post<{ Params: ApplicationParams; Body: OperatorDecisionBody }>(
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
