import { Anchor, Button, Group, NativeSelect, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { LANGUAGES } from '../common/locales.ts';
import { useLanguageChoice } from '../engine/i18n/use-language-choice.ts';
import { useText } from '../engine/i18n/use-text.ts';
import { studioRequest } from './api.ts';
import { languageName } from './format.ts';
import { useOperator } from './operator.ts';
import classes from './studio.module.css';

/** The studio's frame: its name, the language, the signed-in operator and sign-out; the page below. */
export function StudioFrame({ children }: { children: ReactNode }) {
  const { t } = useText();
  const language = useLanguageChoice();
  const { operator, setOperator } = useOperator();
  const navigate = useNavigate();
  const signOut = async () => {
    await studioRequest('POST', '/auth/logout').catch(() => undefined);
    setOperator(null);
    navigate('/studio');
  };
  return (
    <>
      <header className={classes.header}>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Anchor component={Link} to="/studio" c="inherit" underline="never">
            <Text fw={700} size="lg">
              {t('studioUi.title')}
            </Text>
          </Anchor>
          <Group gap="sm" wrap="wrap">
            <NativeSelect
              size="xs"
              aria-label={t('common.language.label')}
              value={language.shown}
              data={LANGUAGES.map((code) => ({ value: code, label: languageName(code) }))}
              onChange={(event) => language.choose(event.currentTarget.value)}
            />
            {operator && (
              <>
                <Text size="sm" data-operator={operator.username}>
                  {t('studioUi.frame.signedInAs', { name: operator.display_name, role: t(`studioUi.roles.${operator.role}`) })}
                </Text>
                <Button size="xs" variant="default" onClick={() => void signOut()}>
                  {t('common.signOut')}
                </Button>
              </>
            )}
          </Group>
        </Group>
      </header>
      <main className={classes.main}>{children}</main>
    </>
  );
}
