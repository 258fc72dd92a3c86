import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validApplication } from "../../core/advisor-application-fixture.test-support";
import {
  advisors,
  advisorSchedules,
  consentEvents,
  emailOutbox,
  scheduleSlots,
  users,
} from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import { getSchedule } from "../scheduling/schedule.server";
import { createLocalStorage } from "../storage/local-storage.server";
import { deleteDraft, loadApplication, saveDraft, submitApplication } from "./application.server";
import { replaceHeadshot } from "./headshot.server";
import { createPerson, jpegWithExif, pngClaiming } from "./fixtures.test-support";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const dir = mkdtempSync(path.join(tmpdir(), "bt-uploads-"));
const storage = createLocalStorage(dir);
const log = () => {};
const files = () => readdirSync(path.join(dir, "headshots"));
const appUrl = "http://localhost:3000";

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

const db = () => database.db;
const upload = (userId: string, bytes: Buffer) =>
  replaceHeadshot({ db: db(), storage, log }, { own: true, userId }, bytes);
const rowOf = async (userId: string) =>
  (await db().select().from(advisors).where(eq(advisors.userId, userId)))[0];

describe("drafts", () => {
  it("are kept on the server, and a forged step skip is not believed", async () => {
    const userId = await createPerson(db());
    const saved = await saveDraft(db(), userId, {
      currentStep: 5,
      completedSteps: [1, 2, 3, 4],
      values: { firstName: "Asha", phone: "+91 98765 43210" },
    });
    expect(saved).toMatchObject({ ok: true, draft: { currentStep: 1, completedSteps: [] } });
    const state = await loadApplication(db(), userId);
    expect(state).toMatchObject({ kind: "open", draft: { values: { phone: "+91 98765 43210" } } });
    expect((await rowOf(userId))?.profileStatus).toBe("draft");
  });

  it("Start Over deletes the draft and its headshot", async () => {
    const userId = await createPerson(db());
    await saveDraft(db(), userId, {
      currentStep: 2,
      completedSteps: [1],
      values: validApplication(),
    });
    const photo = await upload(userId, await jpegWithExif());
    expect(photo.ok).toBe(true);
    const name = path.basename(photo.ok ? photo.url : "");
    expect(files()).toContain(name);
    await deleteDraft(db(), storage, userId, log);
    expect(await rowOf(userId)).toBeUndefined();
    expect(files()).not.toContain(name);
    expect(await loadApplication(db(), userId)).toEqual({
      kind: "open",
      draft: null,
      headshotUrl: null,
    });
  });
});

describe("headshot uploads", () => {
  it("re-encodes to a square WebP without metadata, and removes the file it replaces", async () => {
    const userId = await createPerson(db());
    const first = await upload(userId, await jpegWithExif(800, 600));
    const second = await upload(userId, await jpegWithExif());
    if (!first.ok || !second.ok) throw new Error("upload failed");
    expect(files()).not.toContain(path.basename(first.url));
    const stored = path.join(dir, second.url.replace("/uploads/", ""));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect((await rowOf(userId))?.headshotUrl).toBe(second.url);
  });

  it("refuses what is not an image, whatever it claims, and huge or oversized ones", async () => {
    const userId = await createPerson(db());
    const before = files().length;
    const html = Buffer.from("<html><script>alert(1)</script></html>");
    expect(await upload(userId, html)).toEqual({
      ok: false,
      status: 400,
      message: "Please select a valid image file",
    });
    // A PNG header on bytes that are not a PNG.
    const lying = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), randomish(2000)]);
    expect(await upload(userId, lying)).toMatchObject({
      message: "Please select a valid image file",
    });
    expect(await upload(userId, await pngClaiming(30_000, 30_000))).toMatchObject({
      message: "Image dimensions are too large. Please use a photo under 40 megapixels.",
    });
    expect(await upload(userId, Buffer.alloc(5 * 1024 * 1024 + 1, 1))).toMatchObject({
      message: "Image size must be less than 5MB",
    });
    expect(files().length).toBe(before);
    expect(await rowOf(userId)).toBeUndefined();
  });
});

