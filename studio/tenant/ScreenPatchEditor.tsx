import { Alert, List, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { mergePatch } from '../../common/merge-patch.ts';
import { useText } from '../../engine/i18n/use-text.ts';
import { sameJson } from '../overrides/merge-patch-diff.ts';
import type { Screen } from '../overrides/screen-edits.ts';
import { screenSchemaProblems } from '../overrides/shipped-screens.ts';

const show = (patch: unknown) => JSON.stringify(patch ?? {}, null, 2);

/**
 * The screen's override as JSON, for what the form does not offer: a JSON Merge Patch over the
 * shipped screen. Each edit is parsed and the patched screen held against the screen schema (as
 * the portal does before it renders an override); only a patch the schema takes reaches the draft,
 * and the problems show by their pointer meanwhile. The server's definition check (the API's
 * fields, the texts) runs with the section's check below.
 */
export function ScreenPatchEditor({
  screenId,
  shipped,
  patch,
  editable,
  onChange,
}: {
  screenId: string;
  shipped: Screen;
  patch: object | undefined;
  editable: boolean;
  onChange(patch: object | undefined): void;
}) {
  const { t } = useText();
  const [text, setText] = useState(() => show(patch));
  const [problems, setProblems] = useState<string[]>([]);
  // The form tab or a reload changed the override: show it, unless it is what this text already says.
  useEffect(() => {
    setText((current) => {
      try {
        if (sameJson(JSON.parse(current), patch ?? {})) return current;
      } catch {
        // The operator's unfinished JSON gives way to the override written elsewhere.
      }
      return show(patch);
    });
  }, [patch]);

  const edit = async (next: string) => {
    setText(next);
    let parsed: unknown;
    try {
      parsed = JSON.parse(next);
    } catch (error) {
      setProblems([t('studioUi.screens.jsonInvalid', { reason: (error as Error).message })]);
      return;
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      setProblems([t('studioUi.screens.jsonNotObject')]);
      return;
    }
    const found = await screenSchemaProblems(screenId, mergePatch(shipped, parsed));
    setProblems(found);
    if (found.length === 0) onChange(Object.keys(parsed).length > 0 ? parsed : undefined);
  };

  return (
    <>
      <Textarea
        label={t('studioUi.screens.json')}
        description={t('studioUi.screens.jsonHelp')}
        autosize
        minRows={8}
        maxRows={30}
        spellCheck={false}
        readOnly={!editable}
        value={text}
        onChange={(event) => void edit(event.currentTarget.value)}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-xs)' } }}
        data-patch-editor
      />
      {problems.length > 0 && (
        <Alert color="red" role="alert" mt="xs" title={t('studioUi.screens.jsonRefused')}>
          <List size="sm">
            {problems.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </>
  );
}
