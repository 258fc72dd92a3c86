import { and, desc, eq, gt, inArray, isNotNull, lt, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  type ConversationHeader,
  type ConversationMessage,
  INBOX_LIMIT,
  type InboxEntry,
  MESSAGE_PAGE_SIZE,
  formatByteSize,
  sessionNoticeText,
} from "../../core/conversation";
import { formatShortDate, truncate } from "../../core/format";
import { isUuid } from "../../core/ids";
import { MASKED_CONTACT } from "../../core/message-text";
import { formatSlotLabel } from "../../core/slots";
import { DEFAULT_TIME_ZONE, safeTimeZone } from "../../core/time-zones";
import type { Db, Tx } from "../db/client.server";
import {
  advisors,
  bookings,
  conversations,
  messageAttachments,
  messages,
  users,
} from "../db/schema";
import { conversationOfPair, hadPaidSession } from "../repositories/conversation-pairs.server";
import { advisorName, loadConversation, type Reader, seekerName } from "./parties.server";

const advisorUsers = alias(users, "advisor_users");
const senders = alias(users, "senders");

/** "Sat, 5 Dec, 10:00 AM" in `zone`: a notice's session and a message's time. */
export function momentLabel(instant: Date, zone: string) {
  const safe = safeTimeZone(zone);
  return `${formatShortDate(instant, safe, false)}, ${formatSlotLabel(instant, safe)}`;
}

const zoneOf = (reader: Reader) => reader.timeZone ?? DEFAULT_TIME_ZONE;

export type OpenResult = { ok: true; conversationId: string } | { ok: false };

/**
 * Opens (gets or creates) the conversation of the reader with the other person, checked here:
 * a seeker only with an approved advisor, an advisor only with someone who has had a booking
 * with them, nobody with themselves (issue 39, point 1).
 */
export async function openConversation(
  db: Db,
  reader: Reader,
  other: { advisorId: string } | { seekerId: string },
  now: Date,
): Promise<OpenResult> {
  if ("advisorId" in other) {
    if (!isUuid(other.advisorId)) return { ok: false };
    const [advisor] = await db
      .select({ id: advisors.id, userId: advisors.userId })
      .from(advisors)
      .innerJoin(users, eq(users.id, advisors.userId))
      .where(
        and(
          eq(advisors.id, other.advisorId),
          eq(advisors.profileStatus, "approved"),
          sql`${users.deletedAt} is null`,
        ),
      );
    if (!advisor || advisor.userId === reader.userId) return { ok: false };
    return {
      ok: true,
      conversationId: await conversationOfPair(db, reader.userId, advisor.id, now),
    };
  }
  if (!reader.advisorId || !isUuid(other.seekerId) || other.seekerId === reader.userId)
    return { ok: false };
  const [booking] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(
      and(
        eq(bookings.advisorId, reader.advisorId),
        eq(bookings.userId, other.seekerId),
        inArray(bookings.status, ["confirmed", "completed", "cancelled"]),
        sql`${users.deletedAt} is null`,
      ),
    )
    .limit(1);
  if (!booking) return { ok: false };
  return {
    ok: true,
    conversationId: await conversationOfPair(db, other.seekerId, reader.advisorId, now),
  };
}

/** Whose side of a conversation the reader is on, as a condition on `conversations`. */
function mine(reader: Reader) {
  return reader.advisorId
    ? or(eq(conversations.seekerId, reader.userId), eq(conversations.advisorId, reader.advisorId))
    : eq(conversations.seekerId, reader.userId);
}

/**
 * How many of the reader's conversations have something unread: for the header on every
 * page, so one query on the two indexes by party (each person has few conversations).
 */
export async function unreadConversations(
  db: Db,
  reader: Reader,
  /** The conversation this very request opens, and so marks read (its page's loader). */
  opening?: string,
): Promise<number> {
  const unread = or(
    and(
      eq(conversations.seekerId, reader.userId),
      sql`${conversations.lastMessageId} > ${conversations.seekerReadThrough}`,
    ),
    reader.advisorId
      ? and(
          eq(conversations.advisorId, reader.advisorId),
          sql`${conversations.lastMessageId} > ${conversations.advisorReadThrough}`,
        )
      : sql`false`,
  );
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(conversations)
    .where(and(unread, isUuid(opening) ? ne(conversations.id, opening) : undefined));
  return Number(row?.n ?? 0);
}

