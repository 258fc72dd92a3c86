import { useState } from "react";
import { data, Form, Link, useFetcher, useNavigation } from "react-router";
import type { StoredAttachment } from "../../../core/attachments";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import type { ConversationMessage } from "../../../core/conversation";
import { MESSAGE_MAX_FILES, messageSchema } from "../../../core/forms/conversations";
import { isUuid } from "../../../core/ids";
import { CONVERSATION_MESSAGES as M } from "../../../core/messages/conversations";
import { ATTACHMENT_MESSAGES } from "../../../core/messages/message-safety";
import { requireViewer } from "../../../server/auth/session.server";
import {
  conversationHeader,
  conversationMessages,
  markRead,
  setBlocked,
} from "../../../server/conversations/conversations.server";
import { loadConversation } from "../../../server/conversations/parties.server";
import { type SendRefusal, sendMessage } from "../../../server/conversations/send.server";
import { questionMessages } from "../../../server/questions/question-pages.server";
import { formatPaise } from "../../../core/format";
import { questionPrice } from "../../../core/questions";
import { QUESTION_MESSAGES } from "../../../core/messages/questions";
import { AttachmentPicker } from "../../components/messages/attachment-picker";
import { MessageList, mergeMessages } from "../../components/messages/message-list";
import { ReportDialog } from "../../components/messages/report-dialog";
import { BackLink } from "../../components/ui/back-link";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { FormSummary } from "../../components/ui/form-summary";
import { Textarea } from "../../components/ui/input";
import { useEventSource } from "../../lib/event-source";
import { invalidForm, parseForm, useZodForm } from "../../lib/forms";
import { readForm } from "../../lib/request-body";
import type { Route } from "./+types/conversation";

export const handle: CacheHandle = { cache: NOT_KEPT };

export function meta({ data }: Route.MetaArgs) {
  const name = data?.header.otherName;
  return [{ title: name ? `${name} | Messages | BeenThere` : "Messages | BeenThere" }];
}

const notFound = () => data(null, { status: 404 });

/** `?before=<id>`: an older page of the history (keyset on the message id). */
function beforeOf(url: URL): number | undefined {
  const value = url.searchParams.get("before");
  return value !== null && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const found = await conversationHeader(context.db, viewer, params.conversationId);
  if (!found) throw notFound();
  const { record, ...header } = found;
  const before = beforeOf(new URL(request.url));
  const page = await conversationMessages(context.db, viewer, record, before ? { before } : {});
  // Opened is read: everything up to the newest message (the header's count agrees, root.tsx).
  if (before === undefined && record.conversation.lastMessageId > 0)
    await markRead(context.db, viewer, record, record.conversation.lastMessageId);
  // A paid question's message carries a badge with its price (issue 40).
  const badges = Object.fromEntries(
    (await questionMessages(context.db, header.id)).map((q) => [
      q.messageId,
      QUESTION_MESSAGES.messageBadge(formatPaise(questionPrice(q.priceInr).totalPaise)),
    ]),
  );
  return {
    header,
    messages: page.messages,
    hasOlder: page.hasOlder,
    paged: before !== undefined,
    badges,
  };
}

const REFUSALS: Record<Exclude<SendRefusal, "notFound">, { status: number; message: string }> = {
  rateLimited: { status: 429, message: M.rateLimited },
  senderBlocked: { status: 403, message: M.senderBlocked },
  blockedByMe: { status: 409, message: M.blockedByMe },
  blockedByOther: { status: 409, message: M.blockedByOther },
  otherGone: { status: 409, message: M.otherGone },
  notOwnFile: { status: 400, message: ATTACHMENT_MESSAGES.notFound },
};

