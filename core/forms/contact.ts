import { z } from "zod";
import { CONTACT_LIMITS, CONTACT_TOPICS } from "../contact";
import { CONTACT_MESSAGES } from "../messages/contact";
import { paragraphs, singleLine } from "../plain-text";

/** The contact form; the honeypot field is read apart from it (a filled one is not an error). */

export const contactSchema = z.object({
  // One line only: the name ends up in an e-mail subject.
  name: singleLine(z.string({ error: CONTACT_MESSAGES.nameRequired }))
    .overwrite((value) => value.replace(/\s+/g, " "))
    .min(1, CONTACT_MESSAGES.nameRequired)
    .max(CONTACT_LIMITS.nameMax, CONTACT_MESSAGES.nameTooLong),
  email: z
    .string({ error: CONTACT_MESSAGES.emailInvalid })
    .trim()
    .max(CONTACT_LIMITS.emailMax, CONTACT_MESSAGES.emailInvalid)
    .pipe(z.email({ error: CONTACT_MESSAGES.emailInvalid })),
  topic: z.enum(CONTACT_TOPICS, { error: CONTACT_MESSAGES.topicRequired }),
  // Browsers submit textarea line breaks as CRLF: counted as one character, as shown.
  message: paragraphs(z.string({ error: CONTACT_MESSAGES.messageTooShort }))
    .min(CONTACT_LIMITS.messageMin, CONTACT_MESSAGES.messageTooShort)
    .max(CONTACT_LIMITS.messageMax, CONTACT_MESSAGES.messageTooLong),
});

export type ContactInput = z.output<typeof contactSchema>;
