import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../db/database.test-support";
import { hitRateLimit } from "./rate-limit.server";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const rule = { limit: 3, windowMs: 60_000 };
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 21, 10, 0, seconds));

describe("rate limits", () => {
  it("allow up to the limit in one window, then refuse with the seconds left", async () => {
    const results = [];
    for (const s of [0, 10, 20, 30])
      results.push(await hitRateLimit(database.db, "k1", rule, at(s)));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSeconds).toBe(30);
  });

  it("start a new window once the old one is over", async () => {
    for (const s of [0, 1, 2, 3]) await hitRateLimit(database.db, "k2", rule, at(s));
    const later = await hitRateLimit(database.db, "k2", rule, at(61));
    expect(later).toEqual({ allowed: true, retryAfterSeconds: 60 });
  });

  it("count each key on its own", async () => {
    for (const s of [0, 1, 2, 3]) await hitRateLimit(database.db, "k3", rule, at(s));
    expect((await hitRateLimit(database.db, "k4", rule, at(4))).allowed).toBe(true);
  });

  it("hold under concurrent hits: exactly the limit gets through", async () => {
    const hits = await Promise.all(
      Array.from({ length: 10 }, () => hitRateLimit(database.db, "k5", rule, at(5))),
    );
    expect(hits.filter((h) => h.allowed)).toHaveLength(3);
  });
});
