import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import { loyaltyIssueMessage, milestoneDirection, validateLoyaltyProgram } from '../../domain/loyalty.ts';
import type { AppDeps } from '../deps.ts';
import { audit } from '../audit.ts';
import { authOf } from '../auth/access.ts';
import { scopedCustomer } from '../auth/guard.ts';
import { badRequest, notFound, unprocessable } from '../http/errors.ts';
import { JSON_API, resource } from '../http/jsonapi.ts';
import {
  boolean,
  day,
  documentSchema,
  idDigits,
  integer,
  nullableInteger,
  nullableText,
  pagedDocument,
  resourceSchema,
  responses,
  strictObject,
  text,
} from '../http/api-schema.ts';
import { listQuerystring, parseListQuery } from '../http/list-query.ts';
import { fetchPage } from '../http/paging.ts';
import { milestonesOf, standingOf } from './standing.ts';

const enrollmentList = {
  filters: ['buid_customer', 'enrollment_status'] as const,
  sorts: ['enrollment_date', 'enrollment_status'] as const,
  defaultSort: [{ field: 'enrollment_date', direction: 'desc' }] as const,
  defaultPageSize: 50,
};
const enrollmentSortColumns = {
  enrollment_date: 'loyalty_enrollments.enrollment_date',
  enrollment_status: 'loyalty_enrollments.enrollment_status',
};

const nullableNumber = { type: ['number', 'null'] } as const;
const milestoneAttributes = strictObject({ incentive_tier: integer, target_minor: integer, reward_minor: integer });
const enrollmentResource = resourceSchema(
  'loyalty-enrollments',
  strictObject({
    buid_customer: text,
    enrollment_status: integer,
    loyalty_program_id: integer,
    goal_type_id: integer,
    enrollment_date: day,
    total_spend_minor: integer,
    previous_year_spend_minor: integer,
    yoy_growth: nullableNumber,
    current_reward_minor: integer,
    earned_reward_minor: integer,
    estimated_reward_minor: integer,
    spending_history: { type: 'array', items: strictObject({ month: text, amount_minor: integer }) },
    current_tier: nullableInteger,
    next_tier: nullableInteger,
    next_target_minor: nullableInteger,
    remaining_to_next_minor: integer,
    next_tier_percent: integer,
    program_template: text,
    incentive_reward_minor: integer,
    sales_target_minor: integer,
    growth_rate: nullableNumber,
    growth_tier: nullableInteger,
    rewards_tier: nullableInteger,
    enrollment_manager: nullableText,
    currency: text,
    reward_rate_bp: integer,
    reward_rate_percent: { type: 'number' },
    period_start: day,
    period_end: day,
    milestones: {
      type: 'array',
      description: "The targets and tiers by incentive_tier ascending (the editor's order)",
      items: milestoneAttributes,
    },
    can_edit: { ...boolean, description: 'The caller manages this program and may change its targets and tiers' },
  }),
);
const milestoneResource = resourceSchema(
  'loyalty-milestones',
  strictObject({
    program_id: integer,
    goal_type_id: integer,
    incentive_tier: integer,
    target_minor: integer,
    reward_minor: integer,
    currency: text,
  }),
);
const milestonesDocument = documentSchema(
  { type: 'array', items: milestoneResource },
  { meta: strictObject({ goal_type_id: integer, order: { type: 'string', enum: ['asc', 'desc'] } }) },
);
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

