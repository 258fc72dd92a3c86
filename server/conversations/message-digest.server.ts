import { and, asc, eq, gt, inArray, isNotNull, lte, ne, sql } from "drizzle-orm";
import { truncate } from "../../core/format";
import { MESSAGE_DIGEST_MESSAGES as D } from "../../core/messages/message-safety";
import { type Db, queryRows } from "../db/client.server";
import * as s from "../db/schema";
import { queueEmail } from "../mail/mailer.server";

/*
 * When someone is away (issue 39, point 4): a person with a message unread for 10 minutes gets
 * one e-mail per conversation with the messages' text and a link, then that side's
 * `notified_through` moves to the last message it covered, so nothing is e-mailed twice. The
 * move is a conditional update (`where notified_through = what we read`) in the transaction
 * that queues the e-mail: of two instances claiming the same conversation, the second updates
 * nothing and sends nothing. Whether the e-mail goes out is the person's choice ("Messages" in
 * Settings > Notifications, ADR 90): queueEmail asks; the marker moves either way.
 */

export const UNREAD_BEFORE_EMAIL_MS = 10 * 60_000;
/** At most this many messages are quoted; the rest are counted. */
export const DIGEST_MESSAGES_SHOWN = 10;
const MESSAGE_CHARS = 1_000;
const BATCH = 100;

type Side = "seeker" | "advisor";

const columns = {
  seeker: {
    read: s.conversations.seekerReadThrough,
    notified: s.conversations.seekerNotifiedThrough,
    readSql: sql.raw("c.seeker_read_through"),
    notifiedSql: sql.raw("c.seeker_notified_through"),
    recipientSql: sql.raw("c.seeker_id"),
  },
  advisor: {
    read: s.conversations.advisorReadThrough,
    notified: s.conversations.advisorNotifiedThrough,
    readSql: sql.raw("c.advisor_read_through"),
    notifiedSql: sql.raw("c.advisor_notified_through"),
    recipientSql: sql.raw("a.user_id"),
  },
} as const;

type Due = { id: string; through: string; last: string; recipient: string };

/** Runs once: every conversation side with a message unread for 10 minutes gets its e-mail. */
export async function sendUnreadMessageEmails(
  db: Db,
  { appUrl, now, signal }: { appUrl: string; now: Date; signal?: AbortSignal },
): Promise<{ sent: number; skipped: number }> {
  let sent = 0;
  let skipped = 0;
  const cutoff = new Date(now.getTime() - UNREAD_BEFORE_EMAIL_MS);
  for (const side of ["seeker", "advisor"] as const) {
    const col = columns[side];
    // Messages from the other party after what this side read or was e-mailed about, the
    // oldest of them unread for 10 minutes. Session notices (no sender) have their own e-mails.
    const due = await queryRows<Due>(
      db,
      sql`select c.id, ${col.notifiedSql}::text as through, max(m.id)::text as last,
                 ${col.recipientSql} as recipient
          from conversations c
          join advisors a on a.id = c.advisor_id
          join messages m on m.conversation_id = c.id
            and m.id > greatest(${col.readSql}, ${col.notifiedSql})
            and m.sender_id is not null and m.sender_id <> ${col.recipientSql}
          group by c.id, a.user_id
          having min(m.created_at) <= ${cutoff}
          limit ${BATCH}`,
    );
    for (const conversation of due) {
      if (signal?.aborted) return { sent, skipped };
      const result = await emailOne(db, side, conversation, appUrl);
      if (result === "sent") sent++;
      else if (result === "skipped") skipped++;
    }
  }
  return { sent, skipped };
}

async function emailOne(
  db: Db,
  side: Side,
  due: Due,
  appUrl: string,
): Promise<"sent" | "skipped" | "taken"> {
  const col = columns[side];
  const through = Number(due.through);
  const last = Number(due.last);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(s.conversations)
      .set({ [side === "seeker" ? "seekerNotifiedThrough" : "advisorNotifiedThrough"]: last })
      .where(and(eq(s.conversations.id, due.id), eq(col.notified, through)))
      .returning({ read: col.read });
    if (!claimed) return "taken";
    const from = Math.max(claimed.read, through);
    const rows = await tx
      .select({
        id: s.messages.id,
        body: s.messages.body,
        senderId: s.messages.senderId,
        firstName: s.users.firstName,
        lastName: s.users.lastName,
        deletedAt: s.users.deletedAt,
      })
      .from(s.messages)
      .innerJoin(s.users, eq(s.users.id, s.messages.senderId))
      .where(
        and(
          eq(s.messages.conversationId, due.id),
          gt(s.messages.id, from),
          lte(s.messages.id, last),
          isNotNull(s.messages.senderId),
          ne(s.messages.senderId, due.recipient),
        ),
      )
      .orderBy(asc(s.messages.id));
    const [recipient] = await tx
      .select({
        email: s.users.email,
        firstName: s.users.firstName,
        deletedAt: s.users.deletedAt,
        isActive: s.users.isActive,
      })
      .from(s.users)
      .where(eq(s.users.id, due.recipient));
    if (rows.length === 0 || !recipient || recipient.deletedAt || !recipient.isActive) {
      return "skipped";
    }
    const files = await tx
      .select({
        messageId: s.messageAttachments.messageId,
        fileName: s.messageAttachments.fileName,
      })
      .from(s.messageAttachments)
      .where(
        inArray(
          s.messageAttachments.messageId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(s.messageAttachments.createdAt));
    const sender = rows.at(-1)!;
    const senderName = sender.deletedAt
      ? "A former member"
      : `${sender.firstName} ${sender.lastName}`.trim();
    const shown = rows.slice(-DIGEST_MESSAGES_SHOWN);
    const quoted = shown.map((row) =>
      [
        truncate(row.body, MESSAGE_CHARS),
        ...files.filter((f) => f.messageId === row.id).map((f) => D.attachment(f.fileName)),
      ]
        .filter((part) => part !== "")
        .join("\n"),
    );
    const id = await queueEmail(tx, {
      name: "messages.unread",
      to: recipient.email,
      subject: D.subject(senderName),
      heading: rows.length === 1 ? D.heading(senderName) : D.headingMany(senderName, rows.length),
      paragraphs: [
        ...(rows.length > shown.length ? [D.more(rows.length - shown.length)] : []),
        ...quoted,
      ],
      action: { label: D.action, url: `${appUrl}/messages/${due.id}` },
      footnote: D.footnote,
    });
    return id ? "sent" : "skipped";
  });
}
