import { Button, Group, NativeSelect, Paper, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { LOCALE_INFO } from '../../common/locales.ts';
import { useText } from '../../engine/i18n/use-text.ts';
import { studioRequest, type Resource } from '../api.ts';
import { ErrorNotice } from '../ErrorNotice.tsx';
import { formatMoment } from '../format.ts';
import { useEffectivePermissions } from './effective-permissions.ts';
import { useTenantUsers } from './tenant-users.ts';
import { UserPicker } from './UserPicker.tsx';
import type { TenantWorkspace } from './use-tenant-workspace.ts';
import { useBusyStep } from '../use-busy-step.ts';
import { type PreviewLayout, PreviewFrames } from './PreviewFrames.tsx';

/** What POST /studio/api/drafts/{id}/preview answers (server/studio/preview-routes.ts). */
interface Preview {
  user: { username: string };
  language: string;
  path_prefix: string;
  expires_at: string;
}

const START_PATH = '/account/overview';

/**
 * Preview: the portal itself, framed, as one of the tenant's users in a chosen language, as
 * published beside the saved draft (or the draft alone). The API starts one read-only portal
 * session for it (every write refused, audited, a quarter of an hour); each frame names its side
 * (PreviewFrames), so both show the same screen, user and language at once.
 */
export function PreviewPanel({ tenantId, workspace }: { tenantId: string; workspace: TenantWorkspace }) {
  const { t, language: studioLanguage } = useText();
  const { users, error: usersError } = useTenantUsers(tenantId);
  const [username, setUsername] = useState<string | null>(null);
  const document = workspace.draft?.attributes.document ?? workspace.working;
  const languages = document?.languages ?? [];
  const [language, setLanguage] = useState<string>(document?.defaultLanguage ?? 'en');
  const [path, setPath] = useState(START_PATH);
  const [layout, setLayout] = useState<PreviewLayout>('both');
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
      });
      setPreview({ ...started.data.attributes, path, opened: Date.now() });
    });
  };
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
            value={layout}
            // Only the frames change: the session behind them shows either side.
            onChange={(value) => setLayout(value as PreviewLayout)}
            data={[
              { value: 'both', label: t('studioUi.preview.layouts.both') },
              { value: 'draft', label: t('studioUi.preview.layouts.draft') },
            ]}
          />
          <Button type="submit" loading={busy} disabled={!username}>
            {t('studioUi.preview.open')}
          </Button>
        </Group>
      </Paper>
      {preview && (
        <div data-preview={layout}>
          <Text size="sm" mb="xs" role="status">
            {t(layout === 'both' ? 'studioUi.preview.showing.both' : 'studioUi.preview.showing.draft', {
              user: preview.user.username,
              time: formatMoment(preview.expires_at, studioLanguage),
            })}
          </Text>
          <PreviewFrames
            pathPrefix={preview.path_prefix}
            path={preview.path}
            user={preview.user.username}
            layout={layout}
            opened={preview.opened}
          />
        </div>
      )}
    </Stack>
  );
}
