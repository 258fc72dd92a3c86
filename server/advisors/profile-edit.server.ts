import { eq } from "drizzle-orm";
import { defaultWeeklySchedule } from "../../core/availability";
import { checkProfile, type EditableProfile } from "../../core/advisor-profile";
import type { Db } from "../db/client.server";
import { advisors, users } from "../db/schema";
import { getSchedule, saveSchedule } from "../scheduling/schedule.server";
import { backToReview } from "./advisor-rows.server";
import { profileColumns } from "./profile-columns.server";

export async function loadEditableProfile(
  db: Db,
  advisorId: string,
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
    .where(eq(advisors.id, advisorId));
  if (!row || row.advisor.profileStatus === "draft") return null;
  const a = row.advisor;
  const schedule = await getSchedule(db, advisorId);
  return {
    advisorId,
    status: a.profileStatus,
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    headshotUrl: a.headshotUrl,
    values: {
      phone: a.phone ?? "",
      jobTitle: a.jobTitle ?? "",
      currentCompany: a.currentCompany ?? "",
      totalExperience: a.totalExperienceYears === null ? "" : String(a.totalExperienceYears),
      linkedinUrl: a.linkedinUrl ?? "",
      workLocations: a.workLocations,
      shortIntro: a.shortIntro ?? "",
      about: a.about ?? "",
      skills: a.skills,
      careerAdviceTopics: a.careerAdviceTopics,
      personalAdviceTopics: a.personalAdviceTopics,
      businessAdviceTopics: a.businessAdviceTopics,
      hourlyRate: String(a.hourlyRateInr),
      availability: schedule ?? defaultWeeklySchedule(a.sessionTimezone),
    },
  };
}

export type ProfileSaveResult =
  | { ok: true; availabilitySaved: boolean; availabilityError?: unknown }
  | { ok: false; status: 400; fieldErrors: Record<string, string> }
  | { ok: false; status: 404 };

/**
 * Saves the profile (one statement, so it is whole or not at all), then the weekly schedule
 * (its own transaction). A person's own save sends a reviewed profile back to `pending`; an
 * admin's keeps the status. If only the schedule fails, the caller warns that it did.
 */
export async function saveProfile(
  db: Db,
  input: { advisorId: string; byAdmin: boolean; values: unknown },
): Promise<ProfileSaveResult> {
  const checked = checkProfile(input.values);
  if (!checked.ok) return { ok: false, status: 400, fieldErrors: checked.errors };
  const d = checked.data;
  const updated = await db
    .update(advisors)
    .set({
      ...profileColumns(d),
      ...(input.byAdmin ? {} : { profileStatus: backToReview }),
    })
    .where(eq(advisors.id, input.advisorId))
    .returning({ id: advisors.id });
  if (updated.length === 0) return { ok: false, status: 404 };
  const schedule = await saveSchedule(db, input.advisorId, d.availability);
  if (schedule.ok) return { ok: true, availabilitySaved: true };
  return {
    ok: true,
    availabilitySaved: false,
    availabilityError: "cause" in schedule ? schedule.cause : schedule.message,
  };
}
