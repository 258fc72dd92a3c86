import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type SQLWrapper, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REMINDER_HOURS } from "../../core/sessions";
import { buildConfig } from "../config.server";
import { type Database, type Db, openDatabase, queryRows } from "../db/client.server";
import { bookingReminders, bookings, emailOutbox } from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import { ADMIN_TOTALS_MS, adminStats } from "./dashboard.server";
import { lapsedHolds } from "./holds.server";
import { finishedSessions, sendDueReminders, unsentReminders } from "./session-jobs.server";
import { createAdvisor, createBooking, createSeeker } from "../db/factories.test-support";
import { createBookableAdvisor } from "./factories.test-support";

/*
 * The jobs at a year's scale: a reminder run costs what it sends (nothing once all are sent),
 * each job's due query reads only due rows through an index, and the admin's totals are not
 * counted per view.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const config = buildConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "jobs-scale-test-")) });
const HOUR = 3_600_000;
const NOW = new Date("2026-06-01T08:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

/** `db` that counts the transactions opened through it, running `before` ahead of each. */
function watched(db: Db, before: () => Promise<unknown> = async () => {}) {
  const seen = { transactions: 0 };
  const proxy = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== "transaction") return Reflect.get(target, key, receiver);
      return async (...args: Parameters<Db["transaction"]>) => {
        seen.transactions++;
        await before();
        return target.transaction(...args);
      };
    },
  });
  return { db: proxy, seen };
}

/** A booking at `NOW` + `hours` for its own advisor and seeker. */
async function sessionIn(
  hours: number,
  status: "confirmed" | "cancelled" | "completed" = "confirmed",
) {
  return createBooking(database.db, {
    advisorId: await createBookableAdvisor(database.db),
    userId: await createSeeker(database.db),
    datetime: new Date(NOW.getTime() + hours * HOUR),
    status,
  });
}

const mailsQueued = async () =>
  (await database.db.select({ id: emailOutbox.id }).from(emailOutbox)).length;

const remindersOf = (ids: string[]) =>
  database.db
    .select({ id: bookingReminders.bookingId, hours: bookingReminders.hoursBefore })
    .from(bookingReminders)
    .where(inArray(bookingReminders.bookingId, ids));

describe("a reminder run", () => {
  it("opens a transaction per reminder it sends, and none once all are sent", async () => {
    const due = [await sessionIn(0.5), await sessionIn(3), await sessionIn(23)];
    await sessionIn(30); // not due yet
    await sessionIn(4, "cancelled");
    const first = watched(database.db);
    expect(await sendDueReminders(first.db, config, NOW)).toBe(3);
    expect(first.seen.transactions).toBe(3);

    const again = watched(database.db);
    expect(await sendDueReminders(again.db, config, NOW)).toBe(0);
    expect(again.seen.transactions).toBe(0);
    expect(await remindersOf(due.map((b) => b.id))).toHaveLength(3);
  });

  it("sends nothing for a session moved or cancelled after the run read it", async () => {
    const moved = await sessionIn(20);
    const cancelled = await sessionIn(21);
    const meanwhile = watched(database.db, async () => {
      const later = new Date(NOW.getTime() + 5 * 24 * HOUR);
      await database.db
        .update(bookings)
        .set({ datetime: later, endsAt: new Date(later.getTime() + 30 * 60_000) })
        .where(eq(bookings.id, moved.id));
      await database.db
        .update(bookings)
        .set({ status: "cancelled", cancellationReason: "Plans changed" })
        .where(eq(bookings.id, cancelled.id));
    });
    expect(await sendDueReminders(meanwhile.db, config, NOW)).toBe(0);
    expect(meanwhile.seen.transactions).toBe(2);
    expect(await remindersOf([moved.id, cancelled.id])).toEqual([]);
  });

  it("reminds a rescheduled session again for its new start", async () => {
    const session = await sessionIn(20);
    expect(await sendDueReminders(database.db, config, NOW)).toBe(1);
    const start = new Date(NOW.getTime() + 22 * HOUR);
    await database.db
      .update(bookings)
      .set({ datetime: start, endsAt: new Date(start.getTime() + 30 * 60_000) })
      .where(eq(bookings.id, session.id));
    expect(await sendDueReminders(database.db, config, NOW)).toBe(1);
    expect(await sendDueReminders(database.db, config, NOW)).toBe(0);
    expect(await remindersOf([session.id])).toEqual([
      { id: session.id, hours: 24 },
      { id: session.id, hours: 24 },
    ]);
  });

  it("on two instances at once sends each of many reminders once", async () => {
    const now = new Date(NOW.getTime() + 7 * 24 * HOUR); // a day of its own
    const due = await Promise.all(
      Array.from({ length: 12 }, async (_, i) =>
        createBooking(database.db, {
          advisorId: await createBookableAdvisor(database.db),
          userId: await createSeeker(database.db),
          datetime: new Date(now.getTime() + (0.5 + 2 * i) * HOUR),
        }),
      ),
    );
    const mailsBefore = await mailsQueued();
    const second: Database = database.url ? await openDatabase({ url: database.url }) : database;
    try {
      const [a, b] = await Promise.all([
        sendDueReminders(database.db, config, now),
        sendDueReminders(second.db, config, now),
      ]);
      expect(a + b).toBe(12);
    } finally {
      if (second !== database) await second.close();
    }
    const sent = await remindersOf(due.map((d) => d.id));
    expect(new Set(sent.map((s) => s.id)).size).toBe(12);
    expect(sent).toHaveLength(12);
    expect(await mailsQueued()).toBe(mailsBefore + 24); // both parties of each, once
  });
});

