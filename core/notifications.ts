/*
 * Which messages a person may turn off, and which e-mail is which kind (issue 38, ADR 90).
 * One table: the mailer asks it before queueing, the Notifications settings show it, and its
 * test pins every e-mail the product sends to one kind.
 */

/**
 * Ways a message can reach a person. WhatsApp and SMS (issue 41) reach only a verified number
 * of a person who opted in to that channel (the consent log); e-mail is everyone's default.
 */
export const NOTIFICATION_CHANNELS = ["email", "whatsapp", "sms"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Kinds a person chooses per channel on the Notifications page. */
export const SWITCHABLE_KINDS = [
  "booking_changes",
  "reminders",
  "review_requests",
  "messages",
] as const;
export type SwitchableKind = (typeof SWITCHABLE_KINDS)[number];

/**
 * Marketing: sent only with the person's recorded consent (the consent log, ADR 88's
 * `marketing` kind, given and withdrawn under Settings > Privacy), so it is off until they
 * turn it on, and the consent itself is the switch: no second one to disagree with it.
 */
export const CONSENTED_KINDS = ["product_news"] as const;
export type ConsentedKind = (typeof CONSENTED_KINDS)[number];

/** Kinds always sent: a person cannot refuse a receipt, a cancellation or a security notice. */
export const ALWAYS_SENT_KINDS = [
  "confirmations",
  "cancellations",
  "receipts",
  "security",
  "account",
] as const;
export type AlwaysSentKind = (typeof ALWAYS_SENT_KINDS)[number];

export type MessageKind = SwitchableKind | ConsentedKind | AlwaysSentKind;
export const MESSAGE_KINDS: readonly MessageKind[] = [
  ...SWITCHABLE_KINDS,
  ...CONSENTED_KINDS,
  ...ALWAYS_SENT_KINDS,
];

export const NOTIFICATION_KIND_LABELS: Record<MessageKind, { label: string; description: string }> =
  {
    booking_changes: {
      label: "Booking changes",
      description: "When a session is moved to a new time, with the updated calendar invitation.",
    },
    reminders: {
      label: "Reminders",
      description: "A day before, an hour before and at the start of each session.",
    },
    review_requests: {
      label: "Review requests",
      description: "An invitation to review a session after it ends.",
    },
    messages: {
      label: "Messages",
      description:
        "New messages from an advisor or a seeker, when you have not read them for 10 minutes.",
    },
    product_news: {
      label: "Product news",
      description: "New features and offers from BeenThere, now and then.",
    },
    confirmations: {
      label: "Booking confirmations",
      description: "When a session is booked, with its calendar invitation.",
    },
    cancellations: {
      label: "Cancellations",
      description:
        "When a session is cancelled or reported as missed, by anyone, and what happens to the payment.",
    },
    receipts: {
      label: "Receipts and refunds",
      description: "Payments and refunds.",
    },
    security: {
      label: "Security notices",
      description: "Confirming your e-mail address and resetting your password.",
    },
    account: {
      label: "Account and service notices",
      description:
        "Your advisor application, profile reviews, invitations and replies to your messages.",
    },
  };

/**
 * Whether a kind is sent on a channel at all: WhatsApp and SMS carry only what has an approved
 * template (booking changes, reminders, review requests), so unread messages are e-mail only.
 */
export function offeredOn(kind: SwitchableKind, channel: NotificationChannel): boolean {
  return channel === "email" || kind !== "messages";
}

/** What a person gets without having chosen: every switchable kind is on. */
export const DEFAULT_PREFERENCES: Record<SwitchableKind, boolean> = {
  booking_changes: true,
  reminders: true,
  review_requests: true,
  messages: true,
};

export const isSwitchable = (kind: MessageKind): kind is SwitchableKind =>
  (SWITCHABLE_KINDS as readonly string[]).includes(kind);
export const isConsented = (kind: MessageKind): kind is ConsentedKind =>
  (CONSENTED_KINDS as readonly string[]).includes(kind);
/** Whether the mailer must look at the reader's choices before queueing this kind. */
export const isOptional = (kind: MessageKind) => isSwitchable(kind) || isConsented(kind);

/**
 * Every e-mail the product sends, by name, and its kind. `queueEmail` takes one of these names,
 * so a new e-mail cannot be sent without deciding whether people may turn it off.
 */
export const EMAILS = {
  "session.confirmed": "confirmations",
  "session.rescheduled": "booking_changes",
  "session.cancelled": "cancellations",
  "session.reminder": "reminders",
  "refund.sent": "receipts",
  "no-show.reported": "cancellations",
  "no-show.disputed": "cancellations",
  "no-show.decided": "cancellations",
  "advisor.hidden-for-no-shows": "account",
  "auth.reset-password": "security",
  "auth.verify-email": "security",
  "auth.confirm-new-email": "security",
  "auth.email-changed": "security",
  "account.data-export-ready": "account",
  "account.deleted": "account",
  "advisor.invitation": "account",
  "advisor.application-received": "account",
  "advisor.decision": "account",
  "advisor.changes-decision": "account",
  "support.message": "account",
  "support.acknowledgement": "account",
  "admin.ledger-mismatch": "account",
  "messages.unread": "messages",
  "conversation.warning": "account",
  "package.bought": "confirmations",
  "package.cancelled": "cancellations",
  "package.withdrawn": "cancellations",
  "package.expired": "cancellations",
  "question.asked": "confirmations",
  "question.answered": "messages",
  "question.refunded": "cancellations",
} as const satisfies Record<string, MessageKind>;
export type EmailName = keyof typeof EMAILS;
// No e-mail of the kinds "review_requests" and "product_news" exists yet (ADR 90): the
// choices are kept for the first one.

/** A person's stored choices: one per switchable kind and channel they changed. */
export type StoredPreference = { kind: string; channel: string; enabled: boolean };

/**
 * Whether an e-mail goes out to a person with these stored choices (none: the defaults) and,
 * for marketing, their consent as the log holds it (none: not given).
 */
export function shouldSend(
  email: EmailName,
  stored: readonly StoredPreference[],
  options: { marketingConsent?: boolean; channel?: NotificationChannel } = {},
): boolean {
  return sendsKind(EMAILS[email], stored, options);
}

/** The same rule for a kind: what shouldSend decides for each of its e-mails. */
export function sendsKind(
  kind: MessageKind,
  stored: readonly StoredPreference[],
  {
    marketingConsent = false,
    channel = "email",
  }: { marketingConsent?: boolean; channel?: NotificationChannel } = {},
): boolean {
  if (isConsented(kind)) return marketingConsent;
  if (!isSwitchable(kind)) return true;
  const chosen = stored.find((p) => p.kind === kind && p.channel === channel);
  return chosen ? chosen.enabled : DEFAULT_PREFERENCES[kind];
}

/** Every switchable kind and channel with its effective value, for the settings form. */
export type PreferenceMatrix = Record<SwitchableKind, Record<NotificationChannel, boolean>>;

export function preferenceMatrix(stored: readonly StoredPreference[]): PreferenceMatrix {
  return Object.fromEntries(
    SWITCHABLE_KINDS.map((kind) => [
      kind,
      Object.fromEntries(
        NOTIFICATION_CHANNELS.map((channel) => {
          const chosen = stored.find((p) => p.kind === kind && p.channel === channel);
          return [channel, chosen ? chosen.enabled : DEFAULT_PREFERENCES[kind]];
        }),
      ),
    ]),
  ) as PreferenceMatrix;
}

/** The form field of one kind on one channel: "reminders.email". */
export const preferenceField = (kind: SwitchableKind, channel: NotificationChannel) =>
  `${kind}.${channel}`;
