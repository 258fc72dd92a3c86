import { request } from "node:http";
import { type LoadFor, ONLY, SKIP } from "./measure";
import { searchMix } from "./search-mix";

/**
 * The public read paths the benchmark drives, each a list of request paths that wrk cycles
 * through: search and the listing for "dubai", the static terms page, robots.txt, the landing
 * page, profiles of many advisors, and the booking calendar's dates and slots for several
 * advisors over every date of the booking window in four zones and both durations; three of
 * them again with a URL never seen before on every request (what a render costs); and search
 * and the listing for a mix of queries people type, each never asked before (bench/search-mix.ts).
 */
export type ReadPath = {
  name: string;
  /**
   * How the row asks, also BENCH_SKIP's name for it: "kept" (the same URLs again and again, so
   * answered from kept answers), "new" (every request a URL never seen before, so none is
   * answered from a cache: the cost of a render) or "mix" (the never-asked search mix).
   */
  group: "kept" | "new" | "mix";
  /** The URLs wrk cycles through; for the mix, a sample like those it asks. */
  paths: string[];
  /** The mix: for each wrk run of so many seconds, URLs no request before it asked. */
  fresh?: (seconds: number) => string[];
};

/** At most this many never-asked requests a second before a wrk thread runs out of them. */
const MIX_PER_SECOND = 4_000;

const ZONES = ["Asia/Kolkata", "America/New_York", "Europe/London", "Australia/Sydney"];
const DURATIONS = [30, 15];
const PROFILE_ADVISORS = 200;
const CALENDAR_ADVISORS = 8;
const WINDOW_DAYS = 31;

/** `advisorIds`: advisors with schedules and bookings (the benchmark's generated ones). */
export async function readPaths(baseUrl: string, advisorIds: readonly string[]) {
  const calendar = advisorIds.slice(0, CALENDAR_ADVISORS);
  const dates: string[] = [];
  const slots: string[] = [];
  for (const tz of ZONES) {
    for (const duration of DURATIONS) {
      const query = `tz=${encodeURIComponent(tz)}&duration=${duration}`;
      const window = (await (
        await fetch(`${baseUrl}/api/advisors/${calendar[0]}/dates?${query}`)
      ).json()) as { first: string };
      for (const id of calendar) dates.push(`/api/advisors/${id}/dates?${query}`);
      for (let i = 0; i < WINDOW_DAYS; i++) {
        const date = new Date(Date.parse(`${window.first}T00:00:00Z`) + i * 86_400_000);
        const day = date.toISOString().slice(0, 10);
        for (const id of calendar) slots.push(`/api/advisors/${id}/slots?date=${day}&${query}`);
      }
    }
  }
  // One source for both mix rows: a query the API was asked is new to the listing too.
  const mix = searchMix(1);
  const mixRow = (name: string, path: string): ReadPath => {
    const urls = (count: number) =>
      mix.take(count).map((query) => `${path}?search=${encodeURIComponent(query)}`);
    return {
      name,
      group: "mix",
      paths: urls(20),
      fresh: (seconds) => urls(Math.ceil(MIX_PER_SECOND * seconds)),
    };
  };
  const list: ReadPath[] = [
    { name: "GET /api/advisors?search=dubai", paths: ["/api/advisors?search=dubai"] },
    { name: "GET /advisors?search=dubai (SSR)", paths: ["/advisors?search=dubai"] },
    { name: "GET / (landing, SSR)", paths: ["/"] },
    {
      name: "GET /advisor/{id} (profile, SSR)",
      paths: advisorIds.slice(0, PROFILE_ADVISORS).map((id) => `/advisor/${id}`),
    },
    { name: "GET /terms (static SSR)", paths: ["/terms"] },
    { name: "GET /api/advisors/{id}/dates", paths: dates },
    { name: "GET /api/advisors/{id}/slots", paths: slots },
    { name: "GET /robots.txt", paths: ["/robots.txt"] },
  ].map((row) => ({ ...row, group: "kept" as const }));
  // The same paths when nothing can be reused: every request a URL never seen before.
  list.push(
    {
      name: "GET /api/advisors?search=dubai, each URL new",
      group: "new",
      paths: ["/api/advisors?search=dubai"],
    },
    {
      name: "GET /advisors?search=dubai (SSR), each URL new",
      group: "new",
      paths: ["/advisors?search=dubai"],
    },
    {
      name: "GET /api/advisors/{id}/slots, each URL new",
      group: "new",
      paths: slots,
    },
    mixRow("GET /api/advisors?search={mix}, each query new", "/api/advisors"),
    mixRow("GET /advisors?search={mix} (SSR), each query new", "/advisors"),
  );
  return list.filter(
    (row) => !SKIP.has(row.group) && (ONLY.length === 0 || ONLY.some((s) => row.name.includes(s))),
  );
}

/** What wrk asks for on `path` in one run. */
export const loadOf =
  (path: ReadPath): LoadFor =>
  (seconds) =>
    path.fresh
      ? { paths: path.fresh(seconds), variation: "listed" }
      : { paths: path.paths, variation: path.group === "new" ? "unique" : "repeat" };

/**
 * Mean body size on the wire (as wrk asks: gzip, deflate or br accepted) over the first
 * `sample` paths, and whether every one answered 200.
 */
export async function bodySize(baseUrl: string, paths: readonly string[], sample = 20) {
  let total = 0;
  let ok = true;
  const some = paths.slice(0, sample);
  for (const p of some) {
    const { status, bytes } = await new Promise<{ status: number; bytes: number }>(
      (resolve, reject) => {
        const req = request(
          `${baseUrl}${p}`,
          { headers: { "accept-encoding": "gzip, deflate, br" } },
          (res) => {
            let bytes = 0;
            res.on("data", (chunk: Buffer) => (bytes += chunk.length));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes }));
            res.on("error", reject);
          },
        );
        req.on("error", reject);
        req.end();
      },
    );
    total += bytes;
    if (status !== 200) ok = false;
  }
  return { bytes: Math.round(total / some.length), ok };
}
