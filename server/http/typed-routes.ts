/**
 * Routes typed from the schemas they validate with (issue 27, "typed once"): a route registered
 * on a SchemaTypedApp reads `request.body`, `query`, `params` and `headers` as json-schema-to-ts
 * derives them from its `schema.body`, `querystring`, `params` and `headers`, so a request's type
 * is written once, in the schema Ajv checks it against, and cannot drift from it.
 *
 * json-schema-to-ts rather than TypeBox: the schemas stay the plain `as const` JSON the OpenAPI
 * document is generated from (TypeBox would rebuild every one of them), and the resources'
 * attribute types already come from it (FromSchema). See docs/decisions.md.
 */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/**
 * The type provider: requests typed by FromSchema (what @fastify/type-provider-json-schema-to-ts
 * does). Replies stay untyped here: a route's `schema.response` holds OpenAPI response objects
 * (description and content per media type, server/http/api-schema.ts responses), not the JSON
 * Schema of a body, and Fastify does not serialise with them; the serialisers are typed from
 * their resources' attribute schemas instead, and tests/api/openapi-responses.test.ts checks
 * real replies against the documents.
 */
export interface SchemaTypeProvider extends FastifyTypeProvider {
  readonly validator: this['schema'] extends JSONSchema ? FromSchema<this['schema']> : unknown;
  readonly serializer: unknown;
}

/** The Fastify instance route modules register on: the same instance, typed through the provider. */
export type SchemaTypedApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  SchemaTypeProvider
>;

/** The app as route modules see it; no runtime change (Fastify's withTypeProvider returns the instance itself). */
export function schemaTyped(app: FastifyInstance): SchemaTypedApp {
  return app.withTypeProvider<SchemaTypeProvider>();
}
