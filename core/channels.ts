/*
 * WhatsApp and SMS messages (issue 41, ADR 95): which messages exist, what each says, the
 * template parameters the providers fill in, and the outbox's retry rule. Pure: the server's
 * outbox, the local outbox page and the tests read the same texts.
 */
import type { MessageKind, NotificationChannel } from "./notifications";

/** The phone channels: a person opts in to each, with a verified number. */
export const PHONE_CHANNELS = ["whatsapp", "sms"] as const;
export type PhoneChannel = (typeof PHONE_CHANNELS)[number];

export const PHONE_CHANNEL_LABELS: Record<PhoneChannel, string> = {
  whatsapp: "WhatsApp",
  sms: "SMS",
};

/**
 * Every WhatsApp/SMS message the product sends, with its kind (core/notifications.ts decides
 * whether a person may turn it off) and the names of its template parameters, in order: the
 * WhatsApp template's body {{1}}, {{2}}… and the SMS template's VAR1, VAR2….
 */
export const CHANNEL_MESSAGES = {
  "phone.verification-code": { kind: "security", params: ["code"] },
  "session.confirmed": { kind: "confirmations", params: ["name", "other", "time", "link"] },
  "session.rescheduled": { kind: "booking_changes", params: ["name", "other", "time", "link"] },
  "session.cancelled": { kind: "cancellations", params: ["name", "other", "time", "link"] },
  "session.reminder-24h": { kind: "reminders", params: ["name", "other", "time", "link"] },
  "session.reminder-1h": { kind: "reminders", params: ["name", "other", "time", "link"] },
  "session.starting": { kind: "reminders", params: ["name", "other", "link"] },
  "session.review-request": { kind: "review_requests", params: ["name", "other", "link"] },
} as const satisfies Record<string, { kind: MessageKind; params: readonly string[] }>;
export type ChannelMessageName = keyof typeof CHANNEL_MESSAGES;
export const CHANNEL_MESSAGE_NAMES = Object.keys(CHANNEL_MESSAGES) as ChannelMessageName[];

/** Each message as the admin screens name it. */
export const CHANNEL_MESSAGE_LABELS: Record<ChannelMessageName, string> = {
  "phone.verification-code": "verification code",
  "session.confirmed": "booking confirmation",
  "session.rescheduled": "booking change",
  "session.cancelled": "cancellation",
  "session.reminder-24h": "24-hour reminder",
  "session.reminder-1h": "1-hour reminder",
  "session.starting": "session-starts-now message",
  "session.review-request": "review request",
};
export const channelMessageLabel = (name: string) =>
  CHANNEL_MESSAGE_LABELS[name as ChannelMessageName] ?? name;

/** The reminders, for the dashboard's delivery figures. */
export const REMINDER_MESSAGES = [
  "session.reminder-24h",
  "session.reminder-1h",
  "session.starting",
] as const satisfies readonly ChannelMessageName[];

export type ChannelParams = Record<string, string>;

/** How every message ends: how to stop it (WhatsApp's policy, TRAI's for SMS). */
export function stopLine(settingsUrl: string): string {
  return `Reply STOP to stop these messages, or change them at ${settingsUrl}`;
}

