import { Alert, Button, Group, List, Paper, Stack, Text, Textarea, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useMemo, useState } from 'react';
import { textOverrideProblems } from '../../domain/text-overrides.ts';
import { useText } from '../../engine/i18n/use-text.ts';
import { ErrorNotice } from '../ErrorNotice.tsx';
import { searchTexts, shippedTextOf } from '../overrides/text-catalog.ts';
import { overriddenKeys, textsOfKey, withKeyTexts, withOverride } from '../overrides/tenant-overrides.ts';
import { languageName } from '../format.ts';
import classes from '../studio.module.css';
import { SectionCheck } from './SectionCheck.tsx';
import type { TenantDocument } from './tenant-types.ts';
import { useShippedTexts } from './use-shipped-texts.ts';
import type { TenantWorkspace } from './use-tenant-workspace.ts';

/**
 * A tenant's own texts (issue 24): find a text by its key or words, override it in each language
 * the tenant offers (a new override starts from the shipped words of each language), or drop the
 * override. The check is the server's (domain/text-overrides.ts): a key overridden in some of the
 * tenant's languages and not all is refused, and the reason shows as soon as it is so.
 */
export function TextsPanel({ workspace, editable }: { workspace: TenantWorkspace; editable: boolean }) {
  const { t, language } = useText();
  const document = workspace.working as TenantDocument;
  const overrides = document.overrides?.texts;
  const languages = document.languages;
  const { texts, error: textsError } = useShippedTexts(language);
  const [query, setQuery] = useState('');
  const [key, setKey] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const found = useMemo(() => (texts ? searchTexts(texts, query, 25) : []), [texts, query]);
  const overridden = overriddenKeys(overrides);
  const problems = texts ? textOverrideProblems(overrides, languages, (candidate) => texts.has(candidate)) : [];
  const values = key ? textsOfKey(overrides, key) : {};
  const write = (next: Record<string, string>) =>
    key && workspace.edit(withOverride(document, 'texts', withKeyTexts(overrides, key, next)));
  const startOverride = async () => {
    if (!key) return;
    try {
      write(await shippedTextOf(key, languages));
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">{t('studioUi.texts.intro', { languages: languages.join(', ') })}</Text>
      <ErrorNotice error={error ?? textsError} />
      {problems.length > 0 && (
        <Alert color="red" role="alert" title={t('studioUi.texts.refused')} data-texts-refused>
          <List size="sm">
            {problems.map((problem) => (
              <List.Item key={problem.pointer}>{t(problem.code, problem.values)}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {overridden.length > 0 && (
        <section aria-labelledby="texts-overridden">
          <Title order={2} size="h5" id="texts-overridden" mb="xs">
            {t('studioUi.texts.overridden')}
          </Title>
          <Group gap="xs">
            {overridden.map((name) => (
              <Button key={name} size="xs" variant={name === key ? 'filled' : 'default'} onClick={() => setKey(name)}>
                {name}
              </Button>
            ))}
          </Group>
        </section>
      )}
      <TextInput
        label={t('studioUi.texts.search')}
        description={t('studioUi.texts.searchHelp')}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        maw={520}
      />
      {found.length > 0 && (
        <ul className={classes.results} aria-label={t('studioUi.texts.results')}>
          {found.map(([name, text]) => (
            <li key={name}>
              <UnstyledButton className={classes.result} onClick={() => setKey(name)} aria-pressed={name === key} data-text-key={name}>
                <Text size="sm" fw={600} component="span" display="block">
                  {name}
                </Text>
                <Text size="sm" component="span" display="block">
                  {text}
                </Text>
              </UnstyledButton>
            </li>
          ))}
        </ul>
      )}
      {key && (
        <Paper withBorder p="md" component="section" aria-labelledby="text-key-title">
          <Title order={2} size="h5" id="text-key-title" mb="xs">
            {t('studioUi.texts.key', { key })}
          </Title>
          {texts?.has(key) && (
            <Text size="sm" mb="sm">
              {t('studioUi.texts.shipped', { text: texts.get(key) })}
            </Text>
          )}
          {Object.keys(values).length === 0 ? (
            <Button onClick={() => void startOverride()} disabled={!editable}>
              {t('studioUi.texts.override')}
            </Button>
          ) : (
            <Stack gap="sm">
              {languages.map((code) => (
                <Textarea
                  key={code}
                  label={languageName(code)}
                  lang={code}
                  autosize
                  minRows={1}
                  maxLength={2000}
                  readOnly={!editable}
                  value={values[code] ?? ''}
                  onChange={(event) => write({ ...values, [code]: event.currentTarget.value })}
                />
              ))}
              <Button variant="default" color="red" onClick={() => write({})} disabled={!editable} w="fit-content">
                {t('studioUi.texts.remove')}
              </Button>
            </Stack>
          )}
        </Paper>
      )}
      <SectionCheck workspace={workspace} pointer="/overrides/texts" />
    </Stack>
  );
}
