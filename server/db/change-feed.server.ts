import type { Logger } from "pino";
import type { Topic } from "../../core/cache-contract";
import { isUuid } from "../../core/ids";
import type { Database } from "./client.server";
import type { ListenOptions } from "./listener.server";

/** The public data's two topics, directory and calendar (core/cache-contract.ts). */
export type { Topic };
export const TOPICS: readonly Topic[] = ["directory", "calendar"];

/**
 * Tables whose triggers notify (migrations 0005_public_change_notify, 0010, 0015, 0031), by the topic
 * they feed. A directory table's notification names the advisors it touched after the table
 * ("reviews <advisor id> ..."); a bare table name says any of them may have changed.
 */
const TOPIC_OF_TABLE: Record<string, Topic> = {
  users: "directory",
  advisors: "directory",
  reviews: "directory",
  advisor_packages: "directory",
  advisor_schedules: "calendar",
  schedule_slots: "calendar",
  blocked_slots: "calendar",
  bookings: "calendar",
  advisor_calendar_busy: "calendar",
};

export const CHANGE_CHANNEL = "public_change";

export type FeedOptions = {
  /**
   * The longest anything the feed vouches for (the held directory, cached answers) is trusted
   * without a notification: then every version moves on, as after a reconnect.
   */
  maxAgeMs?: number;
  now?: () => number;
  /** The heartbeat and reconnect timing of the listening connection. */
  listen?: Partial<ListenOptions>;
  logger?: Pick<Logger, "info" | "warn">;
};

/** Whether the feed can vouch for anything now, for a readiness check. */
export type FeedStatus = {
  listening: boolean;
  /** When the current connection began listening; null while it is not. */
  since: Date | null;
  /** When a heartbeat last came back; null before the first, and always in process (PGlite). */
  lastHeartbeat: Date | null;
  /** How often the listening connection was lost since the start. */
  drops: number;
};

const FIVE_MINUTES = 5 * 60_000;
/** How many named advisors the feed remembers; a change older than that is "any advisor". */
const REMEMBERED_ADVISORS = 1000;

/** Which advisors changed since a version of the directory (`ChangeFeed.directoryChanges`). */
export type DirectoryChanges = {
  /** The directory's version now. */
  version: number;
  /** The advisors named since; null when any of them may have changed. */
  advisorIds: ReadonlySet<string> | null;
};

/**
 * Versions of the public data, kept current by the database's notifications, so a cache in
 * this process can tell whether what it holds is still true without asking the database.
 * While the listening connection is down `listening` is false and caches must stand aside;
 * on reconnect every version moves on, since changes may have been missed meanwhile, and so
 * they do every `maxAgeMs` whatever happens: nothing held is older than that (ADR 63).
 */
export class ChangeFeed {
  #versions = new Map<Topic, number>(TOPICS.map((t) => [t, 0]));
  /** The directory's changes that named their advisors, oldest first, since `#namedSince`. */
  #named: { version: number; advisorIds: readonly string[] }[] = [];
  #namedCount = 0;
  /** The directory version from which every change named its advisors. */
  #namedSince = 0;
  #listening = false;
  #since: Date | null = null;
  #lastHeartbeat: Date | null = null;
  #drops = 0;
  #reloadedAt: number;
  #stop: (() => Promise<void>) | null = null;
  readonly #options: FeedOptions;
  readonly #now: () => number;
  readonly #maxAgeMs: number;

  constructor(options: FeedOptions = {}) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#maxAgeMs = options.maxAgeMs ?? FIVE_MINUTES;
    this.#reloadedAt = this.#now();
  }

  get listening(): boolean {
    return this.#listening;
  }

  status(): FeedStatus {
    return {
      listening: this.#listening,
      since: this.#since,
      lastHeartbeat: this.#lastHeartbeat,
      drops: this.#drops,
    };
  }

  /** One string that changes whenever any of `topics` changes. */
  stamp(topics: readonly Topic[]): string {
    this.#checkAge();
    return topics.map((t) => this.#versions.get(t)).join(".");
  }

  /**
   * The directory's version, and which advisors changed since version `since` of it, so a
   * holder of the directory can refresh just them. Null advisors (after a reconnect, the
   * maximum age, a change that named none, or for a `since` too old or null): any may have.
   */
  directoryChanges(since: number | null): DirectoryChanges {
    this.#checkAge();
    const version = this.#versions.get("directory")!;
    if (since === null || since < this.#namedSince) return { version, advisorIds: null };
    const advisorIds = new Set<string>();
    // Newest first: a reader that is nearly current looks at only the last few.
    for (let i = this.#named.length - 1; i >= 0 && this.#named[i]!.version > since; i--)
      this.#named[i]!.advisorIds.forEach((id) => advisorIds.add(id));
    return { version, advisorIds };
  }

  /**
   * A change notification, "<table>" or "<table> <advisor id> ...": the table's topic moves
   * on (an unknown table moves all), and the directory remembers the advisors it names.
   */
  changed(payload: string) {
    const [table = "", ...advisorIds] = payload.split(" ");
    const topic = TOPIC_OF_TABLE[table];
    for (const t of topic ? [topic] : TOPICS) this.#versions.set(t, this.#versions.get(t)! + 1);
    if (topic === "calendar") return;
    if (advisorIds.length > 0 && topic && advisorIds.every(isUuid)) this.#remember(advisorIds);
    else this.#forgetNamed();
  }

  #remember(advisorIds: readonly string[]) {
    const version = this.#versions.get("directory")!;
    this.#named.push({ version, advisorIds });
    this.#namedCount += advisorIds.length;
    while (this.#namedCount > REMEMBERED_ADVISORS) {
      const oldest = this.#named.shift()!;
      this.#namedCount -= oldest.advisorIds.length;
      this.#namedSince = oldest.version;
    }
  }

  /** From now on, a holder of an older directory must assume any advisor changed. */
  #forgetNamed() {
    this.#named = [];
    this.#namedCount = 0;
    this.#namedSince = this.#versions.get("directory")!;
  }

  #checkAge() {
    if (this.#now() - this.#reloadedAt >= this.#maxAgeMs) this.#reloadAll();
  }

  setListening(listening: boolean, reason?: string) {
    if (listening) this.#reloadAll();
    if (!listening) {
      if (this.#listening) this.#drops += 1;
      this.#options.logger?.warn({ reason }, "change feed not listening; reconnecting");
    } else if (this.#drops > 0) {
      this.#options.logger?.info("change feed listening again; every version moved on");
    }
    this.#listening = listening;
    this.#since = listening ? new Date(this.#now()) : null;
  }

  #reloadAll() {
    TOPICS.forEach((t) => this.#versions.set(t, this.#versions.get(t)! + 1));
    this.#forgetNamed();
    this.#reloadedAt = this.#now();
  }

  async start(database: Database) {
    this.#stop = await database.listen(
      CHANGE_CHANNEL,
      {
        onNotify: (payload) => this.changed(payload),
        onState: (listening, reason) => this.setListening(listening, reason),
        onHeartbeat: () => {
          this.#lastHeartbeat = new Date(this.#now());
        },
      },
      this.#options.listen,
    );
  }

  async stop() {
    this.#listening = false;
    this.#since = null;
    await this.#stop?.();
  }
}

/** A feed listening on the database's notifications (built once, by the composition root). */
export async function startChangeFeed(
  database: Database,
  options: FeedOptions = {},
): Promise<ChangeFeed> {
  const feed = new ChangeFeed(options);
  await feed.start(database);
  return feed;
}
