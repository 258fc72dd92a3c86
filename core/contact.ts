// The support facts the contact page, the e-mails and the policy pages all quote, and the
// contact form's topics and limits (its schema is core/forms/contact.ts, its messages
// core/messages/contact.ts).

export const CONTACT_TOPICS = [
  "Booking or payment",
  "Refund",
  "Becoming an advisor",
  "Technical problem",
  "Other",
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_LIMITS = { nameMax: 100, emailMax: 254, messageMin: 10, messageMax: 2000 };

/** Support hours as the contact page states them (Indian Standard Time). */
export const SUPPORT_HOURS = [
  { days: "Monday to Friday", shortDays: "Mon-Fri", hours: "9:00-18:00 IST" },
  { days: "Saturday and Sunday", shortDays: "Sat-Sun", hours: "10:00-16:00 IST" },
] as const;
export const SUPPORT_REPLY_TIME = "2-4 hours";

/** "Monday to Friday 9:00-18:00 IST, Saturday and Sunday 10:00-16:00 IST" (with ", "). */
export function supportHoursText(separator: string): string {
  return SUPPORT_HOURS.map((slot) => `${slot.days} ${slot.hours}`).join(separator);
}

/** A field people never see; a bot that fills it in is thanked and ignored. */
export const CONTACT_HONEYPOT_FIELD = "website";
