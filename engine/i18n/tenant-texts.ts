import type { TextOverrides } from '../../domain/tenant.ts';
import { withTextOverrides } from '../../domain/text-overrides.ts';
import type { LoadTexts } from './i18next-texts.ts';

/**
 * The tenant's own texts (GET /config `overrides.texts`, issue 24) in place of the shipped ones:
 * merged into each namespace file as it loads, so i18next never sees the shipped wording.
 */
export function withTenantTexts(load: LoadTexts, overrides: TextOverrides | undefined): LoadTexts {
  if (!overrides || Object.keys(overrides).length === 0) return load;
  return async (language, namespace) => withTextOverrides(await load(language, namespace), overrides, language, namespace);
}
