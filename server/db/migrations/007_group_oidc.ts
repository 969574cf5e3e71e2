import { sql, type Kysely } from 'kysely';

/**
 * Single sign-on per user group (issue 17): a group names its OpenID Connect provider by issuer
 * and client id; the client secret stays out of the database, only the name of the environment
 * variable that holds it is stored. Child groups without their own settings inherit the nearest
 * ancestor's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table user_groups
    add column oidc_issuer text,
    add column oidc_client_id text,
    add column oidc_client_secret_env text`.execute(db);
}
