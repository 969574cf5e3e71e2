import type { Kysely, Transaction } from 'kysely';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { Tenant } from '../../domain/tenant.ts';
import {
  ACCESS_LEVELS,
  USER_ROLES,
  USERNAME_PATTERN,
  emailProblems,
  nameProblems,
  roleLabel,
  type AccessLevel,
} from '../../domain/users.ts';
import type { AuthContext } from '../auth/context.ts';
import { hashPassword } from '../auth/passwords.ts';
import { forgetSessions } from '../auth/session-revocation.ts';
import { newToken } from '../auth/tokens.ts';
import { audit } from '../audit.ts';
import type { CsvContract, CsvProblem } from '../csv/contract.ts';
import type { CsvImport, ValidRow } from '../csv/import.ts';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { groupCustomerScope } from '../groups/scope.ts';
import { enqueueJob } from '../jobs/runner.ts';
import { managedUsers, managesMerchants } from './queries.ts';
import { INVITE_MAIL_JOB } from './invite-job.ts';

/**
 * spec "Manage user credentials" (issue 17): the account's users as CSV, the same columns in the
 * template and the import, so an export can be edited and imported again. No password column:
 * secrets never travel in a file; a new user gets the invitation mail (a job queued in the
 * import's transaction, so a refused import sends nothing).
 */
export const CREDENTIAL_COLUMNS = ['username', 'first_name', 'last_name', 'email_address', 'role', 'access_level', 'user_group'] as const;

export const credentialsContract: CsvContract = {
  name: 'user-credentials',
  maxRows: 2_000,
  maxChars: 1_000_000,
  columns: [
    { name: 'username', required: true, schema: { type: 'string', pattern: USERNAME_PATTERN }, example: 'jane.doe' },
    { name: 'first_name', required: true, schema: { type: 'string', maxLength: 400 }, example: 'Jane' },
    { name: 'last_name', required: true, schema: { type: 'string', maxLength: 400 }, example: 'Doe' },
    { name: 'email_address', required: true, schema: { type: 'string', maxLength: 254 }, example: 'jane.doe@example.com' },
    { name: 'role', required: true, schema: { type: 'string', maxLength: 40 }, example: 'Payer' },
    { name: 'access_level', schema: { type: 'string', enum: [...ACCESS_LEVELS] }, example: 'view_edit' },
    { name: 'user_group', schema: { type: 'string', maxLength: 200 }, example: 'Headquarters' },
  ],
};

export interface CredentialRow {
  username: string;
  first_name: string;
  last_name: string;
  email_address: string;
  role: string;
  access_level?: AccessLevel;
  user_group?: string;
}

export interface CredentialsEnv {
  auth: AuthContext;
  tenant: Tenant;
  now: Date;
}

interface Lookup {
  /** Lower-cased usernames of the tenant → the user id when the caller manages that user, else null. */
  existing: Map<string, number | null>;
  /** Group names (lower-cased) the caller may put users in → id. */
  groups: Map<string, number>;
  /** How often each username (lower-cased) occurs in the file. */
  /** The file rows of each username (lowercased): a repeated one names the other row. */
  inFile: Map<string, number[]>;
  /** A hash of a secret nobody knows: new users set theirs through the invitation. */
  unusableHash: string;
}

/** The managed users as export records, in username order. */
export async function credentialRecords(db: Database, auth: AuthContext) {
  const rows = await managedUsers(db, auth)
    .select(['u.username', 'u.first_name', 'u.last_name', 'u.email_address', 'u.role', 'u.access_level', 'g.name as user_group'])
    .orderBy('u.username')
    .execute();
  return rows.map((row) => ({ ...row, user_group: row.user_group ?? '' }));
}

async function assignableGroups(db: Kysely<DB>, auth: AuthContext, tenantId: string): Promise<Map<string, number>> {
  const groups = await db.selectFrom('user_groups').select(['id', 'name']).where('tenant_id', '=', tenantId).execute();
  const result = new Map<string, number>();
  for (const group of groups) {
    const scope = await groupCustomerScope(db, Number(group.id));
    if (scope.every((customer) => auth.customerIds.includes(customer))) result.set(group.name.toLowerCase(), Number(group.id));
  }
  return result;
}

