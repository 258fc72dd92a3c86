import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAdvisorValues } from "../../core/admin/add-advisor-fixture.test-support";
import { activateInvite } from "../auth/accounts.server";
import * as s from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import { createAdvisorByAdmin, type HeadshotStore } from "./add-advisor.server";
import { resendInvitation } from "./invitations.server";
import { createAdvisor, createUser } from "../admin/people.test-support";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: typeof database.db;
let admin: typeof s.users.$inferSelect;
const config = { appUrl: "http://localhost:3000", supportEmail: "support@beenthere.example" };

/** Remembers what was stored and removed, so a test can see nothing was left behind. */
function recordingStore(): HeadshotStore & { stored: string[]; removed: string[] } {
  const stored: string[] = [];
  const removed: string[] = [];
  return {
    stored,
    removed,
    async save() {
      const url = `/uploads/headshots/test-${stored.length}.webp`;
      stored.push(url);
      return { ok: true, url };
    },
    async remove(url) {
      removed.push(url);
    },
  };
}
const PHOTO = Buffer.from("photo");

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  admin = await createUser(db, { admin: "Y" });
});
afterAll(() => database.destroy());

const userByEmail = async (email: string) =>
  (
    await db
      .select()
      .from(s.users)
      .where(sql`lower(${s.users.email}) = ${email.toLowerCase()}`)
  )[0];
const inviteLink = async (email: string) => {
  const mails = await db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, email));
  return mails.map((m) => /\/reset-password\?type=invite&token=([\w-]+)/.exec(m.text)?.[1]);
};

