import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "../db/schema";
import { createTestDatabase, sqlState } from "../db/database.test-support";
import { newAdvisorValues } from "../../core/admin/add-advisor-fixture.test-support";
import { describeAudit } from "../../core/admin/audit-entry";
import { replaceHeadshot } from "../advisors/headshot.server";
import { jpegWithExif } from "../advisors/fixtures.test-support";
import { createLocalStorage } from "../storage/local-storage.server";
import { saveProfileAsAdmin } from "../advisors/advisor-edit.server";
import {
  changeAdvisorStatus,
  countAdvisorsBySection,
  listAdvisorsForReview,
} from "../advisors/advisor-review.server";
import { loadEditableProfile } from "../advisors/profile-edit.server";
import { listAudit } from "../audit/audit.server";
import { createAdvisor, createUser } from "./people.test-support";
import { findRoleChangeTarget, listUsers, setAdminRole } from "./users.server";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: typeof database.db;
const config = { appUrl: "http://localhost:3000", supportEmail: "support@beenthere.example" };

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.destroy());

const auditRows = (targetId: string) =>
  db.select().from(s.auditLog).where(eq(s.auditLog.targetId, targetId));
const mailsTo = (email: string) =>
  db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, email));
const adminFlag = async (id: string) =>
  (await db.select({ admin: s.users.admin }).from(s.users).where(eq(s.users.id, id)))[0]!.admin;

