import { CONTACT_HONEYPOT_FIELD, SUPPORT_HOURS, SUPPORT_REPLY_TIME } from "../../core/contact";
import { type FieldErrors, validateForm } from "../../core/form";
import { type ContactInput, contactSchema } from "../../core/forms/contact";
import { CONTACT_MESSAGES } from "../../core/messages/contact";
import type { Config } from "../config.server";
import type { Db } from "../db/client.server";
import { queueEmail } from "../mail/mailer.server";
import { hitRateLimit, type RateLimitRule } from "../security/rate-limit.server";

/** At most 5 messages per client address per hour: plenty for a person, dull for a bot. */
export const CONTACT_RATE_LIMIT: RateLimitRule = { limit: 5, windowMs: 60 * 60 * 1000 };

export type ContactResult =
  | { status: "sent"; name: string; email: string }
  | { status: "invalid"; fieldErrors: FieldErrors<typeof contactSchema> }
  | { status: "rate-limited"; message: string; retryAfterSeconds: number };

type ContactConfig = Pick<Config, "supportEmail" | "appUrl" | "rateLimitScale">;

/**
 * Handles one contact-form message: validates it (the schema is the truth, whatever the
 * browser checked), limits each client address, then queues the mail to support and the
 * acknowledgement to the sender in one transaction, so either both exist or neither.
 * Invalid input and refused messages write no mail.
 */
export async function sendContactMessage(
  db: Db,
  config: ContactConfig,
  input: Record<string, unknown>,
  clientIp: string,
): Promise<ContactResult> {
  const honeypot = input[CONTACT_HONEYPOT_FIELD];
  const validation = validateForm(contactSchema, input);
  if (!validation.success) return { status: "invalid", fieldErrors: validation.fieldErrors };
  const message = validation.data;
  // A bot filled in the hidden field: look successful so it moves on, but send nothing.
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    return { status: "sent", name: message.name, email: message.email };
  }

  const limit = await hitRateLimit(db, `contact:${clientIp}`, {
    ...CONTACT_RATE_LIMIT,
    limit: Math.round(CONTACT_RATE_LIMIT.limit * config.rateLimitScale),
  });
  if (!limit.allowed) {
    return {
      status: "rate-limited",
      message: CONTACT_MESSAGES.tooManyMessages(limit.retryAfterSeconds),
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }

  await db.transaction(async (tx) => {
    await queueEmail(tx, supportMail(config, message, clientIp));
    await queueEmail(tx, acknowledgementMail(config, message));
  });
  return { status: "sent", name: message.name, email: message.email };
}

const hoursText = SUPPORT_HOURS.map((h) => `${h.days} ${h.hours}`).join(" and ");

function supportMail(config: ContactConfig, message: ContactInput, clientIp: string) {
  return {
    to: config.supportEmail,
    name: "support.message" as const,
    subject: `Contact form: ${message.topic} from ${message.name}`,
    heading: `New message: ${message.topic}`,
    paragraphs: [
      `From: ${message.name} <${message.email}>`,
      `Reply to: ${message.email} (write to the sender directly; this e-mail comes from the no-reply address).`,
      `Topic: ${message.topic}`,
      `Sent from IP address: ${clientIp}`,
      "Message:",
      ...message.message.split(/\n+/).filter((line) => line.trim() !== ""),
    ],
    footnote: `The sender was told we reply within ${SUPPORT_REPLY_TIME} during support hours (${hoursText}).`,
  };
}

/**
 * The sender's copy confirms receipt but does not repeat their text: anyone can type any
 * address into the form, so echoing the message would let strangers mail arbitrary words.
 */
function acknowledgementMail(config: ContactConfig, message: ContactInput) {
  const action =
    message.topic === "Refund"
      ? { label: "Read our refund policy", url: `${config.appUrl}/cancellation-refunds` }
      : message.topic === "Becoming an advisor"
        ? { label: "Read the advisor agreement", url: `${config.appUrl}/advisor-agreement` }
        : undefined;
  return {
    to: message.email,
    name: "support.acknowledgement" as const,
    subject: "We've got your message | BeenThere Support",
    heading: "Thanks, we've got your message",
    paragraphs: [
      `Hi ${message.name},`,
      `Thanks for contacting BeenThere about "${message.topic}". A member of our support team will reply to this address within ${SUPPORT_REPLY_TIME} during support hours: ${hoursText}. Messages that arrive outside these hours are answered first thing when we are back.`,
      `If you want to add anything, write to ${config.supportEmail} from this address.`,
    ],
    ...(action ? { action } : {}),
    footnote:
      "Didn't contact us? Someone may have typed your address by mistake: you can ignore this e-mail.",
  };
}
