// The contact form: one schema, used by the form for instant hints and by the server action
// as the truth, plus the support facts the contact page, the e-mails and the policy pages all
// quote.
import { z } from "zod";

export const CONTACT_TOPICS = [
  "Booking or payment",
  "Refund",
  "Becoming an advisor",
  "Technical problem",
  "Other",
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_LIMITS = { nameMax: 100, emailMax: 254, messageMin: 10, messageMax: 2000 };

export const CONTACT_MESSAGES = {
  nameRequired: "Please enter your name.",
  nameTooLong: `Please keep your name to ${CONTACT_LIMITS.nameMax} characters or fewer.`,
  emailInvalid: "Please enter a valid email address.",
  topicRequired: "Please choose a topic.",
  messageTooShort: `Please write at least ${CONTACT_LIMITS.messageMin} characters.`,
  messageTooLong: `Please keep your message to ${CONTACT_LIMITS.messageMax} characters or fewer.`,
} as const;

/** Support hours as the contact page states them (Indian Standard Time). */
export const SUPPORT_HOURS = [
  { days: "Monday to Friday", shortDays: "Mon-Fri", hours: "9:00-18:00 IST" },
  { days: "Saturday and Sunday", shortDays: "Sat-Sun", hours: "10:00-16:00 IST" },
] as const;
export const SUPPORT_REPLY_TIME = "2-4 hours";

/** A field people never see; a bot that fills it in is thanked and ignored. */
export const CONTACT_HONEYPOT_FIELD = "website";

/** Browsers submit textarea line breaks as CRLF; count them as one character, as shown. */
const normalise = (value: string) => value.replace(/\r\n?/g, "\n").trim();

export const contactSchema = z.object({
  name: z
    .string({ error: CONTACT_MESSAGES.nameRequired })
    // One line only: the name ends up in an e-mail subject.
    .transform((value) => value.replace(/\s+/g, " ").trim())
    .pipe(
      z
        .string()
        .min(1, CONTACT_MESSAGES.nameRequired)
        .max(CONTACT_LIMITS.nameMax, CONTACT_MESSAGES.nameTooLong),
    ),
  email: z
    .string({ error: CONTACT_MESSAGES.emailInvalid })
    .trim()
    .max(CONTACT_LIMITS.emailMax, CONTACT_MESSAGES.emailInvalid)
    .pipe(z.email({ error: CONTACT_MESSAGES.emailInvalid })),
  topic: z.enum(CONTACT_TOPICS, { error: CONTACT_MESSAGES.topicRequired }),
  message: z
    .string({ error: CONTACT_MESSAGES.messageTooShort })
    .transform(normalise)
    .pipe(
      z
        .string()
        .min(CONTACT_LIMITS.messageMin, CONTACT_MESSAGES.messageTooShort)
        .max(CONTACT_LIMITS.messageMax, CONTACT_MESSAGES.messageTooLong),
    ),
});

export type ContactInput = z.output<typeof contactSchema>;
export type ContactField = keyof ContactInput;
export type ContactFieldErrors = Partial<Record<ContactField, string>>;
export const CONTACT_FIELDS: readonly ContactField[] = ["name", "email", "topic", "message"];

export type ContactValidation =
  { success: true; data: ContactInput } | { success: false; fieldErrors: ContactFieldErrors };

/** Validates raw form values; on failure, the first message for each field. */
export function validateContact(values: unknown): ContactValidation {
  const parsed = contactSchema.safeParse(values);
  if (parsed.success) return { success: true, data: parsed.data };
  const fieldErrors: ContactFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && isContactField(field) && !fieldErrors[field]) {
      fieldErrors[field] = issue.message;
    }
  }
  return { success: false, fieldErrors };
}

function isContactField(value: string): value is ContactField {
  return (CONTACT_FIELDS as readonly string[]).includes(value);
}

/** The message when one address has sent too many messages in the window. */
export function tooManyMessagesMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many messages. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}
