import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import { PHONE_CHANNEL_LABELS } from "../../../core/channels";
import { listChannelOutbox } from "../../../server/channels/channel-outbox.server";
import { Badge, Card } from "../../components/ui/card";
import type { Route } from "./+types/messages";

export function meta() {
  return [
    { title: "WhatsApp and SMS (local) | BeenThere" },
    { name: "robots", content: "noindex" },
  ];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

/**
 * Local runs without WhatsApp or MSG91 keys only, and only to a browser on this machine (as
 * /dev/outbox): every WhatsApp and SMS message the app sent, newest first, as its reader
 * would read it.
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (!context.config.channels.outboxPageEnabled || !context.peerIsLoopback) {
    throw new Response("Not found", { status: 404 });
  }
  return { messages: await listChannelOutbox(context.db) };
}

export default function ChannelOutbox({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold">WhatsApp and SMS</h1>
      <p className="mt-2 text-muted">
        Messages this local app has sent. Without <code>WHATSAPP_ACCESS_TOKEN</code> and{" "}
        <code>MSG91_AUTH_KEY</code> nothing leaves the machine; this page exists only for localhost
        runs.
      </p>
      <ol className="mt-8 grid gap-4">
        {loaderData.messages.length === 0 ? <li className="text-muted">No message yet.</li> : null}
        {loaderData.messages.map((message) => (
          <li key={message.id}>
            <Card className="grid gap-2 p-5" data-testid="channel-message">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="font-semibold">
                  {PHONE_CHANNEL_LABELS[message.channel]} to {message.toPhone}
                </h2>
                <Badge tone={message.status === "failed" ? "danger" : "neutral"}>
                  {message.status}
                </Badge>
              </div>
              <p className="text-sm text-muted">
                {message.name} ·{" "}
                {new Date(message.createdAt).toLocaleString("en-IN", { timeZone: "UTC" })} UTC
              </p>
              <p className="text-sm whitespace-pre-wrap" data-testid="channel-message-body">
                {message.body}
              </p>
            </Card>
          </li>
        ))}
      </ol>
    </div>
  );
}
