import { Button, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useText } from '../engine/i18n/use-text.ts';
import { studioRequest, type Resource } from './api.ts';
import { ErrorNotice } from './ErrorNotice.tsx';
import { type Operator, useOperator } from './operator.ts';

/**
 * The studio's own sign-in (issue 24): operator name and password against /studio/api/auth/login,
 * which starts an operator session (never a portal one). A wrong password, a pause after too many
 * failures or a disabled operator shows the API's own reason, translated.
 */
export function SignInPage() {
  const { t } = useText();
  const { setOperator } = useOperator();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await studioRequest<{ data: Resource<Operator> }>('POST', '/auth/login', { username, password });
      setOperator(answer.data.attributes);
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} aria-labelledby="studio-sign-in-title">
      <Stack maw={420} gap="sm">
        <Title order={1} size="h2" id="studio-sign-in-title">
          {t('studioUi.signIn.title')}
        </Title>
        <ErrorNotice error={error} />
        <TextInput
          label={t('studioUi.signIn.username')}
          autoComplete="username"
          required
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
        />
        <PasswordInput
          label={t('studioUi.signIn.password')}
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          visibilityToggleButtonProps={{ 'aria-label': t('common.togglePasswordVisibility') }}
        />
        <Button type="submit" loading={busy}>
          {t('studioUi.signIn.submit')}
        </Button>
      </Stack>
    </form>
  );
}
