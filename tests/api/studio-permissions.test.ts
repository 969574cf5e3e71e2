/**
 * The effective-permissions view (issue 24): for a user of the tenant, each screen and each API
 * rule set allowed or refused with the reason, as published or under a draft's overrides, in the
 * operator's language; bad input is a translated 4xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api.ts';
import { data, draftWith, firstError, operator } from './studio-support.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ tenantSync: { intervalMs: 0 } });
});
afterAll(async () => {
  await api?.close();
});

interface Verdict {
  allowed: boolean;
  reason?: string;
  name: string;
  why: string;
}
type Permissions = {
  user: { username: string; role: string };
  screens: Array<Verdict & { screen: string }>;
  rule_sets: Array<Verdict & { ruleSet: string }>;
};

describe('effective permissions', () => {
  it("says what a payer may do and why not, and what a draft's overrides would change", async () => {
    const auditor = await operator(api, 'auditor');
    const published = data<{ attributes: Permissions }>(
      await auditor.get('/studio/api/tenants/demo/effective-permissions?user=payer&lang=en'),
    ).attributes;
    expect(published.user).toMatchObject({ username: 'payer' });
    const screen = published.screens.find((verdict) => verdict.screen === 'payment-methods')!;
    // The screen itself is for admins (its guard's roles), whatever the rule sets say.
    expect(screen).toMatchObject({ allowed: false, reason: 'role', why: 'Not granted to the role Payer' });
    expect(published.screens.find((verdict) => verdict.screen === 'invoice-list')).toMatchObject({ allowed: true });
    const ruleSet = published.rule_sets.find((verdict) => verdict.ruleSet === 'paymentMethods')!;
    expect(ruleSet).toMatchObject({ allowed: false, reason: 'role', name: 'Payment methods' });
    expect(published.rule_sets.find((verdict) => verdict.ruleSet === 'pay')).toMatchObject({ allowed: true, why: '' });
    const german = data<{ attributes: Permissions }>(
      await auditor.get('/studio/api/tenants/demo/effective-permissions?user=payer&lang=de'),
    ).attributes;
    expect(german.rule_sets.find((verdict) => verdict.ruleSet === 'paymentMethods')!.why).toMatch(/^Der Rolle .+ nicht gewährt$/);

    const editor = await operator(api, 'editor');
    const draftId = await draftWith(editor, (tenant) => {
      tenant.overrides = {
        ...tenant.overrides,
        permissions: {
          grants: {
            customer: {
              payer: [
                'session',
                'notifications',
                'account',
                'programOverview',
                'loyalty',
                'documents',
                'pay',
                'paymentMethods',
                'disputeCreate',
                'disputeRead',
                'rejections',
                'rejectionsManage',
                'applications',
              ],
            },
          },
        },
      };
    });
    const drafted = data<{ attributes: Permissions }>(
      await editor.get(`/studio/api/tenants/demo/effective-permissions?user=payer&draft=${draftId}`),
    ).attributes;
    expect(drafted.screens.find((verdict) => verdict.screen === 'payment-methods')).toMatchObject({ allowed: false, reason: 'role' });
    expect(drafted.rule_sets.find((verdict) => verdict.ruleSet === 'paymentMethods')).toMatchObject({ allowed: true });
  });

  it('refuses an unknown user, a draft of another tenant and a missing user, translated', async () => {
    const editor = await operator(api, 'editor');
    const unknown = await editor.get('/studio/api/tenants/demo/effective-permissions?user=nobody-here');
    expect(unknown.statusCode).toBe(404);
    expect(firstError(unknown).code).toBe('errors.studio.userNotFound');
    const fleetDraft = await draftWith(editor, () => undefined, 'fleet');
    expect((await editor.get(`/studio/api/tenants/demo/effective-permissions?user=payer&draft=${fleetDraft}`)).statusCode).toBe(404);
    expect((await editor.get('/studio/api/tenants/demo/effective-permissions')).statusCode).toBe(400);
  });
});
