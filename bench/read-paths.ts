import { request } from "node:http";

/**
 * The public read paths the benchmark drives, each a list of request paths that wrk cycles
 * through: search and the listing for "dubai", the static terms page, robots.txt, the landing
 * page, profiles of many advisors, and the booking calendar's dates and slots for several
 * advisors over every date of the booking window in four zones and both durations; and three
 * of them again with a URL never seen before on every request (what a render costs).
 */
export type ReadPath = {
  name: string;
  paths: string[];
  /** Every request a new URL, so none is answered from a cache: the cost of a render. */
  unique?: boolean;
};

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
    // The same paths when nothing can be reused: every request a URL never seen before.
    {
      name: "GET /api/advisors?search=dubai, each URL new",
      paths: ["/api/advisors?search=dubai"],
      unique: true,
    },
    {
      name: "GET /advisors?search=dubai (SSR), each URL new",
      paths: ["/advisors?search=dubai"],
      unique: true,
    },
    { name: "GET /api/advisors/{id}/slots, each URL new", paths: slots, unique: true },
  ];
  return list;
}

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
