import type { Database, Db } from "./client.server";

/**
 * What the public sees is built from two groups of tables: the directory (who is listed and
 * how they present themselves, with their ratings) and the calendar (when they are free).
 */
export type Topic = "directory" | "calendar";
export const TOPICS: readonly Topic[] = ["directory", "calendar"];

/** Tables whose triggers notify (migration 0005_public_change_notify), by the topic they feed. */
const TOPIC_OF_TABLE: Record<string, Topic> = {
  users: "directory",
  advisors: "directory",
  reviews: "directory",
  advisor_schedules: "calendar",
  schedule_slots: "calendar",
  blocked_slots: "calendar",
  bookings: "calendar",
};

export const CHANGE_CHANNEL = "public_change";

/**
 * Versions of the public data, kept current by the database's notifications, so a cache in
 * this process can tell whether what it holds is still true without asking the database.
 * While the listening connection is down `listening` is false and caches must stand aside;
 * on reconnect every version moves on, since changes may have been missed meanwhile.
 */
export class ChangeFeed {
  #versions = new Map<Topic, number>(TOPICS.map((t) => [t, 0]));
  #listening = false;
  #stop: (() => Promise<void>) | null = null;

  get listening(): boolean {
    return this.#listening;
  }

  /** One string that changes whenever any of `topics` changes. */
  stamp(topics: readonly Topic[]): string {
    return topics.map((t) => this.#versions.get(t)).join(".");
  }

  /** A change notification: the table's topic moves on (an unknown table moves all). */
  changed(table: string) {
    const topic = TOPIC_OF_TABLE[table];
    for (const t of topic ? [topic] : TOPICS) this.#versions.set(t, this.#versions.get(t)! + 1);
  }

  setListening(listening: boolean) {
    if (listening) TOPICS.forEach((t) => this.#versions.set(t, this.#versions.get(t)! + 1));
    this.#listening = listening;
  }

  async start(database: Database) {
    this.#stop = await database.listen(CHANGE_CHANNEL, {
      onNotify: (table) => this.changed(table),
      onState: (listening) => this.setListening(listening),
    });
  }

  async stop() {
    this.#listening = false;
    await this.#stop?.();
  }
}

/*
 * Start-up code and the React Router server bundle each load their own copy of this module
 * (the bundle inlines server/ code), so the feeds are registered where both copies find them.
 */
const REGISTRY = Symbol.for("beenthere.change-feeds");
const feeds: WeakMap<Db, ChangeFeed> = ((globalThis as Record<symbol, unknown>)[REGISTRY] ??=
  new WeakMap<Db, ChangeFeed>()) as WeakMap<Db, ChangeFeed>;

/** Starts listening for the app's database; services find it again with `changeFeedOf`. */
export async function startChangeFeed(database: Database): Promise<ChangeFeed> {
  const feed = new ChangeFeed();
  await feed.start(database);
  feeds.set(database.db, feed);
  return feed;
}

/** The feed of a database, if it is listening (a test's bare database has none). */
export function changeFeedOf(db: Db): ChangeFeed | null {
  const feed = feeds.get(db);
  return feed?.listening ? feed : null;
}
