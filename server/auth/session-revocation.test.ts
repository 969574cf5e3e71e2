import { afterEach, describe, expect, it } from 'vitest';
import type { ChangeFeed, ChangeFeedHandlers } from '../db/change-feed.ts';
import type { Database } from '../db/database.ts';
import { sessionCache } from './session-cache.ts';
import type { SessionWithUser } from './sessions.ts';
import { forgetSessions, shareSessionEvictions } from './session-revocation.ts';

const quiet = { warn: () => {}, info: () => {} };
const entry = (userId: number) =>
  ({ user: { user_id: userId }, session: {}, customerIds: [], merchantIds: [] }) as unknown as SessionWithUser;
const keeps = (idHash: string) => {
  sessionCache.set(idHash, entry(1), sessionCache.currentGeneration);
  return sessionCache.get(idHash) !== undefined;
};

/** A change feed on no database: the test says when the subscription is live or lost, and what it hears. */
function fakeFeed() {
  let handlers: ChangeFeedHandlers | undefined;
  const published: string[] = [];
  const feed: ChangeFeed = {
    publish: async (_db, _channel, payload) => {
      published.push(payload);
    },
    subscribe: (_channel, subscriber) => {
      handlers = subscriber;
      return () => {
        handlers = undefined;
      };
    },
    close: async () => {},
  };
  return {
    feed,
    published,
    hear: (payload: string) => handlers?.onMessage(payload),
    resync: () => handlers?.onResync?.(),
    pause: () => handlers?.onPause?.(),
  };
}

let leave: (() => void) | undefined;
afterEach(() => {
  leave?.();
  leave = undefined;
});

describe('session revocation across processes', () => {
  it('keeps sessions only while the subscription is live', () => {
    const fake = fakeFeed();
    leave = shareSessionEvictions(fake.feed, {} as Database, quiet);
    expect(keeps('a')).toBe(false);
    fake.resync();
    expect(keeps('a')).toBe(true);
    fake.pause();
    expect(sessionCache.get('a')).toBeUndefined();
    expect(keeps('a')).toBe(false);
    fake.resync();
    expect(keeps('a')).toBe(true);
  });

  it("drops what another process announces, in its format and in an older process's", () => {
    const fake = fakeFeed();
    leave = shareSessionEvictions(fake.feed, {} as Database, quiet);
    fake.resync();
    keeps('a');
    fake.hear('e:xyz|s:a');
    expect(sessionCache.get('a')).toBeUndefined();
    keeps('b');
    fake.hear('s:b');
    expect(sessionCache.get('b')).toBeUndefined();
    keeps('c');
    fake.hear('something newer');
    expect(sessionCache.get('c')).toBeUndefined();
  });

  it('answers a revocation only once its announcement has come back', async () => {
    const fake = fakeFeed();
    leave = shareSessionEvictions(fake.feed, {} as Database, quiet);
    fake.resync();
    keeps('a');
    let done = false;
    const forgetting = forgetSessions({ session: 'a' }).then(() => {
      done = true;
    });
    expect(sessionCache.get('a')).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.published).toHaveLength(1);
    expect(done).toBe(false);
    fake.hear(fake.published[0]!);
    await forgetting;
    expect(done).toBe(true);
  });

  it('does not wait for the announcement while the subscription is down', async () => {
    const fake = fakeFeed();
    leave = shareSessionEvictions(fake.feed, {} as Database, quiet);
    await forgetSessions({ user: 7 });
    expect(fake.published).toEqual([expect.stringMatching(/^e:[\w-]+\|u:7$/)]);
  });
});
