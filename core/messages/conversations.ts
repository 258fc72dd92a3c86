import { MESSAGE_MAX_LENGTH } from "../conversation";

/** The texts of conversations (issue 39): the inbox, a conversation and its composer. */
export const CONVERSATION_MESSAGES = {
  inboxTitle: "Messages",
  inboxEmpty:
    "No conversations yet. Message an advisor from their profile, or the other person from any of your sessions.",
  unread: "Unread",
  headerLink: "Messages",
  headerUnread: (n: number) => `${n} unread ${n === 1 ? "conversation" : "conversations"}`,
  openButton: "Message",
  backToInbox: "All messages",
  olderButton: "Show earlier messages",
  backToLatest: "Back to the latest messages",
  noMessagesYet: "No messages yet. Say hello.",
  composerLabel: "Your message",
  composerHint: "Plain text; links become clickable.",
  send: "Send",
  sending: "Sending…",
  bodyRequired: "Please write a message.",
  bodyTooLong: `Please keep your message under ${MESSAGE_MAX_LENGTH} characters.`,
  rateLimited: "You're sending messages too quickly. Please wait a minute and try again.",
  senderBlocked:
    "You can't send messages: an administrator has stopped your messaging. You can still read your conversations.",
  blockedByMe: "You blocked this conversation. Unblock it to send messages again.",
  blockedByOther: "This conversation is blocked. Neither of you can send messages in it.",
  otherGone: "This person deleted their account. You can no longer send messages here.",
  block: "Block conversation",
  unblock: "Unblock conversation",
  blocked: "Conversation blocked. Nobody can send messages in it until you unblock it.",
  unblocked: "Conversation unblocked.",
  maskedNotice:
    "Phone numbers and e-mail addresses are hidden until your first paid session together. Contact details are shared after booking.",
  maskingHint:
    "Phone numbers and e-mail addresses are hidden until you have a paid session booked together.",
  cannotOpen: "You can't start a conversation with this person.",
  notFound: "This conversation doesn't exist or isn't yours.",
  invalid: "That request could not be understood.",
  sendFailed: "Your message was not sent. Please try again.",
  live: "New messages appear here as they arrive.",
} as const;
