import { z } from "zod";
import { AUTH_MESSAGES } from "../messages/auth";
import { SETTINGS_MESSAGES as M } from "../messages/settings";
import {
  NOTIFICATION_CHANNELS,
  SWITCHABLE_KINDS,
  preferenceField,
  type PreferenceMatrix,
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
 * sent as "on" when ticked and absent otherwise. Anything else is refused.
 */
const toggle = z.union([z.literal(""), z.literal("on")], { error: M.preferencesInvalid });
export const notificationSettingsSchema = z.object(
  Object.fromEntries(
    SWITCHABLE_KINDS.flatMap((kind) =>
      NOTIFICATION_CHANNELS.map((channel) => [preferenceField(kind, channel), toggle]),
    ),
  ) as Record<string, typeof toggle>,
);

/** The parsed form as every kind's choice per channel. */
export function preferencesFromForm(values: Record<string, string>): PreferenceMatrix {
  return Object.fromEntries(
    SWITCHABLE_KINDS.map((kind) => [
      kind,
      Object.fromEntries(
        NOTIFICATION_CHANNELS.map((channel) => [
          channel,
          values[preferenceField(kind, channel)] === "on",
        ]),
      ),
    ]),
  ) as PreferenceMatrix;
}
