import { z } from "zod";
import { AUTH_MESSAGES } from "../messages/auth";
import { SETTINGS_MESSAGES as M } from "../messages/settings";
import {
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  SWITCHABLE_KINDS,
  type SwitchableKind,
  offeredOn,
  preferenceField,
} from "../notifications";
import { toE164 } from "../phone";
import { singleLine } from "../plain-text";
import { canonicalTimeZone, isValidTimeZone } from "../time-zones";
import { NAME_MAX_LENGTH } from "./auth";

/** The settings' Profile form: the sign-up form's name rules, an optional phone and a zone. */
const name = (label: string) =>
  singleLine()
    .min(1, { error: AUTH_MESSAGES.requiredFields })
    .max(NAME_MAX_LENGTH, { error: AUTH_MESSAGES.tooLong(label, NAME_MAX_LENGTH) });

export const profileSettingsSchema = z.object({
  firstName: name("First name"),
  lastName: name("Last name"),
  phone: z
    .string()
    .trim()
    .max(40, { error: M.phoneInvalid })
    .transform((value, ctx) => {
      if (value === "") return null;
      const e164 = toE164(value);
      if (!e164) ctx.addIssue({ code: "custom", message: M.phoneInvalid });
      return e164 ?? value;
    }),
  timeZone: z
    .string()
    .trim()
    .transform((value) => canonicalTimeZone(value))
    .refine(isValidTimeZone, { error: M.timeZoneInvalid }),
});
export type ProfileSettings = z.output<typeof profileSettingsSchema>;

/**
 * The Notifications form: a checkbox per switchable kind and channel ("reminders.email"),
 * sent as "on" when ticked and absent otherwise, and `shown`, the boxes the page showed. Only
 * those are saved: an unticked box is "off", but a channel a page did not show yet (an older
 * page, once WhatsApp is added) is left as it was. Anything else is refused.
 */
const FIELDS = SWITCHABLE_KINDS.flatMap((kind) =>
  NOTIFICATION_CHANNELS.filter((channel) => offeredOn(kind, channel)).map((channel) => ({
    kind,
    channel,
    field: preferenceField(kind, channel),
  })),
);
const toggle = z.union([z.literal(""), z.literal("on")], { error: M.preferencesInvalid });
export const notificationSettingsSchema = z.object({
  shown: z
    .string()
    .transform((value) => value.split(",").filter(Boolean))
    .refine(
      (names) =>
        names.length > 0 && names.every((name) => FIELDS.some(({ field }) => field === name)),
      { error: M.preferencesInvalid },
    ),
  ...(Object.fromEntries(FIELDS.map(({ field }) => [field, toggle])) as Record<
    string,
    typeof toggle
  >),
});

/** The boxes a page shows, as its `shown` field says them: e-mail's, and each opted-in channel's. */
export function shownPreferences(channels: readonly NotificationChannel[] = ["email"]): string {
  return FIELDS.filter(({ channel }) => channels.includes(channel))
    .map(({ field }) => field)
    .join(",");
}
export const SHOWN_PREFERENCES = shownPreferences();

export type PreferenceChoice = {
  kind: SwitchableKind;
  channel: NotificationChannel;
  enabled: boolean;
};

/** The parsed form as one choice per box the page showed. */
export function choicesFromForm(
  values: { shown: string[] } & Record<string, unknown>,
): PreferenceChoice[] {
  return FIELDS.filter(({ field }) => values.shown.includes(field)).map(
    ({ kind, channel, field }) => ({ kind, channel, enabled: values[field] === "on" }),
  );
}
