import { describe, expect, it } from "vitest";
import { validateForm } from "../form";
import { AUTH_MESSAGES } from "../messages/auth";
import { SETTINGS_MESSAGES as M } from "../messages/settings";
import {
  SHOWN_PREFERENCES,
  shownPreferences,
  choicesFromForm,
  notificationSettingsSchema,
  profileSettingsSchema,
} from "./settings";

const valid = {
  firstName: "Priya",
  lastName: "Sharma",
  phone: "98765 43210",
  timeZone: "Europe/London",
};

describe("the Profile form", () => {
  it("stores the phone in E.164 and an old zone name as its current one", () => {
    expect(validateForm(profileSettingsSchema, valid)).toEqual({
      success: true,
      data: { ...valid, phone: "+919876543210" },
    });
    expect(
      validateForm(profileSettingsSchema, { ...valid, phone: " ", timeZone: "Asia/Calcutta" }),
    ).toEqual({ success: true, data: { ...valid, phone: null, timeZone: "Asia/Kolkata" } });
  });

  it("keeps the sign-up form's name rules: required, one line, at most 100 characters", () => {
    const check = (change: object) => validateForm(profileSettingsSchema, { ...valid, ...change });
    expect(check({ firstName: "  " })).toMatchObject({
      fieldErrors: { firstName: AUTH_MESSAGES.requiredFields },
    });
    expect(check({ lastName: "x".repeat(101) })).toMatchObject({
      fieldErrors: { lastName: "Last name must be 100 characters or less" },
    });
    expect(check({ firstName: "Priya\nBcc: x@example.com" })).toMatchObject({
      fieldErrors: { firstName: "Please remove line breaks and control characters." },
    });
  });

  it("refuses a bad phone and a zone that is not an IANA name", () => {
    const check = (change: object) => validateForm(profileSettingsSchema, { ...valid, ...change });
    expect(check({ phone: "12345" })).toEqual({
      success: false,
      fieldErrors: { phone: M.phoneInvalid },
    });
    for (const timeZone of ["", "IST", "+05:30", "asia/kolkata", "Mars/Olympus_Mons"])
      expect(check({ timeZone }), timeZone).toEqual({
        success: false,
        fieldErrors: { timeZone: M.timeZoneInvalid },
      });
  });
});

/** The phone channels' boxes, absent from an e-mail-only page (a plain form sends them as ""). */
const PHONE_BOXES = Object.fromEntries(
  ["booking_changes", "reminders", "review_requests"].flatMap((kind) =>
    ["whatsapp", "sms"].map((channel) => [`${kind}.${channel}`, ""]),
  ),
);

describe("the Notifications form", () => {
  it("shows the phone channels' boxes only for the channels given", () => {
    expect(shownPreferences(["email", "whatsapp"])).toBe(
      "booking_changes.email,booking_changes.whatsapp,reminders.email,reminders.whatsapp,review_requests.email,review_requests.whatsapp,messages.email",
    );
    // Unread messages go by e-mail only.
    expect(SHOWN_PREFERENCES).toBe(
      "booking_changes.email,reminders.email,review_requests.email,messages.email",
    );
  });

  it("reads ticked boxes as on and missing ones as off", () => {
    const parsed = validateForm(notificationSettingsSchema, {
      ...PHONE_BOXES,
      shown: SHOWN_PREFERENCES,
      "booking_changes.email": "on",
      "reminders.email": "",
      "review_requests.email": "",
      "messages.email": "on",
    });
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    expect(choicesFromForm(parsed.data)).toEqual([
      { kind: "booking_changes", channel: "email", enabled: true },
      { kind: "reminders", channel: "email", enabled: false },
      { kind: "review_requests", channel: "email", enabled: false },
      { kind: "messages", channel: "email", enabled: true },
    ]);
  });

  it("saves only the boxes the page showed", () => {
    const parsed = validateForm(notificationSettingsSchema, {
      ...PHONE_BOXES,
      shown: "reminders.email",
      "booking_changes.email": "",
      "reminders.email": "on",
      "review_requests.email": "",
      "messages.email": "",
    });
    expect(parsed.success && choicesFromForm(parsed.data)).toEqual([
      { kind: "reminders", channel: "email", enabled: true },
    ]);
  });

  it("refuses any other value, and a form that names no box it showed", () => {
    const none = {
      ...PHONE_BOXES,
      "booking_changes.email": "",
      "reminders.email": "",
      "review_requests.email": "",
      "messages.email": "",
    };
    for (const shown of ["", "reminders.fax", "reminders.email,admin"])
      expect(validateForm(notificationSettingsSchema, { ...none, shown }), shown).toEqual({
        success: false,
        fieldErrors: { shown: M.preferencesInvalid },
      });
    expect(
      validateForm(notificationSettingsSchema, {
        ...PHONE_BOXES,
        shown: SHOWN_PREFERENCES,
        "booking_changes.email": "yes",
        "reminders.email": "",
        "review_requests.email": "",
        "messages.email": "",
      }),
    ).toEqual({
      success: false,
      fieldErrors: { "booking_changes.email": M.preferencesInvalid },
    });
  });
});
