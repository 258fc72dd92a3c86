import { and, asc, count, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { validateForm } from "../../core/form";
import { packageOfferSchema, type PackageOfferInput } from "../../core/forms/packages";
import { PACKAGE_MESSAGES as M } from "../../core/messages/packages";
import { type AdminPackageFilter, MAX_ACTIVE_PACKAGES } from "../../core/package-offers";
import { packagePriceProblem, type PackageStatus } from "../../core/packages";
import type { SessionMinutes } from "../../core/pricing";
import { auditLabel, writeAudit } from "../audit/audit.server";
import type { Db, Tx } from "../db/client.server";
import { countUpTo, newestFirst, type Position, readPage, START } from "../db/keyset";
import { advisorPackages, advisors, users } from "../db/schema";

/*
 * The packages an advisor sells (issue 40, part 1): created, edited, withdrawn from sale and
 * offered again by the approved advisor who owns them, and hidden or shown by an admin. Every
 * rule is decided here: the form's limits, the price rule (never more than the same sessions
 * one by one, core/packages.ts) and at most MAX_ACTIVE_PACKAGES on sale at once. Packages
 * already bought are copies (package_purchases) and are not touched. Each change NOTIFYs the
 * directory (migration 0031), so the profile and cards show it at once.
 */

type Field = keyof PackageOfferInput;

export type OfferResult =
  | { ok: true; id: string }
  | {
      ok: false;
      status: 400 | 403 | 404 | 409;
      message: string;
      fieldErrors?: Partial<Record<Field, string>>;
    };

/** Who acts: the signed-in person, whose advisor row (if any) owns the packages. */
export type OfferActor = { userId: string };

const refused = (
  status: 400 | 403 | 404 | 409,
  message: string,
  fieldErrors?: Partial<Record<Field, string>>,
): OfferResult => ({ ok: false, status, message, ...(fieldErrors ? { fieldErrors } : {}) });

const notFound = refused(404, M.notFound);

type Owner = { id: string; hourlyRateInr: number };

/**
 * The actor's advisor row, locked for the rest of the transaction so two saves of one advisor
 * take turns (the count of packages on sale stays true), or why they may not sell packages.
 */
async function lockOwner(tx: Tx, actor: OfferActor): Promise<Owner | OfferResult> {
  const [row] = await tx
    .select({
      id: advisors.id,
      status: advisors.profileStatus,
      hourlyRateInr: advisors.hourlyRateInr,
    })
    .from(advisors)
    .where(eq(advisors.userId, actor.userId))
    .for("update");
  if (!row) return refused(403, M.onlyAdvisors);
  if (row.status !== "approved") return refused(403, M.notApproved);
  return { id: row.id, hourlyRateInr: row.hourlyRateInr };
}

const isRefusal = (value: Owner | OfferResult): value is OfferResult => "ok" in value;

/** The form's values checked, and the price checked against the advisor's rate. */
function checkOffer(values: unknown, owner: Owner): PackageOfferInput | OfferResult {
  const parsed = validateForm(packageOfferSchema, values);
  if (!parsed.success) return refused(400, M.notSaved, parsed.fieldErrors);
  const problem = packagePriceProblem({ ...parsed.data, hourlyRateInr: owner.hourlyRateInr });
  if (problem) return refused(400, problem, { priceInr: problem });
  return parsed.data;
}

const onSale = (advisorId: string) =>
  and(eq(advisorPackages.advisorId, advisorId), eq(advisorPackages.status, "active"));

async function countOnSale(tx: Tx, advisorId: string) {
  const [row] = await tx.select({ n: count() }).from(advisorPackages).where(onSale(advisorId));
  return row?.n ?? 0;
}

/** One of the owner's packages, locked; another advisor's is not found. */
async function ownPackage(tx: Tx, owner: Owner, packageId: string) {
  const [row] = await tx
    .select()
    .from(advisorPackages)
    .where(and(eq(advisorPackages.id, packageId), eq(advisorPackages.advisorId, owner.id)))
    .for("update");
  return row ?? null;
}

const columnsOf = (offer: PackageOfferInput) => ({
  name: offer.name,
  description: offer.description,
  sessions: offer.sessions,
  duration: offer.duration,
  validityDays: offer.validityDays,
  priceInr: offer.priceInr,
});

/** A new package on sale. */
export async function createPackage(
  db: Db,
  input: OfferActor & { values: unknown; now: Date },
): Promise<OfferResult> {
  return db.transaction(async (tx) => {
    const owner = await lockOwner(tx, input);
    if (isRefusal(owner)) return owner;
    const offer = checkOffer(input.values, owner);
    if ("ok" in offer) return offer;
    if ((await countOnSale(tx, owner.id)) >= MAX_ACTIVE_PACKAGES) return refused(409, M.tooMany);
    const [row] = await tx
      .insert(advisorPackages)
      .values({
        advisorId: owner.id,
        ...columnsOf(offer),
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning({ id: advisorPackages.id });
    return { ok: true, id: row!.id };
  });
}

/** A package's new name, description, sessions, validity or price; its sale status stays. */
export async function editPackage(
  db: Db,
  input: OfferActor & { packageId: string; values: unknown; now: Date },
): Promise<OfferResult> {
  return db.transaction(async (tx) => {
    const owner = await lockOwner(tx, input);
    if (isRefusal(owner)) return owner;
    const found = await ownPackage(tx, owner, input.packageId);
    if (!found) return notFound;
    const offer = checkOffer(input.values, owner);
    if ("ok" in offer) return offer;
    await tx
      .update(advisorPackages)
      .set({ ...columnsOf(offer), updatedAt: input.now })
      .where(eq(advisorPackages.id, found.id));
    return { ok: true, id: found.id };
  });
}

/**
 * Withdrawn from sale, or offered again: a package offered again counts towards the limit,
 * and its price must still pass the rule at the advisor's rate today.
 */
export async function setPackageOnSale(
  db: Db,
  input: OfferActor & { packageId: string; onSale: boolean; now: Date },
): Promise<OfferResult> {
  return db.transaction(async (tx) => {
    const owner = await lockOwner(tx, input);
    if (isRefusal(owner)) return owner;
    const found = await ownPackage(tx, owner, input.packageId);
    if (!found) return notFound;
    const next: PackageStatus = input.onSale ? "active" : "withdrawn";
    if (found.status === next)
      return refused(409, input.onSale ? M.alreadyOffered : M.alreadyWithdrawn);
    if (input.onSale) {
      if ((await countOnSale(tx, owner.id)) >= MAX_ACTIVE_PACKAGES) return refused(409, M.tooMany);
      const problem = packagePriceProblem({
        priceInr: found.priceInr,
        sessions: found.sessions,
        duration: found.duration as SessionMinutes,
        hourlyRateInr: owner.hourlyRateInr,
      });
      if (problem) return refused(409, problem);
    }
    await tx
      .update(advisorPackages)
      .set({ status: next, updatedAt: input.now })
      .where(eq(advisorPackages.id, found.id));
    return { ok: true, id: found.id };
  });
}

/** A package as its advisor's page lists it. */
export type OwnPackage = {
  id: string;
  name: string;
  description: string;
  sessions: number;
  duration: SessionMinutes;
  validityDays: number;
  priceInr: number;
  status: PackageStatus;
  hidden: boolean;
};

const packageColumns = {
  id: advisorPackages.id,
  name: advisorPackages.name,
  description: advisorPackages.description,
  sessions: advisorPackages.sessions,
  duration: sql<SessionMinutes>`${advisorPackages.duration}`,
  validityDays: advisorPackages.validityDays,
  priceInr: advisorPackages.priceInr,
  status: advisorPackages.status,
  hidden: sql<boolean>`${advisorPackages.hiddenAt} is not null`,
};

/** The signed-in advisor's packages, oldest first, with what the page needs to price them. */
export async function ownPackages(db: Db, actor: OfferActor) {
  const [advisor] = await db
    .select({
      id: advisors.id,
      status: advisors.profileStatus,
      hourlyRateInr: advisors.hourlyRateInr,
    })
    .from(advisors)
    .where(eq(advisors.userId, actor.userId));
  if (!advisor) return null;
  const packages: OwnPackage[] = await db
    .select(packageColumns)
    .from(advisorPackages)
    .where(eq(advisorPackages.advisorId, advisor.id))
    .orderBy(asc(advisorPackages.createdAt), asc(advisorPackages.id));
  return {
    approved: advisor.status === "approved",
    hourlyRateInr: advisor.hourlyRateInr,
    packages,
  };
}

// The admin's list and its Hide / Show.

export const ADMIN_PACKAGES_PAGE_SIZE = 25;

const FILTERS: Record<AdminPackageFilter, SQL | undefined> = {
  all: undefined,
  active: and(eq(advisorPackages.status, "active"), isNull(advisorPackages.hiddenAt)),
  hidden: isNotNull(advisorPackages.hiddenAt),
};

/** Every package, newest first by keys (ADR 78), with its advisor. */
export async function listPackages(
  db: Db,
  input: { filter: AdminPackageFilter; position?: Position },
) {
  const order = newestFirst(advisorPackages.createdAt, advisorPackages.id);
  const where = FILTERS[input.filter];
  const page = await readPage(order, input.position ?? START, ADMIN_PACKAGES_PAGE_SIZE, (w) =>
    db
      .select({
        key: w.key,
        ...packageColumns,
        advisorId: advisors.id,
        hourlyRateInr: advisors.hourlyRateInr,
        advisorName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      })
      .from(advisorPackages)
      .innerJoin(advisors, eq(advisors.id, advisorPackages.advisorId))
      .innerJoin(users, eq(users.id, advisors.userId))
      .where(and(where, w.where))
      .orderBy(...w.orderBy)
      .limit(w.limit),
  );
  const total = await countUpTo(db, advisorPackages, where, order);
  return { packages: page.rows, keys: page.keys, count: total };
}

/** Hidden by an admin (off the profile and cards at once) or shown again; audited. */
export async function setPackageHidden(
  db: Db,
  input: {
    adminUserId: string;
    packageId: string;
    hidden: boolean;
    now: Date;
    requestId?: string | null;
  },
): Promise<OfferResult> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        id: advisorPackages.id,
        name: advisorPackages.name,
        hiddenAt: advisorPackages.hiddenAt,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(advisorPackages)
      .innerJoin(advisors, eq(advisors.id, advisorPackages.advisorId))
      .innerJoin(users, eq(users.id, advisors.userId))
      .where(eq(advisorPackages.id, input.packageId))
      .for("update", { of: advisorPackages });
    if (!found) return notFound;
    if ((found.hiddenAt !== null) === input.hidden)
      return refused(409, input.hidden ? M.alreadyHidden : M.notHidden);
    await tx
      .update(advisorPackages)
      .set(
        input.hidden
          ? { hiddenAt: input.now, hiddenBy: input.adminUserId, updatedAt: input.now }
          : { hiddenAt: null, hiddenBy: null, updatedAt: input.now },
      )
      .where(eq(advisorPackages.id, found.id));
    await writeAudit(tx, {
      actorUserId: input.adminUserId,
      action: input.hidden ? "package.hide" : "package.show",
      targetType: "package",
      targetId: found.id,
      targetLabel: auditLabel(found),
      before: { hidden: found.hiddenAt !== null },
      after: { hidden: input.hidden },
      note: found.name,
      requestId: input.requestId ?? null,
    });
    return { ok: true, id: found.id };
  });
}
