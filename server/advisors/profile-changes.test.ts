import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeAudit } from "../../core/admin/audit-entry";
import { loadEditableProfile, saveProfile } from "../advisors/profile-edit.server";
import { replaceHeadshot } from "../advisors/headshot.server";
import { jpegWithExif } from "../advisors/fixtures.test-support";
import { advisorProfileProposals, advisors, auditLog, emailOutbox, users } from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import { createAdvisor, createUser } from "../db/factories.test-support";
import { getSchedule } from "../scheduling/schedule.server";
import { createLocalStorage } from "../storage/local-storage.server";
import {
  countProposals,
  decideProposal,
  listProposals,
  loadProposalReview,
} from "./profile-changes.server";

/*
 * Profiles stay live while edits are reviewed: an approved advisor's own save or new photo
 * waits beside the live profile until an admin approves or rejects it.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const dir = mkdtempSync(path.join(tmpdir(), "bt-proposals-"));
const storage = createLocalStorage(dir);
const log = () => {};
const config = { appUrl: "http://localhost:3000", supportEmail: "support@example.com" };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});
const db = () => database.db;

const LIVE = {
  phone: "+91 90000 00000",
  jobTitle: "Product Lead",
  currentCompany: "Razorpay",
  totalExperienceYears: 9,
  linkedinUrl: "https://www.linkedin.com/in/priya",
  workLocations: ["Bengaluru"],
  shortIntro: "Product lead in Bengaluru",
  about:
    "I help product managers find their next role, prepare for interviews and negotiate offers, with honest advice from nine years of building products.",
  skills: ["Roadmaps", "Hiring", "Analytics"],
  careerAdviceTopics: ["Career Change", "Interview Preparation", "Salary Negotiation"],
  personalAdviceTopics: ["Work-Life Balance", "Networking", "Managing Stress"],
  businessAdviceTopics: [],
  hourlyRateInr: 4500,
  headshotUrl: "/uploads/headshots/live.webp",
};

/** The edit form's values for the live profile above, with `changes`. */
const edit = (changes: Record<string, unknown> = {}) => ({
  phone: LIVE.phone,
  jobTitle: LIVE.jobTitle,
  currentCompany: LIVE.currentCompany,
  totalExperience: "9",
  linkedinUrl: LIVE.linkedinUrl,
  workLocations: LIVE.workLocations,
  shortIntro: LIVE.shortIntro,
  about: LIVE.about,
  skills: LIVE.skills,
  careerAdviceTopics: LIVE.careerAdviceTopics,
  personalAdviceTopics: LIVE.personalAdviceTopics,
  businessAdviceTopics: [],
  hourlyRate: "4500",
  availability: { timeZone: "Asia/Kolkata", windows: { 2: [{ start: "19:00", end: "21:30" }] } },
  ...changes,
});

async function priya(status = "approved") {
  return createAdvisor(
    db(),
    { ...LIVE, profileStatus: status as "approved" },
    { firstName: "Priya", lastName: "Sharma" },
  );
}
const live = async (id: string) =>
  (await db().select().from(advisors).where(eq(advisors.id, id)))[0]!;
const proposal = async (id: string) =>
  (
    await db()
      .select()
      .from(advisorProfileProposals)
      .where(eq(advisorProfileProposals.advisorId, id))
  )[0];
const admin = () => createUser(db(), { firstName: "Rohan", lastName: "Kapoor", admin: "Y" });
const lastMailTo = async (id: string) => {
  const [{ email } = { email: "" }] = await db()
    .select({ email: users.email })
    .from(advisors)
    .innerJoin(users, eq(users.id, advisors.userId))
    .where(eq(advisors.id, id));
  const [mail] = await db()
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email!))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return mail;
};

