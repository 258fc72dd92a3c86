import { data } from "react-router";
import { profileSettingsSchema } from "../../../core/forms/settings";
import { profileSettings, saveProfileSettings } from "../../../server/accounts/profile.server";
import { requireViewer } from "../../../server/auth/session.server";
import { ProfileSection } from "../../components/settings/profile-form";
import { invalidForm, parseForm } from "../../lib/forms";
import type { Route } from "./+types/profile";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";

export function meta() {
  return [{ title: "Settings | BeenThere" }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const profile = await profileSettings(context.db, viewer.userId);
  if (!profile) throw data("Not found", { status: 404 });
  return { profile };
}

/** The Profile form: names, phone and zone, checked by the same schema the browser runs. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const parsed = await parseForm(request, profileSettingsSchema);
  if (!parsed.success) return invalidForm(parsed);
  await saveProfileSettings(context.db, viewer.userId, parsed.data, context.now());
  context.logger.info({ userId: viewer.userId }, "profile settings saved");
  return { saved: true as const };
}

export default function ProfileSettings({ loaderData, actionData }: Route.ComponentProps) {
  return <ProfileSection profile={loaderData.profile} actionData={actionData} />;
}
