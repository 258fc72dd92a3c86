import type { Topic } from "../db/change-feed.server";

/**
 * How a public answer may be cached when a visitor (nobody signed in) asks for it; see
 * docs/decisions/0060-caching-public-reads.md. Signed-in requests are never cached.
 */
export type CachePolicy = {
  /** What browsers and shared caches (a CDN in front) are told. */
  cacheControl: string;
  /** The data the answer is built from: a change to it drops this process's copy at once. */
  topics: readonly Topic[];
  /** Until when this process may reuse an answer whose render began at `renderedAt` (ms). */
  keepUntil: (renderedAt: number) => number;
};

const MINUTE = 60_000;
const QUARTER_HOUR = 15 * MINUTE;

/**
 * Offered times change with the clock only as it passes a quarter hour: a start is offered
 * until exactly 12 hours before it, starts fall on quarter hours (windows begin on the hour or
 * half hour and step by 15 or 30 minutes, and every zone's offset is whole quarter hours), and
 * a viewer's day, which bounds the booking window, also begins on one. So an answer holds
 * until the next quarter hour; one rendered on a quarter hour exactly, only for that instant.
 * (A lapsed payment hold frees its time when the release job marks it, which the change feed
 * reports.)
 */
export const untilNextQuarterHour = (renderedAt: number) =>
  renderedAt % QUARTER_HOUR === 0
    ? renderedAt + 1
    : (Math.floor(renderedAt / QUARTER_HOUR) + 1) * QUARTER_HOUR;

/** Built from advisors' data: a shared cache keeps it a second, then asks again (ETag). */
const DIRECTORY: CachePolicy = {
  cacheControl: "public, max-age=0, s-maxage=1",
  topics: ["directory"],
  keepUntil: (renderedAt) => renderedAt + 10 * MINUTE,
};
const CALENDAR: CachePolicy = {
  ...DIRECTORY,
  topics: ["directory", "calendar"],
  keepUntil: untilNextQuarterHour,
};
/** Changes only with a release: a shared cache may keep it and refresh in the background. */
const STATIC: CachePolicy = {
  cacheControl: "public, max-age=0, s-maxage=300, stale-while-revalidate=86400",
  topics: [],
  keepUntil: (renderedAt) => renderedAt + 60 * MINUTE,
};

const POLICIES: [RegExp, CachePolicy][] = [
  [/^\/(advisors|advisor\/[^/]+|api\/advisors|sitemap\.xml)?$/, DIRECTORY],
  [/^\/api\/advisors\/[^/]+\/(slots|dates)$/, CALENDAR],
  [
    /^\/(about|contact|terms|privacy|cancellation-refunds|advisor-agreement|code-of-conduct|become-advisor|join-as-advisor|free-discovery-call|robots\.txt)$/,
    STATIC,
  ],
];

/**
 * The policy of a path, or null when its answers are never shared. A page's data request
 * (`/advisors.data`, `/_root.data` for `/`) follows the page.
 */
export function cachePolicyFor(pathname: string): CachePolicy | null {
  const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  return POLICIES.find(([pattern]) => pattern.test(page))?.[1] ?? null;
}