describe("granting and revoking admin", () => {
  it("grants and revokes, writing who, what, to whom and the before/after values", async () => {
    const actor = await createUser(db, { admin: "Y" });
    const target = await createUser(db);
    const granted = await setAdminRole(db, {
      actorUserId: actor.id,
      targetUserId: target.id,
      admin: true,
      requestId: "req-1",
    });
    expect(granted).toMatchObject({ ok: true, changed: true });
    expect(await adminFlag(target.id)).toBe("Y");
    const revoked = await setAdminRole(db, {
      actorUserId: actor.id,
      targetUserId: target.id,
      admin: false,
      requestId: "req-2",
    });
    expect(revoked).toMatchObject({ ok: true, changed: true });
    expect(await adminFlag(target.id)).toBe("N");
    const rows = (await auditRows(target.id)).sort((a, b) =>
      a.requestId!.localeCompare(b.requestId!),
    );
    expect(rows).toMatchObject([
      {
        actorUserId: actor.id,
        action: "admin.grant",
        targetType: "user",
        requestId: "req-1",
        details: { before: { admin: "N" }, after: { admin: "Y" } },
      },
      {
        action: "admin.revoke",
        requestId: "req-2",
        details: { before: { admin: "Y" }, after: { admin: "N" } },
      },
    ]);
    expect(rows[0]!.details).toMatchObject({ targetLabel: expect.stringContaining(target.email) });
  });

  it("refuses to revoke your own admin role and changes nothing", async () => {
    const actor = await createUser(db, { admin: "Y" });
    await createUser(db, { admin: "Y" });
    const result = await setAdminRole(db, {
      actorUserId: actor.id,
      targetUserId: actor.id,
      admin: false,
    });
    expect(result).toEqual({
      ok: false,
      status: 409,
      message: "You cannot revoke your own admin role.",
    });
    expect(await adminFlag(actor.id)).toBe("Y");
    expect(await auditRows(actor.id)).toEqual([]);
  });

  it("refuses someone who is not (or no longer) an admin", async () => {
    const notAdmin = await createUser(db);
    const target = await createUser(db);
    const result = await setAdminRole(db, {
      actorUserId: notAdmin.id,
      targetUserId: target.id,
      admin: true,
    });
    expect(result).toMatchObject({ ok: false, status: 403 });
    expect(await adminFlag(target.id)).toBe("N");
    expect(await auditRows(target.id)).toEqual([]);
  });

  it("keeps at least one admin when two admins revoke each other at the same time", async () => {
    // Make these two the only admins.
    await db.update(s.users).set({ admin: "N" });
    const a = await createUser(db, { admin: "Y" });
    const b = await createUser(db, { admin: "Y" });
    const results = await Promise.all([
      setAdminRole(db, { actorUserId: a.id, targetUserId: b.id, admin: false }),
      setAdminRole(db, { actorUserId: b.id, targetUserId: a.id, admin: false }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toHaveLength(1);
    const admins = await db.select().from(s.users).where(eq(s.users.admin, "Y"));
    expect(admins).toHaveLength(1);
    // The remaining admin cannot revoke themself: there is always an admin.
    const last = admins[0]!;
    expect(
      await setAdminRole(db, { actorUserId: last.id, targetUserId: last.id, admin: false }),
    ).toMatchObject({ ok: false });
    expect(await adminFlag(last.id)).toBe("Y");
  });

  it("treats granting an existing admin as done, without an audit entry", async () => {
    const actor = await createUser(db, { admin: "Y" });
    const other = await createUser(db, { admin: "Y" });
    const result = await setAdminRole(db, {
      actorUserId: actor.id,
      targetUserId: other.id,
      admin: true,
    });
    expect(result).toMatchObject({ ok: true, changed: false });
    expect(await auditRows(other.id)).toEqual([]);
  });
});

describe("advisor status changes by an admin", () => {
  it("approves a pending advisor: status, audit entry and the advisor's e-mail together", async () => {
    const admin = await createUser(db, { admin: "Y" });
    const { advisor, user } = await createAdvisor(db, "pending");
    const result = await changeAdvisorStatus(db, config, {
      actorUserId: admin.id,
      advisorId: advisor.id,
      action: "approve",
      requestId: "req-approve",
    });
    expect(result).toEqual({ ok: true, status: "approved" });
    const [row] = await db.select().from(s.advisors).where(eq(s.advisors.id, advisor.id));
    expect(row!.profileStatus).toBe("approved");
    expect(await auditRows(advisor.id)).toMatchObject([
      {
        actorUserId: admin.id,
        action: "advisor.approve",
        targetType: "advisor",
        requestId: "req-approve",
        details: { before: { profile_status: "pending" }, after: { profile_status: "approved" } },
      },
    ]);
    const mails = await mailsTo(user.email);
    expect(mails.map((m) => m.subject)).toEqual(["Your BeenThere advisor profile is approved"]);
    expect(mails[0]!.text).toContain(`/advisor/${advisor.id}`);
  });

  it("rejects with a reason that reaches the advisor and the audit log", async () => {
    const admin = await createUser(db, { admin: "Y" });
    const { advisor, user } = await createAdvisor(db, "pending");
    const result = await changeAdvisorStatus(db, config, {
      actorUserId: admin.id,
      advisorId: advisor.id,
      action: "reject",
      reason: "  Please add your LinkedIn profile.  ",
    });
    expect(result).toEqual({ ok: true, status: "rejected" });
    const [mail] = await mailsTo(user.email);
    expect(mail!.text).toContain("Reason from our team: Please add your LinkedIn profile.");
    const [entry] = await auditRows(advisor.id);
    expect(entry!.details).toMatchObject({ note: "Please add your LinkedIn profile." });
  });

  it("follows the transition rule: approved → rejected → approved", async () => {
    const admin = await createUser(db, { admin: "Y" });
    const { advisor } = await createAdvisor(db, "approved");
    const change = (action: "approve" | "reject") =>
      changeAdvisorStatus(db, config, { actorUserId: admin.id, advisorId: advisor.id, action });
    expect(await change("reject")).toEqual({ ok: true, status: "rejected" });
    expect(await change("approve")).toEqual({ ok: true, status: "approved" });
  });

  it.each([
    ["approved", "approve"],
    ["rejected", "reject"],
    ["pending_activation", "approve"],
    ["pending_activation", "reject"],
    ["draft", "approve"],
  ] as const)("refuses %s → %s and changes nothing", async (status, action) => {
    const admin = await createUser(db, { admin: "Y" });
    const { advisor, user } = await createAdvisor(db, status);
    const result = await changeAdvisorStatus(db, config, {
      actorUserId: admin.id,
      advisorId: advisor.id,
      action,
    });
    expect(result).toEqual({
      ok: false,
      status: 409,
      message: "This advisor's status does not allow that change.",
    });
    const [row] = await db.select().from(s.advisors).where(eq(s.advisors.id, advisor.id));
    expect(row!.profileStatus).toBe(status);
    expect(await auditRows(advisor.id)).toEqual([]);
    expect(await mailsTo(user.email)).toEqual([]);
  });

  it("answers not found for an unknown advisor", async () => {
    const admin = await createUser(db, { admin: "Y" });
    const result = await changeAdvisorStatus(db, config, {
      actorUserId: admin.id,
      advisorId: "00000000-0000-4000-8000-000000000000",
      action: "approve",
    });
    expect(result).toMatchObject({ ok: false, status: 404 });
  });
});

describe("an admin editing an advisor's profile", () => {
  const profileValues = () => {
    const {
      firstName: _f,
      lastName: _l,
      email: _e,
      headshot: _h,
      termsAccepted: _t,
      ...values
    } = newAdvisorValues();
    return values;
  };

  it("saves, keeps the status and audits only the fields that changed", async () => {
    const admin = await createUser(db, { admin: "Y" });
    const { advisor } = await createAdvisor(db, "approved");
    const first = await saveProfileAsAdmin(db, {
      actorUserId: admin.id,
      advisorId: advisor.id,
      values: profileValues(),
    });
    expect(first).toMatchObject({ ok: true, availabilitySaved: true });
    const second = await saveProfileAsAdmin(db, {
      actorUserId: admin.id,
      advisorId: advisor.id,
      values: { ...profileValues(), jobTitle: "Head of Product" },
      requestId: "req-edit",
    });
    expect(second).toMatchObject({ ok: true });
    const [row] = await db.select().from(s.advisors).where(eq(s.advisors.id, advisor.id));
    expect(row).toMatchObject({ profileStatus: "approved", jobTitle: "Head of Product" });
    const entries = (await auditRows(advisor.id)).filter((e) => e.requestId === "req-edit");
    expect(entries).toMatchObject([
      {
        action: "advisor.edit",
        actorUserId: admin.id,
        details: {
          before: { job_title: "Product Manager" },
          after: { job_title: "Head of Product" },
        },
      },
    ]);
  });

  it("refuses an invalid profile and writes nothing", async () => {
    const admin = await createUser(db, { admin: "Y" });
    const { advisor } = await createAdvisor(db, "pending");
    const result = await saveProfileAsAdmin(db, {
      actorUserId: admin.id,
      advisorId: advisor.id,
      values: { ...profileValues(), skills: [] },
    });
    expect(result).toMatchObject({ ok: false, status: 400 });
    const [row] = await db.select().from(s.advisors).where(eq(s.advisors.id, advisor.id));
    expect(row!.jobTitle).toBe("Engineer");
    expect(await auditRows(advisor.id)).toEqual([]);
  });
});

describe("the audit log", () => {
  it("cannot be changed or deleted, even by a hand-written query", async () => {
    const admin = await createUser(db, { admin: "Y" });
    const target = await createUser(db);
    await setAdminRole(db, { actorUserId: admin.id, targetUserId: target.id, admin: true });
    const [entry] = await auditRows(target.id);
    const refused = async (run: () => Promise<unknown>) => {
      const error = await run().then(
        () => null,
        (e: unknown) => e,
      );
      expect(sqlState(error)).toBe("42501");
    };
    await refused(() =>
      db.update(s.auditLog).set({ action: "admin.revoke" }).where(eq(s.auditLog.id, entry!.id)),
    );
    await refused(() => db.delete(s.auditLog).where(eq(s.auditLog.id, entry!.id)));
    await refused(() => db.execute(sql`truncate audit_log`));
    expect(await auditRows(target.id)).toHaveLength(1);
  });

  it("keeps an entry when its actor's user row is deleted", async () => {
    const admin = await createUser(db, { admin: "Y" });
    const target = await createUser(db);
    await setAdminRole(db, { actorUserId: admin.id, targetUserId: target.id, admin: true });
    await db.delete(s.users).where(eq(s.users.id, admin.id));
    expect(await auditRows(target.id)).toMatchObject([
      { actorUserId: null, action: "admin.grant" },
    ]);
  });

  it("lists newest first, filtered by admin, action and target", async () => {
    const admin = await createUser(db, { admin: "Y", firstName: "Filter" });
    const target = await createUser(db, { lastName: "Zebrafinch" });
    await setAdminRole(db, { actorUserId: admin.id, targetUserId: target.id, admin: true });
    await setAdminRole(db, { actorUserId: admin.id, targetUserId: target.id, admin: false });
    const byActor = await listAudit(db, { actorUserId: admin.id });
    expect(byActor.entries.map((e) => e.action)).toEqual(["admin.revoke", "admin.grant"]);
    expect(byActor.entries[0]).toMatchObject({ actorFirstName: "Filter" });
    const byAction = await listAudit(db, { actorUserId: admin.id, action: "admin.grant" });
    expect(byAction.entries.map((e) => e.action)).toEqual(["admin.grant"]);
    const byTargetName = await listAudit(db, { target: "zebrafinch" });
    expect(byTargetName.total.n).toBe(2);
    const byTargetId = await listAudit(db, { target: target.id });
    expect(byTargetId.total.n).toBe(2);
    expect((await listAudit(db, { target: "100%_nobody" })).total.n).toBe(0);
  });
});

describe("the users list", () => {
  it("finds people by name or e-mail in any case, newest first, with roles", async () => {
    const older = await createUser(db, { email: "Kavya.Iyer@Example.com", firstName: "Kavya" });
    await db
      .update(s.users)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(s.users.id, older.id));
    const newer = await createUser(db, { firstName: "Kavya", lastName: "Menon", admin: "Y" });
    const byEmail = await listUsers(db, { q: "kavya.iyer@example" });
    expect(byEmail.users.map((u) => u.id)).toEqual([older.id]);
    const byName = await listUsers(db, { q: "KAVYA" });
    expect(byName.users.map((u) => u.id)).toEqual([newer.id, older.id]);
    expect(byName.users[0]!.roles).toEqual(["admin", "seeker"]);
    expect((await listUsers(db, { q: "kavya menon" })).users.map((u) => u.id)).toEqual([newer.id]);
  });

  it("filters by role: admins, advisors, and people who are only seekers", async () => {
    const tag = "Rolefilter";
    const seeker = await createUser(db, { firstName: tag });
    const admin = await createUser(db, { firstName: tag, admin: "Y" });
    const { user: advisor } = await createAdvisor(db, "approved", { firstName: tag });
    const ids = async (role: "all" | "seeker" | "advisor" | "admin") =>
      (await listUsers(db, { q: tag, role })).users.map((u) => u.id).sort();
    expect(await ids("seeker")).toEqual([seeker.id]);
    expect(await ids("admin")).toEqual([admin.id]);
    expect(await ids("advisor")).toEqual([advisor.id]);
    expect(await ids("all")).toEqual([seeker.id, admin.id, advisor.id].sort());
  });

  it("treats % and _ in the search as plain characters", async () => {
    await createUser(db, { firstName: "Percent" });
    expect((await listUsers(db, { q: "%" })).total.n).toBe(0);
    expect((await listUsers(db, { q: "_" })).total.n).toBe(0);
  });
});

describe("an admin's photo change", () => {
  const storage = createLocalStorage(mkdtempSync(path.join(tmpdir(), "bt-admin-photo-")));
  const replace = async (advisorId: string, actorUserId: string) =>
    replaceHeadshot(
      { db, storage, log: () => {} },
      { own: false, advisorId, actorUserId },
      await jpegWithExif(),
    );

  it("of another advisor writes one entry with the old and new photo, and keeps the status", async () => {
    const admin = await createUser(db, { admin: "Y" });
    const { advisor } = await createAdvisor(db, "approved", { lastName: "Photographed" });
    await db
      .update(s.advisors)
      .set({ headshotUrl: "/uploads/headshots/old.webp" })
      .where(eq(s.advisors.id, advisor.id));
    const result = await replace(advisor.id, admin.id);
    expect(result.ok).toBe(true);
    const url = result.ok ? result.url : "";
    const [row] = await db.select().from(s.advisors).where(eq(s.advisors.id, advisor.id));
    expect(row).toMatchObject({ headshotUrl: url, profileStatus: "approved" });
    expect(await auditRows(advisor.id)).toMatchObject([
      {
        actorUserId: admin.id,
        action: "advisor.edit",
        targetType: "advisor",
        details: {
          targetLabel: expect.stringContaining("Photographed"),
          before: { headshot_url: "/uploads/headshots/old.webp" },
          after: { headshot_url: url },
        },
      },
    ]);
    const listed = await listAudit(db, { target: "photographed", action: "advisor.edit" });
    expect(listed.entries.map((e) => e.targetId)).toEqual([advisor.id]);
  });

  it("of the admin's own profile is no admin action and writes nothing", async () => {
    const { user, advisor } = await createAdvisor(db, "approved", { admin: "Y" });
    const result = await replace(advisor.id, user.id);
    expect(result.ok).toBe(true);
    expect(await auditRows(advisor.id)).toEqual([]);
  });
});

describe("a deleted account (kept pseudonymised for the records)", () => {
  const deleted = { firstName: "a former member", lastName: "", deletedAt: new Date() };

  it("is in no list and no admin action reaches it: no approval, no profile edit, no admin role", async () => {
    const admin = await createUser(db, { admin: "Y" });
    const { advisor, user } = await createAdvisor(db, "rejected", deleted);
    const before = await countAdvisorsBySection(db);
    const { advisor: live } = await createAdvisor(db, "rejected");
    expect((await countAdvisorsBySection(db)).other).toBe(before.other + 1);

    expect((await listUsers(db, { q: user.email })).users).toEqual([]);
    const others = await listAdvisorsForReview(db, "other");
    expect(others.rows.map((row) => row.id)).toContain(live.id);
    expect(others.rows.map((row) => row.id)).not.toContain(advisor.id);

    expect(
      await changeAdvisorStatus(db, config, {
        actorUserId: admin.id,
        advisorId: advisor.id,
        action: "approve",
      }),
    ).toMatchObject({ ok: false, status: 404 });
    expect(await loadEditableProfile(db, advisor.id)).toBeNull();
    expect(
      await saveProfileAsAdmin(db, { actorUserId: admin.id, advisorId: advisor.id, values: {} }),
    ).toMatchObject({ ok: false, status: 404 });
    expect(await findRoleChangeTarget(db, user.id)).toBeNull();
    expect(
      await setAdminRole(db, { actorUserId: admin.id, targetUserId: user.id, admin: true }),
    ).toMatchObject({ ok: false, status: 404 });

    const [row] = await db.select().from(s.advisors).where(eq(s.advisors.id, advisor.id));
    expect(row!.profileStatus).toBe("rejected");
    expect(await adminFlag(user.id)).toBe("N");
    expect(await auditRows(advisor.id)).toEqual([]);
    expect(await auditRows(user.id)).toEqual([]);
  });
});

describe("the audit log in words", () => {
  it("reads every entry the services above wrote as a sentence, never as a field diff", async () => {
    const written = [
      "admin.grant",
      "admin.revoke",
      "advisor.approve",
      "advisor.reject",
      "advisor.edit",
    ] as const;
    const entries = [];
    for (const action of written) {
      const page = await listAudit(db, { action });
      expect(page.entries.length, action).toBeGreaterThan(0);
      entries.push(...page.entries);
    }
    for (const entry of entries) {
      const actorName = entry.actorUserId ? `${entry.actorFirstName} ${entry.actorLastName}` : null;
      const text = describeAudit({ action: entry.action, actorName, details: entry.details });
      const label = String(entry.details?.targetLabel ?? "");
      const name = label.replace(/ <[^<>]*>$/, "");
      // A known action's sentence: the actor first, the target by name, no "action:" fallback.
      expect(text.sentence.startsWith(`${actorName ?? "A deleted user"} `), entry.action).toBe(
        true,
      );
      if (entry.targetType === "user" || entry.targetType === "advisor") {
        expect(text.sentence, entry.action).toContain(name);
        expect(text.contacts, entry.action).toBe(/<([^<>]*)>$/.exec(label)![1]);
      }
      for (const line of [text.sentence, ...text.changes]) {
        expect(line, entry.action).not.toMatch(/[a-z]+_[a-z]+|headshot|\{|"/);
      }
    }
  });
});
