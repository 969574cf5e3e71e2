import { Button, Group, NativeSelect, Paper, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { LOCALE_INFO } from '../../domain/locales.ts';
import { useText } from '../../engine/i18n/use-text.ts';
import { studioRequest, type Resource } from '../api.ts';
import { ErrorNotice } from '../ErrorNotice.tsx';
import { formatMoment } from '../format.ts';
import classes from '../studio.module.css';
import { useEffectivePermissions } from './effective-permissions.ts';
import { useTenantUsers } from './tenant-users.ts';
import { UserPicker } from './UserPicker.tsx';
import type { TenantWorkspace } from './use-tenant-workspace.ts';
import { useBusyStep } from '../use-busy-step.ts';

type Side = 'draft' | 'published';

/** What POST /studio/api/drafts/{id}/preview answers (server/studio/preview-routes.ts). */
interface Preview {
  user: { username: string };
  language: string;
  side: Side;
  path_prefix: string;
  expires_at: string;
}

const START_PATH = '/account/overview';

/**
 * Preview: the portal itself, framed, as one of the tenant's users in a chosen language, with the
 * saved draft applied or as published. The API starts a read-only portal session for it (every
 * write refused, audited, a quarter of an hour); the two sides take turns in the frame because
 * they share this browser's one portal session.
 */
export function PreviewPanel({ tenantId, workspace }: { tenantId: string; workspace: TenantWorkspace }) {
  const { t, language: studioLanguage } = useText();
  const { users, error: usersError } = useTenantUsers(tenantId);
  const [username, setUsername] = useState<string | null>(null);
  const document = workspace.draft?.attributes.document ?? workspace.working;
  const languages = document?.languages ?? [];
  const [language, setLanguage] = useState<string>(document?.defaultLanguage ?? 'en');
  const [path, setPath] = useState(START_PATH);
  const [side, setSide] = useState<Side>('draft');
  const [preview, setPreview] = useState<(Preview & { path: string; opened: number }) | null>(null);
  const { busy, error, run } = useBusyStep();
  const draftId = workspace.draft?.id ?? null;
  // The screens this user may open under the draft, to pick from; one that needs a record (`:id`) is typed.
  const { permissions } = useEffectivePermissions(tenantId, username, draftId, studioLanguage);
  const screens = (permissions?.screens ?? [])
    .filter((screen) => screen.allowed && screen.path && !screen.path.includes(':'))
    .map((screen) => ({ value: screen.path ?? '', label: screen.name }));

  if (!workspace.draft) return <Text size="sm">{t('studioUi.preview.noDraft')}</Text>;

  const open = async () => {
    if (!username) return;
    await run(async () => {
      const started = await studioRequest<{ data: Resource<Preview> }>('POST', `/drafts/${draftId}/preview`, {
        user: username,
        language,
        side,
      });
      setPreview({ ...started.data.attributes, path, opened: Date.now() });
    });
  };
  const sideName = (name: Side) => t(`studioUi.preview.sides.${name}`);
  return (
    <Stack gap="md">
      <Text size="sm">{t('studioUi.preview.intro')}</Text>
      <ErrorNotice error={usersError ?? error} />
      {workspace.unsaved && <Text size="sm">{t('studioUi.preview.unsavedNote')}</Text>}
      <Paper
        withBorder
        p="md"
        component="form"
        aria-label={t('studioUi.preview.formLabel')}
        onSubmit={(event) => {
          event.preventDefault();
          void open();
        }}
      >
        <Group align="flex-end" gap="md">
          <UserPicker users={users} value={username} onChange={setUsername} />
          <NativeSelect
            label={t('studioUi.preview.language')}
            value={language}
            onChange={(event) => setLanguage(event.currentTarget.value)}
            data={languages.map((code) => ({ value: code, label: LOCALE_INFO[code].label }))}
          />
          <Select
            label={t('studioUi.preview.screen')}
            placeholder={t('studioUi.preview.screenPlaceholder')}
            data={screens}
            value={screens.some((screen) => screen.value === path) ? path : null}
            onChange={(value) => value && setPath(value)}
            searchable
            w={260}
            maw="100%"
          />
          <TextInput
            label={t('studioUi.preview.path')}
            value={path}
            onChange={(event) => setPath(event.currentTarget.value)}
            pattern="/.*"
            required
            w={260}
            maw="100%"
          />
        </Group>
        <Group align="flex-end" gap="md" mt="md">
          <SegmentedControl
            aria-label={t('studioUi.preview.side')}
            value={side}
            onChange={(value) => setSide(value as Side)}
            data={[
              { value: 'draft', label: sideName('draft') },
              { value: 'published', label: sideName('published') },
            ]}
          />
          <Button type="submit" loading={busy} disabled={!username}>
            {t('studioUi.preview.open')}
          </Button>
        </Group>
      </Paper>
      {preview && (
        <div data-preview={preview.side}>
          <Text size="sm" mb="xs" role="status">
            {t(`studioUi.preview.showing.${preview.side}`, {
              user: preview.user.username,
              time: formatMoment(preview.expires_at, studioLanguage),
            })}
          </Text>
          <iframe
            // A new frame for each start: the session behind it changed.
            key={preview.opened}
            className={classes.previewFrame}
            title={t('studioUi.preview.frameTitle', { user: preview.user.username, side: sideName(preview.side), path: preview.path })}
            src={`${preview.path_prefix}${preview.path}`}
          />
        </div>
      )}
    </Stack>
  );
}
