import { roleTextKey } from '../../domain/role-text-keys.ts';
import type { GuardrailRefusal } from '../../domain/permission-guardrails.ts';
import type { ChangeValue, TenantChange } from '../../domain/tenant-diff.ts';
import { textLanguage, textsIn } from '../i18n/locale-text.ts';


/** A text of the studio, or `fallback` when the key has none (a setting without a label of its own reads as its path). */
function textOr(language: string, key: string, fallback: string, values: Record<string, string> = {}): string {
  const text = textsIn(language)(key, values);
  return text === key ? fallback : text;
}

function roleName(language: string, role: string): string {
  return textOr(language, roleTextKey(role), role);
}

function valueText(language: string, value: ChangeValue): string {
  if ('absent' in value) return textsIn(language)('studio.diff.none');
  if ('money' in value) {
    // Limits in minor units are the program's card currency amounts; the studio shows them as dollars like the spec's examples.
    return new Intl.NumberFormat(textLanguage(language), { style: 'currency', currency: 'USD' }).format(value.money / 100);
  }
  if ('flag' in value) return textsIn(language)(value.flag ? 'studio.diff.on' : 'studio.diff.off');
  if ('list' in value) return value.list.join(', ');
  return value.text;
}

/** One change as a sentence in `language`: "Card fee: $2.95 → $3.50". */
export function describeChange(language: string, change: TenantChange): string {
  const t = textsIn(language);
  switch (change.kind) {
    case 'setting': {
      const setting = textOr(language, `studio.settings.${change.pointer.slice(1).replaceAll('/', '.')}`, change.pointer.slice(1));
      return t('studio.diff.setting', { setting, before: valueText(language, change.before), after: valueText(language, change.after) });
    }
    case 'grants': {
      const ruleSet = (name: string) => textOr(language, `studio.ruleSets.${name}`, name);
      const parts = [
        ...(change.added.length > 0 ? [t('studio.diff.gains', { ruleSets: change.added.map(ruleSet).join(', ') })] : []),
        ...(change.removed.length > 0 ? [t('studio.diff.loses', { ruleSets: change.removed.map(ruleSet).join(', ') })] : []),
      ];
      return t('studio.diff.grants', {
        userType: t(`studio.userTypes.${change.userType}`),
        role: roleName(language, change.role),
        changes: parts.join('; '),
      });
    }
    case 'screen':
      return t('studio.diff.screen', { screen: change.screen });
  }
}

/** A guardrail's reason in `language`. */
export function describeRefusal(language: string, refusal: GuardrailRefusal): string {
  const { userType, role } = refusal.values;
  return textsIn(language)(refusal.code, {
    ...refusal.values,
    ...(userType ? { userType: textsIn(language)(`studio.userTypes.${userType}`) } : {}),
    ...(role ? { role: roleName(language, role) } : {}),
  });
}