describe("the admin's dashboard", () => {
  it("counts users and sessions at most once a minute; the applications waiting stay live", async () => {
    const at = 1_000_000;
    const before = await adminStats(database.db, at);
    await sessionIn(-30 * 24, "completed");
    await createAdvisor(database.db, { profileStatus: "pending" });
    // sessionIn made a user for its advisor and its seeker, createAdvisor one more.
    const fresh = {
      totalUsers: before.totalUsers + 3,
      completedSessions: before.completedSessions + 1,
      totalSessions: before.totalSessions + 1,
    };
    const live = {
      totalAdvisors: before.totalAdvisors + 2,
      pendingApprovals: before.pendingApprovals + 1,
    };
    expect(await adminStats(database.db, at + ADMIN_TOTALS_MS - 1)).toMatchObject({
      totalUsers: before.totalUsers,
      completedSessions: before.completedSessions,
      totalSessions: before.totalSessions,
      ...live,
    });
    expect(await adminStats(database.db, at + ADMIN_TOTALS_MS)).toMatchObject({
      ...fresh,
      ...live,
    });
  });
});

/*
 * EXPLAIN of each job's due query over a year of bookings made in SQL: one advisor and seeker,
 * a session every 2 hours from 333 days back to 30 days ahead of `YEAR_NOW`, most of the past
 * completed and reminded, some cancelled, expired, a few holds pending.
 */
describe("each job's due query over a year of bookings", () => {
  const YEAR_NOW = new Date("2030-01-15T12:00:00Z");

  beforeAll(async () => {
    const advisorId = await createAdvisor(database.db);
    const seekerId = await createSeeker(database.db);
    const now = sql`${YEAR_NOW.toISOString()}::timestamptz`;
    // The server's own user: the app's role may not ANALYZE (PGlite: the same db).
    await database.privileged.execute(sql`
      insert into bookings (user_id, advisor_id, datetime, duration, ends_at, status,
        hold_expires_at, cancellation_reason, session_type, advisor_timezone, seeker_timezone)
      select ${seekerId}, ${advisorId}, at, 30, at + interval '30 minutes', status,
        case status when 'pending_payment' then ${now} + (i % 7 - 3) * interval '1 minute'
                    when 'expired' then at - interval '1 day' end,
        case when status = 'cancelled' then 'Plans changed' end,
        'First Call', 'UTC', 'UTC'
      from generate_series(-4000, 360) as i,
        lateral (select ${now} + i * interval '2 hours' as at) as slot,
        lateral (select case
          when i % 10 = 0 then 'cancelled'
          when i % 10 = 5 and at < ${now} then 'expired'
          when i % 40 = 7 and at > ${now} then 'pending_payment'
          when at + interval '30 minutes' <= ${now} then 'completed'
          else 'confirmed' end as status) as s`);
    await database.privileged.execute(sql`
      insert into booking_reminders (booking_id, hours_before, session_start)
      select id, hours, datetime from bookings, (values (24), (1)) as r(hours)
      where advisor_id = ${advisorId} and (status = 'completed'
        or status = 'confirmed' and datetime <= ${now} + interval '24 hours')`);
    await database.privileged.execute(sql`analyze bookings`);
    await database.privileged.execute(sql`analyze booking_reminders`);
  });

  type PlanNode = {
    "Node Type": string;
    "Relation Name"?: string;
    "Index Name"?: string;
    "Index Cond"?: string;
    Plans?: PlanNode[];
  };
  const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

  /** The plan's scans: every table read, by index or not. */
  async function scansOf(query: SQLWrapper) {
    const [row] = await queryRows<{ "QUERY PLAN": unknown }>(
      database.db,
      sql`explain (format json) ${query.getSQL()}`,
    );
    const json = row!["QUERY PLAN"];
    const [{ Plan }] = (typeof json === "string" ? JSON.parse(json) : json) as [{ Plan: PlanNode }];
    const scans = flatten(Plan).filter((node) => node["Node Type"].endsWith("Scan"));
    expect(scans.filter((node) => node["Node Type"] === "Seq Scan")).toEqual([]);
    return scans;
  }
  const rangeOf = (index: unknown, column: string) =>
    expect.objectContaining({ "Index Name": index, "Index Cond": expect.stringContaining(column) });

  it.each(REMINDER_HOURS)(
    "the %i-hour reminders: a range of upcoming confirmed starts, each probing the reminders' key",
    async (hours) => {
      const scans = await scansOf(unsentReminders(database.db, hours, YEAR_NOW));
      expect(scans).toContainEqual(rangeOf("bookings_confirmed_start_idx", "datetime"));
      expect(scans).toContainEqual(
        rangeOf("booking_reminders_booking_id_hours_before_session_start_pk", "booking_id"),
      );
    },
  );

  it("completion: the confirmed sessions ended by now", async () => {
    const update = database.db
      .update(bookings)
      .set({ status: "completed" })
      .where(finishedSessions(YEAR_NOW));
    // Today bookings_confirmed_end_idx; bookings_status_idx (status, ends_at) would do too.
    expect(await scansOf(update)).toContainEqual(
      rangeOf(expect.stringMatching(/^bookings_/), "ends_at"),
    );
  });

  it("the holds' release: the holds lapsed by now", async () => {
    const update = database.db
      .update(bookings)
      .set({ status: "expired" })
      .where(lapsedHolds(YEAR_NOW));
    expect(await scansOf(update)).toContainEqual(
      rangeOf("bookings_hold_expiry_idx", "hold_expires_at"),
    );
  });
});
