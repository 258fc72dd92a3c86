import type { OutgoingEmail } from "../mail/mailer.server";

/* The e-mails an advisor receives when an admin decides on their profile or invites them. */

type Person = { firstName: string; email: string };
type Links = { appUrl: string; supportEmail: string };

export function approvedMail(person: Person, advisorId: string, links: Links): OutgoingEmail {
  return {
    to: person.email,
    name: "advisor.decision",
    subject: "Your BeenThere advisor profile is approved",
    heading: "You're approved!",
    paragraphs: [
      `Hi ${person.firstName}, good news: your advisor profile has been approved.`,
      "Seekers can now find your profile and book sessions in the hours you set as available.",
    ],
    action: { label: "View your profile", url: `${links.appUrl}/advisor/${advisorId}` },
    footnote: `Questions? Write to us at ${links.supportEmail}.`,
  };
}

export function rejectedMail(person: Person, reason: string | null, links: Links): OutgoingEmail {
  return {
    to: person.email,
    name: "advisor.decision",
    subject: "An update on your BeenThere advisor profile",
    heading: "Your advisor profile needs attention",
    paragraphs: [
      `Hi ${person.firstName}, thank you for your interest in advising on BeenThere.`,
      "After reviewing your profile, we are not able to list it at the moment.",
      ...(reason ? [`Reason from our team: ${reason}`] : []),
      "You can update your profile from your dashboard; we review every change.",
    ],
    action: { label: "Go to your dashboard", url: `${links.appUrl}/dashboard` },
    footnote: `Questions? Write to us at ${links.supportEmail}.`,
  };
}

export function changesApprovedMail(
  person: Person,
  advisorId: string,
  links: Links,
): OutgoingEmail {
  return {
    to: person.email,
    name: "advisor.changes-decision",
    subject: "Your BeenThere profile changes are live",
    heading: "Your changes are live",
    paragraphs: [
      `Hi ${person.firstName}, our team has approved the changes you made to your advisor profile.`,
      "Seekers now see your updated profile.",
    ],
    action: { label: "View your profile", url: `${links.appUrl}/advisor/${advisorId}` },
    footnote: `Questions? Write to us at ${links.supportEmail}.`,
  };
}

export function changesRejectedMail(
  person: Person,
  advisorId: string,
  reason: string,
  links: Links,
): OutgoingEmail {
  return {
    to: person.email,
    name: "advisor.changes-decision",
    subject: "An update on your BeenThere profile changes",
    heading: "Your profile changes need attention",
    paragraphs: [
      `Hi ${person.firstName}, our team could not approve the changes you made to your advisor profile.`,
      `Reason from our team: ${reason}`,
      "Your public profile is unchanged and seekers can still book you. You can fix your changes and send them again from Edit Profile.",
    ],
    action: { label: "Edit your profile", url: `${links.appUrl}/advisor/${advisorId}/edit` },
    footnote: `Questions? Write to us at ${links.supportEmail}.`,
  };
}

export function invitationMail(person: Person, token: string, links: Links): OutgoingEmail {
  const url = `${links.appUrl}/reset-password?type=invite&token=${encodeURIComponent(token)}`;
  return {
    to: person.email,
    name: "advisor.invitation",
    subject: "Activate your BeenThere advisor account",
    heading: "Your advisor profile is ready",
    paragraphs: [
      `Hi ${person.firstName}, our team has set up your advisor profile on BeenThere.`,
      "Choose a password to activate your account. Your profile goes live as soon as you do.",
      "The link works once and expires in 7 days.",
    ],
    action: { label: "Set your password", url },
    footnote: `Not expecting this? Write to us at ${links.supportEmail}.`,
  };
}
