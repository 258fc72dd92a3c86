import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client.server";

export type RateLimitRule = { limit: number; windowMs: number };
export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

/**
 * Counts one hit against `key` in a fixed window kept in the database, so the limit holds
 * across app instances. One atomic upsert: no read-then-write race.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<RateLimitResult> {
  const windowStartFloor = new Date(now.getTime() - rule.windowMs);
  const [row] = await queryRows<{ count: number; window_start: Date | string }>(
    db,
    sql`insert into rate_limits (key, count, window_start) values (${key}, 1, ${now})
        on conflict (key) do update set
          count = case when rate_limits.window_start <= ${windowStartFloor} then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= ${windowStartFloor} then ${now} else rate_limits.window_start end
        returning count, window_start`,
  );
  const count = Number(row!.count);
  const windowEnds = new Date(row!.window_start).getTime() + rule.windowMs;
  return {
    allowed: count <= rule.limit,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000)),
  };
}