export const credentialsImport: CsvImport<CredentialRow, CredentialsEnv, Lookup> = {
  contract: credentialsContract,

  async prepare(db, rows, { auth, tenant }) {
    const names = rows.map((row) => row.value.username.toLowerCase());
    const tenantUsers =
      names.length === 0
        ? []
        : await db
            .selectFrom('users')
            .select(['user_id', 'username'])
            .where('tenant_id', '=', tenant.id)
            .where((eb) => eb(eb.fn('lower', ['username']), 'in', names))
            .execute();
    const managed =
      names.length === 0
        ? []
        : await managedUsers(db as Database, auth)
            .select(['u.user_id'])
            .where((eb) => eb(eb.fn('lower', ['u.username']), 'in', names))
            .execute();
    const managedIds = new Set(managed.map((row) => Number(row.user_id)));
    const existing = new Map(
      tenantUsers.map((user) => [user.username.toLowerCase(), managedIds.has(Number(user.user_id)) ? Number(user.user_id) : null]),
    );
    const inFile = new Map<string, number[]>();
    rows.forEach((row, index) => {
      const name = names[index]!;
      inFile.set(name, [...(inFile.get(name) ?? []), row.row]);
    });
    const needsHash = names.some((name) => !existing.has(name));
    return {
      existing,
      inFile,
      groups: await assignableGroups(db, auth, tenant.id),
      unusableHash: needsHash ? await hashPassword(newToken()) : '',
    };
  },

  checkRow({ row, value }, lookup, { auth, tenant }) {
    const problems: CsvProblem[] = [];
    const add = (column: string, code: string, meta: Record<string, unknown> = {}) =>
      problems.push({ row, column, code, meta: { field: column, ...meta } });
    const name = value.username.toLowerCase();
    // errors.csv.duplicateValue names the other row ({{other}}): the first other row with the same username.
    const other = (lookup.inFile.get(name) ?? []).find((candidate) => candidate !== row);
    if (other !== undefined) add('username', ErrorCode.csvDuplicateValue, { value: value.username, other });
    // A name held by a user the caller does not manage (another side, a wider scope): taken.
    if (lookup.existing.get(name) === null) add('username', ErrorCode.usernameAlreadyExists);
    for (const problem of nameProblems(
      { first_name: value.first_name.trim(), last_name: value.last_name.trim() },
      tenant.limits.maxNameLength,
    )) {
      add(problem.field, problem.code, problem.values ?? {});
    }
    for (const problem of emailProblems(value.email_address)) add(problem.field, problem.code);
    if (!roleLabel(value.role)) add('role', ErrorCode.validationEnum, { limit: USER_ROLES.join(', ') });
    if (!managesMerchants(auth)) {
      const group = value.user_group?.trim();
      // A new user needs a group (it decides what they see); an existing one without a group may stay so.
      if (!group) {
        if (!lookup.existing.has(name)) add('user_group', ErrorCode.fieldRequired);
      } else if (!lookup.groups.has(group.toLowerCase())) add('user_group', ErrorCode.notFound, { value: group });
    }
    return problems;
  },

  async write(trx, rows, lookup, { auth, tenant, now }) {
    let written = 0;
    const created: number[] = [];
    for (const { value } of rows) {
      const groupId = managesMerchants(auth) ? null : (lookup.groups.get((value.user_group ?? '').trim().toLowerCase()) ?? null);
      const values = {
        first_name: value.first_name.trim(),
        last_name: value.last_name.trim(),
        email_address: value.email_address.trim(),
        role: roleLabel(value.role) ?? 'Viewer',
        access_level: value.access_level ?? 'view_edit',
        user_group_id: groupId,
      };
      const existingId = lookup.existing.get(value.username.toLowerCase());
      if (existingId) {
        const { user_group_id: group, ...rest } = values;
        await trx
          .updateTable('users')
          .set(group === null ? rest : values)
          .where('user_id', '=', existingId)
          .execute();
      } else {
        const inserted = await trx
          .insertInto('users')
          .values({
            ...values,
            tenant_id: tenant.id,
            username: value.username.trim(),
            password_hash: lookup.unusableHash,
            user_type: auth.user.user_type,
            status: 'not_activated',
            lock_state: null,
            lock_reason: null,
            language: auth.user.language,
            time_zone: auth.user.time_zone,
            created_at: now,
          })
          .returning('user_id')
          .executeTakeFirstOrThrow();
        const userId = Number(inserted.user_id);
        created.push(userId);
        if (managesMerchants(auth) && auth.merchantIds.length > 0) {
          await trx
            .insertInto('user_merchants')
            .values(auth.merchantIds.map((merchant) => ({ user_id: userId, buid_merchant: merchant })))
            .execute();
        }
        await enqueueJob(trx as Transaction<DB>, { kind: INVITE_MAIL_JOB, payload: { tenant: tenant.id, user_id: userId }, runAt: now });
      }
      written += 1;
    }
    await audit(trx, {
      tenantId: tenant.id,
      userId: auth.user.user_id,
      action: 'user_credentials_imported',
      entity: 'user',
      entityId: String(auth.user.user_id),
      detail: { rows: written, created },
    });
    return written;
  },

  // Roles and groups changed: every cached session, in every process, reads its user again.
  async committed() {
    await forgetSessions('all');
  },
};

export type { ValidRow };
