import path from "node:path";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { validateAvailability, WEEKDAYS } from "../../core/availability";
import {
  bookingWindow,
  type BusyInterval,
  noSlotsReason,
  offeredSlots,
  selectableDates,
  type SlotDatesQuery,
  type WeeklySchedule,
} from "../../core/slots";
import { seededRandom, type SeededRandom as Random } from "../../core/seeded-random.test-support";
import { parseAdvisorSearch, parseSuggestionQuery } from "../../core/advisor-search-params";
import { BOOKING_PARAMS, NOTES_PARAM } from "../../core/booking-url-state";
import { DISCOVERY_PARAMS } from "../../core/discovery-url-state";
import { type CachePolicy, untilNextQuarterHour } from "../../core/cache-contract";
import { parseSlotParams } from "../scheduling/slot-query";
import { cacheKeyOf, cachePolicyOf } from "./public-cache-policy";
import { createRouteMatcher } from "./route-match.server";

/*
 * The policies the routes declare (their `handle`, ADR 69), read from the production build as
 * the server reads them: a path's route, then its declaration.
 */
const build = (await import(
  /* @vite-ignore */ path.resolve("build/server/index.js")
)) as ServerBuild;
const matchRoute = createRouteMatcher(build);
const cachePolicyFor = (pathname: string) => cachePolicyOf(matchRoute(pathname));

const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;
const DAY = 24 * 60 * MINUTE;

describe("cachePolicyFor", () => {
  it("shares the public pages and APIs with their data requests, and nothing else", () => {
    const directoryPaths = ["/", "/_root.data", "/advisors", "/advisors.data", "/api/advisors"];
    for (const path of [...directoryPaths, "/api/advisors/suggestions"]) {
      expect(cachePolicyFor(path)?.topics, path).toEqual(["directory"]);
    }
    expect(cachePolicyFor("/api/advisors/x/slots")?.topics).toEqual(["directory", "calendar"]);
    expect(cachePolicyFor("/terms")?.topics).toEqual([]);
    for (const path of ["/dashboard", "/settings", "/admin", "/book/x", "/api/auth/session"]) {
      expect(cachePolicyFor(path), path).toBeNull();
    }
  });

  it("is declared by these routes, each as before the URL list went (ADR 69), and by no other", () => {
    const at = Date.parse("2026-11-22T10:07:31.250Z");
    const declared = (pathname: string) => {
      const policy = cachePolicyFor(pathname);
      return policy && { ...policy, keptFor: policy.keepUntil(at) - at, keepUntil: undefined };
    };
    const page = { cacheControl: "private, no-cache", perViewer: true, params: [] };
    const shared = { cacheControl: "public, max-age=0, s-maxage=1", perViewer: false, params: [] };
    const directory = { topics: ["directory"], keptFor: 10 * MINUTE };
    const calendar = {
      topics: ["directory", "calendar"],
      params: ["date", "tz", "duration"],
      personal: ["exclude"],
      keptFor: Date.parse("2026-11-22T10:15:00Z") - at,
    };
    const fixed = { topics: [], keptFor: 60 * MINUTE };
    const expected: Record<string, object> = {
      "/": { ...page, ...directory },
      "/advisor/x": { ...page, ...directory, personal: [...BOOKING_PARAMS, NOTES_PARAM] },
      "/advisors": { ...page, ...directory, params: ["search", "page"] },
      // The team's open dates (ADR 85).
      "/free-discovery-call": {
        ...page,
        topics: calendar.topics,
        keptFor: calendar.keptFor,
        personal: [...DISCOVERY_PARAMS],
      },
      "/api/advisors": { ...shared, ...directory, params: ["search", "page"] },
      "/api/advisors/suggestions": { ...shared, ...directory, params: ["q"] },
      "/sitemap.xml": { ...shared, ...directory },
      "/api/advisors/x/slots": { ...shared, ...calendar },
      "/api/advisors/x/dates": { ...shared, ...calendar },
      "/robots.txt": {
        ...shared,
        ...fixed,
        cacheControl: "public, max-age=0, s-maxage=300, stale-while-revalidate=86400",
      },
    };
    const staticPages = ["about", "contact", "terms", "privacy", "cancellation-refunds"];
    staticPages.push("advisor-agreement", "code-of-conduct", "become-advisor", "join-as-advisor");
    for (const name of staticPages) expected[`/${name}`] = { ...page, ...fixed };
    // A nested route's path is its own part: its parents' come first (the settings sections).
    const fullPath = (id: string | undefined): string => {
      const route = id ? build.routes[id] : undefined;
      if (!route || route.id === "root") return "";
      return [fullPath(route.parentId), route.path ?? ""].filter(Boolean).join("/");
    };
    const paths = Object.values(build.routes)
      .filter((route) => route && route.id !== "root")
      .map((route) => `/${fullPath(route!.id).replace(/:\w+|\*/g, "x")}`);
    expect(paths.filter((p) => expected[p]).sort()).toEqual(Object.keys(expected).sort());
    for (const p of paths) expect(declared(p), p).toEqual(expected[p] ?? null);
  });

  it("lets a shared cache keep only what is the same for everyone (ADR 62)", () => {
    const control = (path: string) => cachePolicyFor(path)!.cacheControl;
    // Every page shows who is signed in: browsers only, revalidated.
    for (const path of [
      "/",
      "/_root.data",
      "/advisors",
      "/advisors.data",
      "/advisor/x",
      "/terms",
    ]) {
      expect(cachePolicyFor(path)!.perViewer, path).toBe(true);
      expect(control(path), path).toBe("private, no-cache");
    }
    const feeds = ["/api/advisors", "/api/advisors/suggestions"];
    for (const path of [...feeds, "/api/advisors/x/slots", "/api/advisors/x/dates"]) {
      expect(cachePolicyFor(path)!.perViewer, path).toBe(false);
      expect(control(path), path).toBe("public, max-age=0, s-maxage=1");
    }
    expect(control("/sitemap.xml")).toBe("public, max-age=0, s-maxage=1");
    expect(control("/robots.txt")).toBe(
      "public, max-age=0, s-maxage=300, stale-while-revalidate=86400",
    );
  });
});

