import type { ChangeFeed } from "./change-feed.server";

/**
 * Resolves once `holds()` is true, checked each time the feed takes in a notification or a
 * change of its listening state (after its own handling), so a test awaits the feed's events
 * instead of polling the clock. Already true: resolves at once. Never true: the test's own
 * timeout ends it.
 */
export function whenFeed(feed: ChangeFeed, holds: () => boolean): Promise<void> {
  if (holds()) return Promise.resolve();
  const { changed, setListening } = feed;
  return new Promise((resolve) => {
    const check = () => {
      if (!holds()) return;
      feed.changed = changed;
      feed.setListening = setListening;
      resolve();
    };
    feed.changed = (table) => {
      changed.call(feed, table);
      check();
    };
    feed.setListening = (listening, reason) => {
      setListening.call(feed, listening, reason);
      check();
    };
  });
}
