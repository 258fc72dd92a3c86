import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users, advisors, reviews, bookings, scheduleSlots, advisorSchedules } from "./schema";
import { queryRows } from "./client.server";
import { createTestDatabase, sqlState } from "./database.test-support";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const SPEC_TABLES = [
  "users",
  "advisors",
  "advisor_schedules",
  "schedule_slots",
  "blocked_slots",
  "bookings",
  "payments",
  "reviews",
  "refunds",
  "audit_log",
  "email_outbox",
  "login_attempts",
  "rate_limits",
  "webhook_events",
  "auth_users",
  "auth_sessions",
  "auth_accounts",
  "auth_verifications",
  "auth_rate_limits",
];

async function newAdvisor(email: string) {
  const db = database.db;
  const [user] = await db
    .insert(users)
    .values({ firstName: "Test", lastName: "Person", email })
    .returning();
  const [advisor] = await db.insert(advisors).values({ userId: user!.id }).returning();
  return { user: user!, advisor: advisor! };
}

describe(`migrations (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("create every table the product uses", async () => {
    const rows = await queryRows<{ tablename: string }>(
      database.db,
      sql`select tablename from pg_tables where schemaname = 'public'`,
    );
    const tables = rows.map((r) => r.tablename);
    expect(tables).toEqual(expect.arrayContaining(SPEC_TABLES));
  });

  it("can run again on a migrated database without changes", async () => {
    await expect(database.migrate()).resolves.toBeUndefined();
  });

  it("load btree_gist and pg_trgm", async () => {
    const rows = await queryRows<{ extname: string }>(
      database.db,
      sql`select extname from pg_extension`,
    );
    expect(rows.map((r) => r.extname)).toEqual(expect.arrayContaining(["btree_gist", "pg_trgm"]));
  });
});

describe("constraints", () => {
  it("keep e-mail addresses unique regardless of case", async () => {
    await newAdvisor("Case@Example.com");
    const error = await database.db
      .insert(users)
      .values({ firstName: "A", lastName: "B", email: "case@example.COM" })
      .catch((e: unknown) => e);
    expect(sqlState(error)).toBe("23505");
  });

  it.each([
    ["experience above 50", { totalExperienceYears: 51 }],
    ["experience below 0", { totalExperienceYears: -1 }],
    ["a negative hourly rate", { hourlyRateInr: -1 }],
    ["an unknown profile status", { profileStatus: "banned" as "approved" }],
    ["a short intro over 120 characters", { shortIntro: "x".repeat(121) }],
  ])("refuse an advisor with %s", async (_label, values) => {
    const { advisor } = await newAdvisor(`adv-${Math.random()}@example.com`);
    const error = await database.db
      .update(advisors)
      .set(values)
      .where(sql`${advisors.id} = ${advisor.id}`)
      .catch((e: unknown) => e);
    expect(sqlState(error)).toBe("23514");
  });

  it("accept the edges: 0 and 50 years, a pro bono rate", async () => {
    const { advisor } = await newAdvisor("edges@example.com");
    for (const years of [0, 50]) {
      await database.db
        .update(advisors)
        .set({ totalExperienceYears: years, hourlyRateInr: 0 })
        .where(sql`${advisors.id} = ${advisor.id}`);
    }
  });

  it.each([0, 6])("refuse a rating of %i", async (rating) => {
    const { user, advisor } = await newAdvisor(`rating-${rating}@example.com`);
    const start = new Date("2030-01-01T10:00:00Z");
    const [booking] = await database.db
      .insert(bookings)
      .values({
        userId: user.id,
        advisorId: advisor.id,
        datetime: start,
        duration: 30,
        endsAt: new Date(start.getTime() + 30 * 60_000),
        status: "completed",
        sessionType: "First Call",
        advisorTimezone: "Asia/Kolkata",
        seekerTimezone: "Asia/Kolkata",
      })
      .returning();
    const error = await database.db
      .insert(reviews)
      .values({
        bookingId: booking!.id,
        advisorId: advisor.id,
        userId: user.id,
        ratingHelpfulness: rating,
        ratingActionability: 3,
        recommendAdvisor: true,
      })
      .catch((e: unknown) => e);
    expect(sqlState(error)).toBe("23514");
  });

  it.each([
    ["weekday 0", { dayOfWeek: 0, startTime: "09:00", endTime: "10:00" }],
    ["weekday 8", { dayOfWeek: 8, startTime: "09:00", endTime: "10:00" }],
    ["a malformed time", { dayOfWeek: 1, startTime: "9:00", endTime: "10:00" }],
    ["an empty window", { dayOfWeek: 1, startTime: "10:00", endTime: "10:00" }],
  ])("refuse a schedule slot with %s", async (_label, slot) => {
    const { advisor } = await newAdvisor(`slot-${Math.random()}@example.com`);
    const [schedule] = await database.db
      .insert(advisorSchedules)
      .values({ advisorId: advisor.id })
      .returning();
    const error = await database.db
      .insert(scheduleSlots)
      .values({ scheduleId: schedule!.id, ...slot })
      .catch((e: unknown) => e);
    expect(sqlState(error)).toBe("23514");
  });

  it("accept a window that ends at midnight", async () => {
    const { advisor } = await newAdvisor("midnight@example.com");
    const [schedule] = await database.db
      .insert(advisorSchedules)
      .values({ advisorId: advisor.id })
      .returning();
    await database.db
      .insert(scheduleSlots)
      .values({ scheduleId: schedule!.id, dayOfWeek: 7, startTime: "22:00", endTime: "24:00" });
  });
});
