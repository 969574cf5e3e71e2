import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import { loyaltyIssueMessage, validateLoyaltyProgram } from '../../domain/loyalty.ts';
import type { AppDeps } from '../deps.ts';
import { audit } from '../audit.ts';
import { authOf } from '../auth/access.ts';
import { badRequest, notFound, unprocessable } from '../http/errors.ts';
import { JSON_API } from '../http/jsonapi.ts';
import { idDigits, responses, strictObject, text } from '../http/api-schema.ts';
import { listQuerystring, parseListQuery } from '../http/list-query.ts';
import { milestonesDocument, milestonesDocumentOf } from './milestones.ts';

// spec §7 fixes the milestone order by goal type, so filter[sort] is refused (no sorts listed).
const milestoneList = { filters: ['program_id'] as const, sorts: [] as const, defaultSort: [] as const };

// Values may be missing or not whole so the spec §5 checks (domain/loyalty.ts) answer with their own messages.
const editedValue = { type: ['number', 'null'] } as const;
const targetsBody = {
  type: 'object',
  additionalProperties: false,
  required: ['incentive_reward_minor', 'milestones'],
  properties: {
    incentive_reward_minor: editedValue,
    milestones: {
      type: 'array',
      maxItems: 100,
      description: 'Every milestone, by incentive_tier ascending: each tier and target higher than the previous',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['incentive_tier', 'target_minor', 'reward_minor'],
        properties: { incentive_tier: editedValue, target_minor: editedValue, reward_minor: editedValue },
      },
    },
    currency: { ...text, description: "The program's currency as the editor showed it; ignored" },
  },
} as const;
const programParams = strictObject({ program_id: idDigits });

function positiveId(raw: string, parameter: string): number {
  if (!/^[1-9]\d{0,14}$/.test(raw)) throw badRequest(ErrorCode.invalidFilter, { parameter });
  return Number(raw);
}

/** A program's milestones, and its manager's edit of the reward and milestones (spec §5). */
export function loyaltyMilestoneRoutes(app: SchemaTypedApp, { db }: AppDeps): void {
  app.get(
    '/customer-loyalty-milestones',
    {
      schema: { querystring: listQuerystring(milestoneList), response: responses(milestonesDocument, 'Milestones in tier order') },
      config: {
        access: { can: ['read', 'LoyaltyProgram'] },
        summary: 'Milestones of a program (filter[program_id]), by incentive_tier: ascending for goal type 2, else descending',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const list = parseListQuery(request.query, milestoneList);
      if (list.filters.program_id === undefined) {
        throw badRequest(ErrorCode.fieldRequired, { parameter: 'filter[program_id]' }, { field: 'program_id' });
      }
      const programId = positiveId(list.filters.program_id, 'filter[program_id]');
      // Row scope: a program is visible when one of the user's customers is enrolled in it.
      const program = await db
        .selectFrom('loyalty_programs')
        .select(['program_id', 'goal_type_id', 'currency'])
        .where('program_id', '=', programId)
        .where('tenant_id', '=', request.tenant.id)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('loyalty_enrollments')
              .select('loyalty_enrollments.id')
              .whereRef('loyalty_enrollments.loyalty_program_id', '=', 'loyalty_programs.program_id')
              .where('loyalty_enrollments.buid_customer', 'in', auth.customerIds.length ? [...auth.customerIds] : ['']),
          ),
        )
        .executeTakeFirst();
      if (!program) throw notFound();
      return reply.type(JSON_API).send(await milestonesDocumentOf(db, program));
    },
  );

  app.patch(
    '/customer-loyalty-programs/:program_id/targets',
    {
      schema: {
        params: programParams,
        body: targetsBody,
        response: responses(milestonesDocument, "The program's milestones as saved, in tier order"),
      },
      config: {
        access: { can: ['update', 'LoyaltyProgram'] },
        summary:
          "The enrollment manager replaces a program's incentive reward and milestones (spec §5: reward > 0; values required, not negative, each tier and target higher than the previous, at most the tenant's maxima); 422 with the first broken rule",
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const programId = Number(request.params.program_id);
      // Row scope: only the program's own manager edits it; any other program is "not found".
      const program = await db
        .selectFrom('loyalty_programs')
        .select(['program_id', 'goal_type_id', 'currency', 'incentive_reward_minor'])
        .where('program_id', '=', programId)
        .where('tenant_id', '=', request.tenant.id)
        .where('manager_user_id', '=', auth.user.user_id)
        .executeTakeFirst();
      if (!program) throw notFound();
      const body = request.body;
      const [issue] = validateLoyaltyProgram(body, request.tenant.limits.loyalty);
      if (issue) {
        const message = loyaltyIssueMessage(issue, program.currency);
        throw unprocessable(message.code, { pointer: issue.pointer }, message.values);
      }
      const milestones = body.milestones.map((milestone) => ({
        incentive_tier: Number(milestone.incentive_tier),
        target_minor: Number(milestone.target_minor),
        reward_minor: Number(milestone.reward_minor),
      }));
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('loyalty_programs')
          .set({ incentive_reward_minor: Number(body.incentive_reward_minor) })
          .where('program_id', '=', programId)
          .execute();
        await trx.deleteFrom('loyalty_milestones').where('program_id', '=', programId).execute();
        if (milestones.length)
          await trx
            .insertInto('loyalty_milestones')
            .values(milestones.map((milestone) => ({ program_id: programId, ...milestone })))
            .execute();
        await audit(trx, {
          tenantId: request.tenant.id,
          userId: auth.user.user_id,
          action: 'loyalty.targets',
          entity: 'loyalty_program',
          entityId: String(programId),
          detail: { incentive_reward_minor: { from: program.incentive_reward_minor, to: Number(body.incentive_reward_minor) }, milestones },
        });
      });
      return reply.type(JSON_API).send(await milestonesDocumentOf(db, program));
    },
  );
}
