import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import { CONVERSATION_MESSAGES as M } from "../../../core/messages/conversations";
import { requireViewer } from "../../../server/auth/session.server";
import { inbox, latestMessageId } from "../../../server/conversations/conversations.server";
import { InboxList } from "../../components/messages/inbox-list";
import { useEventSource } from "../../lib/event-source";
import type { Route } from "./+types/inbox";

export const handle: CacheHandle = { cache: NOT_KEPT };

export function meta() {
  return [{ title: "Messages | BeenThere" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const [entries, latest] = await Promise.all([
    inbox(context.db, viewer),
    latestMessageId(context.db, viewer),
  ]);
  return { entries, latest };
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  // A new message in any conversation, from whichever instance: the list is read again.
  const [streamUrl] = useState(() => `/messages/stream?after=${loaderData.latest}`);
  useEventSource(streamUrl, { inbox: () => void revalidator.revalidate() });
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-bold text-ink">{M.inboxTitle}</h1>
      {loaderData.entries.length === 0 ? (
        <p className="text-muted">
          {M.inboxEmpty}{" "}
          <Link to="/advisors" className="text-brand-700 underline underline-offset-2">
            Find an advisor
          </Link>
        </p>
      ) : (
        <InboxList entries={loaderData.entries} />
      )}
    </div>
  );
}
