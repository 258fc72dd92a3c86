/**
 * The cache contract each route declares beside its loader (ADR 69): whether a visitor's
 * answer may be kept and reused, and how (ADR 60, ADR 62). Routes import it, so it ends up in
 * browser chunks too: it holds no server code.
 */

/**
 * What the public sees is built from two groups of tables: the directory (who is listed and
 * how they present themselves, with their ratings) and the calendar (when they are free).
 */
export type Topic = "directory" | "calendar";

/** How a public answer may be kept when it is asked for without a session. */
export type CachePolicy = {
  /** What browsers and shared caches (a CDN in front) are told. */
  cacheControl: string;
  /**
   * Whether a signed-in person is shown something else (every page's header shows who is
   * signed in): then only visitors get the kept answer, and no shared cache may keep it.
   * Otherwise the answer is the same for everyone, session or not.
   */
  perViewer: boolean;
  /** The query parameters the route reads, in the key's order; any other is ignored. */
  params: readonly string[];
  /** Parameters that make the answer depend on who asks: a request with one is not kept. */
  personal?: readonly string[];
  /** The data the answer is built from: a change to it drops this process's copy at once. */
  topics: readonly Topic[];
  /** Until when this process may reuse an answer whose render began at `renderedAt` (ms). */
  keepUntil: (renderedAt: number) => number;
};

/** A route's declaration: its policy, or `NOT_KEPT` when its answers are never shared. */
export type CacheContract = CachePolicy | null;
export const NOT_KEPT: CacheContract = null;

/**
 * Where a route declares it: in its `handle` export, which React Router keeps on the server
 * build's route module and reloads in place during development (ADR 69).
 */
export type CacheHandle = { cache: CacheContract };

const MINUTE = 60_000;
const QUARTER_HOUR = 15 * MINUTE;

/**
 * Offered times change with the clock only as it passes a quarter hour: a start is offered
 * until exactly 12 hours before it, starts fall on quarter hours (windows begin on the hour or
 * half hour and step by 15 or 30 minutes, and every zone's offset is whole quarter hours), and
 * the advisor's day, which bounds the booking window (ADR 64), also begins on one. So an answer
 * holds until the next quarter hour; one rendered on a quarter hour exactly, only for that
 * instant.
 * (A lapsed payment hold frees its time when the release job marks it, which the change feed
 * reports.)
 */
export const untilNextQuarterHour = (renderedAt: number) =>
  renderedAt % QUARTER_HOUR === 0
    ? renderedAt + 1
    : (Math.floor(renderedAt / QUARTER_HOUR) + 1) * QUARTER_HOUR;

/** A page: it shows who is signed in, so browsers may keep it, never a shared cache. */
export const PAGE = { cacheControl: "private, no-cache", perViewer: true, params: [] } as const;
/**
 * The same for everyone: a shared cache keeps it a second, then asks again (ETag), so a change
 * still shows within a second.
 */
export const SHARED = {
  cacheControl: "public, max-age=0, s-maxage=1",
  perViewer: false,
  params: [],
} as const;
export const DIRECTORY = {
  topics: ["directory"],
  keepUntil: (at: number) => at + 10 * MINUTE,
} as const;
export const CALENDAR = {
  topics: ["directory", "calendar"],
  keepUntil: untilNextQuarterHour,
} as const;
/** Changes only with a release. */
export const STATIC = { topics: [], keepUntil: (at: number) => at + 60 * MINUTE } as const;

/** What the listing reads (core/advisor-search-params.ts). */
export const SEARCH_PARAMS = ["search", "page"] as const;
/** What the search boxes' suggestions read (core/advisor-search-params.ts). */
export const SUGGESTION_PARAMS = ["q"] as const;
/** What the slot APIs read (server/scheduling/slot-query.ts); `exclude` depends on who asks. */
export const SLOT_PARAMS = { params: ["date", "tz", "duration"], personal: ["exclude"] } as const;
