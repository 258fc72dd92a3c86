import { z } from "zod";
import { CONTACT_LIMITS, CONTACT_TOPICS } from "../contact";
import { CONTACT_MESSAGES } from "../messages/contact";

/** The contact form; the honeypot field is read apart from it (a filled one is not an error). */

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
