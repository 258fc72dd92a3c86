import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORMER_MEMBER } from "../../core/messages/privacy";
import { signIn, signUp } from "../auth/accounts.server";
import { createAdvisor, createBooking, createSeeker } from "../db/factories.test-support";
import * as s from "../db/schema";
import { type TestApp, startTestApp } from "../http/app.test-support";
import { createCreditedSession } from "../payouts/credited-session.test-support";
import { findDifferences } from "../payouts/reconcile.server";
import { testDeps } from "../bookings/bookings.test-support";
import { usedPackageSession } from "../packages/package.test-support";
import { askedAndPaid, offerQuestions } from "../questions/question.test-support";
import { createStorage } from "../storage/storage.server";
import { collectPersonalData, runDataExports } from "./data-export.server";
import { deletedEmail } from "./delete-account.server";
import { unzip } from "./unzip.test-support";

/*
 * Settings › Privacy over HTTP against the production build (ADR 91): an export holds the
 * person's own sessions and nobody else's details, answers its owner alone and only while it
 * lasts; a deletion cancels and refunds the upcoming session, tells the other party, removes
 * the identity, keeps the ledger balanced and kills the old session cookie; the same e-mail
 * then signs up as a new account. Runs on PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
let app: TestApp;
const DAY = 86_400_000;
const logger = pino({ level: "silent" });

beforeAll(async () => {
  app = await startTestApp();
}, 180_000);
afterAll(() => app?.close());

const post = (path: string, cookie: string, form: Record<string, string>) =>
  fetch(`${app.baseUrl}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: app.baseUrl,
      cookie,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(form),
  });
const get = (path: string, cookie: string) =>
  fetch(`${app.baseUrl}${path}`, { redirect: "manual", headers: { cookie } });
const runJob = (now = new Date()) =>
  runDataExports(app.database.db, {
    storage: createStorage(app.config),
    config: app.config,
    logger,
    now: () => now,
  });

describe("download my data", () => {
  it("exports the person's bookings and payments, other people by first name only", async () => {
    const db = app.database.db;
    const person = await app.createPerson({ firstName: "Meera" });
    const advisorId = await createAdvisor(
      db,
      {},
      { firstName: "Kabir", lastName: "Secretname", email: "kabir.secret@example.com" },
    );
    // Paid and credited (the ledger stays balanced for the deletion tests' reconciliation).
    const credited = await createCreditedSession(db, {
      advisorId,
      seekerId: person.userId,
      datetime: new Date(Date.now() + 3 * DAY),
      bookingStatus: "confirmed",
    });
    await db
      .update(s.bookings)
      .set({ additionalInfo: "My own notes" })
      .where(eq(s.bookings.id, credited.bookingId));
    const mine = { id: credited.bookingId };
    // A package bought from Kabir (one session held and credited) and a paid question to him.
    const bought = await usedPackageSession(db, {
      advisorId,
      seekerId: person.userId,
      datetime: new Date(Date.now() - DAY),
    });
    await offerQuestions(db, advisorId, 500, 3);
    const questionDeps = testDeps(db);
    questionDeps.clock.now = new Date();
    const { question } = await askedAndPaid(questionDeps, {
      seekerId: person.userId,
      advisorId,
      body: "Should I take the Pune offer?",
    });
    // Its e-mails name the advisor as they were sent (emails.json holds them so): not this
    // test's point, which is that the files built here name other people by first name.
    await db.delete(s.emailOutbox).where(eq(s.emailOutbox.name, "question.asked"));
    // Someone else's booking with the same advisor: nothing of it may appear.
    const otherSeeker = await createSeeker(db, {
      firstName: "Zoya",
      email: "zoya.private@example.com",
    });
    const theirs = await createBooking(db, {
      advisorId,
      userId: otherSeeker,
      datetime: new Date(Date.now() + 4 * DAY),
      paidPaise: 0,
      additionalInfo: "Zoya's private notes",
    });

    const asked = await post("/settings/privacy", person.cookie, { intent: "export" });
    expect(asked.status).toBe(200);
    const [row] = await db
      .select()
      .from(s.dataExports)
      .where(eq(s.dataExports.userId, person.userId));
    expect(row!.status).toBe("queued");
    // A second request while the first is made queues nothing more.
    await post("/settings/privacy", person.cookie, { intent: "export" });
    expect(
      await db.select().from(s.dataExports).where(eq(s.dataExports.userId, person.userId)),
    ).toHaveLength(1);

    expect((await runJob()).built).toBe(1);
    const [ready] = await db.select().from(s.dataExports).where(eq(s.dataExports.id, row!.id));
    expect(ready!.status).toBe("ready");
    const [mail] = await db
      .select()
      .from(s.emailOutbox)
      .where(
        and(
          eq(s.emailOutbox.toAddress, person.email),
          eq(s.emailOutbox.subject, "Your BeenThere data is ready"),
        ),
      );
    expect(mail!.text).toContain(`/settings/privacy/exports/${row!.id}`);

    const download = await get(`/settings/privacy/exports/${row!.id}`, person.cookie);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/zip");
    expect(download.headers.get("cache-control")).toBe("no-store");
    const files = unzip(Buffer.from(await download.arrayBuffer()));
    expect([...files.keys()].sort()).toEqual([
      "README.txt",
      "account.json",
      "choices.json",
      "emails.json",
      "messages.json",
      "purchases.json",
      "records.json",
      "reviews.json",
      "sessions.json",
      "texts.json",
    ]);
    const sessions = JSON.parse(files.get("sessions.json")!.toString("utf8"));
    // Their own session, and the package's session held (its money is in purchases.json).
    expect(sessions.booked.map((b: { id: string }) => b.id).sort()).toEqual(
      [mine.id, bought.bookingId].sort(),
    );
    expect(sessions.booked.find((b: { id: string }) => b.id === mine.id)).toMatchObject({
      id: mine.id,
      advisorFirstName: "Kabir",
      additionalInfo: "My own notes",
      payment: { amount: 118_000, status: "paid" },
    });
    const purchases = JSON.parse(files.get("purchases.json")!.toString("utf8"));
    expect(purchases.packagesBought).toEqual([
      expect.objectContaining({
        id: bought.purchaseId,
        name: "Three mornings",
        advisorFirstName: "Kabir",
        sessions: 3,
        sessionsUsed: 1,
        sessionsBooked: 0,
        status: "active",
        pricePaise: 240_000,
        payment: expect.objectContaining({ amount: 283_200, gstAmount: 43_200, status: "paid" }),
        refundAmount: null,
      }),
    ]);
    expect(purchases.packagesSold).toEqual([]);
    expect(purchases.questionsAsked).toEqual([
      expect.objectContaining({
        id: question.id,
        advisorFirstName: "Kabir",
        status: "open",
        question: "Should I take the Pune offer?",
        priceInr: 500,
        answerDays: 3,
        askedAt: question.createdAt.toISOString(),
        paidAt: question.paidAt!.toISOString(),
        answerDueBy: question.deadline!.toISOString(),
        answeredAt: null,
        ratingHelpfulness: null,
        payment: expect.objectContaining({ amount: 59_000, status: "paid" }),
      }),
    ]);
    expect(files.get("README.txt")!.toString("utf8")).toContain(
      "purchases.json packages you bought or sold",
    );
    // Kabir's own export has them as sold and asked of him, Meera by first name only.
    const [kabir] = await db
      .select({ userId: s.advisors.userId })
      .from(s.advisors)
      .where(eq(s.advisors.id, advisorId));
    const his = (await collectPersonalData(db, kabir!.userId))!.files.purchases as {
      packagesSold: unknown[];
      questionsAskedOfYou: unknown[];
    };
    expect(his.packagesSold).toEqual([
      expect.objectContaining({ id: bought.purchaseId, seekerFirstName: "Meera", sessionsUsed: 1 }),
    ]);
    expect(his.questionsAskedOfYou).toEqual([
      expect.objectContaining({ id: question.id, seekerFirstName: "Meera", status: "open" }),
    ]);
    const hisText = JSON.stringify(his);
    for (const foreign of [person.email, "payment", "orderId", "refundStatus"])
      expect(hisText).not.toContain(foreign);
    const account = JSON.parse(files.get("account.json")!.toString("utf8"));
    expect(account).toMatchObject({ firstName: "Meera", email: person.email });
    // What they agreed to at sign-up, in the words they saw.
    const choices = JSON.parse(files.get("choices.json")!.toString("utf8"));
    expect(choices.consents.map((c: { kind: string }) => c.kind)).toEqual(
      expect.arrayContaining(["terms", "privacy"]),
    );
    expect(choices.consents[0].wording.length).toBeGreaterThan(10);
    const whole = [...files.values()].map((file) => file.toString("utf8")).join("\n");
    for (const foreign of [
      theirs.id,
      "Zoya",
      "zoya.private@example.com",
      "Secretname",
      "kabir.secret@example.com",
    ])
      expect(whole).not.toContain(foreign);

    // Requests and downloads are in the audit log.
    const audit = await db
      .select({ action: s.auditLog.action })
      .from(s.auditLog)
      .where(eq(s.auditLog.targetId, person.userId));
    expect(audit.map((a) => a.action).sort()).toEqual([
      "account.export_download",
      "account.export_request",
    ]);
  });

  it("is refused to anyone else, and to its owner once expired (then its file is deleted)", async () => {
    const db = app.database.db;
    const owner = await app.createPerson();
    const other = await app.createPerson();
    await post("/settings/privacy", owner.cookie, { intent: "export" });
    await runJob();
    const [row] = await db
      .select()
      .from(s.dataExports)
      .where(eq(s.dataExports.userId, owner.userId));
    const path = `/settings/privacy/exports/${row!.id}`;
    expect((await get(path, other.cookie)).status).toBe(404);
    const visitor = await get(path, "");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/auth\?redirect=/);

    const storage = createStorage(app.config);
    expect(await storage.readPrivate(row!.fileKey!)).not.toBeNull();
    // Seven days on: refused, and the job deletes the file.
    const later = new Date(row!.expiresAt!.getTime() + 1000);
    await db
      .update(s.dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(s.dataExports.id, row!.id));
    expect((await get(path, owner.cookie)).status).toBe(410);
    expect((await runJob(later)).expired).toBeGreaterThanOrEqual(1);
    expect(await storage.readPrivate(row!.fileKey!)).toBeNull();
    const [expired] = await db.select().from(s.dataExports).where(eq(s.dataExports.id, row!.id));
    expect(expired).toMatchObject({ status: "expired", fileKey: null });
  });
});

describe("delete my account", () => {
  it("asks for the password, and a wrong one changes nothing", async () => {
    const person = await app.createPerson();
    const empty = await post("/settings/privacy", person.cookie, { intent: "delete" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Please enter your password.");
    const wrong = await post("/settings/privacy", person.cookie, {
      intent: "delete",
      password: "not-the-password",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That password is not right.");
    expect((await get("/settings/privacy", person.cookie)).status).toBe(200);
    const [row] = await app.database.db.select().from(s.users).where(eq(s.users.id, person.userId));
    expect(row!.deletedAt).toBeNull();
  });

  it("cancels and refunds the upcoming session, tells the advisor, removes the identity and ends every session", async () => {
    const db = app.database.db;
    const person = await app.createPerson({ firstName: "Ritika" });
    const secondDevice = await person.signInAgain();
    const advisorId = await createAdvisor(
      db,
      {},
      { firstName: "Anil", email: "anil.adv@example.com" },
    );
    // Paid and credited to the advisor's ledger: the refund must debit it again.
    const session = await createCreditedSession(db, {
      advisorId,
      seekerId: person.userId,
      datetime: new Date(Date.now() + 3 * DAY),
      bookingStatus: "confirmed",
    });
    // A past session with a review: the review stays, by "a former member".
    const past = await createBooking(db, {
      advisorId,
      userId: person.userId,
      datetime: new Date(Date.now() - 3 * DAY),
      status: "completed",
      paidPaise: 0,
      additionalInfo: "About my manager",
    });
    await db.insert(s.reviews).values({
      bookingId: past.id,
      advisorId,
      userId: person.userId,
      ratingHelpfulness: 5,
      ratingActionability: 4,
      recommendAdvisor: true,
      writtenFeedback: "Very helpful",
    });

    // A hold still waiting for payment: the advisor's time is freed with the deletion.
    const hold = await createBooking(db, {
      advisorId,
      userId: person.userId,
      datetime: new Date(Date.now() + 5 * DAY),
      status: "pending_payment",
      holdExpiresAt: new Date(Date.now() + 10 * 60_000),
    });

    const deleted = await post("/settings/privacy", person.cookie, {
      intent: "delete",
      password: "password-1",
    });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/");
    const [held] = await db.select().from(s.bookings).where(eq(s.bookings.id, hold.id));
    expect(held!.status).toBe("expired");
    expect(deleted.headers.getSetCookie().some((c) => c.startsWith("bt.session_token=;"))).toBe(
      true,
    );

    // Cancelled under the seeker's rule (3 days ahead: in full), the refund queued.
    const [booking] = await db
      .select()
      .from(s.bookings)
      .where(eq(s.bookings.id, session.bookingId));
    expect(booking).toMatchObject({ status: "cancelled", cancelledBy: person.userId });
    const [refund] = await db
      .select()
      .from(s.refunds)
      .where(eq(s.refunds.bookingId, session.bookingId));
    expect(refund!.amount).toBe(118_000);
    const debits = await db
      .select()
      .from(s.ledgerEntries)
      .where(
        and(
          eq(s.ledgerEntries.bookingId, session.bookingId),
          eq(s.ledgerEntries.kind, "refund_debit"),
        ),
      );
    expect(debits).toHaveLength(1);
    expect(await findDifferences(db)).toEqual([]);

    // Both parties told: the advisor, and the person at their address of the time.
    const mails = await db.select().from(s.emailOutbox);
    expect(
      mails.some((m) => m.toAddress === "anil.adv@example.com" && /cancel/i.test(m.subject)),
    ).toBe(true);
    expect(
      mails.some(
        (m) =>
          m.toAddress === person.email && m.subject === "Your BeenThere account has been deleted",
      ),
    ).toBe(true);

    // The identity is gone; the row stays for the records that point at it.
    const [user] = await db.select().from(s.users).where(eq(s.users.id, person.userId));
    expect(user).toMatchObject({
      firstName: FORMER_MEMBER,
      lastName: "",
      email: deletedEmail(person.userId),
      authUserId: null,
      isActive: false,
    });
    expect(user!.deletedAt).not.toBeNull();
    expect(await db.select().from(s.authUsers).where(eq(s.authUsers.email, person.email))).toEqual(
      [],
    );
    const [review] = await db.select().from(s.reviews).where(eq(s.reviews.bookingId, past.id));
    expect(review!.writtenFeedback).toBe("Very helpful");
    const [pastRow] = await db.select().from(s.bookings).where(eq(s.bookings.id, past.id));
    expect(pastRow!.additionalInfo).toBeNull();
    const [payment] = await db
      .select()
      .from(s.payments)
      .where(eq(s.payments.id, session.paymentId));
    expect(payment!.userId).toBe(person.userId);
    const [audit] = await db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.targetId, person.userId), eq(s.auditLog.action, "account.delete")));
    expect(audit).toMatchObject({ actorUserId: person.userId });
    expect(JSON.stringify(audit!.details)).not.toContain(person.email);

    // Every old cookie is useless at once, and the password no longer signs in.
    for (const cookie of [person.cookie, secondDevice]) {
      const page = await get("/settings/privacy", cookie);
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toMatch(/^\/auth/);
    }
    const deps = { db, auth: app.auth, config: app.config };
    const again = await signIn(
      deps,
      { email: person.email, password: "password-1", rememberMe: false },
      { headers: new Headers(), clientIp: "10.8.0.1" },
    );
    expect(again.ok).toBe(false);

    // The same address signs up as a new, empty account.
    const made = await signUp(
      deps,
      { firstName: "Ritika", lastName: "Again", email: person.email, password: "password-2" },
      "10.8.0.2",
    );
    expect(made.ok).toBe(true);
    const fresh = await db.select().from(s.users).where(eq(s.users.email, person.email));
    expect(fresh).toHaveLength(1);
    expect(fresh[0]!.id).not.toBe(person.userId);
    expect(await db.select().from(s.bookings).where(eq(s.bookings.userId, fresh[0]!.id))).toEqual(
      [],
    );
  });

  it("an account without a password confirms with the word DELETE", async () => {
    const db = app.database.db;
    const person = await app.createPerson();
    const [user] = await db.select().from(s.users).where(eq(s.users.id, person.userId));
    // As if made through Google: no password on file.
    await db
      .update(s.authAccounts)
      .set({ password: null, providerId: "google" })
      .where(eq(s.authAccounts.userId, user!.authUserId!));
    const page = await (await get("/settings/privacy", person.cookie)).text();
    expect(page).toContain("Type DELETE to confirm");
    const wrong = await post("/settings/privacy", person.cookie, {
      intent: "delete",
      confirmation: "delete",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Please type DELETE in capital letters.");
    const done = await post("/settings/privacy", person.cookie, {
      intent: "delete",
      confirmation: "DELETE",
    });
    expect(done.status).toBe(302);
    const [gone] = await db.select().from(s.users).where(eq(s.users.id, person.userId));
    expect(gone!.deletedAt).not.toBeNull();
  });

  it("an advisor's deletion refunds their seekers in full and keeps the bank details for what is owed", async () => {
    const db = app.database.db;
    const advisor = await app.createPerson({ advisor: "approved", firstName: "Farhan" });
    await db
      .update(s.advisors)
      .set({ bankAccountHolderName: "Farhan Test", phone: "+919800000000", about: "About me" })
      .where(eq(s.advisors.id, advisor.advisorId!));
    const seekerId = await createSeeker(db, { email: "seeker.of.farhan@example.com" });
    // Within 24 hours: a seeker's own cancel would refund nothing; the advisor's refunds all.
    const soon = await createCreditedSession(db, {
      advisorId: advisor.advisorId!,
      seekerId,
      datetime: new Date(Date.now() + 5 * 3_600_000),
      bookingStatus: "confirmed",
    });
    const page = await (await get("/settings/privacy", advisor.cookie)).text();
    expect(page).toContain("Your 1 upcoming session is cancelled");
    expect(page).toContain("in earnings not yet paid out");

    const deleted = await post("/settings/privacy", advisor.cookie, {
      intent: "delete",
      password: "password-1",
    });
    expect(deleted.status).toBe(302);
    const [refund] = await db
      .select()
      .from(s.refunds)
      .where(eq(s.refunds.bookingId, soon.bookingId));
    expect(refund!.amount).toBe(118_000);
    expect(await findDifferences(db)).toEqual([]);
    const [row] = await db.select().from(s.advisors).where(eq(s.advisors.id, advisor.advisorId!));
    expect(row).toMatchObject({
      profileStatus: "rejected",
      phone: null,
      about: null,
      bankAccountHolderName: "Farhan Test",
    });
    const mails = await db
      .select()
      .from(s.emailOutbox)
      .where(eq(s.emailOutbox.toAddress, "seeker.of.farhan@example.com"));
    expect(mails.some((m) => /cancel/i.test(m.subject))).toBe(true);
  });

  it("an admin deletes an account on request, audited; a seeker cannot delete someone else", async () => {
    const db = app.database.db;
    const admin = await app.createPerson({ admin: true });
    const seeker = await app.createPerson();
    const target = await app.createPerson({ firstName: "Target" });
    const path = `/admin/users/${target.userId}/delete`;

    // A seeker is shown nothing and changes nothing.
    expect((await get(path, seeker.cookie)).status).toBe(404);
    expect((await post(path, seeker.cookie, { confirmation: "DELETE" })).status).toBe(404);
    // The self-serve form only ever deletes its own sender.
    await post("/settings/privacy", seeker.cookie, { intent: "delete", userId: target.userId });
    const [still] = await db.select().from(s.users).where(eq(s.users.id, target.userId));
    expect(still!.deletedAt).toBeNull();

    expect((await get(path, admin.cookie)).status).toBe(200);
    const word = await post(path, admin.cookie, { confirmation: "delete" });
    expect(word.status).toBe(400);
    const done = await post(path, admin.cookie, { confirmation: "DELETE" });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/admin/users");
    const [gone] = await db.select().from(s.users).where(eq(s.users.id, target.userId));
    expect(gone!.deletedAt).not.toBeNull();
    const [audit] = await db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.targetId, target.userId), eq(s.auditLog.action, "account.delete")));
    expect(audit!.actorUserId).toBe(admin.userId);
    expect(audit!.details).toMatchObject({ after: { by: "admin" } });
    // Deleted once: the page is gone.
    expect((await get(path, admin.cookie)).status).toBe(404);
    // An admin's own account is deleted from their settings, not here.
    expect(
      (await post(`/admin/users/${admin.userId}/delete`, admin.cookie, { confirmation: "DELETE" }))
        .status,
    ).toBe(409);
  });
});
