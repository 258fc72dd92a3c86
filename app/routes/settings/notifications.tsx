import { notificationSettingsSchema, choicesFromForm } from "../../../core/forms/settings";
import {
  marketingConsent,
  notificationSettings,
  saveNotificationSettings,
} from "../../../server/accounts/notification-preferences.server";
import { requireViewer } from "../../../server/auth/session.server";
import { NotificationsSection } from "../../components/settings/notifications-form";
import { invalidForm, parseForm } from "../../lib/forms";
import type { Route } from "./+types/notifications";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";

export function meta() {
  return [{ title: "Notifications | Settings | BeenThere" }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  return {
    preferences: await notificationSettings(context.db, viewer.userId),
    productNews: await marketingConsent(context.db, viewer.userId),
  };
}

/** Every box the page showed, as ticked: an unticked box is "off". */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const parsed = await parseForm(request, notificationSettingsSchema);
  if (!parsed.success) return invalidForm(parsed);
  await saveNotificationSettings(
    context.db,
    viewer.userId,
    choicesFromForm(parsed.data),
    context.now(),
  );
  context.logger.info({ userId: viewer.userId }, "notification preferences saved");
  return { saved: true as const };
}

export default function NotificationSettings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <NotificationsSection
      preferences={loaderData.preferences}
      productNews={loaderData.productNews}
      actionData={actionData}
    />
  );
}
