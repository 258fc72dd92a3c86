import type { Topic } from "../db/change-feed.server";

/**
 * How a public answer may be cached when it is asked for without a session (see
 * docs/decisions/0060-caching-public-reads.md and 0062-public-reads-behind-a-cdn-and-under-a-flood.md).
 */
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
const PAGE = { cacheControl: "private, no-cache", perViewer: true, params: [] } as const;
/**
 * The same for everyone: a shared cache keeps it a second, then asks again (ETag), so a change
 * still shows within a second.
 */
const SHARED = {
  cacheControl: "public, max-age=0, s-maxage=1",
  perViewer: false,
  params: [],
} as const;
const DIRECTORY = { topics: ["directory"], keepUntil: (at: number) => at + 10 * MINUTE } as const;
const CALENDAR = { topics: ["directory", "calendar"], keepUntil: untilNextQuarterHour } as const;
/** Changes only with a release. */
const STATIC = { topics: [], keepUntil: (at: number) => at + 60 * MINUTE } as const;

/** What the listing reads (core/advisor-search-params.ts) and the slot APIs (slot-query.ts). */
const SEARCH = ["search", "page"] as const;
const SLOTS = { params: ["date", "tz", "duration"], personal: ["exclude"] } as const;

const POLICIES: [RegExp, CachePolicy][] = [
  [/^\/(advisor\/[^/]+)?$/, { ...PAGE, ...DIRECTORY }],
  [/^\/advisors$/, { ...PAGE, ...DIRECTORY, params: SEARCH }],
  [/^\/api\/advisors$/, { ...SHARED, ...DIRECTORY, params: SEARCH }],
  [/^\/sitemap\.xml$/, { ...SHARED, ...DIRECTORY }],
  [/^\/api\/advisors\/[^/]+\/(slots|dates)$/, { ...SHARED, ...CALENDAR, ...SLOTS }],
  [
    /^\/(about|contact|terms|privacy|cancellation-refunds|advisor-agreement|code-of-conduct|become-advisor|join-as-advisor|free-discovery-call)$/,
    { ...PAGE, ...STATIC },
  ],
  [
    /^\/robots\.txt$/,
    {
      ...SHARED,
      ...STATIC,
      cacheControl: "public, max-age=0, s-maxage=300, stale-while-revalidate=86400",
    },
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

/**
 * The key of a request under its policy, which is also the URL its answer is rendered from:
 * the path and only the parameters the route reads, each once (the first, as the loaders read
 * it), in the policy's order; a data request also keeps React Router's `_routes` (which
 * loaders run). So `?utm_source=…` or a random parameter neither renders anew nor takes a
 * place in the cache. Null when the request carries a personal parameter: it is not kept.
 */
export function cacheKeyOf(pathname: string, search: string, policy: CachePolicy): string | null {
  if (search.length <= 1) return pathname;
  const given = new URLSearchParams(search);
  if (policy.personal?.some((name) => given.has(name))) return null;
  const kept = new URLSearchParams();
  const names = pathname.endsWith(".data") ? [...policy.params, "_routes"] : policy.params;
  for (const name of names) {
    const value = given.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}