/** The reader's conversations with a message, newest first, with unread markers. */
export async function inbox(db: Db, reader: Reader): Promise<InboxEntry[]> {
  const rows = await db
    .select({
      id: conversations.id,
      seekerId: conversations.seekerId,
      lastMessageId: conversations.lastMessageId,
      lastMessageAt: conversations.lastMessageAt,
      seekerReadThrough: conversations.seekerReadThrough,
      advisorReadThrough: conversations.advisorReadThrough,
      seeker: {
        firstName: users.firstName,
        lastName: users.lastName,
        deletedAt: users.deletedAt,
      },
      advisor: {
        firstName: advisorUsers.firstName,
        lastName: advisorUsers.lastName,
        jobTitle: advisors.jobTitle,
        deletedAt: advisorUsers.deletedAt,
      },
      body: messages.body,
      sessionEvent: messages.sessionEvent,
      sessionStart: messages.sessionStart,
    })
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.seekerId))
    .innerJoin(advisors, eq(advisors.id, conversations.advisorId))
    .innerJoin(advisorUsers, eq(advisorUsers.id, advisors.userId))
    .leftJoin(messages, eq(messages.id, conversations.lastMessageId))
    .where(and(mine(reader), isNotNull(conversations.lastMessageAt)))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(INBOX_LIMIT);
  const zone = zoneOf(reader);
  return rows.map((r) => {
    const asSeeker = r.seekerId === reader.userId;
    const readThrough = asSeeker ? r.seekerReadThrough : r.advisorReadThrough;
    const preview = r.sessionEvent
      ? sessionNoticeText(r.sessionEvent, r.sessionStart!, (d) => momentLabel(d, zone))
      : truncate((r.body ?? "").split("\n")[0]!, 140);
    return {
      id: r.id,
      otherName: asSeeker ? advisorName(r.advisor) : seekerName(r.seeker),
      preview,
      lastMessageAt: r.lastMessageAt?.toISOString() ?? null,
      lastMessageLabel: r.lastMessageAt ? momentLabel(r.lastMessageAt, zone) : "",
      unread: r.lastMessageId > readThrough,
    };
  });
}

type Loaded = NonNullable<Awaited<ReturnType<typeof loadConversation>>>;

/** The conversation's header for its reader, or null when it is not theirs. */
export async function conversationHeader(
  db: Db,
  reader: Reader,
  conversationId: string,
): Promise<(ConversationHeader & { record: Loaded }) | null> {
  const record = await loadConversation(db, conversationId, reader);
  if (!record) return null;
  const { conversation: c, side } = record;
  const me = side === "seeker" ? record.seeker : record.advisor;
  return {
    record,
    id: c.id,
    otherName: side === "seeker" ? advisorName(record.advisor) : seekerName(record.seeker),
    otherProfileHref:
      side === "seeker" && !record.advisor.deletedAt ? `/advisor/${record.advisor.id}` : null,
    blockedByMe: Boolean(side === "seeker" ? c.seekerBlockedAt : c.advisorBlockedAt),
    blockedByOther: Boolean(side === "seeker" ? c.advisorBlockedAt : c.seekerBlockedAt),
    senderBlocked: Boolean(me.messagingBlockedAt),
    masking: !(await hadPaidSession(db, c.seekerId, c.advisorId)),
  };
}

/**
 * Messages of a conversation as its reader sees them: the page before message `before` (newest
 * last), or those after `after` (catching up a live page), by keyset on `messages.id`.
 */
