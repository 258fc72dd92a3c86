import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type createTestDatabase as Create, createTestDatabase } from "../db/database.test-support";
import * as s from "../db/schema";
import { sendUnreadMessageEmails } from "./message-digest.server";
import { addAttachment, addMessage, createConversation } from "./conversations.test-support";

/*
 * The e-mail to someone away (issue 39, point 4), with an injected clock, on PGlite or
 * PostgreSQL (TEST_DATABASE_URL): once per conversation after 10 minutes unread, with the
 * messages' text, never twice, not for what was read, and not when turned off.
 */

let database: Awaited<ReturnType<typeof Create>>;
const APP = "https://beenthere.example";
const T0 = new Date("2026-11-20T10:00:00Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(() => database?.destroy());

const run = (now: Date) => sendUnreadMessageEmails(database.db, { appUrl: APP, now });
const emailOf = (userId: string) =>
  database.db
    .select({ email: s.users.email })
    .from(s.users)
    .where(eq(s.users.id, userId))
    .then((r) => r[0]!.email);
const mailTo = async (userId: string) =>
  database.db
    .select({
      name: s.emailOutbox.name,
      subject: s.emailOutbox.subject,
      text: s.emailOutbox.text,
      html: s.emailOutbox.html,
    })
    .from(s.emailOutbox)
    .where(eq(s.emailOutbox.toAddress, await emailOf(userId)));

describe("unread messages by e-mail", () => {
  it("sends one e-mail per conversation after 10 minutes, with every message's text", async () => {
    const c = await createConversation(database.db);
    await addMessage(database.db, {
      conversationId: c.id,
      senderId: c.seekerId,
      body: "Hi Priya, are you free on Saturday?",
      at: T0,
    });
    const second = await addMessage(database.db, {
      conversationId: c.id,
      senderId: c.seekerId,
      body: "<b>Also</b> my CV & notes",
      at: minutes(2),
    });
    await addAttachment(database.db, {
      messageId: second,
      fileKey: `messages/${c.seekerId}/00000000-0000-4000-8000-000000000001.pdf`,
      fileName: "cv.pdf",
      contentType: "application/pdf",
      byteSize: 10,
    });

    await run(minutes(9));
    expect(await mailTo(c.advisorUserId)).toEqual([]);
    await run(minutes(10));
    const mails = await mailTo(c.advisorUserId);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      name: "messages.unread",
      subject: "New messages from Aarav Seeker",
    });
    expect(mails[0]!.text).toBe(
      [
        "Aarav Seeker sent you 2 messages",
        "",
        "Hi Priya, are you free on Saturday?",
        "",
        "<b>Also</b> my CV & notes\n[File: cv.pdf]",
        "",
        `Reply on BeenThere: ${APP}/messages/${c.id}`,
        "",
        "Replies happen on the site, where the conversation is kept. You can turn these e-mails off under Settings > Notifications.",
        "",
        "— BeenThere",
      ].join("\n"),
    );
    // Plain text in the HTML too: the message's markup is escaped, never rendered.
    expect(mails[0]!.html).toContain("&lt;b&gt;Also&lt;/b&gt; my CV &amp; notes");
    expect(mails[0]!.html).not.toContain("<b>Also");
    // The sender is not e-mailed about their own messages.
    expect(await mailTo(c.seekerId)).toEqual([]);

    await run(minutes(30));
    expect(await mailTo(c.advisorUserId)).toHaveLength(1);
    const [marker] = await database.db
      .select()
      .from(s.conversations)
      .where(eq(s.conversations.id, c.id));
    expect(marker!.advisorNotifiedThrough).toBe(second);
    expect(marker!.seekerNotifiedThrough).toBe(0);
  });

  it("e-mails again only for messages after the last e-mail, 10 minutes after the first of them", async () => {
    const c = await createConversation(database.db);
    await addMessage(database.db, {
      conversationId: c.id,
      senderId: c.advisorUserId,
      body: "Sure, Saturday works",
      at: T0,
    });
    await run(minutes(10));
    await addMessage(database.db, {
      conversationId: c.id,
      senderId: c.advisorUserId,
      body: "See you then",
      at: minutes(20),
    });
    await run(minutes(25));
    expect(await mailTo(c.seekerId)).toHaveLength(1);
    await run(minutes(30));
    const mails = await mailTo(c.seekerId);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain("See you then");
    expect(mails[1]!.text).not.toContain("Saturday works");
  });

  it("sends nothing for messages the person read in time", async () => {
    const c = await createConversation(database.db);
    const id = await addMessage(database.db, {
      conversationId: c.id,
      senderId: c.seekerId,
      body: "Quick question",
      at: T0,
    });
    await database.db
      .update(s.conversations)
      .set({ advisorReadThrough: id })
      .where(eq(s.conversations.id, c.id));
    await run(minutes(15));
    expect(await mailTo(c.advisorUserId)).toEqual([]);
  });

  it("respects the person's choice to turn message e-mails off, and moves on", async () => {
    const c = await createConversation(database.db);
    await database.db
      .insert(s.notificationPreferences)
      .values({ userId: c.advisorUserId, kind: "messages", channel: "email", enabled: false });
    const id = await addMessage(database.db, {
      conversationId: c.id,
      senderId: c.seekerId,
      body: "Hello?",
      at: T0,
    });
    expect(await run(minutes(10))).toMatchObject({ sent: 0 });
    expect(await mailTo(c.advisorUserId)).toEqual([]);
    const [marker] = await database.db
      .select()
      .from(s.conversations)
      .where(eq(s.conversations.id, c.id));
    expect(marker!.advisorNotifiedThrough).toBe(id);
  });

  it("e-mails each conversation once even when two instances run the job at once", async () => {
    const c = await createConversation(database.db);
    await addMessage(database.db, {
      conversationId: c.id,
      senderId: c.seekerId,
      body: "Anyone there?",
      at: T0,
    });
    const results = await Promise.all([run(minutes(11)), run(minutes(11)), run(minutes(11))]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBeGreaterThanOrEqual(1);
    expect(await mailTo(c.advisorUserId)).toHaveLength(1);
  });

  it("writes nothing to a deleted account", async () => {
    const c = await createConversation(database.db);
    await database.db.update(s.users).set({ deletedAt: T0 }).where(eq(s.users.id, c.advisorUserId));
    await addMessage(database.db, {
      conversationId: c.id,
      senderId: c.seekerId,
      body: "Still there?",
      at: T0,
    });
    await run(minutes(10));
    expect(await mailTo(c.advisorUserId)).toEqual([]);
    const rows = await database.db
      .select()
      .from(s.emailOutbox)
      .where(
        and(
          eq(s.emailOutbox.name, "messages.unread"),
          inArray(s.emailOutbox.toAddress, [await emailOf(c.advisorUserId)]),
        ),
      );
    expect(rows).toEqual([]);
  });
});
