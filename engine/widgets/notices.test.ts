import { describe, expect, it } from 'vitest';
import { noticesFor, type NoticeDefinition } from './notices.ts';

const notices: NoticeDefinition[] = [
  { when: { unavailable: true }, text: 'errors.cards.unavailableInactive' },
  { when: { account_status: { $in: ['inactive', 'terminated'] } }, text: 'errors.cards.inactiveAccount', tone: 'info' },
];

describe('noticesFor (notices from the response, not guessed from the session)', () => {
  it('shows the notices whose query matches the meta', () => {
    expect(
      noticesFor(notices, { unavailable: true, account_status: 'inactive', code: 'errors.cards.unavailableInactive' }).map(
        (notice) => notice.text,
      ),
    ).toEqual(['errors.cards.unavailableInactive', 'errors.cards.inactiveAccount']);
    expect(noticesFor(notices, { account_status: 'terminated' }).map((notice) => notice.text)).toEqual(['errors.cards.inactiveAccount']);
  });
  it('shows none for an active account, before a response, or without notices', () => {
    expect(noticesFor(notices, { account_status: 'active', page: { total: 3 } })).toEqual([]);
    expect(noticesFor(notices, undefined)).toEqual([]);
    expect(noticesFor(undefined, { unavailable: true })).toEqual([]);
  });
});
