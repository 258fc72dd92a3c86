import { eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { auditLabel, writeAudit } from "../audit/audit.server";
import { advisors, users } from "../db/schema";
import { storePhoto } from "../storage/photo-store.server";
import { type FileStorage, removeStoredFile } from "../storage/storage.server";
import { backToReview, lockOrCreateOwnRow } from "./advisor-rows.server";
import { proposePhoto } from "./profile-proposals.server";

export type HeadshotTarget =
  /** The signed-in person's own row (a draft is created for a first upload in the wizard). */
  | { own: true; userId: string }
  /** An admin replacing an advisor's photo from the admin screens (audited). */
  | { own: false; advisorId: string; actorUserId: string };

export type HeadshotUploadResult =
  { ok: true; url: string } | { ok: false; status: 400 | 404; message: string };

type Deps = { db: Db; storage: FileStorage; log: (error: unknown, key: string) => void };

/**
 * Checks and re-encodes the picture, stores it under a new server-made key, points the
 * advisor at it and removes the file it replaces. A person's own new photo on an approved
 * profile waits for review beside the live one, as any other edit does; on an application it
 * sends a rejected one back to review. An admin's change of someone else's
 * photo is written to the audit log in the same transaction.
 */
export async function replaceHeadshot(
  { db, storage, log }: Deps,
  target: HeadshotTarget,
  bytes: Buffer,
): Promise<HeadshotUploadResult> {
  const owner = target.own ? target.userId : target.advisorId;
  const stored = await storePhoto(storage, `headshots/${owner}`, bytes);
  if (!stored.ok) return { ok: false, status: 400, message: stored.message };
  const url = stored.url;
  let previous: string | null | undefined;
  try {
    previous = await db.transaction(async (tx) => {
      if (target.own) {
        const row = await lockOrCreateOwnRow(tx, target.userId);
        // A live profile keeps its photo until an admin approves the new one (ADR 83).
        if (row.status === "approved") return proposePhoto(tx, row.id, url);
        await tx
          .update(advisors)
          .set({ headshotUrl: url, profileStatus: backToReview })
          .where(eq(advisors.id, row.id));
        return row.headshotUrl;
      }
      const [row] = await tx
        .select({
          headshotUrl: advisors.headshotUrl,
          userId: advisors.userId,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        })
        .from(advisors)
        .innerJoin(users, eq(users.id, advisors.userId))
        .where(eq(advisors.id, target.advisorId))
        .for("update", { of: advisors });
      if (!row) return undefined;
      await tx.update(advisors).set({ headshotUrl: url }).where(eq(advisors.id, target.advisorId));
      if (row.userId !== target.actorUserId)
        await writeAudit(tx, {
          actorUserId: target.actorUserId,
          action: "advisor.edit",
          targetType: "advisor",
          targetId: target.advisorId,
          targetLabel: auditLabel(row),
          before: { headshot_url: row.headshotUrl },
          after: { headshot_url: url },
        });
      return row.headshotUrl;
    });
  } catch (error) {
    await removeStoredFile(storage, url, log);
    throw error;
  }
  if (previous === undefined) {
    await removeStoredFile(storage, url, log);
    return { ok: false, status: 404, message: "Advisor not found" };
  }
  await removeStoredFile(storage, previous, log);
  return { ok: true, url };
}
