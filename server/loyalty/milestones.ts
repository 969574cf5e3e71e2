import { milestoneDirection } from '../../domain/loyalty.ts';
import { resource } from '../http/jsonapi.ts';
import { documentSchema, integer, resourceSchema, strictObject, text } from '../http/api-schema.ts';
import type { Database } from '../db/database.ts';

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
export const milestonesDocument = documentSchema(
  { type: 'array', items: milestoneResource },
  { meta: strictObject({ goal_type_id: integer, order: { type: 'string', enum: ['asc', 'desc'] } }) },
);

/** A program's milestones in its tier order (ascending for goal type 2, else descending), as the milestone routes answer. */
export async function milestonesDocumentOf(db: Database, program: { program_id: number; goal_type_id: number; currency: string }) {
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
