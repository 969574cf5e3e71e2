import type { Transaction } from 'kysely';
import type { DB, OperatorRole } from '../schema.ts';

/** The studio's demo password (README, Operator studio); operators are not portal users and do not share theirs. */
export const DEMO_OPERATOR_PASSWORD = 'Studio#2026';

/** One demo operator of each role (issue 24), granted both shipped tenants. */
export const DEMO_OPERATORS: ReadonlyArray<{ username: string; displayName: string; role: OperatorRole }> = [
  { username: 'editor', displayName: 'Erin Editor', role: 'editor' },
  { username: 'publisher', displayName: 'Pat Publisher', role: 'publisher' },
  { username: 'auditor', displayName: 'Avery Auditor', role: 'auditor' },
];
const DEMO_TENANTS = ['demo', 'fleet'];

export async function seedOperators(trx: Transaction<DB>, passwordHash: string): Promise<void> {
  for (const { username, displayName, role } of DEMO_OPERATORS) {
    const { operator_id } = await trx
      .insertInto('operators')
      .values({ username, display_name: displayName, role, password_hash: passwordHash })
      .returning('operator_id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('operator_tenants')
      .values(DEMO_TENANTS.map((tenant_id) => ({ operator_id, tenant_id })))
      .execute();
  }
}
