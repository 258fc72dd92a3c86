import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import { handleMsg91Webhook } from "../../../server/channels/msg91-webhook.server";
import { json } from "../../lib/json-api.server";
import { readForm, readJson } from "../../lib/request-body";
import type { Route } from "./+types/webhooks.msg91";

export const handle: CacheHandle = { cache: NOT_KEPT };

/**
 * POST /api/webhooks/msg91?token=… — MSG91's SMS delivery reports, as a form (its v2 webhook)
 * or JSON (v3). No session: trusted only through the secret token in the URL, and only for
 * request ids of SMS we sent (ADR 95).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const isJson = (request.headers.get("content-type") ?? "")
    .toLowerCase()
    .startsWith("application/json");
  const payload = isJson ? await readJson(request) : Object.fromEntries(await readForm(request));
  const answer = await handleMsg91Webhook(
    { db: context.db, config: context.config, logger: context.logger, now: context.now },
    new URL(request.url).searchParams.get("token"),
    payload,
  );
  return json(answer.body, answer.status);
}
