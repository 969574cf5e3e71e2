import { describe, expect, it } from 'vitest';
import { isStudioPagePath } from './static-assets.ts';

describe("the operator studio's page paths", () => {
  it('answers /studio and below with the studio page, but never its API or a look-alike path', () => {
    expect(isStudioPagePath('/studio')).toBe(true);
    expect(isStudioPagePath('/studio/tenants/demo?tab=draft')).toBe(true);
    expect(isStudioPagePath('/studio/api/self')).toBe(false);
    expect(isStudioPagePath('/studio/api')).toBe(false);
    expect(isStudioPagePath('/studios')).toBe(false);
    expect(isStudioPagePath('/account/overview')).toBe(false);
  });
});
