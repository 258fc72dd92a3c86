import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN_REPORT_MESSAGES as A,
  REPORT_MESSAGES as M,
} from "../../core/messages/message-safety";
import { type createTestDatabase as Create, createTestDatabase } from "../db/database.test-support";
import { createUser, createUserWithLogin } from "../db/factories.test-support";
import * as s from "../db/schema";
import {
  addAttachment,
  addMessage,
  createConversation,
  createStranger,
} from "./conversations.test-support";
import { closeReport, listReports, reportConversation, unblockMessaging } from "./reports.server";

/*
 * Reports (issue 39, point 5) on PGlite or PostgreSQL (TEST_DATABASE_URL): only a party
 * reports; the queue shows each report with its conversation and audits that read; each
 * outcome does what it says to the reported person, once, audited.
 */

let database: Awaited<ReturnType<typeof Create>>;
const NOW = new Date("2026-11-20T10:00:00Z");
const APP = "https://beenthere.example";

beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(() => database?.destroy());

const audits = (action: string) =>
  database.db.select().from(s.auditLog).where(eq(s.auditLog.action, action));
const userRow = (id: string) =>
  database.db
    .select()
    .from(s.users)
    .where(eq(s.users.id, id))
    .then((r) => r[0]!);

async function reported(reason = "He asked me to pay him on WhatsApp") {
  const c = await createConversation(database.db);
  await addMessage(database.db, {
    conversationId: c.id,
    senderId: c.seekerId,
    body: "Hello",
    at: NOW,
  });
  const fromAdvisor = await addMessage(database.db, {
    conversationId: c.id,
    senderId: c.advisorUserId,
    body: "Pay me directly on +91 98765 43210",
    at: new Date(NOW.getTime() + 60_000),
  });
  const result = await reportConversation(database.db, {
    reporterId: c.seekerId,
    conversationId: c.id,
    reason,
    now: NOW,
  });
  if (!result.ok) throw new Error(result.message);
  return { ...c, reportId: result.reportId, fromAdvisor };
}

describe("reporting a conversation", () => {
  it("is for its two parties: anyone else is told it does not exist", async () => {
    const c = await createConversation(database.db);
    const stranger = await createStranger(database.db);
    expect(
      await reportConversation(database.db, {
        reporterId: stranger,
        conversationId: c.id,
        reason: "x",
        now: NOW,
      }),
    ).toEqual({ ok: false, status: 404, message: M.failed });
    const mine = await reportConversation(database.db, {
      reporterId: c.advisorUserId,
      conversationId: c.id,
      reason: "Rude",
      now: NOW,
    });
    expect(mine.ok).toBe(true);
    expect(
      await reportConversation(database.db, {
        reporterId: c.advisorUserId,
        conversationId: c.id,
        reason: "Again",
        now: NOW,
      }),
    ).toEqual({ ok: false, status: 409, message: M.alreadyOpen });
    // The other party may still report it.
    expect(
      (
        await reportConversation(database.db, {
          reporterId: c.seekerId,
          conversationId: c.id,
          reason: "Rude too",
          now: NOW,
        })
      ).ok,
    ).toBe(true);
  });
});

describe("the admins' queue", () => {
  it("shows each open report with its conversation's messages, and audits the read", async () => {
    const admin = await createUser(database.db, { admin: "Y" });
    const r = await reported();
    await addAttachment(database.db, {
      messageId: r.fromAdvisor,
      fileKey: `messages/${r.advisorUserId}/00000000-0000-4000-8000-000000000002.pdf`,
      fileName: "invoice.pdf",
      contentType: "application/pdf",
      byteSize: 2048,
    });
    const page = await listReports(database.db, {
      adminId: admin,
      status: "open",
      requestId: "req-9",
    });
    const card = page.reports.find((report) => report.id === r.reportId)!;
    expect(card).toMatchObject({
      reason: "He asked me to pay him on WhatsApp",
      status: "open",
      reporter: { userId: r.seekerId, side: "seeker", name: "Aarav Seeker" },
      reported: {
        userId: r.advisorUserId,
        side: "advisor",
        name: "Priya Sharma",
        suspended: false,
        messagingBlockedAt: null,
      },
      earlier: 0,
    });
    expect(
      card.messages.map((m) => [
        m.sender,
        m.body,
        m.fromReported,
        m.attachments.map((f) => f.fileName),
      ]),
    ).toEqual([
      ["Aarav Seeker", "Hello", false, []],
      ["Priya Sharma", "Pay me directly on +91 98765 43210", true, ["invoice.pdf"]],
    ]);
    const reads = (await audits("report.read")).filter((a) => a.targetId === r.reportId);
    expect(reads).toEqual([
      expect.objectContaining({ actorUserId: admin, targetType: "report", requestId: "req-9" }),
    ]);
  });

  it("pages by keys, newest first, open and closed apart", async () => {
    const admin = await createUser(database.db, { admin: "Y" });
    for (let i = 0; i < 12; i++) await reported(`Report ${i}`);
    const first = await listReports(database.db, { adminId: admin, status: "open" });
    expect(first.reports).toHaveLength(10);
    expect(first.keys.next).not.toBeNull();
    const second = await listReports(database.db, {
      adminId: admin,
      status: "open",
      position: { after: JSON.parse(Buffer.from(first.keys.next!, "base64url").toString()) },
    });
    const ids = new Set([...first.reports, ...second.reports].map((r) => r.id));
    expect(ids.size).toBe(first.reports.length + second.reports.length);
    expect(
      (await listReports(database.db, { adminId: admin, status: "closed" })).reports.every(
        (r) => r.status === "closed",
      ),
    ).toBe(true);
  });
});

