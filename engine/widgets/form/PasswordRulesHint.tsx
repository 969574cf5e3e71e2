import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { checkPassword, describeRules } from '../../../domain/password-rules.ts';
import { useText } from '../../i18n/use-text.ts';
import { useSession } from '../../session/store.ts';

/**
 * The tenant's password rules (spec §5) as a checklist that ticks live as the user types.
 * Each line says whether it is met in words as well as with the mark, for screen readers.
 */
export function PasswordRulesHint({ id, password }: { id: string; password: string }) {
  const { t } = useText();
  const rules = useSession((session) => session.config?.limits.password);
  if (!rules) return null;
  const unmet = new Set(checkPassword(password, rules).map((item) => item.rule));
  return (
    <div id={id}>
      <Text size="sm" fw={500} id={`${id}-title`}>
        {t('auth.passwordRules.title')}
      </Text>
      <List size="sm" spacing={2} aria-labelledby={`${id}-title`} center>
        {describeRules(rules).map(({ rule, key, values }) => {
          const met = password !== '' && !unmet.has(rule);
          return (
            <List.Item
              key={rule}
              data-rule={rule}
              data-met={met}
              icon={
                <ThemeIcon size={16} radius="xl" color={met ? 'green' : 'gray'} variant={met ? 'filled' : 'light'} aria-hidden>
                  {met ? '✓' : '•'}
                </ThemeIcon>
              }
            >
              {t(key, values)}
              <VisuallyHidden>{` (${t(met ? 'auth.passwordRules.met' : 'auth.passwordRules.notMet')})`}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
