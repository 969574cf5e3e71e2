/** What the studio's API tests share: an operator's signed-in client, a draft with a change, the documents' data. */
import { expect } from 'vitest';
import type { Tenant } from '../../domain/tenant.ts';
import { DEMO_OPERATOR_PASSWORD } from '../../server/db/seed/operators.ts';
import type { ApiClient, TestApi } from '../support/api.ts';

export async function operator(api: TestApi, username: string, password = DEMO_OPERATOR_PASSWORD): Promise<ApiClient> {
  const client = api.client();
  const response = await client.post('/studio/api/auth/login', { username, password });
  expect(response.statusCode, response.body).toBe(200);
  client.csrfToken = (response.json() as { meta: { csrf_token: string } }).meta.csrf_token;
  return client;
}

export const data = <T>(response: { json(): unknown }) => (response.json() as { data: T }).data;

export interface Problem {
  pointer: string;
  message: string;
  rule: string;
}

/** The first error of a JSON:API error document. */
export const firstError = (response: { json(): unknown }) =>
  (response.json() as { errors: Array<{ code: string; title: string; detail?: string; meta: { problems: Problem[] } }> }).errors[0]!;

/** A new draft of `tenantId` whose document is the published one with `change` applied. */
export async function draftWith(editor: ApiClient, change: (tenant: Tenant) => void, tenantId = 'demo'): Promise<string> {
  const created = await editor.post(`/studio/api/tenants/${tenantId}/drafts`, {});
  expect(created.statusCode, created.body).toBe(201);
  const draft = data<{ id: string; attributes: { document: Tenant } }>(created);
  const document = structuredClone(draft.attributes.document);
  change(document);
  const saved = await editor.request('PUT', `/studio/api/drafts/${draft.id}`, { document });
  expect(saved.statusCode, saved.body).toBe(200);
  return draft.id;
}
