import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { toE164 } from "../../core/phone";
import type { Config } from "../config.server";
import { recordConsent } from "../consents/consents.server";
import type { Db } from "../db/client.server";
import type { Logger } from "../logger.server";
import { applyDeliveryStatus, usersByPhone } from "./channel-outbox.server";

type WhatsappSettings = NonNullable<Config["channels"]["whatsapp"]>;

/**
 * Meta signs each webhook with the app secret: `X-Hub-Signature-256: sha256=<hex of
 * HMAC-SHA256(raw body)>`. Compared in constant time over the raw bytes as received.
 */
export function validWhatsappSignature(
  rawBody: string,
  header: string | null,
  appSecret: string,
): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const given = Buffer.from(header.slice("sha256=".length), "hex");
  const expected = createHmac("sha256", appSecret).update(rawBody, "utf8").digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The subscription handshake: Meta GETs `hub.mode=subscribe`, our verify token and a
 * challenge, and expects the challenge back as the body.
 */
export function whatsappHandshake(
  settings: WhatsappSettings | undefined,
  params: URLSearchParams,
): { status: number; body: string } {
  if (!settings) return { status: 404, body: "Not found" };
  const token = params.get("hub.verify_token") ?? "";
  const expected = Buffer.from(settings.verifyToken);
  const given = Buffer.from(token);
  const ok =
    params.get("hub.mode") === "subscribe" &&
    given.length === expected.length &&
    timingSafeEqual(given, expected);
  return ok
    ? { status: 200, body: params.get("hub.challenge") ?? "" }
    : { status: 403, body: "Forbidden" };
}

const statusSchema = z.object({
  id: z.string().min(1).max(200),
  status: z.enum(["sent", "delivered", "read", "failed"]),
  timestamp: z.string().regex(/^\d{1,12}$/),
  errors: z
    .array(z.object({ code: z.number().optional(), title: z.string().optional() }))
    .optional(),
});
const inboundSchema = z.object({
  from: z.string().max(20),
  type: z.string(),
  text: z.object({ body: z.string().max(4096) }).optional(),
});
const payloadSchema = z.object({
  object: z.literal("whatsapp_business_account"),
  entry: z.array(
    z.object({
      changes: z.array(
        z.object({
          field: z.string(),
          value: z
            .object({
              statuses: z.array(z.unknown()).optional(),
              messages: z.array(z.unknown()).optional(),
            })
            .passthrough(),
        }),
      ),
    }),
  ),
});

/**
 * Delivery and read statuses move messages along (applyDeliveryStatus); a reply "STOP"
 * withdraws the sender's WhatsApp opt-in, as every message says it will. Anything unsigned or
 * signed with another secret is refused (401) before a byte is parsed.
 */
export async function handleWhatsappWebhook(
  deps: { db: Db; config: Config; logger: Logger; now: () => Date },
  rawBody: string,
  headers: Headers,
): Promise<{ status: number; body: object }> {
  const settings = deps.config.channels.whatsapp;
  if (!settings) return { status: 404, body: { error: "Not found" } };
  if (!validWhatsappSignature(rawBody, headers.get("x-hub-signature-256"), settings.appSecret)) {
    deps.logger.warn("WhatsApp webhook with a bad signature refused");
    return { status: 401, body: { error: "Invalid signature" } };
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return { status: 400, body: { error: "Invalid JSON" } };
  }
  const payload = payloadSchema.safeParse(json);
  if (!payload.success) return { status: 400, body: { error: "Not a WhatsApp webhook" } };
  let applied = 0;
  for (const entry of payload.data.entry) {
    for (const change of entry.changes) {
      for (const raw of change.value.statuses ?? []) {
        const status = statusSchema.safeParse(raw);
        if (!status.success) continue;
        const error = status.data.errors?.[0];
        if (
          await applyDeliveryStatus(deps.db, {
            channel: "whatsapp",
            providerId: status.data.id,
            status: status.data.status,
            at: new Date(Number(status.data.timestamp) * 1000),
            error: error ? `WhatsApp ${error.code ?? ""} ${error.title ?? ""}`.trim() : undefined,
          })
        )
          applied++;
      }
      for (const raw of change.value.messages ?? []) {
        const inbound = inboundSchema.safeParse(raw);
        if (!inbound.success) continue;
        if (inbound.data.text?.body.trim().toUpperCase() !== "STOP") continue;
        const phone = toE164(`+${inbound.data.from}`);
        if (!phone) continue;
        for (const person of await usersByPhone(deps.db, phone)) {
          await recordConsent(
            deps.db,
            person.id,
            ["whatsapp"],
            "withdrawn",
            "reply",
            deps.now(),
            "Replied STOP on WhatsApp.",
          );
        }
      }
    }
  }
  return { status: 200, body: { received: true, applied } };
}
