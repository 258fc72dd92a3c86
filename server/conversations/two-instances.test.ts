import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppProcess, startAppProcess } from "../../tests/support/app-process";
import { createEmptyServerDatabase } from "../db/database.test-support";
import { DEMO_PASSWORD } from "../seed/seed.server";

/*
 * Messages across two app instances on one PostgreSQL database, as a deployment runs them:
 * the seeker writes through one, the advisor listens to the conversation's event stream on the
 * other and hears the message within a second (LISTEN/NOTIFY, no memory shared between the
 * instances); a dropped stream reconnected to the other instance with its Last-Event-ID gets
 * exactly what it missed. Needs a server: runs where TEST_DATABASE_URL is set, as in CI.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const SEEKER = "aarav.mehta@example.com";
const ADVISOR = "priya.sharma@example.com";

let one: AppProcess;
let two: AppProcess;
let dropDatabase = async () => {};
let databaseUrl = "";

async function signIn(app: AppProcess, email: string): Promise<string> {
  const res = await fetch(`${app.url}/auth`, {
    method: "POST",
    headers: { origin: app.url },
    body: new URLSearchParams({
      intent: "signin",
      redirectTo: "/dashboard",
      email,
      password: DEMO_PASSWORD,
    }),
    redirect: "manual",
  });
  expect(res.status).toBe(302);
  return res.headers
    .getSetCookie()
    .filter((c) => !/max-age=0/i.test(c))
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** An open event stream: each event as it arrives, with the time it arrived. */
function listen(url: string, cookie: string, lastEventId?: string) {
  const abort = new AbortController();
  const events: { id: number; at: number; data: { body?: string; conversationId: string } }[] = [];
  const waiters: (() => void)[] = [];
  const opened = fetch(url, {
    headers: {
      cookie,
      accept: "text/event-stream",
      ...(lastEventId ? { "last-event-id": lastEventId } : {}),
    },
    signal: abort.signal,
  }).then(async (res) => {
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    let connected: () => void = () => {};
    const ready = new Promise<void>((r) => (connected = r));
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes(": connected")) connected();
          const id = /^id: (\d+)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (id && data)
            events.push({ id: Number(id), at: performance.now(), data: JSON.parse(data) });
          waiters.splice(0).forEach((w) => w());
        }
      }
    })();
    await ready;
  });
  const until = async (n: number) => {
    while (events.length < n) await new Promise<void>((r) => waiters.push(r));
  };
  return { opened, events, until, close: () => abort.abort() };
}

describe.skipIf(!serverUrl)("messages across two app instances on one database", () => {
  beforeAll(async () => {
    const empty = await createEmptyServerDatabase(serverUrl!);
    dropDatabase = empty.destroy;
    databaseUrl = empty.url;
    // One secret, as a deployment shares it: a sign-in on one instance holds on the other.
    const env = {
      DATABASE_URL: empty.url,
      MIGRATION_DATABASE_URL: empty.migrationUrl,
      AUTH_SECRET: "two-instances-test-secret-0123456789abcdef",
    };
    one = await startAppProcess(env);
    two = await startAppProcess(env);
  }, 240_000);

  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await dropDatabase();
  });

  it("delivers a message sent through one instance to a stream on the other within a second, and catches up a dropped one without duplicates", async () => {
    const seeker = await signIn(one, SEEKER);
    const advisor = await signIn(two, ADVISOR);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ id: string }>(
      `select a.id from advisors a join users u on u.id = a.user_id where u.email = $1`,
      [ADVISOR],
    );
    await client.end();
    const opened = await fetch(`${one.url}/messages/open`, {
      method: "POST",
      headers: { cookie: seeker, origin: one.url },
      body: new URLSearchParams({ advisorId: rows[0]!.id }),
      redirect: "manual",
    });
    expect(opened.headers.get("location")).toMatch(/^\/messages\//);
    const conversationId = opened.headers.get("location")!.split("/").at(-1)!;
    const send = async (app: AppProcess, body: string) => {
      const res = await fetch(`${app.url}/messages/${conversationId}`, {
        method: "POST",
        headers: { cookie: seeker, origin: app.url },
        body: new URLSearchParams({ intent: "send", body }),
        redirect: "manual",
      });
      expect(`${res.status} ${res.headers.get("location")}`).toBe("200 null");
    };

    // The advisor's open conversation and inbox, both on instance two.
    const conversation = listen(
      `${two.url}/messages/stream?conversation=${conversationId}`,
      advisor,
    );
    const inbox = listen(`${two.url}/messages/stream`, advisor);
    await Promise.all([conversation.opened, inbox.opened]);
    const sentAt = performance.now();
    await send(one, "Hello from instance one");
    await Promise.all([conversation.until(1), inbox.until(1)]);
    expect(conversation.events[0]!.data.body).toBe("Hello from instance one");
    expect(conversation.events[0]!.at - sentAt).toBeLessThan(1000);
    expect(inbox.events[0]!.data.conversationId).toBe(conversationId);
    expect(inbox.events[0]!.at - sentAt).toBeLessThan(1000);

    // The stream drops; two messages are sent meanwhile; it reconnects to the other instance.
    conversation.close();
    inbox.close();
    const lastSeen = String(conversation.events[0]!.id);
    await send(two, "Missed one");
    await send(one, "Missed two");
    const again = listen(
      `${one.url}/messages/stream?conversation=${conversationId}`,
      advisor,
      lastSeen,
    );
    await again.opened;
    await again.until(2);
    await send(two, "Live again");
    await again.until(3);
    expect(again.events.map((e) => e.data.body)).toEqual([
      "Missed one",
      "Missed two",
      "Live again",
    ]);
    const ids = again.events.map((e) => e.id);
    expect(new Set(ids).size).toBe(3);
    expect(ids.every((id) => id > Number(lastSeen))).toBe(true);
    again.close();
  }, 60_000);
});