describe("an admin adding an advisor", () => {
  it("creates the inactive user, the profile pending activation and its schedule, audits it and mails the invitation", async () => {
    const store = recordingStore();
    const values = newAdvisorValues({ email: "new.advisor@example.com" });
    const result = await createAdvisorByAdmin(db, config, store, {
      actorUserId: admin.id,
      values,
      headshot: PHOTO,
      requestId: "req-create",
    });
    expect(result).toMatchObject({ ok: true, email: "new.advisor@example.com" });
    if (!result.ok) return;
    const user = await userByEmail("new.advisor@example.com");
    expect(user).toMatchObject({ isActive: false, authUserId: null, admin: "N" });
    const [advisor] = await db.select().from(s.advisors).where(eq(s.advisors.id, result.advisorId));
    expect(advisor).toMatchObject({
      userId: user!.id,
      profileStatus: "pending_activation",
      headshotUrl: store.stored[0],
      hourlyRateInr: 0,
      termsAccepted: true,
      skills: values.skills,
    });
    const slots = await db
      .select({ day: s.scheduleSlots.dayOfWeek, start: s.scheduleSlots.startTime })
      .from(s.scheduleSlots)
      .innerJoin(s.advisorSchedules, eq(s.advisorSchedules.id, s.scheduleSlots.scheduleId))
      .where(eq(s.advisorSchedules.advisorId, result.advisorId));
    expect(slots).toEqual([{ day: 1, start: "10:00" }]);
    const audit = await db
      .select()
      .from(s.auditLog)
      .where(eq(s.auditLog.targetId, result.advisorId));
    expect(audit).toMatchObject([
      { action: "advisor.create", actorUserId: admin.id, requestId: "req-create" },
    ]);

    // The invitation's link activates the account once, and approves the profile.
    const [token] = await inviteLink("new.advisor@example.com");
    expect(token).toBeTruthy();
    expect(await activateInvite(db, { token: token!, password: "first-password" })).toMatchObject({
      ok: true,
    });
    expect(await userByEmail("new.advisor@example.com")).toMatchObject({ isActive: true });
    const [activated] = await db
      .select()
      .from(s.advisors)
      .where(eq(s.advisors.id, result.advisorId));
    expect(activated!.profileStatus).toBe("approved");
    expect((await activateInvite(db, { token: token!, password: "again-password" })).ok).toBe(
      false,
    );
  });

  it("refuses an e-mail that exists in any case, before storing or writing anything", async () => {
    await createUser(db, { email: "Taken.Person@example.com" });
    const store = recordingStore();
    const before = await db.select({ id: s.users.id }).from(s.users);
    const result = await createAdvisorByAdmin(db, config, store, {
      actorUserId: admin.id,
      values: newAdvisorValues({ email: "taken.PERSON@Example.com" }),
      headshot: PHOTO,
    });
    expect(result).toEqual({
      ok: false,
      status: 400,
      message: "Please fix the highlighted errors before submitting.",
      fieldErrors: {
        email: "Email already exists in the system. Please enter another email address.",
      },
    });
    expect(store.stored).toEqual([]);
    expect(await db.select({ id: s.users.id }).from(s.users)).toHaveLength(before.length);
  });

  it("checks every rule before writing: an invalid form posted past the browser changes nothing", async () => {
    const store = recordingStore();
    const result = await createAdvisorByAdmin(db, config, store, {
      actorUserId: admin.id,
      values: {
        ...newAdvisorValues({ email: "forged@example.com" }),
        skills: ["x"],
        termsAccepted: "yes",
      },
      headshot: PHOTO,
    });
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: {
        skills: "At least 3 skills are required",
        termsAccepted: "You must accept the terms and conditions.",
      },
    });
    expect(store.stored).toEqual([]);
    expect(await userByEmail("forged@example.com")).toBeUndefined();
  });

  it("leaves nothing half-created when a step after the user row fails", async () => {
    const store = recordingStore();
    await database.privileged.execute(
      sql`alter table schedule_slots rename to schedule_slots_away`,
    );
    let result;
    try {
      result = await createAdvisorByAdmin(db, config, store, {
        actorUserId: admin.id,
        values: newAdvisorValues({ email: "half.made@example.com" }),
        headshot: PHOTO,
      });
    } finally {
      await database.privileged.execute(
        sql`alter table schedule_slots_away rename to schedule_slots`,
      );
    }
    expect(result).toMatchObject({
      ok: false,
      status: 500,
      title: "Error Creating Advisor",
      message: "An unexpected error occurred. Please try again.",
    });
    expect(await userByEmail("half.made@example.com")).toBeUndefined();
    expect(await inviteLink("half.made@example.com")).toEqual([]);
    expect(store.removed).toEqual(store.stored);
  });

  it("maps a duplicate e-mail caught by the database to the product's message", async () => {
    const store = recordingStore();
    // Another admin's create commits between our check and our insert.
    const racing: HeadshotStore = {
      ...store,
      async save(bytes) {
        await createUser(db, { email: "racer@example.com" });
        return store.save(bytes);
      },
    };
    const result = await createAdvisorByAdmin(db, config, racing, {
      actorUserId: admin.id,
      values: newAdvisorValues({ email: "racer@example.com" }),
      headshot: PHOTO,
    });
    expect(result).toMatchObject({
      ok: false,
      status: 409,
      title: "Error Creating Advisor",
      message: "Email already exists in the system. Please use a different email.",
    });
    expect(store.removed).toEqual(store.stored);
  });
});

describe("resending an invitation", () => {
  it("mails a new link, retires the old one and audits it", async () => {
    const store = recordingStore();
    const created = await createAdvisorByAdmin(db, config, store, {
      actorUserId: admin.id,
      values: newAdvisorValues({ email: "resend.me@example.com" }),
      headshot: PHOTO,
    });
    if (!created.ok) throw new Error("create failed");
    expect(
      await resendInvitation(db, config, { actorUserId: admin.id, advisorId: created.advisorId }),
    ).toEqual({ ok: true });
    const [first, second] = await inviteLink("resend.me@example.com");
    expect(first).not.toEqual(second);
    expect((await activateInvite(db, { token: first!, password: "password-1" })).ok).toBe(false);
    expect((await activateInvite(db, { token: second!, password: "password-1" })).ok).toBe(true);
    const audit = await db
      .select({ action: s.auditLog.action })
      .from(s.auditLog)
      .where(eq(s.auditLog.targetId, created.advisorId));
    expect(audit.map((a) => a.action).sort()).toEqual(["advisor.create", "advisor.invite_resent"]);
  });

  it("is refused for an advisor who is not pending activation", async () => {
    const { advisor } = await createAdvisor(db, "approved");
    expect(
      await resendInvitation(db, config, { actorUserId: admin.id, advisorId: advisor.id }),
    ).toMatchObject({ ok: false, status: 409 });
  });
});
