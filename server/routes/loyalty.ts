import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../domain/error-codes.ts';
import { milestoneDirection, yoyGrowthPercent } from '../../domain/loyalty.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../auth/access.ts';
import { scopedCustomer } from '../auth/guard.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { JSON_API, resource } from '../http/jsonapi.ts';
import {
  day, documentSchema, integer, nullableInteger, nullableText, pagedDocument, resourceSchema, responses, strictObject, text,
} from '../http/api-schema.ts';
import { listQuerystring, parseListQuery } from '../http/list-query.ts';
import { fetchPage } from '../http/paging.ts';

const enrollmentList = {
  filters: ['buid_customer', 'enrollment_status'] as const,
  sorts: ['enrollment_date', 'enrollment_status'] as const,
  defaultSort: [{ field: 'enrollment_date', direction: 'desc' }] as const,
  defaultPageSize: 50,
};
const enrollmentSortColumns = {
  enrollment_date: 'loyalty_enrollments.enrollment_date', enrollment_status: 'loyalty_enrollments.enrollment_status',
};

// spec §7 fixes the milestone order by goal type, so filter[sort] is refused (no sorts listed).
const nullableNumber = { type: ['number', 'null'] } as const;
const enrollmentResource = resourceSchema('loyalty-enrollments', strictObject({
  buid_customer: text, enrollment_status: integer, loyalty_program_id: integer, goal_type_id: integer, enrollment_date: day,
  total_spend_minor: integer, previous_year_spend_minor: integer, yoy_growth: nullableNumber, current_reward_minor: integer,
  earned_reward_minor: integer, estimated_reward_minor: integer,
  spending_history: { type: 'array', items: strictObject({ month: text, amount_minor: integer }) },
  program_template: text, incentive_reward_minor: integer, sales_target_minor: integer, growth_rate: nullableNumber,
  growth_tier: nullableInteger, rewards_tier: nullableInteger, enrollment_manager: nullableText, currency: text,
}));
const milestonesDocument = documentSchema({ type: 'array', items: resourceSchema('loyalty-milestones', strictObject({
  program_id: integer, goal_type_id: integer, incentive_tier: integer, target_minor: integer, reward_minor: integer, currency: text,
})) }, { meta: strictObject({ goal_type_id: integer, order: { type: 'string', enum: ['asc', 'desc'] } }) });
const milestoneList = { filters: ['program_id'] as const, sorts: [] as const, defaultSort: [] as const };

function positiveId(raw: string, parameter: string): number {
  if (!/^[1-9]\d{0,14}$/.test(raw)) throw badRequest(ErrorCode.invalidFilter, { parameter });
  return Number(raw);
}

