import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { listDocument, resourceSchema, responses, strictObject, text } from '../http/api-schema.ts';
import { JSON_API, resource } from '../http/jsonapi.ts';

/** A tenant identity provider as the browser may know it: what to show and what to send, nothing more. */
const identityProviderResourceSchema = resourceSchema('identity-providers', strictObject({ name: text, value: text, label: text }));

/** The identity providers a group may choose (the group wizard's list); never an issuer, a client or a secret. */
export function identityProviderRoutes(app: SchemaTypedApp): void {
  app.get(
    '/identity-providers',
    {
      schema: { response: responses(listDocument(identityProviderResourceSchema), "The tenant's identity providers") },
      config: {
        access: { can: ['read', 'UserGroup'] },
        summary:
          'The identity providers a group may choose for single sign-on (tenant configuration): id and name only, never the issuer, client or secret',
      },
    },
    async (request, reply) =>
      reply.type(JSON_API).send({
        data: (request.tenant.identityProviders ?? []).map((provider) =>
          resource('identity-providers', provider.id, {
            name: provider.name,
            value: provider.id,
            label: provider.name,
          }),
        ),
      }),
  );
}
