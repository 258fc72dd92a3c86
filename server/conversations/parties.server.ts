import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { CONVERSATION_FORMER_MEMBER } from "../../core/conversation";
import { advisorDisplayName, fullName } from "../../core/format";
import { isUuid } from "../../core/ids";
import type { Db, Tx } from "../db/client.server";
import { advisors, conversations, users } from "../db/schema";

/** Who reads: the signed-in person's user id and, if they are an advisor, their advisor id. */
export type Reader = { userId: string; advisorId: string | null; timeZone: string | null };

const advisorUsers = alias(users, "advisor_users");

/** A conversation with both parties, as every service here reads it. */
export type ConversationRecord = Awaited<ReturnType<typeof loadConversation>> & {};

/**
 * A conversation and its two parties, or null when it does not exist or `reader` is not one of
 * them: nobody else reads one through these routes, admins included (issue 39, point 6).
 */
export async function loadConversation(
  db: Db | Tx,
  conversationId: string,
  reader: Pick<Reader, "userId">,
  lock = false,
) {
  if (!isUuid(conversationId)) return null;
  const query = db
    .select({
      conversation: conversations,
      seeker: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        timeZone: users.timeZone,
        deletedAt: users.deletedAt,
        messagingBlockedAt: users.messagingBlockedAt,
      },
      advisor: {
        id: advisors.id,
        userId: advisors.userId,
        jobTitle: advisors.jobTitle,
        firstName: advisorUsers.firstName,
        lastName: advisorUsers.lastName,
        timeZone: advisorUsers.timeZone,
        deletedAt: advisorUsers.deletedAt,
        messagingBlockedAt: advisorUsers.messagingBlockedAt,
      },
    })
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.seekerId))
    .innerJoin(advisors, eq(advisors.id, conversations.advisorId))
    .innerJoin(advisorUsers, eq(advisorUsers.id, advisors.userId))
    .where(eq(conversations.id, conversationId));
  const [row] = await (lock ? query.for("update", { of: conversations }) : query);
  if (!row) return null;
  const side =
    row.seeker.id === reader.userId
      ? ("seeker" as const)
      : row.advisor.userId === reader.userId
        ? ("advisor" as const)
        : null;
  if (!side) return null;
  return { ...row, side };
}

/** A party's name as the other reads it: "A former member" once their account is deleted. */
export function seekerName(seeker: {
  firstName: string;
  lastName: string;
  deletedAt: Date | null;
}) {
  return seeker.deletedAt
    ? CONVERSATION_FORMER_MEMBER
    : fullName(seeker.firstName, seeker.lastName) || "Seeker";
}

export function advisorName(advisor: {
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  deletedAt: Date | null;
}) {
  return advisor.deletedAt ? CONVERSATION_FORMER_MEMBER : advisorDisplayName(advisor);
}
