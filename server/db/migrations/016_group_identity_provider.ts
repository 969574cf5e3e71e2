import { sql, type Kysely } from 'kysely';

/**
 * Issue 22: identity providers are tenant configuration (tenant file `identityProviders`), set by
 * operators; a group only chooses one by id. The columns through which a request could name an
 * issuer, a client and the environment variable a secret is read from (migration 007) go, and so
 * does the free-text provider name (spec §3 "identity provider" is now the chosen provider).
 *
 * The local identity provider the server ships (the demo tenant's `demo-idp`) is the only provider
 * any shipped tenant or seed named: groups pointing at it keep it. A group that named any other
 * issuer is left with no provider of its own; an operator adds the provider to the tenant file
 * and an admin chooses it again (until then its members' single sign-on start fails, as it would
 * for a provider the operator never configured).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table user_groups add column identity_provider_id text`.execute(db);
  await sql`update user_groups set identity_provider_id = 'demo-idp'
    where tenant_id = 'demo' and oidc_issuer = 'http://localhost:8080/idp' and oidc_client_id = 'portal-demo'`.execute(db);
  await sql`alter table user_groups
    drop column oidc_issuer,
    drop column oidc_client_id,
    drop column oidc_client_secret_env,
    drop column identity_provider`.execute(db);
}
