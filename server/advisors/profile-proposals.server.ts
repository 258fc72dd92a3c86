import { eq } from "drizzle-orm";
import { needsReview, REVIEWED_KEYS, type ReviewedProfile } from "../../core/profile-review";
import type { Db, Tx } from "../db/client.server";
import type { advisors } from "../db/schema";
import { advisorProfileProposals } from "../db/schema";
import { liveReviewed } from "./profile-columns.server";

/*
 * An approved advisor's edit as a proposed version beside the live profile (ADR 83). The
 * callers hold the advisor's row lock, so the proposal and the live row change in step.
 */

export type Proposal = typeof advisorProfileProposals.$inferSelect;

/** The proposal's reviewed fields, or null when it only proposes a photo (or is malformed). */
export function proposedFields(proposal: Pick<Proposal, "fields">): ReviewedProfile | null {
  const fields = proposal.fields;
  if (!fields || !REVIEWED_KEYS.every((key) => key in fields)) return null;
  return fields as unknown as ReviewedProfile;
}

async function lockedProposal(tx: Tx, advisorId: string): Promise<Proposal | undefined> {
  const [row] = await tx
    .select()
    .from(advisorProfileProposals)
    .where(eq(advisorProfileProposals.advisorId, advisorId))
    .for("update");
  return row;
}

async function upsert(
  tx: Tx,
  advisorId: string,
  current: Proposal | undefined,
  values: Pick<Proposal, "fields" | "headshotUrl">,
) {
  const waiting = current?.status === "pending";
  const row = {
    ...values,
    status: "pending" as const,
    reason: null,
    decidedAt: null,
    revision: (current?.revision ?? 0) + 1,
    // The queue keeps a waiting proposal's place; a new one joins at the back.
    submittedAt: waiting ? current.submittedAt : new Date(),
  };
  await tx
    .insert(advisorProfileProposals)
    .values({ advisorId, ...row })
    .onConflictDoUpdate({ target: advisorProfileProposals.advisorId, set: row });
}

/**
 * An approved advisor saved their profile: what differs from the live profile waits for review
 * (with any photo already waiting); nothing left to review removes the proposal. Returns
 * whether something now waits.
 */
export async function proposeEdit(
  tx: Tx,
  live: typeof advisors.$inferSelect,
  reviewed: ReviewedProfile,
): Promise<boolean> {
  const current = await lockedProposal(tx, live.id);
  const fields = needsReview(liveReviewed(live), reviewed) ? reviewed : null;
  // A rejected proposal's photo was removed when it was turned down.
  const photo = current?.status === "pending" ? current.headshotUrl : null;
  if (!fields && !photo) {
    if (current)
      await tx
        .delete(advisorProfileProposals)
        .where(eq(advisorProfileProposals.advisorId, live.id));
    return false;
  }
  await upsert(tx, live.id, current, { fields, headshotUrl: photo });
  return true;
}

/**
 * An approved advisor uploaded a new photo: it waits for review beside any waiting edit.
 * Returns the photo it replaces in the proposal (not the live one), to be removed.
 */
export async function proposePhoto(tx: Tx, advisorId: string, url: string): Promise<string | null> {
  const current = await lockedProposal(tx, advisorId);
  const waiting = current?.status === "pending";
  await upsert(tx, advisorId, current, {
    // A turned-down edit is not sent again by a new photo: only a save sends it.
    fields: waiting ? current.fields : null,
    headshotUrl: url,
  });
  return waiting ? current.headshotUrl : null;
}

/**
 * Removes whatever proposal the advisor has (their profile is edited directly now: it is not
 * live, or an admin decided on it). Returns its photo, to be removed.
 */
export async function dropProposal(tx: Tx, advisorId: string): Promise<string | null> {
  const [gone] = await tx
    .delete(advisorProfileProposals)
    .where(eq(advisorProfileProposals.advisorId, advisorId))
    .returning({ headshotUrl: advisorProfileProposals.headshotUrl });
  return gone?.headshotUrl ?? null;
}

/** The advisor's proposal, if any, for their edit page. */
export async function readProposal(db: Db | Tx, advisorId: string): Promise<Proposal | undefined> {
  const [row] = await db
    .select()
    .from(advisorProfileProposals)
    .where(eq(advisorProfileProposals.advisorId, advisorId));
  return row;
}
