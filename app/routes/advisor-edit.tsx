import { data, redirect, useRevalidator } from "react-router";
import { PROFILE_EDIT_MESSAGES as M } from "../../core/messages/advisor";
import { loadEditableProfile, saveProfile } from "../../server/advisors/profile-edit.server";
import { requireViewer } from "../../server/auth/session.server";
import { removeStoredFile } from "../../server/storage/storage.server";
import type { EditableProfile } from "../../core/advisor-profile";
import { ProfileEditForm, type ProfileSaveAnswer } from "../components/advisor/profile-edit-form";
import { BackLink } from "../components/ui/back-link";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { Link } from "react-router";
import { flashCookie } from "../lib/flash";
import { readJson } from "../lib/request-body";
import type { Route } from "./+types/advisor-edit";
import { type CacheHandle, NOT_KEPT } from "../../core/cache-contract";

export function meta() {
  return [{ title: "Edit Profile | BeenThere" }, { name: "robots", content: "noindex" }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

/** Whatever the id in the address, a person edits only their own advisor profile. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  if (!viewer.advisorId) return { kind: "none" as const };
  try {
    const profile = await loadEditableProfile(context.db, viewer.advisorId, { own: true });
    return profile ? { kind: "profile" as const, profile } : { kind: "none" as const };
  } catch (error) {
    context.logger.error({ err: error }, "could not load the profile to edit");
    return { kind: "failed" as const };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  if (!viewer.advisorId) throw new Response("Not found", { status: 404 });
  const body = (await readJson(request)) as { values?: unknown } | null;
  try {
    // Only the values are read from the body: an advisor id in it is never looked at.
    const result = await saveProfile(context.db, {
      advisorId: viewer.advisorId,
      byAdmin: false,
      values: body?.values,
    });
    if (!result.ok) {
      if (result.status === 404) throw new Response("Not found", { status: 404 });
      return data<ProfileSaveAnswer>(
        { ok: false, message: M.validationError, fieldErrors: result.fieldErrors },
        { status: 400 },
      );
    }
    if (!result.availabilitySaved) {
      context.logger.error({ err: result.availabilityError }, "profile saved, availability not");
    }
    await removeStoredFile(context.storage, result.discardedPhoto, (err, key) =>
      context.logger.warn({ err, key }, "could not remove a discarded headshot"),
    );
    const flash = !result.availabilitySaved
      ? { title: M.availabilityFailed, kind: "error" as const }
      : { title: result.underReview ? M.savedForReview : M.savedLive };
    throw redirect("/dashboard", { headers: { "Set-Cookie": flashCookie(flash) } });
  } catch (error) {
    if (error instanceof Response) throw error;
    context.logger.error({ err: error }, "profile update failed");
    return data<ProfileSaveAnswer>({ ok: false, message: M.saveFailed }, { status: 500 });
  }
}

export default function AdvisorEdit({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <BackLink to="/dashboard">Back to dashboard</BackLink>
      <h1 className="mt-4 mb-2 text-3xl font-bold">Edit Profile</h1>
      {loaderData.kind === "profile" ? (
        <>
          <ReviewNotice profile={loaderData.profile} />
          <ProfileEditForm
            mode="advisor"
            advisorId={loaderData.profile.advisorId}
            initial={loaderData.profile.values}
            headshotUrl={loaderData.profile.headshotUrl}
            action={`/advisor/${loaderData.profile.advisorId}/edit`}
            cancelTo="/dashboard"
          />
        </>
      ) : loaderData.kind === "none" ? (
        <Card className="mt-6 grid justify-items-start gap-3 p-6">
          <h2 className="text-xl font-semibold">{M.noProfileTitle}</h2>
          <p className="text-muted">{M.noProfile}</p>
          <Button asChild>
            <Link to="/dashboard">Go to Dashboard</Link>
          </Button>
        </Card>
      ) : (
        <LoadFailed />
      )}
    </div>
  );
}

function LoadFailed() {
  const revalidator = useRevalidator();
  return (
    <Card role="alert" className="mt-6 grid justify-items-start gap-3 p-6">
      <p className="text-danger">{M.loadFailed}</p>
      <Button type="button" variant="outline" onClick={() => void revalidator.revalidate()}>
        Refresh Page
      </Button>
    </Card>
  );
}

/**
 * What happens to a save, and where the last one stands: a live profile's edits wait beside it
 * (ADR 83), an application's are its next review.
 */
function ReviewNotice({ profile }: { profile: EditableProfile }) {
  const review = profile.review;
  if (review?.status === "rejected") {
    return (
      <div
        role="status"
        className="mb-6 grid gap-1 rounded-card border border-red-200 bg-red-50 p-4 text-sm text-red-900"
      >
        <p className="font-semibold">{M.changesRejected}</p>
        {review.reason ? <p>Reason from our team: {review.reason}</p> : null}
        <p>{M.changesRejectedNext}</p>
      </div>
    );
  }
  if (review?.status === "pending") {
    return (
      <div
        role="status"
        className="mb-6 grid gap-1 rounded-card border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
      >
        <p className="font-semibold">{M.changesWaiting}</p>
        <p>{M.changesWaitingNext}</p>
      </div>
    );
  }
  return (
    <p className="mb-6 text-muted">
      {profile.status === "approved" ? M.liveProfileNote : M.applicationNote}
    </p>
  );
}