describe("cacheKeyOf", () => {
  const key = (url: string) => {
    const { pathname, search } = new URL(url, "http://x");
    return cacheKeyOf(pathname, search, cachePolicyFor(pathname)!);
  };

  it("keeps only the parameters the route reads, in a fixed order, the first of each", () => {
    expect(key("/advisors?utm_source=x&page=2&r=123&search=glass")).toBe(
      "/advisors?search=glass&page=2",
    );
    expect(key("/advisors?search=glass&page=2")).toBe("/advisors?search=glass&page=2");
    expect(key("/advisors?search=a&search=b")).toBe("/advisors?search=a");
    expect(key("/advisors?search=a%20b")).toBe(key("/advisors?search=a+b"));
    expect(key("/advisors?utm_source=x")).toBe("/advisors");
    expect(key("/advisors?")).toBe("/advisors");
    expect(key("/?search=x")).toBe("/");
    expect(key("/terms?fbclid=1")).toBe("/terms");
    expect(key("/api/advisors/x/slots?duration=15&tz=UTC&date=2026-12-01&v=1")).toBe(
      "/api/advisors/x/slots?date=2026-12-01&tz=UTC&duration=15",
    );
  });

  // A profile with booking choices is rendered for whoever asks (ADR 85): the server renders
  // the step, whose times follow the calendar, and a plain form's notes are the person's own.
  it("keeps no answer for a profile whose URL holds booking choices", () => {
    const booking =
      "step=4&topics=0.2&option=First+Call-30&tz=Asia%2FKolkata&time=2026-12-01T04:30:00.000Z";
    expect(cachePolicyFor("/advisor/x")!.personal).toEqual([...BOOKING_PARAMS, NOTES_PARAM]);
    expect(key(`/advisor/x?${booking}`)).toBeNull();
    expect(key("/advisor/x?topics=0&topics=2&additionalInfo=")).toBeNull();
    expect(key(`/advisor/x.data?${booking}&_routes=root`)).toBeNull();
    expect(key("/advisor/x?utm_source=x")).toBe("/advisor/x");
  });

  it("keeps which loaders a data request runs", () => {
    expect(key("/advisors.data?utm_source=x&_routes=routes%2Fadvisors&search=a")).toBe(
      "/advisors.data?search=a&_routes=routes%2Fadvisors",
    );
    expect(key("/advisors?_routes=root")).toBe("/advisors");
  });

  it("keeps nothing for a request with a personal parameter", () => {
    expect(key("/api/advisors/x/slots?date=2026-12-01&exclude=b")).toBeNull();
  });

  // The parameters each route's parsers read are exactly those its key keeps.
  it("names every parameter the routes' parsers read", () => {
    const read = (parse: (params: URLSearchParams) => unknown) => {
      const names = new Set<string>();
      const params = new URLSearchParams();
      for (const method of ["get", "getAll", "has"] as const) {
        const original = params[method].bind(params) as (name: string) => unknown;
        Object.assign(params, {
          [method]: (name: string) => (names.add(name), original(name)),
        });
      }
      parse(params);
      return [...names];
    };
    const params = (path: string) => {
      const policy: CachePolicy = cachePolicyFor(path)!;
      return [...policy.params, ...(policy.personal ?? [])];
    };
    expect(read(parseAdvisorSearch)).toEqual(params("/advisors"));
    expect(read(parseAdvisorSearch)).toEqual(params("/api/advisors"));
    expect(read(parseSuggestionQuery)).toEqual(params("/api/advisors/suggestions"));
    const slots = read((p) => parseSlotParams(p, { requireDate: false }));
    // `exclude` is read by the reschedule check: honoured only for a party of the booking.
    expect([...slots, "exclude"]).toEqual(params("/api/advisors/x/slots"));
    expect([...slots, "exclude"]).toEqual(params("/api/advisors/x/dates"));
  });
});

