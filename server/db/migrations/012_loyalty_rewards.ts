import { sql, type Kysely } from 'kysely';

/**
 * Loyalty rewards computed from paid invoices (issue 16). A program gains the terms the
 * arithmetic needs (domain/loyalty.ts): its reward rate in basis points, its program year, and
 * the user who manages it (the enrollment manager who may edit its targets and tiers). The
 * enrollment's stored figures (spend, rewards, history) go: they are computed on every read from
 * the customer's PAID invoices, so a settled payment moves them at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table loyalty_programs
      add column reward_rate_bp int not null default 100 check (reward_rate_bp between 0 and 10000),
      add column period_start date,
      add column period_end date,
      add column manager_user_id bigint references users(user_id);
    update loyalty_programs p set
      period_start = coalesce((select date_trunc('month', min(e.enrollment_date))::date from loyalty_enrollments e where e.loyalty_program_id = p.program_id), date_trunc('year', now())::date),
      period_end = coalesce((select (date_trunc('month', min(e.enrollment_date)) + interval '1 year' - interval '1 day')::date from loyalty_enrollments e where e.loyalty_program_id = p.program_id), (date_trunc('year', now()) + interval '1 year' - interval '1 day')::date);
    alter table loyalty_programs
      alter column period_start set not null,
      alter column period_end set not null,
      add constraint loyalty_programs_period check (period_end >= period_start);
    create index loyalty_programs_manager on loyalty_programs(manager_user_id);
    alter table loyalty_enrollments
      drop column total_spend_minor, drop column previous_year_spend_minor, drop column current_reward_minor,
      drop column earned_reward_minor, drop column estimated_reward_minor, drop column spending_history;
    create index invoices_paid_by_customer on invoices(buid_customer, currency, received_date) where status = 'Paid';
  `.execute(db);
}
