import { conditionHolds } from '../../domain/conditions.ts';

/**
 * A notice a list or record shows because its response says so (its `meta`), not because the
 * portal guesses from the session: `{ "when": { "unavailable": true }, "text": "errors.cards.unavailableInactive" }`.
 */
export interface NoticeDefinition {
  /** A MongoDB-style query over the response's meta. */
  when: Record<string, unknown>;
  text: string;
  tone?: 'info' | 'warning' | 'error';
}

/** The notices whose query matches the meta (none while there is no response yet). */
export function noticesFor(notices: readonly NoticeDefinition[] | undefined, meta: Record<string, unknown> | undefined): NoticeDefinition[] {
  if (!notices || !meta) return [];
  return notices.filter((notice) => conditionHolds(notice.when, meta));
}
