import { CONTACT_LIMITS } from "../contact";
import { COMMON_MESSAGES } from "./common";

/** The contact form's texts, each defined once. */
export const CONTACT_MESSAGES = {
  nameRequired: "Please enter your name.",
  nameTooLong: `Please keep your name to ${CONTACT_LIMITS.nameMax} characters or fewer.`,
  emailInvalid: COMMON_MESSAGES.emailInvalid,
  topicRequired: "Please choose a topic.",
  messageTooShort: `Please write at least ${CONTACT_LIMITS.messageMin} characters.`,
  messageTooLong: `Please keep your message to ${CONTACT_LIMITS.messageMax} characters or fewer.`,
  messageHint: `Between ${CONTACT_LIMITS.messageMin} and ${CONTACT_LIMITS.messageMax} characters. For a booking, include the advisor's name and the session date.`,
  sentTitle: "Message sent",
  tooManyMessages: (retryAfterSeconds: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    return `Too many messages. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
  },
} as const;
