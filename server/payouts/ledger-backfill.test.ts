import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, MIGRATIONS_DIR, openDatabase } from "../db/client.server";
import { advisors, ledgerEntries, payoutAccounts, payoutTransfers, refunds } from "../db/schema";
import { createAdvisor, createBooking, createSeeker } from "../db/factories.test-support";
import { sqlState } from "../db/database.test-support";
import { findDifferences } from "./reconcile.server";

/*
 * Migrations 0008-0009 on a database that already has sessions: each paid session is credited
 * at no commission, each refunded one debited, and its share queued for the advisor's account.
 * (PGlite only: the migrations are applied by hand, to stop before the ledger.)
 */
let database: Database;

async function apply(tags: (name: string) => boolean) {
  for (const file of readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    if (!tags(file)) continue;
    const text = readFileSync(path.join(MIGRATIONS_DIR, file), "utf8");
    for (const statement of text.split("--> statement-breakpoint")) {
      if (statement.trim()) await database.db.execute(sql.raw(statement));
    }
  }
}

/*
 * The rows of that time are written by today's factories, which name every column of today's
 * tables: their later columns stand in until their own migrations add them for real.
 */
const LATER_COLUMNS: Record<string, Record<string, string>> = {
  users: {
    phone: "text",
    time_zone: "text",
    photo_url: "text",
    deleted_at: "timestamptz",
    messaging_blocked_at: "timestamptz",
    phone_verified_at: "timestamptz",
  },
  advisors: {
    hidden_for_no_shows_at: "timestamptz",
    question_price_inr: "integer",
    question_answer_days: "smallint",
  },
  bookings: {
    package_purchase_id: "uuid",
    package_session_returned: "boolean not null default false",
  },
  refunds: {
    package_purchase_id: "uuid",
    gst_amount: "integer not null default 0",
    question_id: "uuid",
  },
};
const laterColumns = async (change: "add" | "drop") => {
  for (const [table, columns] of Object.entries(LATER_COLUMNS))
    await database.db.execute(
      sql.raw(
        `alter table ${table} ${Object.entries(columns)
          .map(([name, type]) =>
            change === "add" ? `add column ${name} ${type}` : `drop column ${name}`,
          )
          .join(", ")}`,
      ),
    );
};

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  await apply((file) => file < "0008");
  await laterColumns("add");
});
afterAll(() => database.close());

describe("the ledger's backfill", () => {
  it("credits old paid sessions, debits refunded ones, and queues their transfers", async () => {
    const db = database.db;
    const banked = await createAdvisor(db);
    await db
      .update(advisors)
      .set({ bankAccountNumber: "v1.x.y.z", bankIfscCode: "HDFC0001234" })
      .where(eq(advisors.id, banked));
    const unbanked = await createAdvisor(db);
    const seeker = await createSeeker(db);
    const at = (day: number) => new Date(`2026-02-${String(day).padStart(2, "0")}T10:00:00Z`);

    const confirmed = await createBooking(db, {
      advisorId: banked,
      userId: seeker,
      datetime: at(10),
      paidPaise: 118_000,
    });
    const completed = await createBooking(db, {
      advisorId: unbanked,
      userId: seeker,
      datetime: at(11),
      paidPaise: 59_000,
      status: "completed",
    });
    const lateCancel = await createBooking(db, {
      advisorId: banked,
      userId: seeker,
      datetime: at(12),
      status: "cancelled",
    });
    const refunded = await createBooking(db, {
      advisorId: banked,
      userId: seeker,
      datetime: at(13),
      status: "cancelled",
    });
    await db.insert(refunds).values({
      bookingId: refunded.id,
      paymentId: refunded.paymentId!,
      amount: 118_000,
      status: "processed",
    });
    // Paid after its hold lapsed and refunded: never a session, never credited.
    const expired = await createBooking(db, {
      advisorId: unbanked,
      userId: seeker,
      datetime: at(14),
      status: "expired",
    });
    await db.insert(refunds).values({
      bookingId: expired.id,
      paymentId: expired.paymentId!,
      amount: 118_000,
    });
    const free = await createBooking(db, {
      advisorId: unbanked,
      userId: seeker,
      datetime: at(15),
      paidPaise: 0,
    });

    await laterColumns("drop");
    await apply((file) => file >= "0008");

    const entries = await db.select().from(ledgerEntries);
    const of = (bookingId: string) =>
      entries
        .filter((e) => e.bookingId === bookingId)
        .map((e) => [e.kind, e.amount, e.commissionPercent]);
    expect(of(confirmed.id)).toEqual([["session_credit", 100_000, 0]]);
    expect(of(completed.id)).toEqual([["session_credit", 50_000, 0]]);
    expect(of(lateCancel.id)).toEqual([["session_credit", 100_000, 0]]);
    expect(of(refunded.id)).toEqual([
      ["session_credit", 100_000, 0],
      ["refund_debit", -100_000, null],
    ]);
    expect(of(expired.id)).toEqual([]);
    expect(of(free.id)).toEqual([]);
    const transfers = await db.select().from(payoutTransfers);
    const status = (bookingId: string) => transfers.find((t) => t.bookingId === bookingId)?.status;
    expect(status(confirmed.id)).toBe("awaiting_account");
    expect(status(completed.id)).toBe("awaiting_account");
    expect(status(refunded.id)).toBe("cancelled");
    expect(transfers).toHaveLength(4);
    expect(
      (await db.select().from(payoutAccounts)).map((a) => [a.advisorId, a.status, a.needsSync]),
    ).toEqual([[banked, "pending", true]]);
    expect(await findDifferences(db)).toEqual([]);
    expect(
      await db
        .delete(ledgerEntries)
        .then(() => null)
        .catch(sqlState),
    ).toBe("42501");
  });
});
