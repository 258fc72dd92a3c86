import { createBankCipher } from "../security/bank-cipher.server";
import { ADVISOR_STATUSES } from "../../core/admin/advisor-status";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { verifyPassword } from "better-auth/crypto";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildConfig, TEAM_ADVISOR_ID } from "../config.server";
import * as s from "../db/schema";
import { createStorage } from "../storage/storage.server";
import { createTestDatabase } from "../db/database.test-support";
import { findDifferences } from "../payouts/reconcile.server";
import { DEMO_ADMIN, DEMO_PASSWORD, seedIfEmpty } from "./seed.server";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const config = buildConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "seed-test-")) });
const storage = createStorage(config);
const bankCipher = createBankCipher(config.bankEncryptionKey);
let first: Awaited<ReturnType<typeof seedIfEmpty>>;

beforeAll(async () => {
  database = await createTestDatabase();
  first = await seedIfEmpty(
    database.db,
    { config, storage, bankCipher },
    new Date("2026-11-21T06:00:00Z"),
  );
});
afterAll(() => database.destroy());

describe("demo data", () => {
  it("fills a fresh database and lists the demo log-ins", () => {
    expect(first.seeded).toBe(true);
    expect(first.logins.map((l) => l.role)).toEqual([
      "Admin",
      "Advice seeker",
      "Advice seeker",
      "Advisor (approved)",
      "Advisor (pending review)",
    ]);
  });

  it("has 20+ approved advisors with headshots, one pro bono, and every profile status", async () => {
    const rows = await database.db.select().from(s.advisors);
    const approved = rows.filter((a) => a.profileStatus === "approved");
    expect(approved.length).toBeGreaterThanOrEqual(20);
    expect(new Set(rows.map((a) => a.profileStatus))).toEqual(new Set(ADVISOR_STATUSES));
    const proBono = approved.filter((a) => a.hourlyRateInr === 0 && a.id !== TEAM_ADVISOR_ID);
    expect(proBono).toHaveLength(1);
    for (const a of approved) {
      expect(a.headshotUrl).toMatch(/^\/uploads\/headshots\/.+\.webp$/);
      expect(
        existsSync(path.join(config.storage.dir, a.headshotUrl!.replace("/uploads/", ""))),
      ).toBe(true);
    }
    const zones = new Set(rows.map((a) => a.sessionTimezone));
    expect(zones.size).toBeGreaterThanOrEqual(5);
  });

  it("includes the team advisor for discovery calls, with a weekly schedule", async () => {
    const [team] = await database.db
      .select()
      .from(s.advisors)
      .where(eq(s.advisors.id, TEAM_ADVISOR_ID));
    expect(team?.profileStatus).toBe("approved");
    const slots = await database.db
      .select({ n: count() })
      .from(s.scheduleSlots)
      .innerJoin(s.advisorSchedules, eq(s.advisorSchedules.id, s.scheduleSlots.scheduleId))
      .where(eq(s.advisorSchedules.advisorId, TEAM_ADVISOR_ID));
    expect(slots[0]!.n).toBeGreaterThan(0);
  });

  it("creates the invited advisor without credentials and inactive", async () => {
    const [invited] = await database.db
      .select({ authUserId: s.users.authUserId, isActive: s.users.isActive })
      .from(s.advisors)
      .innerJoin(s.users, eq(s.users.id, s.advisors.userId))
      .where(eq(s.advisors.profileStatus, "pending_activation"));
    expect(invited).toEqual({ authUserId: null, isActive: false });
  });

  it("has bookings in every status, with payments, a refund and reviews", async () => {
    const rows = await database.db.select().from(s.bookings);
    expect(new Set(rows.map((b) => b.status))).toEqual(new Set(s.BOOKING_STATUSES));
    expect(new Set(rows.map((b) => b.sessionType))).toEqual(new Set(s.SESSION_TYPES));
    expect(await database.db.select().from(s.refunds)).not.toHaveLength(0);
    expect((await database.db.select().from(s.reviews)).length).toBeGreaterThanOrEqual(1);
  });

  it("has paid, pro bono and discovery bookings made through the booking service", async () => {
    const rows = await database.db
      .select({ booking: s.bookings, payment: s.payments })
      .from(s.bookings)
      .innerJoin(s.payments, eq(s.payments.id, s.bookings.paymentId))
      .where(eq(s.bookings.calendarEventId, sql`'booking-' || ${s.bookings.id} || '@beenthere'`));
    const kinds = rows.map((r) => [r.booking.sessionType, r.booking.status, r.payment.status]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ["First Call", "confirmed", "paid"],
        ["First Call", "confirmed", "free"],
        ["Discovery Call", "confirmed", "free"],
      ]),
    );
    expect(rows.every((r) => r.booking.videoCallLink?.startsWith("https://meet.jit.si/"))).toBe(
      true,
    );
  });

  it("has a ledger that reconciles, with the demo advisor paid out, pending and refunded", async () => {
    expect(await findDifferences(database.db)).toEqual([]);
    const [priya] = await database.db
      .select({ id: s.advisors.id })
      .from(s.advisors)
      .innerJoin(s.users, eq(s.users.id, s.advisors.userId))
      .where(eq(s.users.email, "priya.sharma@example.com"));
    const entries = await database.db
      .select({ kind: s.ledgerEntries.kind })
      .from(s.ledgerEntries)
      .where(eq(s.ledgerEntries.advisorId, priya!.id));
    expect(new Set(entries.map((e) => e.kind))).toEqual(
      new Set(["session_credit", "refund_debit", "payout"]),
    );
    const transfers = await database.db
      .select({ status: s.payoutTransfers.status })
      .from(s.payoutTransfers)
      .where(eq(s.payoutTransfers.advisorId, priya!.id));
    expect(new Set(transfers.map((t) => t.status))).toEqual(
      new Set(["released", "on_hold", "cancelled"]),
    );
  });

  it("gives the admin a working demo password", async () => {
    const [row] = await database.db
      .select({ admin: s.users.admin, hash: s.authAccounts.password })
      .from(s.users)
      .innerJoin(s.authAccounts, eq(s.authAccounts.userId, s.users.authUserId))
      .where(eq(s.users.email, DEMO_ADMIN.email));
    expect(row?.admin).toBe("Y");
    expect(await verifyPassword({ hash: row!.hash!, password: DEMO_PASSWORD })).toBe(true);
    expect(await verifyPassword({ hash: row!.hash!, password: "wrong-password" })).toBe(false);
  });

  it("leaves an existing database alone on the next start", async () => {
    const before = await database.db.select({ n: count() }).from(s.users);
    const again = await seedIfEmpty(database.db, { config, storage, bankCipher }, new Date());
    expect(again.seeded).toBe(false);
    expect(again.logins).toEqual(first.logins);
    const after = await database.db.select({ n: count() }).from(s.users);
    expect(after).toEqual(before);
  });
});