export function loyaltyRoutes(app: FastifyInstance, { db }: AppDeps): void {
  app.get('/customer-loyalty-program-enrollments', {
    schema: { querystring: listQuerystring(enrollmentList), response: responses(pagedDocument(enrollmentResource), 'Enrollments, paged') },
    config: { access: { can: ['read', 'LoyaltyProgram'] }, summary: 'Loyalty enrollments of the selected (or filter[buid_customer]) customer with their program; filter[enrollment_status] (3 = active)' },
  }, async (request, reply) => {
    // spec §4: loyalty loads only with the flag on, never for card viewer or safety manager (policy).
    const auth = authOf(request);
    const list = parseListQuery(request.query as Record<string, string>, enrollmentList);
    const customer = scopedCustomer(auth, list.filters.buid_customer);
    let query = db.selectFrom('loyalty_enrollments')
      .innerJoin('loyalty_programs', 'loyalty_programs.program_id', 'loyalty_enrollments.loyalty_program_id')
      .selectAll('loyalty_enrollments')
      .select([
        'loyalty_programs.program_template', 'loyalty_programs.currency', 'loyalty_programs.incentive_reward_minor',
        'loyalty_programs.sales_target_minor', 'loyalty_programs.growth_rate', 'loyalty_programs.growth_tier',
        'loyalty_programs.rewards_tier', 'loyalty_programs.enrollment_manager',
      ])
      .where('loyalty_programs.tenant_id', '=', request.tenant.id)
      .where('loyalty_enrollments.buid_customer', '=', customer);
    if (list.filters.enrollment_status !== undefined) {
      if (!/^\d{1,3}$/.test(list.filters.enrollment_status)) throw badRequest(ErrorCode.invalidFilter, { parameter: 'filter[enrollment_status]' });
      query = query.where('loyalty_enrollments.enrollment_status', '=', Number(list.filters.enrollment_status));
    }
    const { rows, meta } = await fetchPage(query, list, enrollmentSortColumns, 'loyalty_enrollments.id');
    return reply.type(JSON_API).send({
      data: rows.map((row) => resource('loyalty-enrollments', row.id, {
        buid_customer: row.buid_customer,
        enrollment_status: row.enrollment_status,
        loyalty_program_id: row.loyalty_program_id,
        goal_type_id: row.goal_type_id,
        enrollment_date: row.enrollment_date,
        total_spend_minor: row.total_spend_minor,
        previous_year_spend_minor: row.previous_year_spend_minor,
        yoy_growth: yoyGrowthPercent(row.total_spend_minor, row.previous_year_spend_minor),
        current_reward_minor: row.current_reward_minor,
        earned_reward_minor: row.earned_reward_minor,
        estimated_reward_minor: row.estimated_reward_minor,
        spending_history: row.spending_history,
        program_template: row.program_template,
        incentive_reward_minor: row.incentive_reward_minor,
        sales_target_minor: row.sales_target_minor,
        growth_rate: row.growth_rate,
        growth_tier: row.growth_tier,
        rewards_tier: row.rewards_tier,
        enrollment_manager: row.enrollment_manager,
        currency: row.currency,
      })),
      meta: { page: meta },
    });
  });

  app.get('/customer-loyalty-milestones', {
    schema: { querystring: listQuerystring(milestoneList), response: responses(milestonesDocument, 'Milestones in tier order') },
    config: { access: { can: ['read', 'LoyaltyProgram'] }, summary: 'Milestones of a program (filter[program_id]), by incentive_tier: ascending for goal type 2, else descending' },
  }, async (request, reply) => {
    const auth = authOf(request);
    const list = parseListQuery(request.query as Record<string, string>, milestoneList);
    if (list.filters.program_id === undefined) {
      throw badRequest(ErrorCode.fieldRequired, { parameter: 'filter[program_id]' }, { field: 'program_id' });
    }
    const programId = positiveId(list.filters.program_id, 'filter[program_id]');
    // Row scope: a program is visible when one of the user's customers is enrolled in it.
    const program = await db.selectFrom('loyalty_programs').select(['program_id', 'goal_type_id', 'currency'])
      .where('program_id', '=', programId).where('tenant_id', '=', request.tenant.id)
      .where((eb) => eb.exists(eb.selectFrom('loyalty_enrollments').select('loyalty_enrollments.id')
        .whereRef('loyalty_enrollments.loyalty_program_id', '=', 'loyalty_programs.program_id')
        .where('loyalty_enrollments.buid_customer', 'in', auth.customerIds.length ? [...auth.customerIds] : [''])))
      .executeTakeFirst();
    if (!program) throw notFound();
    const rows = await db.selectFrom('loyalty_milestones').selectAll()
      .where('program_id', '=', program.program_id)
      .orderBy('incentive_tier', milestoneDirection(program.goal_type_id))
      .execute();
    return reply.type(JSON_API).send({
      data: rows.map((row) => resource('loyalty-milestones', row.id, {
        program_id: row.program_id,
        goal_type_id: program.goal_type_id,
        incentive_tier: row.incentive_tier,
        target_minor: row.target_minor,
        reward_minor: row.reward_minor,
        currency: program.currency,
      })),
      meta: { goal_type_id: program.goal_type_id, order: milestoneDirection(program.goal_type_id) },
    });
  });
}
