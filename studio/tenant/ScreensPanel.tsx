import { Loader, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { mergePatch } from '../../common/merge-patch.ts';
import { useText } from '../../engine/i18n/use-text.ts';
import { ErrorNotice } from '../ErrorNotice.tsx';
import { mergePatchFrom } from '../overrides/merge-patch-diff.ts';
import type { Screen } from '../overrides/screen-edits.ts';
import { SCREENS, shippedScreen } from '../overrides/shipped-screens.ts';
import { withEntry, withOverride } from '../overrides/tenant-overrides.ts';
import { ScreenForm } from './ScreenForm.tsx';
import { ScreenPatchEditor } from './ScreenPatchEditor.tsx';
import { SectionCheck } from './SectionCheck.tsx';
import type { TenantDocument } from './tenant-types.ts';
import { useShippedTexts } from './use-shipped-texts.ts';
import type { TenantWorkspace } from './use-tenant-workspace.ts';

type Overrides = Record<string, object>;

/**
 * A tenant's screen overrides (issue 24): pick a shipped screen, change it with the form or as
 * JSON, and the tenant's `overrides.screens[id]` becomes the JSON Merge Patch from the shipped
 * screen to the edited one. Not a screen definition of the engine (docs/decisions.md, "The
 * operator studio's UI"): its widgets read the portal's data layer and session, not the studio's.
 */
export function ScreensPanel({ workspace, editable }: { workspace: TenantWorkspace; editable: boolean }) {
  const { t, language } = useText();
  const document = workspace.working as TenantDocument;
  const overrides = document.overrides?.screens as Overrides | undefined;
  const [screenId, setScreenId] = useState<string | null>(null);
  const [mode, setMode] = useState<'form' | 'json'>('form');
  const [shipped, setShipped] = useState<Screen | null>(null);
  const [error, setError] = useState<unknown>(null);
  const { texts, error: textsError } = useShippedTexts(language);

  useEffect(() => {
    setShipped(null);
    if (!screenId) return;
    shippedScreen(screenId).then(setShipped, setError);
  }, [screenId]);

  const patch = screenId ? overrides?.[screenId] : undefined;
  const screen = useMemo(() => (shipped ? mergePatch(shipped, patch ?? {}) : null), [shipped, patch]);
  const writePatch = (next: object | undefined) =>
    screenId && workspace.edit(withOverride(document, 'screens', withEntry(overrides, screenId, next)));
  const overridden = new Set(Object.keys(overrides ?? {}));

  return (
    <Stack gap="md">
      <Text size="sm">{t('studioUi.screens.intro')}</Text>
      <ErrorNotice error={error ?? textsError} />
      <Select
        label={t('studioUi.screens.pick')}
        searchable
        value={screenId}
        onChange={setScreenId}
        data={SCREENS.map(({ id, path }) => ({
          value: id,
          label: overridden.has(id) ? t('studioUi.screens.overridden', { screen: `${id} (${path})` }) : `${id} (${path})`,
        }))}
        maw={520}
      />
      {screenId && (!shipped || !screen || !texts) && <Loader size="sm" aria-label={t('studioUi.overrides.loading')} />}
      {screenId && shipped && screen && texts && (
        <>
          <SegmentedControl
            value={mode}
            onChange={(value) => setMode(value as 'form' | 'json')}
            data={[
              { value: 'form', label: t('studioUi.screens.modeForm') },
              { value: 'json', label: t('studioUi.screens.modeJson') },
            ]}
            w="fit-content"
          />
          {mode === 'form' ? (
            <ScreenForm
              shipped={shipped}
              screen={screen}
              texts={texts}
              editable={editable}
              onChange={(edited) => writePatch(mergePatchFrom(shipped, edited) as object | undefined)}
            />
          ) : (
            <ScreenPatchEditor screenId={screenId} shipped={shipped} patch={patch} editable={editable} onChange={writePatch} />
          )}
          <SectionCheck workspace={workspace} pointer={`/overrides/screens/${screenId}`} />
        </>
      )}
    </Stack>
  );
}