describe("untilNextQuarterHour", () => {
  it("keeps an answer until the next quarter hour, one made on a quarter hour for that instant", () => {
    const at = Date.parse("2026-11-22T10:07:31.250Z");
    expect(untilNextQuarterHour(at)).toBe(Date.parse("2026-11-22T10:15:00Z"));
    const onQuarter = Date.parse("2026-11-22T10:15:00Z");
    expect(untilNextQuarterHour(onQuarter)).toBe(onQuarter + 1);
  });

  // The rule behind it: what the engine offers is the same at any instant from a render until
  // the end of its quarter hour, for every schedule availability can save.
  it("matches the slot engine: nothing offered changes before the next quarter hour", () => {
    const random = seededRandom(20_261_122);
    const zones = ["Asia/Kolkata", "Asia/Kathmandu", "Pacific/Chatham", "America/St_Johns"];
    zones.push("Australia/Lord_Howe", "America/New_York", "Europe/London", "UTC");
    for (let i = 0; i < 150; i++) {
      const schedule = savedSchedule(random, random.pick(zones));
      const renderedAt = random.pick([
        Date.parse("2026-03-07T00:00:00Z") + random.int(0, 3 * DAY),
        Date.parse("2026-10-31T12:00:00Z") + random.int(0, 2 * DAY),
        Date.parse("2026-11-22T00:00:00Z") + random.int(0, 60) * QUARTER + random.pick([0, 1, -1]),
      ]);
      // The store serves an answer while the clock is before its expiry.
      const later = Math.min(
        untilNextQuarterHour(renderedAt) - 1,
        renderedAt + random.int(1, QUARTER),
      );
      const query: SlotDatesQuery = {
        schedule,
        busy: randomBusy(random, renderedAt),
        durationMinutes: random.pick([15, 30]),
        viewerTimeZone: random.pick(zones),
        now: new Date(renderedAt),
      };
      const seen = (now: number) => answers({ ...query, now: new Date(now) });
      expect(seen(later), `case ${i}`).toEqual(seen(renderedAt));
    }
  });
});

function answers(query: SlotDatesQuery) {
  const window = bookingWindow(query.viewerTimeZone, query.now, query.schedule.timeZone);
  const first = Date.parse(`${window.first}T00:00:00Z`);
  const days = [0, 1, 2, 15, 29, 30].map((d) =>
    new Date(first + d * DAY).toISOString().slice(0, 10),
  );
  return {
    window,
    dates: selectableDates(query),
    slots: days.map((date) => [
      offeredSlots({ ...query, date }).map((d) => d.getTime()),
      noSlotsReason({ ...query, date }),
    ]),
  };
}

/** A weekly availability as the availability rules allow it: half-hour windows. */
function savedSchedule(random: Random, timeZone: string): WeeklySchedule {
  const windows: WeeklySchedule["windows"] = {};
  for (const day of WEEKDAYS) {
    if (random.chance(0.3)) continue;
    const start = random.int(0, 46);
    const end = random.int(start + 1, 48);
    windows[day] = [{ start: clock(start * 30), end: clock(end * 30) }];
  }
  windows[1] ??= [{ start: "09:00", end: "17:00" }];
  const checked = validateAvailability({ timeZone, windows });
  if (!checked.ok) throw new Error(checked.message);
  return checked.schedule;
}

function randomBusy(random: Random, now: number): BusyInterval[] {
  return Array.from({ length: random.int(0, 20) }, () => {
    const start = now + random.int(0, 31 * 24 * 4) * QUARTER + random.pick([0, 7 * MINUTE]);
    return { start: new Date(start), end: new Date(start + random.pick([15, 30, 60]) * MINUTE) };
  });
}

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
