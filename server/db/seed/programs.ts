import { statSync } from 'node:fs';
import { join } from 'node:path';
import { NOTIFICATION_FILES_DIR } from '../../notifications/attachments.ts';
import { programYearEnding } from '../../../domain/loyalty.ts';
import { addDays, at, DEMO, FLEET, type Writer } from './util.ts';

const PAYMENT_GUIDE = 'payment-guide.pdf';
const fileSize = (file: string) => statSync(join(NOTIFICATION_FILES_DIR, file)).size;

/** Five demo notifications (one high priority, one with links and attachments, one not yet effective, one expired, one for merchants) and one fleet notification. */
export async function seedNotifications(db: Writer, today: string): Promise<void> {
  const day = (offset: number, hour = 14) => at(addDays(today, offset), hour);
  const base = {
    buid_customer: null,
    user_type: null,
    expires_ts: null,
    high_priority: false,
    notification_links: '[]',
    notification_attachments: '[]',
  };
  await db
    .insertInto('notifications')
    .values([
      {
        ...base,
        tenant_id: DEMO,
        created_ts: day(-3),
        effective_ts: day(-2),
        expires_ts: day(30),
        high_priority: true,
        text_title: 'Scheduled maintenance this weekend',
        text_body: 'The portal will be unavailable on Saturday from 10 pm to 2 am Central time.',
      },
      {
        ...base,
        tenant_id: DEMO,
        created_ts: day(-11),
        effective_ts: day(-10),
        text_title: 'New payment options',
        text_body: 'You can now pay invoices by card or set up AutoPay from the Payments page.',
        // Issue 13 item 9: everything the demo links to is the portal's own, so it works offline and
        // behind the reader's session: a portal page and a file the API serves (server/notifications/attachments.ts).
        notification_links: JSON.stringify([{ label: 'Program terms', url: '/frame/terms' }]),
        notification_attachments: JSON.stringify([
          { file_name: 'payment-guide.pdf', file: PAYMENT_GUIDE, content_type: 'application/pdf', file_size: fileSize(PAYMENT_GUIDE) },
        ]),
      },
      {
        ...base,
        tenant_id: DEMO,
        created_ts: day(-1),
        effective_ts: day(7),
        text_title: 'Holiday billing schedule',
        text_body: 'Statements will be issued one day later during the holiday week.',
      },
      {
        ...base,
        tenant_id: DEMO,
        created_ts: day(-45),
        effective_ts: day(-40),
        expires_ts: day(-5),
        text_title: 'Summer fuel promotion ended',
        text_body: 'The summer fuel promotion has ended. Thank you for participating.',
      },
      {
        ...base,
        tenant_id: DEMO,
        user_type: 'merchant',
        created_ts: day(-4),
        effective_ts: day(-3),
        text_title: 'Merchant settlement update',
        text_body: 'Merchant settlements now post within one business day.',
      },
      {
        ...base,
        tenant_id: FLEET,
        created_ts: day(-6),
        effective_ts: day(-5),
        text_title: 'Welcome to Fleet Charge Account',
        text_body: 'Your fleet account statements are now available online.',
      },
    ])
    .execute();
}

/**
 * Two loyalty programs with milestones; C-1001 actively enrolled in the first (managed by the
 * demo `enrollment` user), C-1002 pending in the second. Each runs over the program year ending
 * with this month. Spend and rewards are not stored: they come from the customers' paid invoices.
 */
export async function seedLoyalty(db: Writer, today: string, users: ReadonlyMap<string, number>): Promise<void> {
  const year = programYearEnding(today);
  const { program_id: fuel } = await db
    .insertInto('loyalty_programs')
    .values({
      tenant_id: DEMO,
      program_template: 'Fuel Rewards 2026',
      goal_type_id: 2,
      currency: 'USD',
      incentive_reward_minor: 250_000,
      sales_target_minor: 5_000_000,
      growth_rate: 5.5,
      growth_tier: 2,
      rewards_tier: 3,
      enrollment_manager: 'Dana Whitfield',
      reward_rate_bp: 150,
      ...year,
      manager_user_id: users.get('enrollment') ?? null,
    })
    .returning('program_id')
    .executeTakeFirstOrThrow();
  const { program_id: growth } = await db
    .insertInto('loyalty_programs')
    .values({
      tenant_id: DEMO,
      program_template: 'Growth Bonus 2026',
      goal_type_id: 1,
      currency: 'CAD',
      incentive_reward_minor: 150_000,
      sales_target_minor: 30_000_000,
      growth_rate: 3,
      growth_tier: 1,
      rewards_tier: 2,
      enrollment_manager: 'Luc Tremblay',
      reward_rate_bp: 100,
      ...year,
    })
    .returning('program_id')
    .executeTakeFirstOrThrow();
  // C-1001's paid USD invoices since enrollment come to about $11,800 (see seedInvoices): tier 1 reached, tier 2 ahead.
  const fuelTiers = [
    { incentive_tier: 1, target_minor: 1_000_000, reward_minor: 15_000 },
    { incentive_tier: 2, target_minor: 2_500_000, reward_minor: 40_000 },
    { incentive_tier: 3, target_minor: 3_500_000, reward_minor: 80_000 },
    { incentive_tier: 4, target_minor: 5_000_000, reward_minor: 150_000 },
  ];
  await db
    .insertInto('loyalty_milestones')
    .values([
      ...fuelTiers.map((tier) => ({ program_id: fuel, ...tier })),
      { program_id: growth, incentive_tier: 1, target_minor: 5_000_000, reward_minor: 10_000 },
      { program_id: growth, incentive_tier: 2, target_minor: 15_000_000, reward_minor: 40_000 },
      { program_id: growth, incentive_tier: 3, target_minor: 30_000_000, reward_minor: 150_000 },
    ])
    .execute();
  await db
    .insertInto('loyalty_enrollments')
    .values([
      { buid_customer: 'C-1001', loyalty_program_id: fuel, goal_type_id: 2, enrollment_status: 3, enrollment_date: addDays(today, -320) },
      { buid_customer: 'C-1002', loyalty_program_id: growth, goal_type_id: 1, enrollment_status: 1, enrollment_date: addDays(today, -10) },
    ])
    .execute();
}