describe("submitting the application", () => {
  it("refuses a name with a line break and writes nothing, names included", async () => {
    const userId = await createPerson(db(), { firstName: "Old", lastName: "Name" });
    await upload(userId, await jpegWithExif());
    const firstName = "Aditya\r\nATTACH:https://evil.example/payload.exe\r\nX-INJ:1";
    const result = await submitApplication(db(), {
      userId,
      appUrl,
      values: validApplication({ firstName, lastName: "Rao\u0000" }),
    });
    expect(result).toMatchObject({
      ok: false,
      kind: "invalid",
      step: 1,
      fieldErrors: {
        firstName: "Please remove line breaks and control characters.",
        lastName: "Please remove line breaks and control characters.",
      },
    });
    const [person] = await db().select().from(users).where(eq(users.id, userId));
    expect([person!.firstName, person!.lastName]).toEqual(["Old", "Name"]);
    expect((await rowOf(userId))?.profileStatus).toBe("draft");
  });

  it("a draft keeps no value with a control character (the database refuses a NUL)", async () => {
    const userId = await createPerson(db());
    const saved = await saveDraft(db(), userId, {
      currentStep: 1,
      completedSteps: [],
      values: {
        firstName: "As\u0000ha",
        lastName: "Rao",
        jobTitle: "PM\r\nX-INJ:1",
        about: "Line one\r\nline two\u0000",
        shortIntro: "Line one\r\nline two",
        skills: ["x\u0000"],
        availability: { timeZone: "Asia/Kolkata\u0000", windows: {} },
      },
    });
    expect(saved).toEqual({
      ok: true,
      draft: { currentStep: 1, completedSteps: [], values: { lastName: "Rao" } },
    });
  });

  it("writes a pending profile, its schedule and the names at once, and tells the admins", async () => {
    await createPerson(db(), { admin: "Y", firstName: "Admin", email: "admin.app@example.com" });
    const userId = await createPerson(db(), { firstName: "Old", lastName: "Name" });
    await upload(userId, await jpegWithExif());
    const result = await submitApplication(db(), {
      userId,
      appUrl,
      values: validApplication({ firstName: "Asha", lastName: "Rao" }),
    });
    expect(result.ok).toBe(true);
    const row = await rowOf(userId);
    expect(row).toMatchObject({
      profileStatus: "pending",
      jobTitle: "Product Manager",
      hourlyRateInr: 1500,
      totalExperienceYears: 8,
      applicationDraft: null,
      sessionTimezone: "Europe/Berlin",
    });
    expect(await getSchedule(db(), row!.id)).toEqual({
      timeZone: "Europe/Berlin",
      windows: { 1: [{ start: "09:00", end: "12:00" }] },
    });
    const [person] = await db().select().from(users).where(eq(users.id, userId));
    expect(person).toMatchObject({ firstName: "Asha", lastName: "Rao" });
    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "admin.app@example.com"));
    expect(mails.map((m) => m.subject)).toContain("New advisor application: Asha Rao");
    // The agreement ticked on the last step is on record, in its words, at its version.
    const agreed = await db().select().from(consentEvents).where(eq(consentEvents.userId, userId));
    expect(agreed.map((c) => [c.kind, c.action, c.version, c.source, c.wording])).toEqual([
      [
        "advisor_agreement",
        "granted",
        "2025-06-30",
        "application",
        "I accept the terms and conditions, the Advisor Agreement and the Code of Conduct.",
      ],
    ]);

    // A second submission (or any submission by an advisor) is refused.
    expect(
      await submitApplication(db(), { userId, appUrl, values: validApplication() }),
    ).toMatchObject({
      ok: false,
      title: "Access Denied",
      message: "You are already an advisor and cannot submit a new application.",
    });
    expect(await saveDraft(db(), userId, {})).toEqual({ ok: false, kind: "advisor" });
    expect(await loadApplication(db(), userId)).toEqual({ kind: "advisor", status: "pending" });
  });

  it("says which step is invalid and writes nothing", async () => {
    const userId = await createPerson(db());
    await upload(userId, await jpegWithExif());
    const result = await submitApplication(db(), {
      userId,
      appUrl,
      values: validApplication({ careerAdviceTopics: ["One"] }),
    });
    expect(result).toEqual({
      ok: false,
      kind: "invalid",
      title: "Validation Error",
      message: "Please complete all required fields in all steps before submitting.",
      step: 3,
      fieldErrors: { careerAdviceTopics: "Minimum 3 required" },
    });
    expect((await rowOf(userId))?.profileStatus).toBe("draft");
  });

  it("asks for the headshot again when the draft has none", async () => {
    const userId = await createPerson(db());
    expect(
      await submitApplication(db(), { userId, appUrl, values: validApplication() }),
    ).toMatchObject({
      step: 2,
      message:
        "Your headshot is missing. Please go back to Step 2 and re-upload your headshot before submitting.",
    });
  });

  it("leaves nothing half-written when it fails part-way", async () => {
    await createPerson(db(), { admin: "Y", email: "admin.crash@example.com" });
    const userId = await createPerson(db(), { firstName: "Before" });
    await upload(userId, await jpegWithExif());
    // The admin e-mail is the last write: make it fail.
    await database.privileged.execute(
      sql`alter table email_outbox add constraint crash check (subject = '') not valid`,
    );
    try {
      const result = await submitApplication(db(), {
        userId,
        appUrl,
        values: validApplication({ firstName: "After" }),
      });
      expect(result).toMatchObject({
        ok: false,
        title: "Submission Failed",
        message: "Failed to submit application. Please try again.",
      });
    } finally {
      await database.privileged.execute(sql`alter table email_outbox drop constraint crash`);
    }
    const row = await rowOf(userId);
    expect(row).toMatchObject({ profileStatus: "draft", jobTitle: null });
    const schedules = await db()
      .select({ id: scheduleSlots.id })
      .from(advisorSchedules)
      .innerJoin(scheduleSlots, eq(scheduleSlots.scheduleId, advisorSchedules.id))
      .where(eq(advisorSchedules.advisorId, row!.id));
    expect(schedules).toEqual([]);
    const [person] = await db().select().from(users).where(eq(users.id, userId));
    expect(person?.firstName).toBe("Before");
  });
});

function randomish(length: number): Buffer {
  return Buffer.from(Array.from({ length }, (_, i) => (i * 37 + 11) % 256));
}