export function loyaltyRoutes(app: SchemaTypedApp, { db, clock }: AppDeps): void {
  app.get(
    '/customer-loyalty-program-enrollments',
    {
      schema: {
        querystring: listQuerystring(enrollmentList),
        response: responses(pagedDocument(enrollmentResource), 'Enrollments, paged'),
      },
      config: {
        access: { can: ['read', 'LoyaltyProgram'] },
        summary:
          "Loyalty enrollments of the selected (or filter[buid_customer]) customer with their program and figures computed from the customer's paid invoices; filter[enrollment_status] (3 = active)",
      },
    },
    async (request, reply) => {
      // spec §4: loyalty loads only with the flag on, never for card viewer or safety manager (policy).
      const auth = authOf(request);
      const list = parseListQuery(request.query, enrollmentList);
      const customer = scopedCustomer(auth, list.filters.buid_customer);
      let query = db
        .selectFrom('loyalty_enrollments')
        .innerJoin('loyalty_programs', 'loyalty_programs.program_id', 'loyalty_enrollments.loyalty_program_id')
        .selectAll('loyalty_enrollments')
        .select([
          'loyalty_programs.program_template',
          'loyalty_programs.currency',
          'loyalty_programs.incentive_reward_minor',
          'loyalty_programs.sales_target_minor',
          'loyalty_programs.growth_rate',
          'loyalty_programs.growth_tier',
          'loyalty_programs.rewards_tier',
          'loyalty_programs.enrollment_manager',
          'loyalty_programs.reward_rate_bp',
          'loyalty_programs.period_start',
          'loyalty_programs.period_end',
          'loyalty_programs.manager_user_id',
        ])
        .where('loyalty_programs.tenant_id', '=', request.tenant.id)
        .where('loyalty_enrollments.buid_customer', '=', customer);
      if (list.filters.enrollment_status !== undefined) {
        if (!/^\d{1,3}$/.test(list.filters.enrollment_status))
          throw badRequest(ErrorCode.invalidFilter, { parameter: 'filter[enrollment_status]' });
        query = query.where('loyalty_enrollments.enrollment_status', '=', Number(list.filters.enrollment_status));
      }
      const { rows, meta } = await fetchPage(query, list, enrollmentSortColumns, 'loyalty_enrollments.id');
      const milestones = await milestonesOf(
        db,
        rows.map((row) => row.loyalty_program_id),
      );
      const now = clock.now();
      const data = await Promise.all(
        rows.map(async (row) => {
          const tiers = milestones.get(row.loyalty_program_id) ?? [];
          const standing = await standingOf(db, row, tiers, now);
          return resource('loyalty-enrollments', row.id, {
            buid_customer: row.buid_customer,
            enrollment_status: row.enrollment_status,
            loyalty_program_id: row.loyalty_program_id,
            goal_type_id: row.goal_type_id,
            enrollment_date: row.enrollment_date,
            ...standing,
            program_template: row.program_template,
            incentive_reward_minor: row.incentive_reward_minor,
            sales_target_minor: row.sales_target_minor,
            growth_rate: row.growth_rate,
            growth_tier: row.growth_tier,
            rewards_tier: row.rewards_tier,
            enrollment_manager: row.enrollment_manager,
            currency: row.currency,
            reward_rate_bp: row.reward_rate_bp,
            reward_rate_percent: row.reward_rate_bp / 100,
            period_start: row.period_start,
            period_end: row.period_end,
            milestones: tiers,
            can_edit: row.manager_user_id === auth.user.user_id && auth.ability.can('update', 'LoyaltyProgram'),
          });
        }),
      );
      return reply.type(JSON_API).send({ data, meta: { page: meta } });
    },
  );

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
      return reply.type(JSON_API).send(await milestonesDocumentOf(program));
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
      return reply.type(JSON_API).send(await milestonesDocumentOf(program));
    },
  );

  async function milestonesDocumentOf(program: { program_id: number; goal_type_id: number; currency: string }) {
    const rows = await db
      .selectFrom('loyalty_milestones')
      .selectAll()
      .where('program_id', '=', program.program_id)
      .orderBy('incentive_tier', milestoneDirection(program.goal_type_id))
      .execute();
    return {
      data: rows.map((row) =>
        resource('loyalty-milestones', row.id, {
          program_id: row.program_id,
          goal_type_id: program.goal_type_id,
          incentive_tier: row.incentive_tier,
          target_minor: row.target_minor,
          reward_minor: row.reward_minor,
          currency: program.currency,
        }),
      ),
      meta: { goal_type_id: program.goal_type_id, order: milestoneDirection(program.goal_type_id) },
    };
  }
}
