/*
 * Conversations between a seeker and an advisor (issue 39): the names the schema and the
 * pages share. The rules themselves (masking, limits, what a notice says) live beside these as
 * they are built.
 */

/** What happened to a session between the two, shown inline in their conversation. */
export const SESSION_NOTICE_EVENTS = ["booked", "rescheduled", "cancelled"] as const;
export type SessionNoticeEvent = (typeof SESSION_NOTICE_EVENTS)[number];

/** A report of a conversation waits for an admin, who closes it with one outcome. */
export const REPORT_STATUSES = ["open", "closed"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_OUTCOMES = [
  "dismissed",
  "warned",
  "blocked_from_messaging",
  "suspended",
] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

/** The longest message, in characters (a long e-mail's worth; files carry documents). */
export const MESSAGE_MAX_LENGTH = 4000;
/** Messages per page of a conversation's history (older pages load on request). */
export const MESSAGE_PAGE_SIZE = 30;
/** The most conversations the inbox lists. */
export const INBOX_LIMIT = 100;

/** How a deleted account's name reads in a conversation (ADR 91). */
export const CONVERSATION_FORMER_MEMBER = "A former member";

/** A file sent with a message, as a party sees it. */
export type MessageAttachmentView = {
  id: string;
  fileName: string;
  /** "2.4 MB" */
  size: string;
  href: string;
};

/** One entry of a conversation as its reader sees it (their zone, their side). */
export type ConversationMessage = {
  id: number;
  conversationId: string;
  kind: "text" | "notice";
  /** Written by the reader. */
  mine: boolean;
  /** The sender's name, "A former member" once deleted; empty for a notice. */
  senderName: string;
  /** The text as stored (plain text, contact details masked when they were). */
  body: string;
  /** A session notice in the reader's zone ("Session booked for Sat, 5 Dec, 10:00 AM"). */
  notice: string | null;
  /** The message's contact details were hidden when it was sent. */
  masked: boolean;
  /** ISO instant, and its time in the reader's zone ("Sat, 5 Dec, 10:02 AM"). */
  sentAt: string;
  sentLabel: string;
  attachments: MessageAttachmentView[];
};

/** A conversation in the inbox, newest first. */
export type InboxEntry = {
  id: string;
  otherName: string;
  /** The last message's first line, or the last notice. */
  preview: string;
  lastMessageAt: string | null;
  lastMessageLabel: string;
  unread: boolean;
};

/** The conversation page's header and whether the reader may write. */
export type ConversationHeader = {
  id: string;
  otherName: string;
  /** The other party's public profile, for a seeker looking at their advisor. */
  otherProfileHref: string | null;
  /** Who blocked it, if anyone: the reader can unblock only their own block. */
  blockedByMe: boolean;
  blockedByOther: boolean;
  /** The reader's own messaging was stopped by an admin. */
  senderBlocked: boolean;
  /** Contact details are masked until the pair's first paid session. */
  masking: boolean;
};

/** A session notice's sentence, in the reader's zone. */
export function sessionNoticeText(
  event: SessionNoticeEvent,
  start: Date,
  format: (instant: Date) => string,
): string {
  const when = format(start);
  if (event === "booked") return `Session booked for ${when}`;
  if (event === "rescheduled") return `Session rescheduled to ${when}`;
  return `Session on ${when} cancelled`;
}

/** "512 bytes", "12 KB", "2.4 MB": an attachment's size for people. */
export function formatByteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${kb < 10 ? kb.toFixed(1).replace(/\.0$/, "") : Math.round(kb)} KB`;
  const mb = kb / 1024;
  return `${mb < 10 ? mb.toFixed(1).replace(/\.0$/, "") : Math.round(mb)} MB`;
}
