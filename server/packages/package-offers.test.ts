import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toAdvisorCard } from "../../core/advisor-card";
import { PACKAGE_MESSAGES as M } from "../../core/messages/packages";
import { MAX_ACTIVE_PACKAGES, offerSummary } from "../../core/package-offers";
import { createAdvisorDirectory } from "../advisors/advisor-directory.server";
import { directoryRows } from "../advisors/directory-rows.server";
import { TEAM_ADVISOR_ID } from "../config.server";
import { type ChangeFeed, startChangeFeed } from "../db/change-feed.server";
import { createTestDatabase } from "../db/database.test-support";
import { createAdvisor, createSeeker, createUser } from "../db/factories.test-support";
import { whenFeed } from "../db/feed.test-support";
import { advisorPackages, advisors, auditLog } from "../db/schema";
import {
  createPackage,
  editPackage,
  listPackages,
  ownPackages,
  setPackageHidden,
  setPackageOnSale,
} from "./package-offers.server";

/*
 * The packages advisors sell (issue 40, part 1): the rules the server decides (limits, the
 * price rule, ownership, at most five on sale), and what the profile and the cards show of
 * them, through the directory held in memory behind the change feed.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let feed: ChangeFeed;
const NOW = new Date("2026-11-28T06:00:00.000Z");

/** ₹4,000 an hour: a 30-minute session is ₹2,000 + GST = ₹2,360. */
const RATE = 4000;
const SPRINT = {
  name: "  Job search   sprint ",
  description: "CV, interviews\r\nand negotiation.",
  sessions: "3",
  duration: "30",
  validityDays: "60",
  priceInr: "5085",
};

async function advisorUser(profile: Partial<typeof advisors.$inferInsert> = {}) {
  const advisorId = await createAdvisor(database.db, { hourlyRateInr: RATE, ...profile });
  const [row] = await database.db
    .select({ userId: advisors.userId })
    .from(advisors)
    .where(eq(advisors.id, advisorId));
  return { advisorId, userId: row!.userId };
}

const packagesOf = (advisorId: string) =>
  database.db.select().from(advisorPackages).where(eq(advisorPackages.advisorId, advisorId));

const create = (userId: string, values: unknown = SPRINT, now = NOW) =>
  createPackage(database.db, { userId, values, now });

async function created(userId: string, values: unknown = SPRINT, now = NOW) {
  const result = await create(userId, values, now);
  if (!result.ok) throw new Error(result.message);
  return result.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  feed = await startChangeFeed(database);
});
afterAll(async () => {
  await feed?.stop();
  await database?.destroy();
});