describe("closing a report", () => {
  it("dismissed: nothing happens to anyone, audited with the reason", async () => {
    const admin = await createUser(database.db, { admin: "Y" });
    const r = await reported("Spam");
    expect(
      await closeReport(database.db, {
        adminId: admin,
        reportId: r.reportId,
        outcome: "dismissed",
        now: NOW,
        appUrl: APP,
      }),
    ).toEqual({ ok: true, message: A.done.dismissed });
    const [row] = await database.db
      .select()
      .from(s.conversationReports)
      .where(eq(s.conversationReports.id, r.reportId));
    expect(row).toMatchObject({ status: "closed", outcome: "dismissed", closedBy: admin });
    expect(
      (await audits("report.dismiss")).find((a) => a.targetId === r.reportId)?.details,
    ).toMatchObject({ note: "Spam" });
    expect(
      await closeReport(database.db, {
        adminId: admin,
        reportId: r.reportId,
        outcome: "suspended",
        now: NOW,
        appUrl: APP,
      }),
    ).toEqual({ ok: false, status: 409, message: A.alreadyClosed });
    expect((await userRow(r.advisorUserId)).isActive).toBe(true);
  });

  it("warned: the reported person gets the warning e-mail", async () => {
    const admin = await createUser(database.db, { admin: "Y" });
    const r = await reported();
    await closeReport(database.db, {
      adminId: admin,
      reportId: r.reportId,
      outcome: "warned",
      now: NOW,
      appUrl: APP,
    });
    const to = (await userRow(r.advisorUserId)).email;
    const mails = await database.db
      .select()
      .from(s.emailOutbox)
      .where(eq(s.emailOutbox.toAddress, to));
    expect(mails).toEqual([
      expect.objectContaining({
        name: "conversation.warning",
        subject: "A warning about your messages on BeenThere",
      }),
    ]);
    expect(mails[0]!.text).toContain(`${APP}/code-of-conduct`);
  });

  it("blocked from messaging: marked on the person, and an admin can lift it, both audited", async () => {
    const admin = await createUser(database.db, { admin: "Y" });
    const r = await reported();
    await closeReport(database.db, {
      adminId: admin,
      reportId: r.reportId,
      outcome: "blocked_from_messaging",
      now: NOW,
      appUrl: APP,
    });
    expect((await userRow(r.advisorUserId)).messagingBlockedAt).toEqual(NOW);
    expect((await userRow(r.seekerId)).messagingBlockedAt).toBeNull();
    expect(
      await unblockMessaging(database.db, { adminId: admin, userId: r.advisorUserId }),
    ).toEqual({ ok: true, message: A.done.unblocked });
    expect((await userRow(r.advisorUserId)).messagingBlockedAt).toBeNull();
    expect(
      await unblockMessaging(database.db, { adminId: admin, userId: r.advisorUserId }),
    ).toMatchObject({ ok: false, status: 404 });
    expect(
      (await audits("user.unblock_messaging")).filter((a) => a.targetId === r.advisorUserId),
    ).toHaveLength(1);
    expect(
      (await audits("report.block_messaging")).filter((a) => a.targetId === r.reportId),
    ).toHaveLength(1);
  });

  it("suspended: the account is inactive and signed out everywhere", async () => {
    const admin = await createUser(database.db, { admin: "Y" });
    const seekerId = await createUserWithLogin(database.db, "a-long-password-1");
    const r = await createConversation(database.db, { seekerId });
    const report = await reportConversation(database.db, {
      reporterId: r.advisorUserId,
      conversationId: r.id,
      reason: "Threats",
      now: NOW,
    });
    if (!report.ok) throw new Error("not reported");
    const person = await userRow(seekerId);
    await database.db.insert(s.authSessions).values({
      id: "sess-1",
      token: "tok-1",
      userId: person.authUserId!,
      expiresAt: new Date(NOW.getTime() + 86_400_000),
    });
    await closeReport(database.db, {
      adminId: admin,
      reportId: report.reportId,
      outcome: "suspended",
      now: NOW,
      appUrl: APP,
    });
    expect((await userRow(seekerId)).isActive).toBe(false);
    expect(
      await database.db
        .select()
        .from(s.authSessions)
        .where(eq(s.authSessions.userId, person.authUserId!)),
    ).toEqual([]);
    expect(
      (await audits("report.suspend")).find((a) => a.targetId === report.reportId)?.details,
    ).toMatchObject({ before: { active: true }, after: { active: false, outcome: "suspended" } });
  });
});
