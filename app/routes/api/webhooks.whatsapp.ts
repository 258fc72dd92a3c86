import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import {
  handleWhatsappWebhook,
  whatsappHandshake,
} from "../../../server/channels/whatsapp-webhook.server";
import { json } from "../../lib/json-api.server";
import { readJsonText } from "../../lib/request-body";
import type { Route } from "./+types/webhooks.whatsapp";

export const handle: CacheHandle = { cache: NOT_KEPT };

/**
 * GET /api/webhooks/whatsapp — Meta's subscription handshake: the challenge back for our
 * verify token, 403 otherwise; 404 while WhatsApp is not configured.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const answer = whatsappHandshake(
    context.config.channels.whatsapp,
    new URL(request.url).searchParams,
  );
  return new Response(answer.body, {
    status: answer.status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * POST /api/webhooks/whatsapp — delivery and read statuses and replies from Meta. No session:
 * trusted only through X-Hub-Signature-256 over the raw body (ADR 95).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const answer = await handleWhatsappWebhook(
    { db: context.db, config: context.config, logger: context.logger, now: context.now },
    await readJsonText(request),
    request.headers,
  );
  return json(answer.body, answer.status);
}
