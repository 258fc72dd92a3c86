import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../tests/support/app-process";
import { loadServerBundle } from "../../tests/support/server-bundle";
import { setChannelOptIn } from "../accounts/phone-verification.server";
import { buildConfig, type Config } from "../config.server";
import { createTestDatabase } from "../db/database.test-support";
import { createSeeker } from "../db/factories.test-support";
import { channelMessages, users } from "../db/schema";
import { deliverChannelMessages, queueChannelMessages } from "./channel-outbox.server";
import { reminderDelivery } from "./delivery-stats.server";
import { handleMsg91Webhook } from "./msg91-webhook.server";
import {
  type FakeProvider,
  MSG91_DELIVERED,
  MSG91_REJECTED,
  fakeMeta,
  fakeMsg91,
  msg91FormReport,
  msg91JsonReport,
  providerEnv,
} from "./test-providers.test-support";
import { createChannelTransports } from "./transports.server";

/*
 * Issue 41: MSG91's SMS delivery reports through the built app. The SMS is sent to a local
 * server answering like MSG91's Flow API, which keeps its request id; reports in MSG91's own
 * formats (its v2 form, its v3 JSON) then move it to delivered or failed, believed only with
 * the webhook URL's secret token and for a request id we sent; repeats and late reports change
 * nothing, and the admin dashboard's figures show SMS delivered. A second app, with no
 * provider, plays a report for its local SMS from /dev/messages through the same code.
 */
const TOKEN = "msg91-webhook-token-for-the-tests-0123456789";
const logger = pino({ level: "silent" });
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let meta: FakeProvider;
let msg91: FakeProvider;
let config: Config;
let localConfig: Config;
let baseUrl: string;
let localUrl: string;
const servers: { close(): void }[] = [];
const NOW = new Date("2026-03-02T00:00:00Z");

beforeAll(async () => {
  const build = await loadServerBundle();
  database = await createTestDatabase();
  meta = await fakeMeta();
  msg91 = await fakeMsg91();
  const start = async (env: Record<string, string>) => {
    const port = await freePort();
    const appConfig = buildConfig({
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "bt-msg91-http-")),
      LOG_LEVEL: "silent",
      ...env,
    });
    const services = build.composeServices({ config: appConfig, logger, database });
    const server = build.createHttpApp({ services, build }).listen(port, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    servers.push(server);
    return { appConfig, url: `http://127.0.0.1:${port}` };
  };
  const withMsg91 = await start({ ...providerEnv(meta, msg91), MSG91_WEBHOOK_TOKEN: TOKEN });
  config = withMsg91.appConfig;
  baseUrl = withMsg91.url;
  const local = await start({});
  localConfig = local.appConfig;
  localUrl = local.url;
});
afterAll(async () => {
  for (const server of servers) server.close();
  await meta.close();
  await msg91.close();
  await database.destroy();
});

let phones = 0;
/** A 1-hour reminder by SMS to a new seeker, sent by `appConfig`'s transport: the stored row. */
async function sentSms(appConfig: Config) {
  phones++;
  const phone = `+91987650${String(phones).padStart(4, "0")}`;
  const userId = await createSeeker(database.db, { firstName: "Meera", phone });
  await database.db.update(users).set({ phoneVerifiedAt: NOW }).where(eq(users.id, userId));
  expect(await setChannelOptIn(database.db, userId, "sms", true, NOW)).toEqual({ ok: true });
  const [id] = await queueChannelMessages(database.db, {
    userId,
    name: "session.reminder-1h",
    params: { name: "Meera", other: "Ananya", time: "9:00 AM", link: "https://meet.example/x" },
    settingsUrl: `${appConfig.appUrl}/settings/notifications`,
    now: NOW,
  });
  await deliverChannelMessages(database.db, {
    transports: createChannelTransports(appConfig),
    logger,
    now: () => NOW,
  });
  return (await database.db.select().from(channelMessages).where(eq(channelMessages.id, id!)))[0]!;
}