/**
 * POST: `intent` send (the message), block or unblock (the conversation, for both), or read
 * (`through` a message id that arrived while the page was open). Only the two parties.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const form = await readForm(request);
  const conversationId = params.conversationId;
  if (!isUuid(conversationId)) throw notFound();
  const intent = form.get("intent");
  const now = context.now();
  if (intent === "send") {
    const parsed = await parseForm(form, messageSchema);
    if (!parsed.success)
      return invalidForm(parsed, { intent: "send" as const, ok: false as const });
    const sent = await sendMessage(context.db, {
      senderUserId: viewer.userId,
      conversationId,
      body: parsed.data.body,
      attachments: parsed.data.attachments,
      now,
      rateLimitScale: context.config.rateLimitScale,
    });
    if (!sent.ok) {
      if (sent.reason === "notFound") throw notFound();
      const refusal = REFUSALS[sent.reason];
      return data(
        {
          intent: "send" as const,
          ok: false as const,
          message: refusal.message,
          values: parsed.values,
        },
        { status: refusal.status },
      );
    }
    return {
      intent: "send" as const,
      ok: true as const,
      masked: sent.masked,
      sent: sent.messageId,
    };
  }
  if (intent === "block" || intent === "unblock") {
    const done = await setBlocked(context.db, viewer, conversationId, intent === "block", now);
    if (!done) throw notFound();
    return {
      intent,
      ok: true as const,
      message: intent === "block" ? M.blocked : M.unblocked,
    };
  }
  if (intent === "read") {
    const through = form.get("through");
    if (typeof through !== "string" || !/^\d{1,15}$/.test(through))
      return data({ intent, ok: false as const, message: M.invalid }, { status: 400 });
    const record = await loadConversation(context.db, conversationId, viewer);
    if (!record) throw notFound();
    await markRead(context.db, viewer, record, Number(through));
    return { intent, ok: true as const };
  }
  return data({ intent: null, ok: false as const, message: M.invalid }, { status: 400 });
}

export default function ConversationPage({ loaderData, actionData }: Route.ComponentProps) {
  // A new conversation is a new page: nothing heard on the last one carries over.
  return (
    <Conversation key={loaderData.header.id} loaderData={loaderData} actionData={actionData} />
  );
}

type Loaded = Route.ComponentProps["loaderData"];

function Conversation({
  loaderData,
  actionData,
}: {
  loaderData: Loaded;
  actionData: Route.ComponentProps["actionData"];
}) {
  const { header, paged } = loaderData;
  const [heard, setHeard] = useState<ConversationMessage[]>([]);
  const [older, setOlder] = useState<{ messages: ConversationMessage[]; hasOlder: boolean }>();
  const olderFetcher = useFetcher<Loaded>();
  const reader = useFetcher();
  const messages = mergeMessages(older?.messages ?? [], loaderData.messages, heard);
  const hasOlder = older ? older.hasOlder : loaderData.hasOlder;
  const oldest = messages[0]?.id;

  // Each older page the fetcher brings is added once (adjusted while rendering, not in an effect).
  const [pagedIn, setPagedIn] = useState(olderFetcher.data);
  if (olderFetcher.data && olderFetcher.data !== pagedIn) {
    const page = olderFetcher.data;
    setPagedIn(page);
    setOlder({
      messages: mergeMessages(page.messages, older?.messages ?? []),
      hasOlder: page.hasOlder,
    });
  }

  // Live from the newest message the server rendered; a reconnect sends the last id heard.
  const [streamUrl] = useState(
    () => `/messages/stream?conversation=${header.id}&after=${loaderData.messages.at(-1)?.id ?? 0}`,
  );
  useEventSource(paged ? null : streamUrl, {
    message: (raw) => {
      const m = JSON.parse(raw) as ConversationMessage;
      setHeard((list) => (list.some((x) => x.id === m.id) ? list : [...list, m]));
      if (!m.mine)
        void reader.submit({ intent: "read", through: String(m.id) }, { method: "post" });
    },
  });

  const canSend = !header.blockedByMe && !header.blockedByOther && !header.senderBlocked;
  const blockNotice = header.senderBlocked
    ? M.senderBlocked
    : header.blockedByMe
      ? M.blockedByMe
      : header.blockedByOther
        ? M.blockedByOther
        : null;

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-6 sm:px-6">
      <BackLink to="/messages">{M.backToInbox}</BackLink>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink">
          {header.otherProfileHref ? (
            <Link to={header.otherProfileHref} className="hover:underline">
              {header.otherName}
            </Link>
          ) : (
            header.otherName
          )}
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          <ReportDialog conversationId={header.id} />
          <Form method="post">
            <input type="hidden" name="intent" value={header.blockedByMe ? "unblock" : "block"} />
            <Button type="submit" variant="outline" size="sm">
              {header.blockedByMe ? M.unblock : M.block}
            </Button>
          </Form>
        </div>
      </div>
      {actionData && "message" in actionData && actionData.intent !== "send" ? (
        <p role="status" className="text-sm text-muted">
          {actionData.message}
        </p>
      ) : null}
      {header.masking ? <p className="text-sm text-muted">{M.maskingHint}</p> : null}
      <section aria-label="Conversation" className="grid gap-3">
        {hasOlder && oldest !== undefined ? (
          <olderFetcher.Form
            method="get"
            action={`/messages/${header.id}`}
            className="justify-self-center"
          >
            <input type="hidden" name="before" value={oldest} />
            <Button
              type="submit"
              variant="outline"
              size="sm"
              disabled={olderFetcher.state !== "idle"}
            >
              {M.olderButton}
            </Button>
          </olderFetcher.Form>
        ) : null}
        <MessageList messages={messages} badges={loaderData.badges} />
        {paged ? (
          <Link
            to={`/messages/${header.id}`}
            className="justify-self-center text-sm text-brand-700 underline"
          >
            {M.backToLatest}
          </Link>
        ) : null}
      </section>
      {blockNotice ? (
        <p role="status" className="rounded-lg border border-line bg-canvas p-3 text-sm text-ink">
          {blockNotice}
        </p>
      ) : null}
      {canSend && !paged ? <Composer actionData={actionData} /> : null}
    </div>
  );
}

type ActionData = Route.ComponentProps["actionData"];

function Composer({ actionData }: { actionData: ActionData }) {
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "send";
  const sendResult = actionData && actionData.intent === "send" ? actionData : undefined;
  const form = useZodForm(messageSchema, { id: "message", result: sendResult });
  // A sent message clears the box: a new form for each message sent.
  const sentKey = sendResult && sendResult.ok ? sendResult.sent : 0;
  const refusal =
    sendResult && !sendResult.ok && "message" in sendResult ? sendResult.message : null;
  // Uploaded as they are picked; sent with the message, then cleared with the form.
  const [files, setFiles] = useState<StoredAttachment[]>([]);
  const [sentFor, setSentFor] = useState(sentKey);
  if (sentFor !== sentKey) {
    setSentFor(sentKey);
    setFiles([]);
  }
  return (
    <Form key={sentKey} method="post" {...form.props} className="grid gap-3">
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="attachments" value={JSON.stringify(files)} />
      <FormField form={form} name="body" label={M.composerLabel} hint={M.composerHint}>
        <Textarea rows={3} className="min-h-20 resize-y" />
      </FormField>
      <AttachmentPicker value={files} onChange={setFiles} max={MESSAGE_MAX_FILES} />
      {sendResult && sendResult.ok && sendResult.masked ? (
        <p role="status" className="text-sm text-muted">
          {M.maskedNotice}
        </p>
      ) : null}
      <FormSummary message={refusal} />
      <Button type="submit" disabled={sending} className="justify-self-end">
        {sending ? M.sending : M.send}
      </Button>
    </Form>
  );
}
