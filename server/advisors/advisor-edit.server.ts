import { and, eq, isNull } from "drizzle-orm";
import { saveProfile, type ProfileSaveResult } from "./profile-edit.server";
import type { Db, Tx } from "../db/client.server";
import { advisors, users } from "../db/schema";
import { getSchedule } from "../scheduling/schedule.server";
import { writeAudit } from "../audit/audit.server";

/*
 * An admin saving another person's advisor profile with the shared edit form: the same save
 * as the advisor's own (minus the return to review), audited with the fields that changed,
 * in one transaction.
 */

const AUDITED_FIELDS = {
  phone: advisors.phone,
  job_title: advisors.jobTitle,
  current_company: advisors.currentCompany,
  total_experience_years: advisors.totalExperienceYears,
  linkedin_url: advisors.linkedinUrl,
  work_locations: advisors.workLocations,
  short_intro: advisors.shortIntro,
  about: advisors.about,
  skills: advisors.skills,
  career_advice_topics: advisors.careerAdviceTopics,
  personal_advice_topics: advisors.personalAdviceTopics,
  business_advice_topics: advisors.businessAdviceTopics,
  hourly_rate_inr: advisors.hourlyRateInr,
  profile_status: advisors.profileStatus,
};

async function snapshot(tx: Tx, advisorId: string) {
  const [row] = await tx
    .select({
      ...AUDITED_FIELDS,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(advisors)
    .innerJoin(users, eq(users.id, advisors.userId))
    .where(and(eq(advisors.id, advisorId), isNull(users.deletedAt)))
    .for("update", { of: advisors });
  if (!row) return null;
  const { firstName, lastName, email, ...fields } = row;
  const schedule = await getSchedule(tx, advisorId);
  return {
    label: `${firstName} ${lastName} <${email}>`,
    fields: { ...fields, availability: schedule },
  };
}

export async function saveProfileAsAdmin(
  db: Db,
  input: { actorUserId: string; advisorId: string; values: unknown; requestId?: string },
): Promise<ProfileSaveResult> {
  return db.transaction(async (tx) => {
    const before = await snapshot(tx, input.advisorId);
    if (!before) return { ok: false as const, status: 404 as const };
    const result = await saveProfile(tx, {
      advisorId: input.advisorId,
      byAdmin: true,
      values: input.values,
    });
    if (!result.ok) return result; // refused before anything was written
    const after = (await snapshot(tx, input.advisorId))!;
    const changed = Object.keys(after.fields).filter(
      (key) =>
        JSON.stringify(before.fields[key as keyof typeof before.fields]) !==
        JSON.stringify(after.fields[key as keyof typeof after.fields]),
    ) as (keyof typeof after.fields)[];
    if (changed.length > 0) {
      await writeAudit(tx, {
        actorUserId: input.actorUserId,
        action: "advisor.edit",
        targetType: "advisor",
        targetId: input.advisorId,
        targetLabel: before.label,
        before: Object.fromEntries(changed.map((key) => [key, before.fields[key]])),
        after: Object.fromEntries(changed.map((key) => [key, after.fields[key]])),
        requestId: input.requestId,
      });
    }
    return result;
  });
}