const row = async (id: string) =>
  (await database.db.select().from(channelMessages).where(eq(channelMessages.id, id)))[0]!;
const allMessages = () => database.db.select().from(channelMessages).orderBy(channelMessages.id);
const post = (report: { contentType: string; body: string }, token: string | null = TOKEN) =>
  fetch(`${baseUrl}/api/webhooks/msg91${token === null ? "" : `?token=${token}`}`, {
    method: "POST",
    headers: { "Content-Type": report.contentType },
    body: report.body,
  });
const smsFigures = async () =>
  (await reminderDelivery(database.db, new Date("2026-03-03T00:00:00Z"))).find(
    (r) => r.channel === "sms",
  )!;

describe("MSG91's delivery reports at /api/webhooks/msg91", () => {
  it("the Flow API's request id is kept as the SMS's provider id", async () => {
    const sms = await sentSms(config);
    expect(sms.status).toBe("sent");
    const sent = msg91.requests.at(-1)!;
    expect(sent.body.recipients[0].mobiles).toBe(sms.toPhone.slice(1));
    expect(sms.providerId).toMatch(/^3763646c\d+$/);
  });

  it("refuses a report without our token (401) and changes nothing", async () => {
    const sms = await sentSms(config);
    const delivered = msg91FormReport(sms.providerId!, MSG91_DELIVERED, NOW, sms.toPhone);
    const before = await allMessages();
    for (const token of [null, "", "a-guess", `${TOKEN}x`, TOKEN.slice(0, -1)]) {
      const answer = await post(delivered, token);
      expect(answer.status).toBe(401);
      expect(await answer.json()).toEqual({ error: "Invalid token" });
    }
    expect(await allMessages()).toEqual(before);
  });

  it("moves an SMS to delivered from MSG91's v2 form, once, however often it is repeated", async () => {
    const figures = await smsFigures();
    const sms = await sentSms(config);
    const at = new Date("2026-03-02T00:00:07Z");
    const delivered = msg91FormReport(sms.providerId!, MSG91_DELIVERED, at, sms.toPhone);
    const first = await post(delivered);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, applied: 1 });
    expect(await row(sms.id)).toMatchObject({ status: "delivered", deliveredAt: at });

    const again = await post(delivered);
    expect(await again.json()).toEqual({ received: true, applied: 0 });
    expect(await smsFigures()).toEqual({
      channel: "sms",
      sent: figures.sent + 1,
      delivered: figures.delivered! + 1,
      read: null, // an SMS never reports reading
      failed: figures.failed,
    });
  });

  it("keeps a delivered SMS delivered when a late interim or failed report follows", async () => {
    const sms = await sentSms(config);
    await post(msg91FormReport(sms.providerId!, MSG91_DELIVERED, NOW, sms.toPhone));
    const figures = await smsFigures();
    for (const late of [{ status: "8", desc: "SUBMITTED" }, MSG91_REJECTED]) {
      const answer = await post(msg91JsonReport(sms.providerId!, late, NOW, sms.toPhone));
      expect(await answer.json()).toEqual({ received: true, applied: 0 });
    }
    expect(await row(sms.id)).toMatchObject({ status: "delivered", failedAt: null });
    expect(await smsFigures()).toEqual(figures);
  });

  it("moves an SMS to failed from MSG91's v3 JSON, with its reason, and a late delivery changes nothing", async () => {
    const figures = await smsFigures();
    const sms = await sentSms(config);
    const at = new Date("2026-03-02T00:01:00Z");
    const rejected = await post(msg91JsonReport(sms.providerId!, MSG91_REJECTED, at, sms.toPhone));
    expect(await rejected.json()).toEqual({ received: true, applied: 1 });
    expect(await row(sms.id)).toMatchObject({
      status: "failed",
      failedAt: at,
      lastError: "MSG91 16: REJECTED: DLT template mismatch",
    });
    const late = await post(msg91FormReport(sms.providerId!, MSG91_DELIVERED, at, sms.toPhone));
    expect(await late.json()).toEqual({ received: true, applied: 0 });
    expect((await row(sms.id)).status).toBe("failed");
    expect(await smsFigures()).toMatchObject({
      sent: figures.sent + 1,
      delivered: figures.delivered,
      failed: figures.failed + 1,
    });
  });

  it("changes nothing for a request id we never sent, or another channel's id", async () => {
    const sms = await sentSms(config);
    const before = await allMessages();
    const figures = await smsFigures();
    for (const unknown of ["3763646c999999", `${sms.providerId}0`]) {
      const answer = await post(msg91FormReport(unknown, MSG91_DELIVERED, NOW, sms.toPhone));
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ received: true, applied: 0 });
    }
    expect(await allMessages()).toEqual(before);
    expect(await smsFigures()).toEqual(figures);
  });

  it("answers 400 to a body that holds no report, and changes nothing", async () => {
    const before = await allMessages();
    for (const body of [
      { contentType: "application/x-www-form-urlencoded", body: "data=not-json" },
      { contentType: "application/x-www-form-urlencoded", body: "data=%5B%5D" },
      { contentType: "application/json", body: JSON.stringify({ status: "1" }) },
      { contentType: "application/json", body: JSON.stringify([{ requestId: "x" }]) },
    ]) {
      const answer = await post(body);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ error: "Not an MSG91 delivery report" });
    }
    expect(await allMessages()).toEqual(before);
  });

  it("does not exist on a deployment without MSG91_WEBHOOK_TOKEN (404)", async () => {
    const deployment = buildConfig({
      APP_URL: "https://beenthere.example",
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "bt-msg91-deployment-")),
      AUTH_SECRET: "a".repeat(32),
      SMTP_URL: "smtp://localhost:2525",
      BANK_ENCRYPTION_KEY: "b".repeat(32),
      RAZORPAY_KEY_ID: "rzp_test_x",
      RAZORPAY_KEY_SECRET: "secret",
      RAZORPAY_WEBHOOK_SECRET: "secret",
      ...providerEnv(meta, msg91),
    });
    expect(deployment.channels.smsWebhookToken).toBeUndefined();
    const sms = await sentSms(config);
    const report = JSON.parse(msg91JsonReport(sms.providerId!, MSG91_DELIVERED, NOW, "").body);
    expect(
      await handleMsg91Webhook(
        { db: database.db, config: deployment, logger, now: () => NOW },
        TOKEN,
        report,
      ),
    ).toEqual({ status: 404, body: { error: "Not found" } });
    expect((await row(sms.id)).status).toBe("sent");
  });
});

