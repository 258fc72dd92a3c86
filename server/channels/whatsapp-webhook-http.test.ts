import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadServerBundle } from "../../tests/support/server-bundle";
import { buildConfig } from "../config.server";
import { createTestDatabase } from "../db/database.test-support";
import { createSeeker } from "../db/factories.test-support";
import { channelMessages } from "../db/schema";
import { freePort } from "../../tests/support/app-process";
import {
  META_APP_SECRET,
  META_PHONE_NUMBER_ID,
  META_TOKEN,
  META_VERIFY_TOKEN,
  statusWebhook,
} from "./test-providers.test-support";

/*
 * Issue 41: /api/webhooks/whatsapp through the built app with WhatsApp configured: Meta's GET
 * handshake, a status signed over the raw bytes applied, a forged one refused with nothing
 * changed, and no Origin needed (server to server).
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let baseUrl: string;
let close: () => void;
let messageId: string;

beforeAll(async () => {
  const port = await freePort();
  const build = await loadServerBundle();
  database = await createTestDatabase();
  const config = buildConfig({
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "bt-whatsapp-http-")),
    LOG_LEVEL: "silent",
    WHATSAPP_ACCESS_TOKEN: META_TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: META_PHONE_NUMBER_ID,
    WHATSAPP_APP_SECRET: META_APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: META_VERIFY_TOKEN,
  });
  const services = build.composeServices({ config, logger: pino({ level: "silent" }), database });
  const userId = await createSeeker(database.db, { phone: "+919876500001" });
  const [row] = await database.db
    .insert(channelMessages)
    .values({
      userId,
      channel: "whatsapp",
      toPhone: "+919876500001",
      name: "session.confirmed",
      params: [],
      body: "x",
      status: "sent",
      providerId: "wamid.HTTP1",
      nextAttemptAt: new Date(),
      createdAt: new Date(),
      sentAt: new Date(),
    })
    .returning({ id: channelMessages.id });
  messageId = row!.id;
  const server = build.createHttpApp({ services, build }).listen(port, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${port}`;
  close = () => server.close();
});
afterAll(async () => {
  close();
  await database.destroy();
});

const statusOf = async () =>
  (
    await database.db
      .select({ status: channelMessages.status })
      .from(channelMessages)
      .where(eq(channelMessages.id, messageId))
  )[0]!.status;

describe("/api/webhooks/whatsapp", () => {
  it("answers Meta's handshake with the challenge for our token only", async () => {
    const get = (token: string) =>
      fetch(
        `${baseUrl}/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=8822`,
      );
    const ok = await get(META_VERIFY_TOKEN);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("8822");
    expect((await get("guess")).status).toBe(403);
  });

  it("applies a status signed over the raw body and refuses a forged one", async () => {
    const delivered = statusWebhook("wamid.HTTP1", "delivered", new Date());
    const post = (body: string, signature: string) =>
      fetch(`${baseUrl}/api/webhooks/whatsapp`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Hub-Signature-256": signature },
        body,
      });
    const forged = await post(
      delivered.body,
      statusWebhook("wamid.HTTP1", "delivered", new Date(), "nope").signature,
    );
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ error: "Invalid signature" });
    expect(await statusOf()).toBe("sent");

    const ok = await post(delivered.body, delivered.signature);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ received: true, applied: 1 });
    expect(await statusOf()).toBe("delivered");
  });
});
