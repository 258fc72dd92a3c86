import { and, eq } from "drizzle-orm";
import {
  checkApplication,
  settleDraft,
  type StepNumber,
  type StoredDraft,
} from "../../core/advisor-application";
import { APPLICATION_MESSAGES as M } from "../../core/messages/advisor";
import { recordConsent } from "../consents/consents.server";
import type { Db, Tx } from "../db/client.server";
import { advisors, users } from "../db/schema";
import { queueEmail } from "../mail/mailer.server";
import { saveSchedule } from "../scheduling/schedule.server";
import { type FileStorage, removeStoredFile } from "../storage/storage.server";
import { lockOrCreateOwnRow } from "./advisor-rows.server";
import { profileColumns } from "./profile-columns.server";

/*
 * The advisor application: a draft kept on the server as the person's `draft` advisor row
 * (autosaved by the wizard), and the submission that turns it into a `pending` profile.
 */

export type ApplicationState =
  | { kind: "advisor"; status: string }
  | { kind: "open"; draft: StoredDraft | null; headshotUrl: string | null };

export async function loadApplication(db: Db, userId: string): Promise<ApplicationState> {
  const [row] = await db
    .select({
      status: advisors.profileStatus,
      draft: advisors.applicationDraft,
      headshotUrl: advisors.headshotUrl,
    })
    .from(advisors)
    .where(eq(advisors.userId, userId));
  if (row && row.status !== "draft") return { kind: "advisor", status: row.status };
  const headshotUrl = row?.headshotUrl ?? null;
  // Settled again on the way out: a draft written by an older version keeps the same rules.
  const draft = row?.draft ? settleDraft(row.draft, headshotUrl) : null;
  return { kind: "open", draft, headshotUrl };
}

export type DraftSaveResult = { ok: true; draft: StoredDraft } | { ok: false; kind: "advisor" };

/** Stores what the wizard holds; steps it has not passed are not recorded as completed. */
export async function saveDraft(db: Db, userId: string, input: unknown): Promise<DraftSaveResult> {
  return db.transaction(async (tx) => {
    const row = await lockOrCreateOwnRow(tx, userId);
    if (row.status !== "draft") return { ok: false, kind: "advisor" as const };
    const draft = settleDraft(input, row.headshotUrl);
    await tx.update(advisors).set({ applicationDraft: draft }).where(eq(advisors.id, row.id));
    return { ok: true, draft };
  });
}

/** Start Over: the draft and its uploaded headshot are deleted. */
export async function deleteDraft(
  db: Db,
  storage: FileStorage,
  userId: string,
  log: (error: unknown, key: string) => void,
): Promise<void> {
  const [deleted] = await db
    .delete(advisors)
    .where(and(eq(advisors.userId, userId), eq(advisors.profileStatus, "draft")))
    .returning({ headshotUrl: advisors.headshotUrl });
  await removeStoredFile(storage, deleted?.headshotUrl, log);
}

export type SubmitResult =
  | { ok: true; advisorId: string }
  | { ok: false; kind: "advisor"; title: string; message: string }
  | {
      ok: false;
      kind: "invalid";
      title: string;
      message: string;
      step: StepNumber;
      fieldErrors: Record<string, string>;
    }
  | { ok: false; kind: "failed"; title: string; message: string; cause?: unknown };

const ACCESS_DENIED = {
  ok: false,
  kind: "advisor",
  title: M.accessDeniedTitle,
  message: M.accessDenied,
} as const;

/**
 * Checks every step again and, in one transaction, writes the profile as `pending`, its
 * weekly schedule and the person's names, and queues an e-mail to each admin. Any failure
 * rolls all of it back: the draft stays a draft.
 */
export async function submitApplication(
  db: Db,
  input: { userId: string; values: unknown; appUrl: string; now?: Date },
): Promise<SubmitResult> {
  const [row] = await db
    .select({ id: advisors.id, status: advisors.profileStatus, headshotUrl: advisors.headshotUrl })
    .from(advisors)
    .where(eq(advisors.userId, input.userId));
  if (row && row.status !== "draft") return ACCESS_DENIED;
  const headshotUrl = row?.headshotUrl ?? null;
  const checked = checkApplication(input.values, headshotUrl);
  if (!checked.ok) {
    const onlyPhoto = checked.step === 2 && Object.keys(checked.errors).join() === "headshotUrl";
    return {
      ok: false,
      kind: "invalid",
      title: M.validationErrorTitle,
      message: onlyPhoto ? M.headshotMissing : M.validationError,
      step: checked.step,
      fieldErrors: checked.errors,
    };
  }
  const { data } = checked;
  try {
    return await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(advisors)
        .set({
          ...profileColumns(data),
          termsAccepted: data.termsAccepted,
          profileStatus: "pending",
          applicationDraft: null,
        })
        // Only a draft becomes an application: a second submit finds nothing to update.
        .where(and(eq(advisors.userId, input.userId), eq(advisors.profileStatus, "draft")))
        .returning({ id: advisors.id });
      if (!updated) return ACCESS_DENIED;
      await tx
        .update(users)
        .set({ firstName: data.firstName, lastName: data.lastName })
        .where(eq(users.id, input.userId));
      const schedule = await saveSchedule(tx, updated.id, data.availability);
      if (!schedule.ok)
        throw new Error(schedule.message, {
          cause: "cause" in schedule ? schedule.cause : undefined,
        });
      await recordConsent(
        tx,
        input.userId,
        ["advisor_agreement"],
        "granted",
        "application",
        input.now ?? new Date(),
      );
      await notifyAdmins(tx, input.appUrl, {
        name: `${data.firstName} ${data.lastName}`,
        role: `${data.jobTitle} at ${data.currentCompany}`,
      });
      return { ok: true as const, advisorId: updated.id };
    });
  } catch (error) {
    return {
      ok: false,
      kind: "failed",
      title: M.submissionFailedTitle,
      message: M.submissionFailed,
      cause: error,
    };
  }
}

async function notifyAdmins(tx: Tx, appUrl: string, applicant: { name: string; role: string }) {
  const admins = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.admin, "Y"), eq(users.isActive, true)));
  for (const admin of admins) {
    await queueEmail(tx, {
      to: admin.email,
      subject: `New advisor application: ${applicant.name}`,
      heading: "A new advisor application is waiting",
      paragraphs: [
        `Hi ${admin.firstName},`,
        `${applicant.name} (${applicant.role}) has applied to become an advisor on BeenThere.`,
        "Please review the profile and approve or reject it.",
      ],
      action: { label: "Review applications", url: `${appUrl}/admin/advisors` },
    });
  }
}