/** What each message says, as the local outbox shows it and the approved templates read. */
const TEXTS: Record<ChannelMessageName, (p: ChannelParams) => string> = {
  "phone.verification-code": (p) =>
    `${p.code} is your BeenThere verification code. It expires in 10 minutes. Do not share it with anyone.`,
  "session.confirmed": (p) =>
    `Hi ${p.name}, your BeenThere session with ${p.other} is booked for ${p.time}. Details: ${p.link}`,
  "session.rescheduled": (p) =>
    `Hi ${p.name}, your BeenThere session with ${p.other} has moved to ${p.time}. Details: ${p.link}`,
  "session.cancelled": (p) =>
    `Hi ${p.name}, your BeenThere session with ${p.other} on ${p.time} is cancelled. Details: ${p.link}`,
  "session.reminder-24h": (p) =>
    `Hi ${p.name}, reminder: your BeenThere session with ${p.other} is tomorrow, ${p.time}. Join, reschedule or cancel: ${p.link}`,
  "session.reminder-1h": (p) =>
    `Hi ${p.name}, your BeenThere session with ${p.other} starts in 1 hour, ${p.time}. Join: ${p.link}`,
  "session.starting": (p) =>
    `Hi ${p.name}, your BeenThere session with ${p.other} starts now. Join: ${p.link}`,
  "session.review-request": (p) =>
    `Hi ${p.name}, how was your session with ${p.other}? Leave a review: ${p.link}`,
};

/** The message's full text, with how to stop it (a verification code has nothing to stop). */
export function channelText(
  name: ChannelMessageName,
  params: ChannelParams,
  settingsUrl: string,
): string {
  const body = TEXTS[name](params);
  return name === "phone.verification-code" ? body : `${body} ${stopLine(settingsUrl)}`;
}

/** The parameters in template order, each one line (templates refuse newlines and tabs). */
export function templateParams(name: ChannelMessageName, params: ChannelParams): string[] {
  return CHANNEL_MESSAGES[name].params.map((key) =>
    (params[key] ?? "").replace(/[\n\t]+/g, " ").replace(/ {4,}/g, "   "),
  );
}

// ------------------------------------------------------------------ the outbox's rule

export const CHANNEL_MESSAGE_STATUSES = [
  "queued",
  "sent",
  "delivered",
  "read",
  "failed",
  "withdrawn",
] as const;
export type ChannelMessageStatus = (typeof CHANNEL_MESSAGE_STATUSES)[number];

/** Attempts before a message is dead-lettered (`failed`), for an admin to retry. */
export const MAX_CHANNEL_ATTEMPTS = 6;
const BASE_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 60 * 60_000;

/**
 * When a message that failed its `attempts`-th try is tried again: 30 s, 1, 2, 4, 8 minutes…
 * doubling up to an hour; a provider's Retry-After wins when longer.
 */
export function nextAttemptAt(attempts: number, now: Date, retryAfterMs = 0): Date {
  const backoff = Math.min(BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
  return new Date(now.getTime() + Math.max(backoff, retryAfterMs));
}

/**
 * A provider's status moves a message forward only: a late "sent" never undoes "read", and a
 * message once delivered stays delivered (a contradicting "failed" after it is stale).
 */
const STATUS_ORDER: Record<ChannelMessageStatus, number> = {
  queued: 0,
  sent: 1,
  delivered: 2,
  read: 3,
  failed: 4,
  withdrawn: 4,
};
export function advancesTo(from: ChannelMessageStatus, to: ChannelMessageStatus): boolean {
  if (from === "failed" || from === "withdrawn") return false;
  if (to === "failed") return from === "queued" || from === "sent";
  return STATUS_ORDER[to] > STATUS_ORDER[from];
}

// ------------------------------------------------------------------ phone verification

export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_TTL_MINUTES = 10;
/** Wrong codes before the code is spent and a new one must be sent. */
export const PHONE_CODE_MAX_ATTEMPTS = 5;
/** Codes a person may have sent to them in PHONE_CODE_WINDOW_MINUTES. */
export const PHONE_CODE_MAX_SENDS = 5;
export const PHONE_CODE_WINDOW_MINUTES = 60;

// ------------------------------------------------------------------ the admin's figures

/** One channel's reminders over the last year: how far they got (ADR 95). */
export type ReminderDeliveryRow = {
  channel: NotificationChannel;
  sent: number;
  /** E-mail providers report neither: null there. */
  delivered: number | null;
  /** Nor does an SMS report reading. */
  read: number | null;
  failed: number;
};
export const REMINDER_DELIVERY_DAYS = 365;
