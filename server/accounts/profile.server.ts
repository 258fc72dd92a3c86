import { and, eq, ne, sql } from "drizzle-orm";
import type { ProfileSettings } from "../../core/forms/settings";
import { SETTINGS_MESSAGES as M } from "../../core/messages/settings";
import type { Db } from "../db/client.server";
import { advisors, authUsers, users } from "../db/schema";
import { storePhoto } from "../storage/photo-store.server";
import { type FileStorage, removeStoredFile } from "../storage/storage.server";

/** What the settings' Profile section shows and edits. */
export async function profileSettings(db: Db, userId: string) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      phoneVerifiedAt: users.phoneVerifiedAt,
      timeZone: users.timeZone,
      photoUrl: users.photoUrl,
      advisorId: advisors.id,
      headshotUrl: advisors.headshotUrl,
    })
    .from(users)
    // A draft application makes nobody an advisor: its writer keeps a seeker's photo.
    .leftJoin(advisors, and(eq(advisors.userId, users.id), ne(advisors.profileStatus, "draft")))
    .where(eq(users.id, userId));
  if (!row) return null;
  const { advisorId, headshotUrl, ...person } = row;
  return { ...person, advisor: advisorId ? { id: advisorId, headshotUrl } : null };
}
export type ProfileSettingsView = NonNullable<Awaited<ReturnType<typeof profileSettings>>>;

/**
 * Names, phone and zone in one transaction, the sign-in account's display name with them (the
 * account e-mails greet by it). A renamed approved advisor's directory entry follows through
 * the users table's change notification.
 */
export async function saveProfileSettings(
  db: Db,
  userId: string,
  input: ProfileSettings,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        // A changed (or removed) number is unverified again: no message goes to it until a
        // code sent to it comes back (issue 41).
        phoneVerifiedAt: sql`case when ${users.phone} is not distinct from ${input.phone} then ${users.phoneVerifiedAt} end`,
        timeZone: input.timeZone,
        updatedAt: now,
      })
      .where(eq(users.id, userId))
      .returning({ authUserId: users.authUserId });
    if (!row) return false;
    if (row.authUserId)
      await tx
        .update(authUsers)
        .set({ name: `${input.firstName} ${input.lastName}`.trim(), updatedAt: now })
        .where(eq(authUsers.id, row.authUserId));
    return true;
  });
}

type PhotoDeps = { db: Db; storage: FileStorage; log: (error: unknown, key: string) => void };

export type PhotoResult =
  { ok: true; url: string | null } | { ok: false; status: 400 | 403 | 404; message: string };

/**
 * A seeker's new profile photo, through the headshot pipeline (storePhoto), saved at once; the
 * file it replaces is removed after the row points at the new one. An advisor's photo is the
 * headshot of their advisor profile, reviewed there (ADR 83), so it is refused here. `bytes`
 * null removes the photo.
 */
export async function replaceProfilePhoto(
  { db, storage, log }: PhotoDeps,
  userId: string,
  bytes: Buffer | null,
  now: Date,
): Promise<PhotoResult> {
  const person = await profileSettings(db, userId);
  if (!person) return { ok: false, status: 404, message: "Account not found" };
  if (person.advisor) return { ok: false, status: 403, message: M.advisorPhoto };
  let url: string | null = null;
  if (bytes) {
    const stored = await storePhoto(storage, `photos/${userId}`, bytes);
    if (!stored.ok) return { ok: false, status: 400, message: stored.message };
    url = stored.url;
  }
  let previous: string | null;
  try {
    previous = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ photoUrl: users.photoUrl })
        .from(users)
        .where(eq(users.id, userId))
        .for("update");
      await tx.update(users).set({ photoUrl: url, updatedAt: now }).where(eq(users.id, userId));
      return row?.photoUrl ?? null;
    });
  } catch (error) {
    await removeStoredFile(storage, url, log);
    throw error;
  }
  await removeStoredFile(storage, previous, log);
  return { ok: true, url };
}