describe("an approved advisor's own edit", () => {
  it("waits for review while the live profile, its status and its photo stay as they were", async () => {
    const id = await priya();
    const saved = await saveProfile(db(), {
      advisorId: id,
      byAdmin: false,
      values: edit({
        hourlyRate: "5000",
        shortIntro: "Product lead, now in Berlin",
        phone: "+91 98888 77777",
      }),
    });
    expect(saved).toMatchObject({ ok: true, underReview: true, availabilitySaved: true });
    const row = await live(id);
    expect(row).toMatchObject({
      profileStatus: "approved",
      hourlyRateInr: 4500,
      shortIntro: "Product lead in Bengaluru",
      // The private phone number and the availability apply at once.
      phone: "+91 98888 77777",
    });
    expect((await getSchedule(db(), id))?.windows[2]).toEqual([{ start: "19:00", end: "21:30" }]);
    expect(await proposal(id)).toMatchObject({ status: "pending", revision: 1 });

    // The advisor's edit page starts from what they proposed; an admin's edit form from the live one.
    const own = await loadEditableProfile(db(), id, { own: true });
    expect(own?.values).toMatchObject({
      hourlyRate: "5000",
      shortIntro: "Product lead, now in Berlin",
    });
    expect(own?.review).toMatchObject({ status: "pending", reason: null });
    const asAdmin = await loadEditableProfile(db(), id);
    expect(asAdmin?.values).toMatchObject({
      hourlyRate: "4500",
      shortIntro: "Product lead in Bengaluru",
    });
    expect(asAdmin?.review).toBeNull();

    // The admin's review: field by field, in words.
    const review = await loadProposalReview(db(), id);
    expect(review?.changes).toEqual([
      {
        field: "shortIntro",
        label: "Short introduction",
        kind: "value",
        before: "Product lead in Bengaluru",
        after: "Product lead, now in Berlin",
      },
      {
        field: "hourlyRate",
        label: "Hourly rate (₹)",
        kind: "value",
        before: "₹4,500 an hour",
        after: "₹5,000 an hour",
      },
    ]);
  });

  it("leaves nothing to review when only the phone or the hours change, and withdraws an edit undone", async () => {
    const id = await priya();
    expect(
      await saveProfile(db(), {
        advisorId: id,
        byAdmin: false,
        values: edit({ phone: "+91 91111 22222" }),
      }),
    ).toMatchObject({ ok: true, underReview: false });
    expect(await proposal(id)).toBeUndefined();
    await saveProfile(db(), {
      advisorId: id,
      byAdmin: false,
      values: edit({ jobTitle: "Head of Product" }),
    });
    expect(await proposal(id)).toMatchObject({ status: "pending" });
    await saveProfile(db(), { advisorId: id, byAdmin: false, values: edit() });
    expect(await proposal(id)).toBeUndefined();
  });

  it("refuses invalid values with the form's messages and proposes nothing", async () => {
    const id = await priya();
    const result = await saveProfile(db(), {
      advisorId: id,
      byAdmin: false,
      values: edit({ jobTitle: " ", hourlyRate: "-1" }),
    });
    expect(result).toEqual({
      ok: false,
      status: 400,
      fieldErrors: {
        jobTitle: "Job title is required",
        hourlyRate: "Hourly rate cannot be negative",
      },
    });
    expect(await proposal(id)).toBeUndefined();
  });

  it("is applied directly on a profile not yet live, which goes (back) to review", async () => {
    const id = await priya("rejected");
    expect(
      await saveProfile(db(), {
        advisorId: id,
        byAdmin: false,
        values: edit({ jobTitle: "Head of Product" }),
      }),
    ).toMatchObject({ ok: true, underReview: true });
    expect(await live(id)).toMatchObject({ jobTitle: "Head of Product", profileStatus: "pending" });
    expect(await proposal(id)).toBeUndefined();
  });
});

describe("the admin's decision", () => {
  it("approving replaces the live profile, audits each field and tells the advisor", async () => {
    const id = await priya();
    const rohan = await admin();
    await saveProfile(db(), {
      advisorId: id,
      byAdmin: false,
      values: edit({ hourlyRate: "5000", skills: ["Roadmaps", "Pricing", "Analytics"] }),
    });
    expect((await countProposals(db())).n).toBeGreaterThanOrEqual(1);
    const queue = await listProposals(db());
    expect(queue.rows.find((row) => row.id === id)?.changed).toEqual(["Skills", "Hourly rate (₹)"]);

    const { revision } = (await proposal(id))!;
    expect(
      await decideProposal(db(), config, {
        actorUserId: rohan,
        advisorId: id,
        revision,
        decision: "approve",
      }),
    ).toEqual({ ok: true, decision: "approve", removePhoto: null });
    expect(await live(id)).toMatchObject({
      profileStatus: "approved",
      hourlyRateInr: 5000,
      skills: ["Roadmaps", "Pricing", "Analytics"],
    });
    expect(await proposal(id)).toBeUndefined();
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, id))
      .orderBy(desc(auditLog.createdAt));
    expect(
      describeAudit({
        action: entry!.action,
        actorName: "Rohan Kapoor",
        details: entry!.details as Record<string, unknown>,
      }),
    ).toMatchObject({
      sentence: "Rohan Kapoor approved Priya Sharma's profile changes.",
      changes: [
        "Priya Sharma's skills: added Pricing; removed Hiring",
        "Priya Sharma's hourly rate: ₹4,500 → ₹5,000",
      ],
    });
    expect(await lastMailTo(id)).toMatchObject({
      subject: "Your BeenThere profile changes are live",
    });
    // Decided once: a second approval of the same version is refused.
    expect(
      await decideProposal(db(), config, {
        actorUserId: rohan,
        advisorId: id,
        revision,
        decision: "approve",
      }),
    ).toEqual({ ok: false, status: 409, message: "These changes have already been reviewed." });
  });

  it("rejecting needs a reason, keeps the live profile and gives the advisor the reason and their edit back", async () => {
    const id = await priya();
    const rohan = await admin();
    await saveProfile(db(), {
      advisorId: id,
      byAdmin: false,
      values: edit({ shortIntro: "WhatsApp me on 98888 77777" }),
    });
    const { revision } = (await proposal(id))!;
    for (const reason of [undefined, "   "]) {
      expect(
        await decideProposal(db(), config, {
          actorUserId: rohan,
          advisorId: id,
          revision,
          decision: "reject",
          reason,
        }),
      ).toEqual({
        ok: false,
        status: 400,
        message: "Please tell the advisor why, so they can fix their changes.",
      });
    }
    expect(
      await decideProposal(db(), config, {
        actorUserId: rohan,
        advisorId: id,
        revision,
        decision: "reject",
        reason: "x".repeat(1001),
      }),
    ).toMatchObject({
      ok: false,
      status: 400,
      message: "Please keep the reason under 1000 characters.",
    });
    expect(await proposal(id)).toMatchObject({ status: "pending" });

    expect(
      await decideProposal(db(), config, {
        actorUserId: rohan,
        advisorId: id,
        revision,
        decision: "reject",
        reason: "Contact details belong on the platform.",
      }),
    ).toEqual({ ok: true, decision: "reject", removePhoto: null });
    expect(await live(id)).toMatchObject({
      shortIntro: "Product lead in Bengaluru",
      profileStatus: "approved",
    });
    const own = await loadEditableProfile(db(), id, { own: true });
    expect(own?.review).toMatchObject({
      status: "rejected",
      reason: "Contact details belong on the platform.",
    });
    expect(own?.values.shortIntro).toBe("WhatsApp me on 98888 77777");
    const mail = await lastMailTo(id);
    expect(mail?.subject).toBe("An update on your BeenThere profile changes");
    expect(JSON.stringify(mail)).toContain(
      "Reason from our team: Contact details belong on the platform.",
    );
    // The rejected edit is not in the admin's queue.
    expect((await listProposals(db())).rows.some((row) => row.id === id)).toBe(false);
  });

  it("approves only the version the admin looked at", async () => {
    const id = await priya();
    const rohan = await admin();
    await saveProfile(db(), {
      advisorId: id,
      byAdmin: false,
      values: edit({ jobTitle: "Head of Product" }),
    });
    const seen = (await proposal(id))!.revision;
    await saveProfile(db(), {
      advisorId: id,
      byAdmin: false,
      values: edit({ jobTitle: "CEO of Everything" }),
    });
    expect(
      await decideProposal(db(), config, {
        actorUserId: rohan,
        advisorId: id,
        revision: seen,
        decision: "approve",
      }),
    ).toEqual({
      ok: false,
      status: 409,
      message:
        "The advisor changed their edit while you were reviewing it. Review the new version below.",
    });
    expect((await live(id)).jobTitle).toBe("Product Lead");
  });
});

