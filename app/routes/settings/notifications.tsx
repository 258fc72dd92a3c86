import { data } from "react-router";
import { formatPhone } from "../../../core/phone";
import { notificationSettingsSchema, choicesFromForm } from "../../../core/forms/settings";
import { channelOptInSchema, sendCodeSchema, verifyCodeSchema } from "../../../core/forms/phone";
import { PHONE_MESSAGES as P } from "../../../core/messages/phone";
import {
  marketingConsent,
  notificationSettings,
  saveNotificationSettings,
} from "../../../server/accounts/notification-preferences.server";
import {
  phoneState,
  sendPhoneCode,
  setChannelOptIn,
  verifyPhoneCode,
} from "../../../server/accounts/phone-verification.server";
import { requireViewer } from "../../../server/auth/session.server";
import { NotificationsSection } from "../../components/settings/notifications-form";
import { PhoneChannelsCard } from "../../components/settings/phone-channels-card";
import { invalidForm, parseForm } from "../../lib/forms";
import { readForm } from "../../lib/request-body";
import type { Route } from "./+types/notifications";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";

export function meta() {
  return [{ title: "Notifications | Settings | BeenThere" }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const phone = await phoneState(context.db, viewer.userId, context.now());
  return {
    preferences: await notificationSettings(context.db, viewer.userId),
    productNews: await marketingConsent(context.db, viewer.userId),
    phone: { ...phone, display: phone.phone ? formatPhone(phone.phone) : null },
  };
}

export type PhoneActionData =
  | { intent: string; ok: true; message: string; done: string }
  | { intent: string; ok: false; message: string };

const refused = (intent: string, message: string, status: number) =>
  data({ intent, ok: false as const, message }, { status });
const done = (intent: string, message: string) =>
  data({ intent, ok: true as const, message, done: crypto.randomUUID() });

/**
 * The preferences form (every box the page showed, as ticked: an unticked box is "off"), and
 * the phone card's intents: send a code, check a code, turn WhatsApp or SMS on or off.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const form = await readForm(request);
  const intent = form.get("intent");
  const now = context.now();
  if (intent === "send-code") {
    const parsed = await parseForm(form, sendCodeSchema);
    if (!parsed.success) return refused(intent, P.actionInvalid, 400);
    const result = await sendPhoneCode(context.db, viewer.userId, context.config.authSecret, now);
    if (!result.ok) return refused(intent, result.message, result.status);
    context.logger.info({ userId: viewer.userId }, "phone verification code sent");
    return done(intent, P.codeSent);
  }
  if (intent === "verify-code") {
    const parsed = await parseForm(form, verifyCodeSchema);
    if (!parsed.success)
      return invalidForm(parsed, { intent, ok: false as const, message: P.codeInvalid });
    const result = await verifyPhoneCode(
      context.db,
      viewer.userId,
      parsed.data.code,
      context.config.authSecret,
      now,
    );
    if (!result.ok)
      return data(
        {
          intent,
          ok: false as const,
          message: result.message,
          fieldErrors: { code: result.message },
        },
        { status: result.status },
      );
    context.logger.info({ userId: viewer.userId }, "phone verified");
    return done(intent, P.verified);
  }
  if (intent === "channel") {
    const parsed = await parseForm(form, channelOptInSchema);
    if (!parsed.success) return refused(intent, P.actionInvalid, 400);
    const result = await setChannelOptIn(
      context.db,
      viewer.userId,
      parsed.data.channel,
      parsed.data.on,
      now,
    );
    if (!result.ok) return refused(intent, result.message, result.status);
    return done(intent, P.optInSaved);
  }
  if (intent !== null) return refused(String(intent), P.actionInvalid, 400);
  const parsed = await parseForm(form, notificationSettingsSchema);
  if (!parsed.success) return invalidForm(parsed);
  await saveNotificationSettings(context.db, viewer.userId, choicesFromForm(parsed.data), now);
  context.logger.info({ userId: viewer.userId }, "notification preferences saved");
  return { saved: true as const };
}

export default function NotificationSettings({ loaderData, actionData }: Route.ComponentProps) {
  const phoneAction = actionData && "intent" in actionData ? actionData : undefined;
  return (
    <>
      <PhoneChannelsCard phone={loaderData.phone} actionData={phoneAction} />
      <NotificationsSection
        preferences={loaderData.preferences}
        productNews={loaderData.productNews}
        channels={loaderData.phone.verified ? loaderData.phone.channels : undefined}
        actionData={phoneAction ? undefined : actionData}
      />
    </>
  );
}
