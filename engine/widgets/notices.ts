import { conditionHolds } from '../../common/conditions.ts';
import type { PartType } from '../registry/schema-parts.ts';

/**
 * A notice a list or record shows because its response says so (its `meta`), not because the
 * portal guesses from the session: `{ "when": { "unavailable": true }, "text": "errors.cards.unavailableInactive" }`
 * (`when` a MongoDB-style query over the response's meta). Its type is the shared `notices` part's schema.
 */
export type NoticeDefinition = PartType<'notices'>[number];

/** The notices whose query matches the meta (none while there is no response yet). */
export function noticesFor(
  notices: readonly NoticeDefinition[] | undefined,
  meta: Record<string, unknown> | undefined,
): NoticeDefinition[] {
  if (!notices || !meta) return [];
  return notices.filter((notice) => conditionHolds(notice.when, meta));
}