describe("the local outbox's SMS", () => {
  it("/dev/messages plays MSG91's delivery report through the same check", async () => {
    expect(localConfig.channels.sms).toBeUndefined();
    expect(localConfig.channels.smsWebhookToken).toEqual(expect.any(String));
    const figures = await smsFigures();
    const sms = await sentSms(localConfig);
    expect(sms.providerId).toMatch(/^local-/);
    const page = await (await fetch(`${localUrl}/dev/messages`)).text();
    expect(page).toContain("Report delivered");

    const play = (messageId: string) =>
      fetch(`${localUrl}/dev/messages`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ messageId, report: "delivered" }).toString(),
      });
    const played = await play(sms.id);
    expect(played.status).toBe(200);
    expect(await played.text()).toContain("Delivery report played");
    expect(await row(sms.id)).toMatchObject({ status: "delivered" });
    expect(await smsFigures()).toMatchObject({ delivered: figures.delivered! + 1 });

    // Played twice, or for an SMS that went through MSG91: nothing changes.
    expect((await play(sms.id)).status).toBe(200);
    const viaMsg91 = await sentSms(config);
    expect((await play(viaMsg91.id)).status).toBe(404);
    expect((await row(viaMsg91.id)).status).toBe("sent");
    expect(await smsFigures()).toMatchObject({ delivered: figures.delivered! + 1 });
  });
});
