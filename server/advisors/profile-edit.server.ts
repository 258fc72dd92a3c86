import { and, eq, isNull } from "drizzle-orm";
import { defaultWeeklySchedule } from "../../core/availability";
import { checkProfile, type EditableProfile, type ProfileValues } from "../../core/advisor-profile";
import { reviewedPart, type ReviewedProfile } from "../../core/profile-review";
import type { Db } from "../db/client.server";
import { advisors, users } from "../db/schema";
import { getSchedule, saveSchedule } from "../scheduling/schedule.server";
import { backToReview } from "./advisor-rows.server";
import { liveReviewed, profileColumns } from "./profile-columns.server";
import {
  dropProposal,
  proposedFields,
  proposeEdit,
  readProposal,
} from "./profile-proposals.server";

/** The reviewed fields as the edit form's values (numbers as the text the form edits). */
function formValues(fields: ReviewedProfile) {
  return {
    ...fields,
    totalExperience: String(fields.totalExperience),
    hourlyRate: String(fields.hourlyRate),
  };
}

/**
 * The profile as its edit form starts from. `own`: the advisor's own page, which starts from
 * their proposed version while it waits or was turned down (ADR 83) and says which; an admin's
 * screens edit the live profile.
 */
export async function loadEditableProfile(
  db: Db,
  advisorId: string,
  { own = false }: { own?: boolean } = {},
): Promise<EditableProfile | null> {
  const [row] = await db
    .select({
      advisor: advisors,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(advisors)
    .innerJoin(users, eq(users.id, advisors.userId))
    .where(and(eq(advisors.id, advisorId), isNull(users.deletedAt)));
  if (!row || row.advisor.profileStatus === "draft") return null;
  const a = row.advisor;
  const [schedule, proposal] = await Promise.all([
    getSchedule(db, advisorId),
    own ? readProposal(db, advisorId) : undefined,
  ]);
  const proposed = proposal ? proposedFields(proposal) : null;
  const values: ProfileValues = {
    phone: a.phone ?? "",
    ...formValues(liveReviewed(a)),
    // An experience never given starts empty, not at 0.
    ...(a.totalExperienceYears === null ? { totalExperience: "" } : {}),
    ...(proposed ? formValues(proposed) : {}),
    availability: schedule ?? defaultWeeklySchedule(a.sessionTimezone),
  };
  return {
    advisorId,
    status: a.profileStatus,
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    headshotUrl: proposal?.headshotUrl ?? a.headshotUrl,
    values,
    review: proposal
      ? {
          status: proposal.status,
          reason: proposal.reason,
          submittedAt: proposal.submittedAt.toISOString(),
        }
      : null,
  };
}

export type ProfileSaveResult =
  | {
      ok: true;
      /** Whether what was saved waits for an admin (an application, or a live profile's edit). */
      underReview: boolean;
      availabilitySaved: boolean;
      availabilityError?: unknown;
      /** A proposed photo the save discarded, for the caller to remove from storage. */
      discardedPhoto?: string | null;
    }
  | { ok: false; status: 400; fieldErrors: Record<string, string> }
  | { ok: false; status: 404 };

/**
 * Saves the profile and the weekly schedule in one transaction, the schedule in a savepoint:
 * if only the schedule fails, the profile still commits and the caller warns that it did (the
 * product's "Profile saved but availability update failed"). An approved advisor's own edit of the reviewed fields becomes a
 * proposal and the live profile stays as it is (ADR 83); any other own save sends a rejected
 * profile back to `pending`; an admin's applies and keeps the status. If only the schedule
 * fails, the caller warns that it did.
 */
export async function saveProfile(
  db: Db,
  input: { advisorId: string; byAdmin: boolean; values: unknown },
): Promise<ProfileSaveResult> {
  const checked = checkProfile(input.values);
  if (!checked.ok) return { ok: false, status: 400, fieldErrors: checked.errors };
  const d = checked.data;
  const saved = await db.transaction(async (tx) => {
    const [live] = await tx
      .select()
      .from(advisors)
      .where(eq(advisors.id, input.advisorId))
      .for("update");
    if (!live) return null;
    const where = eq(advisors.id, input.advisorId);
    if (!input.byAdmin && live.profileStatus === "approved") {
      // The phone number is private and applies at once; the rest waits for review.
      if (live.phone !== d.phone) await tx.update(advisors).set({ phone: d.phone }).where(where);
      const underReview = await proposeEdit(tx, live, reviewedPart(d));
      return {
        underReview,
        discardedPhoto: null,
        schedule: await saveSchedule(tx, live.id, d.availability),
      };
    }
    await tx
      .update(advisors)
      .set({ ...profileColumns(d), ...(input.byAdmin ? {} : { profileStatus: backToReview }) })
      .where(where);
    // A profile edited directly has nothing waiting beside it (an admin's save keeps it).
    const discardedPhoto = input.byAdmin ? null : await dropProposal(tx, input.advisorId);
    const schedule = await saveSchedule(tx, input.advisorId, d.availability);
    return { underReview: !input.byAdmin, discardedPhoto, schedule };
  });
  if (!saved) return { ok: false, status: 404 };
  const { schedule, ...profile } = saved;
  if (schedule.ok) return { ok: true, ...profile, availabilitySaved: true };
  return {
    ok: true,
    ...profile,
    availabilitySaved: false,
    availabilityError: "cause" in schedule ? schedule.cause : schedule.message,
  };
}