describe("a new photo", () => {
  it("waits beside the live one, replaces it on approval and is removed on rejection", async () => {
    const rohan = await admin();
    const userId = await createUser(db(), { firstName: "Priya", lastName: "Sharma" });
    const first = await replaceHeadshot(
      { db: db(), storage, log },
      { own: true, userId },
      await jpegWithExif(),
    );
    // Not approved yet: the photo is the profile's own.
    const [row] = await db().select().from(advisors).where(eq(advisors.userId, userId));
    expect(row!.headshotUrl).toBe(first.ok && first.url);
    await db().update(advisors).set({ profileStatus: "approved" }).where(eq(advisors.id, row!.id));
    const liveUrl = row!.headshotUrl!;

    const second = await replaceHeadshot(
      { db: db(), storage, log },
      { own: true, userId },
      await jpegWithExif(),
    );
    const third = await replaceHeadshot(
      { db: db(), storage, log },
      { own: true, userId },
      await jpegWithExif(),
    );
    if (!second.ok || !third.ok) throw new Error("upload failed");
    expect((await live(row!.id)).headshotUrl).toBe(liveUrl);
    expect(await proposal(row!.id)).toMatchObject({ headshotUrl: third.url, fields: null });
    // The proposed photo a newer one replaced is gone; the live one stays.
    const file = (url: string) => path.join(dir, storage.keyOf(url)!);
    expect(existsSync(file(second.url))).toBe(false);
    expect(existsSync(file(liveUrl))).toBe(true);
    expect((await loadProposalReview(db(), row!.id))?.photo).toEqual({
      live: liveUrl,
      proposed: third.url,
    });

    const approved = await decideProposal(db(), config, {
      actorUserId: rohan,
      advisorId: row!.id,
      revision: (await proposal(row!.id))!.revision,
      decision: "approve",
    });
    expect(approved).toEqual({ ok: true, decision: "approve", removePhoto: liveUrl });
    expect((await live(row!.id)).headshotUrl).toBe(third.url);

    const fourth = await replaceHeadshot(
      { db: db(), storage, log },
      { own: true, userId },
      await jpegWithExif(),
    );
    if (!fourth.ok) throw new Error("upload failed");
    const rejected = await decideProposal(db(), config, {
      actorUserId: rohan,
      advisorId: row!.id,
      revision: (await proposal(row!.id))!.revision,
      decision: "reject",
      reason: "Please use a photo of your face.",
    });
    expect(rejected).toEqual({ ok: true, decision: "reject", removePhoto: fourth.url });
    expect((await live(row!.id)).headshotUrl).toBe(third.url);
    expect(await proposal(row!.id)).toMatchObject({ status: "rejected", headshotUrl: null });
  });
});