export async function conversationMessages(
  db: Db | Tx,
  reader: Reader,
  record: Loaded,
  page: { before?: number; after?: number; limit?: number } = {},
): Promise<{ messages: ConversationMessage[]; hasOlder: boolean }> {
  const limit = page.limit ?? MESSAGE_PAGE_SIZE;
  const conversationId = record.conversation.id;
  const where = and(
    eq(messages.conversationId, conversationId),
    page.after !== undefined ? gt(messages.id, page.after) : undefined,
    page.before !== undefined ? lt(messages.id, page.before) : undefined,
  );
  const rows = await db
    .select({
      id: messages.id,
      senderId: messages.senderId,
      body: messages.body,
      sessionEvent: messages.sessionEvent,
      sessionStart: messages.sessionStart,
      createdAt: messages.createdAt,
      senderFirst: senders.firstName,
      senderLast: senders.lastName,
      senderDeletedAt: senders.deletedAt,
    })
    .from(messages)
    .leftJoin(senders, eq(senders.id, messages.senderId))
    .where(where)
    .orderBy(page.after !== undefined ? messages.id : desc(messages.id))
    .limit(limit + 1);
  const hasMore = rows.length > limit;
  const slice = rows.slice(0, limit);
  if (page.after === undefined) slice.reverse();
  const files = slice.length
    ? await db
        .select()
        .from(messageAttachments)
        .where(
          inArray(
            messageAttachments.messageId,
            slice.map((m) => m.id),
          ),
        )
        .orderBy(messageAttachments.createdAt, messageAttachments.id)
    : [];
  const zone = zoneOf(reader);
  const { seeker, advisor } = record;
  return {
    hasOlder: page.after === undefined && hasMore,
    messages: slice.map((m) => {
      const fromSeeker = m.senderId === seeker.id;
      const name = !m.senderId
        ? ""
        : fromSeeker
          ? seekerName(seeker)
          : m.senderId === advisor.userId
            ? advisorName(advisor)
            : seekerName({
                firstName: m.senderFirst ?? "",
                lastName: m.senderLast ?? "",
                deletedAt: m.senderDeletedAt,
              });
      return {
        id: m.id,
        conversationId,
        kind: m.sessionEvent ? "notice" : "text",
        mine: m.senderId === reader.userId,
        senderName: name,
        body: m.body,
        notice: m.sessionEvent
          ? sessionNoticeText(m.sessionEvent, m.sessionStart!, (d) => momentLabel(d, zone))
          : null,
        masked: m.body.includes(MASKED_CONTACT),
        sentAt: m.createdAt.toISOString(),
        sentLabel: momentLabel(m.createdAt, zone),
        attachments: files
          .filter((f) => f.messageId === m.id)
          .map((f) => ({
            id: f.id,
            fileName: f.fileName,
            size: formatByteSize(f.byteSize),
            href: `/messages/attachments/${f.id}`,
          })),
      } satisfies ConversationMessage;
    }),
  };
}

/** The reader has seen everything up to `through` (never moves backwards). */
export async function markRead(db: Db, reader: Reader, record: Loaded, through: number) {
  const column =
    record.side === "seeker" ? conversations.seekerReadThrough : conversations.advisorReadThrough;
  const key = record.side === "seeker" ? "seekerReadThrough" : "advisorReadThrough";
  await db
    .update(conversations)
    .set({ [key]: sql`least(greatest(${column}, ${through}), ${conversations.lastMessageId})` })
    .where(eq(conversations.id, record.conversation.id));
}

/** A party blocks (or unblocks) the conversation: while either block stands, nobody sends. */
export async function setBlocked(
  db: Db,
  reader: Reader,
  conversationId: string,
  blocked: boolean,
  now: Date,
): Promise<boolean> {
  const record = await loadConversation(db, conversationId, reader);
  if (!record) return false;
  await db
    .update(conversations)
    .set(
      record.side === "seeker"
        ? { seekerBlockedAt: blocked ? now : null }
        : { advisorBlockedAt: blocked ? now : null },
    )
    .where(eq(conversations.id, conversationId));
  return true;
}

/** Ids of the reader's conversations, for their event stream's catch-up. */
export async function conversationIdsOf(db: Db, reader: Reader): Promise<string[]> {
  const rows = await db.select({ id: conversations.id }).from(conversations).where(mine(reader));
  return rows.map((r) => r.id);
}

/** The newest message id in the reader's conversations after `after`, with its conversation. */
export async function messagesAfter(
  db: Db,
  reader: Reader,
  after: number,
  limit = 100,
): Promise<{ id: number; conversationId: string }[]> {
  return db
    .select({ id: messages.id, conversationId: messages.conversationId })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(mine(reader), gt(messages.id, after)))
    .orderBy(messages.id)
    .limit(limit);
}

/** The newest message id in any of the reader's conversations (0 without any). */
export async function latestMessageId(db: Db, reader: Reader): Promise<number> {
  const [row] = await db
    .select({ id: sql<string | null>`max(${conversations.lastMessageId})` })
    .from(conversations)
    .where(mine(reader));
  return Number(row?.id ?? 0);
}