describe("an advisor's packages", () => {
  it("creates a package with its text trimmed, one line for the name and \\n breaks", async () => {
    const { advisorId, userId } = await advisorUser();
    const id = await created(userId);
    const [row] = await packagesOf(advisorId);
    expect(row).toMatchObject({
      id,
      name: "Job search sprint",
      description: "CV, interviews\nand negotiation.",
      sessions: 3,
      duration: 30,
      validityDays: 60,
      priceInr: 5085,
      status: "active",
      hiddenAt: null,
    });
    const own = await ownPackages(database.db, { userId });
    expect(own).toMatchObject({ approved: true, hourlyRateInr: RATE });
    expect(own!.packages.map((p) => [p.name, p.status, p.hidden])).toEqual([
      ["Job search sprint", "active", false],
    ]);
  });

  it("refuses a package dearer than the same sessions one by one, and changes nothing", async () => {
    const { advisorId, userId } = await advisorUser();
    // 3 × ₹2,000 before GST is the most a 3-session package may cost.
    expect(await create(userId, { ...SPRINT, priceInr: "6001" })).toEqual({
      ok: false,
      status: 400,
      message: "The price must not be more than the same sessions one by one (₹6,000 before GST).",
      fieldErrors: {
        priceInr:
          "The price must not be more than the same sessions one by one (₹6,000 before GST).",
      },
    });
    expect(await create(userId, { ...SPRINT, priceInr: "6000" })).toMatchObject({ ok: true });
    expect(await packagesOf(advisorId)).toHaveLength(1);
  });

  it("refuses every limit the form states, with its message, and writes nothing", async () => {
    const { advisorId, userId } = await advisorUser();
    const refusals = [
      [{ name: "" }, { name: M.nameRequired }],
      [{ name: "x".repeat(81) }, { name: M.nameTooLong }],
      [{ description: "x".repeat(601) }, { description: M.descriptionTooLong }],
      [{ sessions: "13" }, { sessions: M.sessionsInvalid }],
      [{ sessions: "1" }, { sessions: M.sessionsInvalid }],
      [{ duration: "45" }, { duration: M.durationInvalid }],
      [{ validityDays: "7" }, { validityDays: M.validityInvalid }],
      [{ priceInr: "99" }, { priceInr: M.priceInvalid }],
      [{ priceInr: "2000.5" }, { priceInr: M.priceInvalid }],
    ] as const;
    for (const [change, fieldErrors] of refusals) {
      expect(await create(userId, { ...SPRINT, ...change })).toEqual({
        ok: false,
        status: 400,
        message: M.notSaved,
        fieldErrors,
      });
    }
    expect(await create(userId, "not a form")).toMatchObject({ ok: false, status: 400 });
    expect(await packagesOf(advisorId)).toEqual([]);
  });

  it("keeps a 3,000-character word whole: the page wraps it, the limits refuse it", async () => {
    const { userId } = await advisorUser();
    const word = "x".repeat(3000);
    expect(await create(userId, { ...SPRINT, name: word })).toMatchObject({
      fieldErrors: { name: M.nameTooLong },
    });
    expect(await create(userId, { ...SPRINT, description: word })).toMatchObject({
      fieldErrors: { description: M.descriptionTooLong },
    });
  });

  it("refuses a package from an advisor without an hourly rate (pro bono)", async () => {
    const { advisorId, userId } = await advisorUser({ hourlyRateInr: 0 });
    const result = await create(userId);
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(!result.ok && result.fieldErrors?.priceInr).toBe(
      "Packages are for paid sessions: set an hourly rate first.",
    );
    expect(await packagesOf(advisorId)).toEqual([]);
  });

  it(`offers at most ${MAX_ACTIVE_PACKAGES} packages at once: the 6th is refused, a withdrawn one frees a place`, async () => {
    const { advisorId, userId } = await advisorUser();
    const ids: string[] = [];
    for (let i = 1; i <= MAX_ACTIVE_PACKAGES; i++)
      ids.push(await created(userId, { ...SPRINT, name: `Package ${i}` }));
    expect(await create(userId, { ...SPRINT, name: "Package 6" })).toEqual({
      ok: false,
      status: 409,
      message: M.tooMany,
    });
    expect(await packagesOf(advisorId)).toHaveLength(MAX_ACTIVE_PACKAGES);
    // Withdrawn: off sale, kept, and its place is free; offered again only while one is.
    const withdraw = { userId, packageId: ids[0]!, now: NOW };
    expect(await setPackageOnSale(database.db, { ...withdraw, onSale: false })).toMatchObject({
      ok: true,
    });
    expect(await setPackageOnSale(database.db, { ...withdraw, onSale: false })).toEqual({
      ok: false,
      status: 409,
      message: M.alreadyWithdrawn,
    });
    await created(userId, { ...SPRINT, name: "Package 6" });
    expect(await setPackageOnSale(database.db, { ...withdraw, onSale: true })).toEqual({
      ok: false,
      status: 409,
      message: M.tooMany,
    });
    const rows = await packagesOf(advisorId);
    expect(rows.filter((r) => r.status === "active")).toHaveLength(MAX_ACTIVE_PACKAGES);
    expect(rows.find((r) => r.id === ids[0])?.status).toBe("withdrawn");
  });

  it("lets two saves of one advisor take turns: racing for the last place leaves five on sale", async () => {
    const { advisorId, userId } = await advisorUser();
    for (let i = 1; i < MAX_ACTIVE_PACKAGES; i++)
      await created(userId, { ...SPRINT, name: `Package ${i}` });
    const results = await Promise.all([
      create(userId, { ...SPRINT, name: "A" }),
      create(userId, { ...SPRINT, name: "B" }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await packagesOf(advisorId)).toHaveLength(MAX_ACTIVE_PACKAGES);
  });

  it("edits a package and offers a withdrawn one again", async () => {
    const { advisorId, userId } = await advisorUser();
    const packageId = await created(userId);
    expect(
      await editPackage(database.db, {
        userId,
        packageId,
        values: { ...SPRINT, name: "Interview prep", sessions: "4", priceInr: "7000" },
        now: NOW,
      }),
    ).toEqual({ ok: true, id: packageId });
    await setPackageOnSale(database.db, { userId, packageId, onSale: false, now: NOW });
    expect(
      await setPackageOnSale(database.db, { userId, packageId, onSale: true, now: NOW }),
    ).toEqual({ ok: true, id: packageId });
    const [row] = await packagesOf(advisorId);
    expect(row).toMatchObject({ name: "Interview prep", sessions: 4, priceInr: 7000 });
    expect(row?.status).toBe("active");
  });

  it("does not offer again a package whose price no longer passes at the advisor's rate", async () => {
    const { advisorId, userId } = await advisorUser();
    const packageId = await created(userId, { ...SPRINT, priceInr: "6000" });
    await setPackageOnSale(database.db, { userId, packageId, onSale: false, now: NOW });
    await database.db
      .update(advisors)
      .set({ hourlyRateInr: 3000 })
      .where(eq(advisors.id, advisorId));
    expect(
      await setPackageOnSale(database.db, { userId, packageId, onSale: true, now: NOW }),
    ).toEqual({
      ok: false,
      status: 409,
      message: "The price must not be more than the same sessions one by one (₹4,500 before GST).",
    });
    expect((await packagesOf(advisorId))[0]?.status).toBe("withdrawn");
  });
});

describe("who may change a package", () => {
  it("refuses another advisor, a seeker and an unapproved advisor, and changes nothing", async () => {
    const owner = await advisorUser();
    const packageId = await created(owner.userId);
    const [before] = await packagesOf(owner.advisorId);
    const other = await advisorUser();
    const seekerId = await createSeeker(database.db);
    const pending = await advisorUser({ profileStatus: "pending" });
    const rejected = await advisorUser({ profileStatus: "rejected" });

    const attempts = (userId: string) => [
      editPackage(database.db, {
        userId,
        packageId,
        values: { ...SPRINT, name: "Taken" },
        now: NOW,
      }),
      setPackageOnSale(database.db, { userId, packageId, onSale: false, now: NOW }),
    ];
    // Someone else's package is not found (ADR 4).
    for (const result of await Promise.all(attempts(other.userId)))
      expect(result).toEqual({ ok: false, status: 404, message: M.notFound });
    for (const result of await Promise.all([...attempts(seekerId), create(seekerId)]))
      expect(result).toEqual({ ok: false, status: 403, message: M.onlyAdvisors });
    for (const who of [pending, rejected])
      for (const result of await Promise.all([...attempts(who.userId), create(who.userId)]))
        expect(result).toEqual({ ok: false, status: 403, message: M.notApproved });

    expect(await packagesOf(owner.advisorId)).toEqual([before]);
    for (const who of [other, pending, rejected])
      expect(await packagesOf(who.advisorId)).toEqual([]);
    expect(await ownPackages(database.db, { userId: seekerId })).toBeNull();
    expect(await ownPackages(database.db, { userId: pending.userId })).toMatchObject({
      approved: false,
      packages: [],
    });
  });
});

describe("packages on the profile and the cards", () => {
  const held = () => createAdvisorDirectory({ db: database.db, feed });
  /** Waits until the feed has heard what `change` committed (PGlite: at once). */
  async function heard(change: () => Promise<unknown>) {
    const before = feed.stamp(["directory"]);
    await change();
    await whenFeed(feed, () => feed.stamp(["directory"]) !== before);
  }

  it("shows the packages on sale on the profile, the best saving on the card, and hides a hidden or withdrawn one at once", async () => {
    const directory = held();
    const { advisorId, userId } = await advisorUser();
    await directory.warm(TEAM_ADVISOR_ID);
    expect((await directory.findApproved(advisorId))?.packages).toEqual([]);
    let sprintId = "";
    await heard(async () => (sprintId = await created(userId)));
    let intensiveId = "";
    await heard(
      async () =>
        (intensiveId = await created(
          userId,
          {
            ...SPRINT,
            name: "Intensive",
            description: "",
            sessions: "6",
            priceInr: "9000",
          },
          new Date(NOW.getTime() + 1000),
        )),
    );

    const profile = await directory.findApproved(advisorId);
    expect(profile?.packages).toEqual([
      {
        id: sprintId,
        name: "Job search sprint",
        description: "CV, interviews\nand negotiation.",
        sessions: 3,
        duration: 30,
        validityDays: 60,
        priceInr: 5085,
      },
      {
        id: intensiveId,
        name: "Intensive",
        description: "",
        sessions: 6,
        duration: 30,
        validityDays: 60,
        priceInr: 9000,
      },
    ]);
    expect(offerSummary(profile!.packages[0]!, RATE)).toBe(
      "3 sessions · ₹6,000 (incl. GST) · save 15%",
    );
    // 6 × ₹2,360 = ₹14,160 one by one; ₹10,620 saves 25%.
    expect(toAdvisorCard(profile!).bestPackage).toBe("6 sessions · ₹10,620 (incl. GST) · save 25%");

    // An admin hides the best one: gone from the profile and the card at once.
    const admin = await createUser(database.db);
    await heard(() =>
      setPackageHidden(database.db, {
        adminUserId: admin,
        packageId: intensiveId,
        hidden: true,
        now: NOW,
      }),
    );
    const after = await directory.findApproved(advisorId);
    expect(after?.packages.map((p) => p.id)).toEqual([sprintId]);
    expect(toAdvisorCard(after!).bestPackage).toBe("3 sessions · ₹6,000 (incl. GST) · save 15%");
    const [card] = (
      await directory.search({ query: "", page: 1, pageSize: 100, teamAdvisorId: TEAM_ADVISOR_ID })
    ).advisors.filter((a) => a.id === advisorId);
    expect(card?.packages.map((p) => p.id)).toEqual([sprintId]);

    // The advisor withdraws the other: no package, no line on the card.
    await heard(() =>
      setPackageOnSale(database.db, { userId, packageId: sprintId, onSale: false, now: NOW }),
    );
    const none = await directory.findApproved(advisorId);
    expect(none?.packages).toEqual([]);
    expect(toAdvisorCard(none!).bestPackage).toBeNull();
    // The database read without the held copy says the same.
    const bare = createAdvisorDirectory({ db: database.db });
    expect((await bare.findApproved(advisorId))?.packages).toEqual([]);
  });
});

describe("the directory's fingerprints", () => {
  it("change with the packages on sale, so a check after a lost notification finds them", async () => {
    const rows = directoryRows(database.db);
    const { advisorId, userId } = await advisorUser();
    const before = (await rows.fingerprints()).get(advisorId);
    const packageId = await created(userId);
    const offered = (await rows.fingerprints()).get(advisorId);
    expect(offered).not.toBe(before);
    await setPackageOnSale(database.db, { userId, packageId, onSale: false, now: NOW });
    expect((await rows.fingerprints()).get(advisorId)).toBe(before);
  });
});

describe("the admin's packages", () => {
  it("lists every package with its advisor, filters them, and hides and shows one, audited", async () => {
    const { userId } = await advisorUser();
    const packageId = await created(userId, { ...SPRINT, name: "Audited package" });
    const admin = await createUser(database.db);
    const hide = (hidden: boolean) =>
      setPackageHidden(database.db, {
        adminUserId: admin,
        packageId,
        hidden,
        now: NOW,
        requestId: "req-1",
      });
    expect(await hide(true)).toEqual({ ok: true, id: packageId });
    expect(await hide(true)).toEqual({ ok: false, status: 409, message: M.alreadyHidden });
    const hidden = await listPackages(database.db, { filter: "hidden" });
    expect(hidden.packages.map((p) => p.id)).toContain(packageId);
    const active = await listPackages(database.db, { filter: "active" });
    expect(active.packages.map((p) => p.id)).not.toContain(packageId);
    const listed = hidden.packages.find((p) => p.id === packageId);
    expect(listed).toMatchObject({
      name: "Audited package",
      advisorName: "Test Advisor",
      hidden: true,
      status: "active",
      priceInr: 5085,
    });
    expect(await hide(false)).toEqual({ ok: true, id: packageId });
    expect(await hide(false)).toEqual({ ok: false, status: 409, message: M.notHidden });
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, packageId));
    expect(entries.map((e) => [e.action, e.targetType, e.actorUserId, e.requestId])).toEqual([
      ["package.hide", "package", admin, "req-1"],
      ["package.show", "package", admin, "req-1"],
    ]);
    expect(entries[0]?.details).toMatchObject({
      before: { hidden: false },
      after: { hidden: true },
      note: "Audited package",
    });
    expect(
      await setPackageHidden(database.db, {
        adminUserId: admin,
        packageId: "00000000-0000-4000-8000-000000000000",
        hidden: true,
        now: NOW,
      }),
    ).toEqual({ ok: false, status: 404, message: M.notFound });
  });
});
