import { roleKeyName, roleTextKey } from '../../domain/role-text-keys.ts';
import { settingTextKeys } from '../../domain/setting-text-keys.ts';
import type { GuardrailRefusal } from '../../domain/permission-guardrails.ts';
import type { Verdict } from '../../domain/effective-permissions.ts';
import type { ScreenChange } from '../../domain/screen-diff.ts';
import type { ChangeValue, TenantChange } from '../../domain/tenant-diff.ts';
import { textLanguage, textsIn } from '../i18n/locale-text.ts';

/** A text of the studio, or `fallback` when the key has none (a setting without a label of its own reads as its path). */
function textOr(language: string, key: string, fallback: string, values: Record<string, string> = {}): string {
  const text = textsIn(language)(key, values);
  return text === key ? fallback : text;
}

export function roleName(language: string, role: string): string {
  return textOr(language, roleTextKey(role), role);
}

/**
 * Users of a role as the diff's "hidden for …" names them ("payers", "Zahler"): the role's plural
 * in the form its sentence needs (studio.diff.forRoles), else its name.
 */
function rolesFor(language: string, role: string): string {
  return textOr(language, `studio.diff.forRoles.${roleKeyName(role)}`, roleName(language, role));
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
      const path = change.pointer.slice(1).split('/');
      // A whole group added or removed (a lock's settings) is named by its own label.
      const setting = textOr(
        language,
        settingTextKeys(path, true).label,
        textOr(language, settingTextKeys(path, false).label, path.join('/')),
      );
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
      return describeScreenChange(language, change.title ? textOr(language, change.title, change.screen) : change.screen, change.change);
    case 'menu':
      return describeScreenChange(language, t(`studio.menuKinds.${change.menu}`), change.change);
    case 'text':
      return t(change.change === 'changed' ? 'studio.diff.textChanged' : 'studio.diff.textRestored', {
        language: change.language,
        key: change.key,
      });
  }
}

/** "Invoice list: column PO number hidden": the screen's title, then the change, names read from their text keys. */
function describeScreenChange(language: string, screen: string, change: ScreenChange): string {
  const t = textsIn(language);
  const words = (key: string) => textOr(language, key, key);
  const say = (key: string, values: Record<string, string> = {}) => t(`studio.diff.screens.${key}`, { screen, ...values });
  switch (change.kind) {
    case 'columnHidden':
    case 'columnShown':
      return say(change.kind, { column: words(change.column) });
    case 'columnHiddenFor':
    case 'columnShownFor':
      return say(change.kind, { column: words(change.column), roles: change.roles.map((role) => rolesFor(language, role)).join(', ') });
    case 'columnsReordered':
      return say(change.kind, { columns: change.columns.map(words).join(', ') });
    case 'defaultSort':
    case 'pageSize':
      return say(change.kind, { before: change.before || t('studio.diff.none'), after: change.after || t('studio.diff.none') });
    case 'widgetHidden':
    case 'widgetShown':
      return say(change.kind, { widget: words(change.widget) });
    case 'labelChanged':
      return say(change.kind, { before: words(change.before), after: words(change.after) });
    case 'definitionChanged':
      return say(change.kind);
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

/** A screen's or rule set's name for the operator: its text key's words, else the name itself. */
export function nameText(language: string, key: string | undefined, fallback: string): string {
  return key ? textOr(language, key, fallback) : fallback;
}

/** Why a user may not open a screen or use a rule set, in `language` (empty when allowed). */
export function describeVerdict(language: string, verdict: Verdict): string {
  if (verdict.allowed || !verdict.reason) return '';
  const t = textsIn(language);
  const detail = verdict.detail ?? {};
  const userType = (type: string) => textOr(language, `studio.userTypes.${type}`, type);
  switch (verdict.reason) {
    case 'userType':
      return t('studio.permissions.userType', {
        userTypes: (detail.allowed ?? detail.userType ?? '').split(', ').map(userType).join(', '),
      });
    case 'role':
      return t('studio.permissions.role', { role: roleName(language, detail.role ?? '') });
    case 'flag':
      return t(detail.state === 'on' ? 'studio.permissions.flagOn' : 'studio.permissions.flagOff', { flag: detail.flag ?? '' });
    case 'policy':
      return t('studio.permissions.policy', { action: detail.action ?? '', subject: detail.subject ?? '' });
    case 'scope':
      return t(detail.needs === 'merchant' ? 'studio.permissions.noMerchant' : 'studio.permissions.noCustomer');
  }
}
