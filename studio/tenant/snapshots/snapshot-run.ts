import { useCallback, useEffect, useState } from 'react';
import { ApiRequestError } from '../../../engine/data/api-client.ts';
import type { Translate } from '../../../engine/i18n/use-text.ts';
import { studioData, studioRequest, type Resource } from '../../api.ts';
import { type TenantUser, userLabel } from '../tenant-users.ts';

/** One screen as one user, before and after (server/studio/snapshots/job.ts SnapshotItem). */
export interface SnapshotItem {
  screen: string;
  title?: string;
  path: string;
  reasons: string[];
  user: TenantUser;
  before: string;
  after: string;
  diff: string;
}

export interface SnapshotRun {
  state: 'queued' | 'running' | 'done' | 'failed';
  progress: { done: number; total: number };
  created_at: string;
  failure?: string;
  result?: {
    language: string;
    maxRenders: number;
    notes: string[];
    items: SnapshotItem[];
    skipped: Array<{ screen: string; username: string }>;
  };
}

const POLL_MS = 1_500;

/**
 * The draft's last QA snapshot run (GET /studio/api/drafts/{id}/snapshots), read again every
 * moment while it is queued or running; `start` asks for a new one. None yet: null.
 */
export function useSnapshotRun(draftId: string | undefined, onError: (failure: unknown) => void) {
  const [run, setRun] = useState<SnapshotRun | null>(null);
  const read = useCallback(async () => {
    if (!draftId) return;
    try {
      setRun((await studioData<Resource<SnapshotRun>>(`/drafts/${draftId}/snapshots`)).attributes);
    } catch (failure) {
      // No run yet is the panel's empty state, not a failure.
      if (failure instanceof ApiRequestError && failure.status === 404) setRun(null);
      else onError(failure);
    }
  }, [draftId, onError]);
  useEffect(() => {
    void read();
  }, [read]);
  const working = run?.state === 'queued' || run?.state === 'running';
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(() => void read(), POLL_MS);
    return () => clearInterval(timer);
  }, [working, read]);
  const start = async () => {
    setRun((await studioRequest<{ data: Resource<SnapshotRun> }>('POST', `/drafts/${draftId}/snapshots`, {})).data.attributes);
  };
  return { run, start };
}

/** The whole result as Markdown, for QA: per screen and role the diff, then both snapshots in full. */
export function snapshotMarkdown(t: Translate, tenantId: string, draftId: string, run: SnapshotRun): string {
  const result = run.result;
  if (!result) return '';
  const lines = [`# ${t('studioUi.snapshots.download.title', { tenant: tenantId, draft: draftId })}`, ''];
  lines.push(t('studioUi.snapshots.download.meta', { at: run.created_at, language: result.language, max: result.maxRenders }), '');
  for (const note of result.notes) lines.push(`- ${t(`studioUi.snapshots.notes.${note}`)}`);
  if (result.skipped.length) lines.push(`- ${t('studioUi.snapshots.skipped', { pairs: result.skipped.length, max: result.maxRenders })}`);
  for (const item of result.items) {
    lines.push('', `## ${item.screen}: ${userLabel(t, item.user)}`, '', `${item.path}`, '');
    lines.push('```diff', item.diff.trimEnd() || t('studioUi.snapshots.same'), '```', '');
    lines.push(`### ${t('studioUi.snapshots.before')}`, '', '```yaml', item.before.trimEnd(), '```', '');
    lines.push(`### ${t('studioUi.snapshots.after')}`, '', '```yaml', item.after.trimEnd(), '```');
  }
  return `${lines.join('\n')}\n`;
}

/** Offers the text as a file download. */
export function downloadText(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/markdown;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
