import { data, Form, useNavigation } from "react-router";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import { PHONE_CHANNEL_LABELS } from "../../../core/channels";
import { isUuid } from "../../../core/ids";
import { PHONE_MESSAGES as M } from "../../../core/messages/phone";
import { listChannelOutbox } from "../../../server/channels/channel-outbox.server";
import { playLocalDeliveryReport } from "../../../server/channels/msg91-webhook.server";
import { Button } from "../../components/ui/button";
import { Badge, Card } from "../../components/ui/card";
import { readForm } from "../../lib/request-body";
import type { Route } from "./+types/messages";

export function meta() {
  return [
    { title: "WhatsApp and SMS (local) | BeenThere" },
    { name: "robots", content: "noindex" },
  ];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

function requireLocal(context: Route.LoaderArgs["context"]) {
  if (!context.config.channels.outboxPageEnabled || !context.peerIsLoopback) {
    throw new Response("Not found", { status: 404 });
  }
}

/**
 * Local runs without WhatsApp or MSG91 keys only, and only to a browser on this machine (as
 * /dev/outbox): every WhatsApp and SMS message the app sent, newest first, as its reader
 * would read it.
 */
export async function loader({ context }: Route.LoaderArgs) {
  requireLocal(context);
  return { messages: await listChannelOutbox(context.db) };
}

/**
 * Plays MSG91's part for a local SMS: its delivery report, delivered or failed, through the
 * webhook's own check and parsing (ADR 95).
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireLocal(context);
  const form = await readForm(request);
  const id = form.get("messageId");
  const report = form.get("report");
  if (typeof id !== "string" || (report !== "delivered" && report !== "failed"))
    return data({ ok: false, message: M.actionInvalid }, { status: 400 });
  const played = isUuid(id)
    ? await playLocalDeliveryReport(
        { db: context.db, config: context.config, logger: context.logger, now: context.now },
        id,
        report,
      )
    : null;
  if (!played || played.status !== 200)
    return data({ ok: false, message: M.notLocalSms }, { status: 404 });
  return { ok: true, message: M.reportPlayed };
}

export default function ChannelOutbox({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold">WhatsApp and SMS</h1>
      <p className="mt-2 text-muted">
        Messages this local app has sent. Without <code>WHATSAPP_ACCESS_TOKEN</code> and{" "}
        <code>MSG91_AUTH_KEY</code> nothing leaves the machine; this page exists only for localhost
        runs. For an SMS it can play MSG91&apos;s delivery report.
      </p>
      <p role="status" className="mt-4 text-sm">
        {actionData?.message}
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
              {message.reportable ? (
                <Form method="post" className="flex flex-wrap gap-2">
                  <input type="hidden" name="messageId" value={message.id} />
                  <Button
                    type="submit"
                    name="report"
                    value="delivered"
                    size="sm"
                    variant="outline"
                    disabled={busy}
                  >
                    Report delivered
                  </Button>
                  <Button
                    type="submit"
                    name="report"
                    value="failed"
                    size="sm"
                    variant="outline"
                    disabled={busy}
                  >
                    Report failed
                  </Button>
                </Form>
              ) : null}
            </Card>
          </li>
        ))}
      </ol>
    </div>
  );
}
