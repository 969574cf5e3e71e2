import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../auth/access.ts';
import { scopedCustomer } from '../auth/guard.ts';
import { badRequest } from '../http/errors.ts';
import { JSON_API, resource } from '../http/jsonapi.ts';
import {
  boolean,
  day,
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

/** The customer's loyalty enrollments and standing (spec §2); milestones and targets in milestone-routes.ts. */
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
}
