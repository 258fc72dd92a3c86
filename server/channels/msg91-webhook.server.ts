import { createHash, timingSafeEqual } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { z } from "zod";
import type { Config } from "../config.server";
import type { Db } from "../db/client.server";
import { channelMessages } from "../db/schema";
import type { Logger } from "../logger.server";
import { applyDeliveryStatus } from "./channel-outbox.server";

/*
 * MSG91's SMS delivery reports (ADR 95). MSG91 posts one for each request id its Flow API
 * answered, to the webhook URL set in its panel, in one of the formats its help centre
 * documents ("How to use Webhook to get the delivery report on the desired URL?"):
 *
 * - v2, application/x-www-form-urlencoded: a field `data` holding a JSON array of
 *   `{ senderId, requestId, report: [{ date, number, status, desc, failedReason, … }], userId,
 *   campaignName }`;
 * - v3, application/json: one flat `{ requestId, date, number, status, desc, … }`.
 *
 * `status` is MSG91's code: 1 delivered, 2 failed, 9 NDNC (promotional SMS only), 16 and 25
 * rejected, 17 blocked number. `date` is India's time, "2024-05-22 10:06:20".
 *
 * MSG91 signs nothing, so a report is believed only with the secret of our webhook URL
 * (`?token=`, compared in constant time) and only for a request id of an SMS we sent.
 */

export type Msg91Report = {
  requestId: string;
  /** MSG91's status code, as text. */
  code: string;
  description: string;
  failedReason: string;
  /** When MSG91 says it happened, if it says it readably. */
  at: Date | null;
};

/** The codes MSG91 documents as final; anything else is an interim state and moves nothing. */
const DELIVERED = "1";
const FAILURES: Record<string, string> = {
  "2": "failed",
  "9": "NDNC",
  "16": "rejected",
  "17": "blocked number",
  "25": "rejected",
};

const text = (max: number) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().max(max));
const reportFields = {
  status: text(10).pipe(z.string().regex(/^\d{1,4}$/)),
  date: text(40).optional(),
  desc: text(200).optional(),
  failedReason: text(500).optional(),
};
const requestId = text(100).pipe(z.string().min(1));
/** v2: a request and the reports of its numbers. */
const v2Entry = z.object({
  requestId,
  report: z.array(z.object(reportFields)).min(1).max(100),
});
/** v3: one report, flat. */
const v3Entry = z.object({ requestId, ...reportFields });
const entry = z.union([v2Entry, v3Entry]);

/** The reports in a posted body (a form's fields or parsed JSON), or null if it holds none. */
export function msg91Reports(payload: unknown): Msg91Report[] | null {
  let value = payload;
  if (isRecord(value) && typeof value.data === "string") {
    try {
      value = JSON.parse(value.data) as unknown;
    } catch {
      return null;
    }
  }
  const entries = z
    .union([z.array(entry).min(1).max(100), entry.transform((e) => [e])])
    .safeParse(value);
  if (!entries.success) return null;
  return entries.data.flatMap((e) =>
    ("report" in e ? e.report : [e]).map((r) => ({
      requestId: e.requestId,
      code: r.status,
      description: r.desc ?? "",
      failedReason: r.failedReason ?? "",
      at: indiaTime(r.date),
    })),
  );
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** "2024-05-22 10:06:20" in India's time; null for anything else. */
function indiaTime(date: string | undefined): Date | null {
  const match = date?.match(/^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/);
  if (!match) return null;
  const at = new Date(`${match[1]}T${match[2]}+05:30`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** What a report's code means for the message: delivered, failed, or nothing yet. */
export function msg91Outcome(code: string): "delivered" | "failed" | "sent" {
  if (code === DELIVERED) return "delivered";
  return code in FAILURES ? "failed" : "sent";
}

/** Equal secrets, compared in constant time whatever their lengths. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected)) && given.length === expected.length;
}

export type Msg91WebhookDeps = { db: Db; config: Config; logger: Logger; now: () => Date };

/**
 * A delivery report posted to /api/webhooks/msg91: 404 while no token is configured, 401 for
 * a wrong or missing one (before the body is parsed), 400 for a body with no report in it.
 * Each report moves its SMS forward only (applyDeliveryStatus: a repeat or a late interim
 * state changes nothing, a delivered SMS stays delivered); an unknown request id changes
 * nothing.
 */
export async function handleMsg91Webhook(
  deps: Msg91WebhookDeps,
  token: string | null,
  payload: unknown,
): Promise<{ status: number; body: object }> {
  const expected = deps.config.channels.smsWebhookToken;
  if (!expected) return { status: 404, body: { error: "Not found" } };
  if (!token || !sameSecret(token, expected)) {
    deps.logger.warn("MSG91 delivery report with a wrong token refused");
    return { status: 401, body: { error: "Invalid token" } };
  }
  const reports = msg91Reports(payload);
  if (!reports) return { status: 400, body: { error: "Not an MSG91 delivery report" } };
  let applied = 0;
  for (const report of reports) {
    const status = msg91Outcome(report.code);
    if (status === "sent") continue; // an interim state: the SMS is already sent
    const reason = [report.description || FAILURES[report.code], report.failedReason]
      .filter(Boolean)
      .join(": ");
    if (
      await applyDeliveryStatus(deps.db, {
        channel: "sms",
        providerId: report.requestId,
        status,
        at: report.at ?? deps.now(),
        error: status === "failed" ? `MSG91 ${report.code}: ${reason}` : undefined,
      })
    )
      applied++;
  }
  return { status: 200, body: { received: true, applied } };
}

/**
 * The local outbox plays MSG91's part (no MSG91_AUTH_KEY): a v2 report for one of its own
 * SMS, posted through the same check and parsing as MSG91's. Null when the id is no SMS the
 * local outbox sent.
 */
export async function playLocalDeliveryReport(
  deps: Msg91WebhookDeps,
  messageId: string,
  outcome: "delivered" | "failed",
): Promise<{ status: number; body: object } | null> {
  const [message] = await deps.db
    .select({ providerId: channelMessages.providerId, toPhone: channelMessages.toPhone })
    .from(channelMessages)
    .where(
      and(
        eq(channelMessages.id, messageId),
        eq(channelMessages.channel, "sms"),
        like(channelMessages.providerId, "local-%"),
      ),
    );
  if (!message?.providerId) return null;
  const at = new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Asia/Kolkata",
    dateStyle: "short",
    timeStyle: "medium",
  }).format(deps.now());
  const report =
    outcome === "delivered" ? { status: "1", desc: "DELIVERED" } : { status: "2", desc: "FAILED" };
  const data = JSON.stringify([
    {
      senderId: "BNTHRE",
      requestId: message.providerId,
      report: [
        { date: at, number: message.toPhone.replace(/^\+/, ""), ...report, failedReason: "" },
      ],
      userId: "local",
      campaignName: "local outbox",
    },
  ]);
  return handleMsg91Webhook(deps, deps.config.channels.smsWebhookToken ?? null, { data });
}
