// Files sent in conversations, the e-mail sent to someone away, and reports (issue 39, part B).

export const ATTACHMENT_MESSAGES = {
  wrongType: "Please select a PDF, PNG, JPEG or DOCX file",
  tooLarge: "File size must be less than 10MB",
  empty: "This file is empty. Please select another file.",
  tooManyPixels: "Image dimensions are too large. Please use an image under 40 megapixels.",
  missing: "Please select a file to attach",
  rateLimited: "You have sent many files recently. Please try again in a few minutes.",
  uploadFailed: "Failed to upload the file. Please try again.",
  chooseFile: "Attach a file",
  chooseHint: "PDF, PNG, JPEG or DOCX, up to 10MB",
  remove: (name: string) => `Remove ${name}`,
  uploading: "Uploading…",
  notFound: "This file is not available.",
} as const;

export const REPORT_MESSAGES = {
  button: "Report",
  dialogTitle: "Report this conversation",
  dialogDescription:
    "Tell us what happened. An admin reads the conversation with your report and decides what to do; the other person is not told who reported it.",
  reasonLabel: "What happened?",
  reasonRequired: "Please tell us what happened",
  reasonTooLong: "Please keep the reason under 1,000 characters",
  submit: "Send report",
  cancel: "Cancel",
  sent: "Thanks. Your report has been sent to our team.",
  alreadyOpen: "You have already reported this conversation. Our team is looking at it.",
  failed: "Failed to send the report. Please try again.",
} as const;

export const ADMIN_REPORT_MESSAGES = {
  title: "Reports",
  description: "Conversations people reported. Reading one here is recorded in the audit log.",
  open: "Open",
  closed: "Closed",
  empty: "No reports here.",
  reportedBy: "Reported by",
  about: "About",
  reason: "Reason",
  messages: (count: number) => (count === 1 ? "1 message" : `${count} messages`),
  noMessages: "No messages in this conversation.",
  formerMember: "A former member",
  sessionNotice: "Session notice",
  outcomeLabel: "Outcome",
  dismiss: "Dismiss",
  warn: "Warn",
  block: "Block from messaging",
  suspend: "Suspend account",
  unblock: "Unblock messaging",
  blockedSince: "Blocked from messaging",
  suspended: "Account suspended",
  closedAs: {
    dismissed: "Dismissed",
    warned: "Warned",
    blocked_from_messaging: "Blocked from messaging",
    suspended: "Suspended",
  },
  done: {
    dismissed: "Report dismissed.",
    warned: "Report closed; the warning e-mail is on its way.",
    blocked_from_messaging: "Report closed; they can no longer send messages.",
    suspended: "Report closed; the account is suspended.",
    unblocked: "They can send messages again.",
  },
  alreadyClosed: "This report has already been closed.",
  invalid: "Choose what to do with this report.",
} as const;

export const MESSAGE_DIGEST_MESSAGES = {
  subject: (sender: string) => `New messages from ${sender}`,
  heading: (sender: string) => `${sender} sent you a message`,
  headingMany: (sender: string, count: number) => `${sender} sent you ${count} messages`,
  more: (count: number) =>
    count === 1 ? "…and 1 earlier message." : `…and ${count} earlier messages.`,
  attachment: (name: string) => `[File: ${name}]`,
  action: "Reply on BeenThere",
  footnote:
    "Replies happen on the site, where the conversation is kept. You can turn these e-mails off under Settings > Notifications.",
} as const;

export const WARNING_EMAIL_MESSAGES = {
  subject: "A warning about your messages on BeenThere",
  heading: "A warning about your messages",
  body: "Someone reported a conversation you took part in, and our team found that your messages went against our Code of Conduct.",
  next: "Please keep your messages respectful and on the platform. If it happens again, we may stop you from sending messages or suspend your account.",
  action: "Read the Code of Conduct",
} as const;
