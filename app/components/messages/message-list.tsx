import { FileText } from "lucide-react";
import type { ConversationMessage } from "../../../core/conversation";
import { CONVERSATION_MESSAGES as M } from "../../../core/messages/conversations";
import { cn } from "../../lib/cn";
import { MessageText } from "./message-text";

/** A conversation's messages, oldest first: the reader's on the right, notices centred. */
export function MessageList({
  messages,
  badges = {},
}: {
  messages: readonly ConversationMessage[];
  /** A label over some messages, by id: a paid question's (issue 40). */
  badges?: Readonly<Record<number, string>>;
}) {
  if (messages.length === 0)
    return <p className="py-8 text-center text-muted">{M.noMessagesYet}</p>;
  return (
    <ol className="grid gap-3" data-testid="messages">
      {messages.map((m) => (
        <li
          key={m.id}
          data-message-id={m.id}
          className={cn(
            "grid",
            m.kind === "notice"
              ? "justify-items-center"
              : m.mine
                ? "justify-items-end"
                : "justify-items-start",
          )}
        >
          {m.kind === "notice" ? (
            <p className="rounded-full bg-brand-50 px-3 py-1 text-center text-sm text-brand-800">
              {m.notice}
            </p>
          ) : (
            <MessageBubble message={m} badge={badges[m.id]} />
          )}
        </li>
      ))}
    </ol>
  );
}

function MessageBubble({ message: m, badge }: { message: ConversationMessage; badge?: string }) {
  return (
    <article
      aria-label={`${m.mine ? "You" : m.senderName}, ${m.sentLabel}`}
      className={cn(
        "grid max-w-[85%] gap-1 rounded-2xl px-4 py-2 sm:max-w-[70%]",
        m.mine ? "bg-brand-700 text-white" : "border border-line bg-surface text-ink",
      )}
    >
      {badge ? (
        <p
          className={cn(
            "w-fit rounded-full px-2 py-0.5 text-xs font-semibold",
            m.mine ? "bg-white text-brand-800" : "bg-brand-50 text-brand-800",
          )}
          data-testid="question-badge"
        >
          {badge}
        </p>
      ) : null}
      <p className={cn("text-xs", m.mine ? "text-brand-100" : "text-muted")}>
        <span className="font-semibold">{m.mine ? "You" : m.senderName}</span> · {m.sentLabel}
      </p>
      {m.body ? <MessageText text={m.body} /> : null}
      {m.attachments.length > 0 ? (
        <ul className="grid gap-1">
          {m.attachments.map((a) => (
            <li key={a.id}>
              <a
                href={a.href}
                download
                className={cn(
                  "inline-flex items-center gap-1.5 underline underline-offset-2",
                  m.mine ? "text-white" : "text-brand-700",
                )}
              >
                <FileText aria-hidden="true" className="size-4 shrink-0" />
                <span>{a.fileName}</span>
                <span className={m.mine ? "text-brand-100" : "text-muted"}>({a.size})</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {m.masked ? (
        <p className={cn("text-xs", m.mine ? "text-brand-100" : "text-muted")}>{M.maskedNotice}</p>
      ) : null}
    </article>
  );
}

/** Messages by id, each once, oldest first: what the page loaded, paged in and heard live. */
export function mergeMessages(
  ...lists: readonly (readonly ConversationMessage[])[]
): ConversationMessage[] {
  const byId = new Map<number, ConversationMessage>();
  for (const list of lists) for (const m of list) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
