/**
 * Routes typed from the schemas they validate with (issue 27, "typed once"): a route registered
 * on a SchemaTypedApp reads `request.body`, `query` and `params` as json-schema-to-ts derives
 * them from its `schema.body`, `querystring` and `params`, so a request's type is written once,
 * in the schema Ajv checks it against, and cannot drift from it.
 *
 * json-schema-to-ts rather than TypeBox: the schemas stay the plain `as const` JSON the OpenAPI
 * document is generated from (TypeBox would rebuild every one of them), and the resources'
 * attribute types already come from it (FromSchema). See docs/decisions.md.
 */
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';

/** The Fastify instance route modules register on: the same instance, typed through the provider. */
export type SchemaTypedApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  JsonSchemaToTsProvider
>;

/** The app as route modules see it; no runtime change (Fastify's withTypeProvider returns the instance itself). */
export function schemaTyped(app: FastifyInstance): SchemaTypedApp {
  return app.withTypeProvider<JsonSchemaToTsProvider>();
}
