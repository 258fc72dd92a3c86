import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachmentKey } from "../../core/attachments";
import { MASKED_CONTACT } from "../../core/message-text";
import { collectPersonalData } from "../accounts/data-export.server";
import type { Database, Db } from "../db/client.server";
import { createTestDatabase } from "../db/database.test-support";
import { createAdvisor, createBooking, createSeeker } from "../db/factories.test-support";
import { bookings, conversations, messageAttachments, messages, users } from "../db/schema";
import { createBookingEvents } from "../events/booking-events.server";
import {
  conversationHeader,
  conversationMessages,
  inbox,
  markRead,
  openConversation,
  setBlocked,
  unreadConversations,
} from "./conversations.server";
import { appendMessage } from "./append.server";
import { messageEventStream } from "./event-stream.server";
import { MessageFeed } from "./message-feed.server";
import { loadConversation, type Reader } from "./parties.server";
import { MESSAGE_RATE_LIMIT, sendMessage } from "./send.server";
import { sessionNotices } from "./session-notices.server";

/*
 * Conversations over a real database (PGlite by default, PostgreSQL with TEST_DATABASE_URL):
 * who may open one, sending with its refusals and masking, session notices from the booking
 * events, read markers, paging backwards, and the event stream fed by LISTEN/NOTIFY.
 */
let database: Database & { destroy(): Promise<void> };
let db: Db;
const now = new Date("2026-12-01T04:30:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database?.destroy());

async function pair(options: { advisorStatus?: "approved" | "pending" } = {}) {
  const seekerId = await createSeeker(db, { firstName: "Asha", lastName: "Rao" });
  const advisorId = await createAdvisor(
    db,
    { profileStatus: options.advisorStatus ?? "approved", jobTitle: "Engineer" },
    { firstName: "Vikram", lastName: "Iyer", timeZone: "Asia/Kolkata" },
  );
  const [a] = await db.query.advisors.findMany({ where: (t, { eq }) => eq(t.id, advisorId) });
  const seeker: Reader = { userId: seekerId, advisorId: null, timeZone: "Asia/Kolkata" };
  const advisor: Reader = { userId: a!.userId, advisorId, timeZone: "Asia/Kolkata" };
  return { seeker, advisor, advisorId, seekerId };
}

async function opened(p: Awaited<ReturnType<typeof pair>>) {
  const result = await openConversation(db, p.seeker, { advisorId: p.advisorId }, now);
  if (!result.ok) throw new Error("not opened");
  return result.conversationId;
}

describe("opening a conversation", () => {
  it("lets a seeker open one with an approved advisor, once per pair (get or create)", async () => {
    const p = await pair();
    const first = await openConversation(db, p.seeker, { advisorId: p.advisorId }, now);
    const again = await openConversation(db, p.seeker, { advisorId: p.advisorId }, now);
    expect(first).toEqual(again);
    expect(first.ok).toBe(true);
  });

  it("refuses a pending advisor, a malformed id, and anybody with themselves", async () => {
    const pending = await pair({ advisorStatus: "pending" });
    expect(
      await openConversation(db, pending.seeker, { advisorId: pending.advisorId }, now),
    ).toEqual({ ok: false });
    expect(await openConversation(db, pending.seeker, { advisorId: "nope" }, now)).toEqual({
      ok: false,
    });
    const p = await pair();
    // The advisor as a seeker of their own profile.
    expect(await openConversation(db, p.advisor, { advisorId: p.advisorId }, now)).toEqual({
      ok: false,
    });
    expect(await openConversation(db, p.advisor, { seekerId: p.advisor.userId }, now)).toEqual({
      ok: false,
    });
  });

  it("lets an advisor open one only with someone who has had a booking with them", async () => {
    const p = await pair();
    expect(await openConversation(db, p.advisor, { seekerId: p.seekerId }, now)).toEqual({
      ok: false,
    });
    // A seeker cannot open one by seeker id.
    expect(await openConversation(db, p.seeker, { seekerId: p.seekerId }, now)).toEqual({
      ok: false,
    });
    await createBooking(db, {
      advisorId: p.advisorId,
      userId: p.seekerId,
      datetime: now,
      status: "cancelled",
    });
    const result = await openConversation(db, p.advisor, { seekerId: p.seekerId }, now);
    expect(result.ok).toBe(true);
    expect(result).toEqual(await openConversation(db, p.seeker, { advisorId: p.advisorId }, now));
  });
});

describe("sending", () => {
  it("keeps a message as plain text, marks it unread for the other party only", async () => {
    const p = await pair();
    const id = await opened(p);
    const body = `<script>alert(1)</script> see javascript:alert(1) and https://example.com/a?b=c`;
    const sent = await sendMessage(db, { senderUserId: p.seekerId, conversationId: id, body, now });
    expect(sent).toMatchObject({ ok: true, masked: false });
    expect(await unreadConversations(db, p.advisor)).toBe(1);
    expect(await unreadConversations(db, p.seeker)).toBe(0);
    const record = (await loadConversation(db, id, p.advisor))!;
    const page = await conversationMessages(db, p.advisor, record);
    expect(page.messages).toHaveLength(1);
    expect(page.messages[0]).toMatchObject({
      body,
      mine: false,
      senderName: "Asha Rao",
      kind: "text",
    });
    const [entry] = await inbox(db, p.advisor);
    expect(entry).toMatchObject({ id, otherName: "Asha Rao", unread: true, preview: body });
    await markRead(db, p.advisor, record, record.conversation.lastMessageId);
    expect(await unreadConversations(db, p.advisor)).toBe(0);
    expect((await inbox(db, p.advisor))[0]!.unread).toBe(false);
  });

  it("refuses anyone but the two parties, even an admin", async () => {
    const p = await pair();
    const id = await opened(p);
    const stranger = await createSeeker(db, { admin: "Y" });
    const result = await sendMessage(db, {
      senderUserId: stranger,
      conversationId: id,
      body: "hi",
      now,
    });
    expect(result).toEqual({ ok: false, reason: "notFound" });
    expect(await loadConversation(db, id, { userId: stranger })).toBeNull();
    expect(
      await conversationHeader(db, { userId: stranger, advisorId: null, timeZone: null }, id),
    ).toBeNull();
  });

  it("masks phone numbers and e-mail addresses before the pair's first paid session, not after", async () => {
    const p = await pair();
    const id = await opened(p);
    const body = "Call me on +91 98765 43210 or write to asha.rao@example.com on 2026-12-05";
    const before = await sendMessage(db, {
      senderUserId: p.seekerId,
      conversationId: id,
      body,
      now,
    });
    expect(before).toMatchObject({ ok: true, masked: true });
    const [stored] = await db.select().from(messages).where(eq(messages.conversationId, id));
    expect(stored!.body).toBe(
      `Call me on ${MASKED_CONTACT} or write to ${MASKED_CONTACT} on 2026-12-05`,
    );
    expect((await conversationHeader(db, p.seeker, id))!.masking).toBe(true);
    // A free session does not count; a paid confirmed one does.
    await createBooking(db, {
      advisorId: p.advisorId,
      userId: p.seekerId,
      datetime: now,
      paidPaise: 0,
    });
    expect(
      await sendMessage(db, { senderUserId: p.seekerId, conversationId: id, body, now }),
    ).toMatchObject({ masked: true });
    await createBooking(db, {
      advisorId: p.advisorId,
      userId: p.seekerId,
      datetime: new Date(now.getTime() + 86_400_000),
    });
    const after = await sendMessage(db, {
      senderUserId: p.advisor.userId,
      conversationId: id,
      body,
      now,
    });
    expect(after).toMatchObject({ ok: true, masked: false });
    const record = (await loadConversation(db, id, p.seeker))!;
    const last = (await conversationMessages(db, p.seeker, record)).messages.at(-1)!;
    expect(last).toMatchObject({ body, masked: false, mine: false, senderName: "Vikram Iyer" });
    expect((await conversationHeader(db, p.seeker, id))!.masking).toBe(false);
  });

  it("stops everyone in a blocked conversation until the blocker unblocks", async () => {
    const p = await pair();
    const id = await opened(p);
    expect(await setBlocked(db, p.advisor, id, true, now)).toBe(true);
    expect(
      await sendMessage(db, { senderUserId: p.seekerId, conversationId: id, body: "hi", now }),
    ).toEqual({ ok: false, reason: "blockedByOther" });
    expect(
      await sendMessage(db, {
        senderUserId: p.advisor.userId,
        conversationId: id,
        body: "hi",
        now,
      }),
    ).toEqual({ ok: false, reason: "blockedByMe" });
    // The other party's unblock does not lift the advisor's block.
    await setBlocked(db, p.seeker, id, false, now);
    expect(
      (await sendMessage(db, { senderUserId: p.seekerId, conversationId: id, body: "hi", now })).ok,
    ).toBe(false);
    await setBlocked(db, p.advisor, id, false, now);
    expect(
      (await sendMessage(db, { senderUserId: p.seekerId, conversationId: id, body: "hi", now })).ok,
    ).toBe(true);
    const stranger = { userId: await createSeeker(db), advisorId: null, timeZone: null };
    expect(await setBlocked(db, stranger, id, true, now)).toBe(false);
  });

  it("refuses a person an admin stopped from messaging, and a conversation with a deleted account", async () => {
    const p = await pair();
    const id = await opened(p);
    await db.update(users).set({ messagingBlockedAt: now }).where(eq(users.id, p.seekerId));
    expect(
      await sendMessage(db, { senderUserId: p.seekerId, conversationId: id, body: "hi", now }),
    ).toEqual({ ok: false, reason: "senderBlocked" });
    expect((await conversationHeader(db, p.seeker, id))!.senderBlocked).toBe(true);
    await db.update(users).set({ messagingBlockedAt: null }).where(eq(users.id, p.seekerId));
    expect(
      (await sendMessage(db, { senderUserId: p.seekerId, conversationId: id, body: "hello", now }))
        .ok,
    ).toBe(true);
    await db
      .update(users)
      .set({ deletedAt: now, firstName: "Deleted", lastName: "User" })
      .where(eq(users.id, p.seekerId));
    expect(
      await sendMessage(db, {
        senderUserId: p.advisor.userId,
        conversationId: id,
        body: "hi",
        now,
      }),
    ).toEqual({ ok: false, reason: "otherGone" });
    const record = (await loadConversation(db, id, p.advisor))!;
    const [m] = (await conversationMessages(db, p.advisor, record)).messages;
    expect(m!.senderName).toBe("A former member");
    expect((await inbox(db, p.advisor))[0]!.otherName).toBe("A former member");
  });

  it("limits how many messages a person sends a minute", async () => {
    const p = await pair();
    const id = await opened(p);
    for (let i = 0; i < MESSAGE_RATE_LIMIT.limit; i++)
      expect(
        (
          await sendMessage(db, {
            senderUserId: p.seekerId,
            conversationId: id,
            body: `m${i}`,
            now,
          })
        ).ok,
      ).toBe(true);
    const refused = await sendMessage(db, {
      senderUserId: p.seekerId,
      conversationId: id,
      body: "one more",
      now,
    });
    expect(refused).toMatchObject({ ok: false, reason: "rateLimited" });
    const later = new Date(now.getTime() + 61_000);
    expect(
      (
        await sendMessage(db, {
          senderUserId: p.seekerId,
          conversationId: id,
          body: "later",
          now: later,
        })
      ).ok,
    ).toBe(true);
  });

  it("records attachments with their message in one transaction", async () => {
    const p = await pair();
    const id = await opened(p);
    const file = {
      fileKey: attachmentKey(p.seekerId, randomUUID(), "pdf"),
      fileName: "résumé.pdf",
      contentType: "application/pdf",
      byteSize: 2_516_582,
    };
    const sent = await sendMessage(db, {
      senderUserId: p.seekerId,
      conversationId: id,
      body: "my CV",
      attachments: [file],
      now,
    });
    expect(sent.ok).toBe(true);
    const record = (await loadConversation(db, id, p.advisor))!;
    const [m] = (await conversationMessages(db, p.advisor, record)).messages;
    expect(m!.attachments).toEqual([
      {
        id: expect.any(String),
        fileName: "résumé.pdf",
        size: "2.4 MB",
        href: `/messages/attachments/${m!.attachments[0]!.id}`,
      },
    ]);
    // Someone else's file, or one the upload never answered, is refused before anything is
    // written.
    for (const foreign of [
      { ...file, fileKey: attachmentKey(p.advisor.userId, randomUUID(), "pdf") },
      { ...file, byteSize: 11 * 1024 * 1024 },
      { ...file, contentType: "text/html" },
    ]) {
      expect(
        await sendMessage(db, {
          senderUserId: p.seekerId,
          conversationId: id,
          body: "not mine",
          attachments: [foreign],
          now: new Date(now.getTime() + 60_000),
        }),
      ).toEqual({ ok: false, reason: "notOwnFile" });
    }
    // A file that cannot be recorded takes its message with it.
    const bad = { ...file, byteSize: Number.NaN };
    await expect(
      db.transaction((tx) =>
        appendMessage(
          tx,
          { conversationId: id, seekerUserId: p.seekerId, advisorUserId: p.advisor.userId },
          { kind: "text", senderId: p.seekerId, body: "broken", attachments: [bad] },
          new Date(now.getTime() + 120_000),
        ),
      ),
    ).rejects.toThrow();
    const bodies = (await db.select().from(messages).where(eq(messages.conversationId, id))).map(
      (r) => r.body,
    );
    expect(bodies).toEqual(["my CV"]);
    expect(
      await db
        .select()
        .from(messageAttachments)
        .where(eq(messageAttachments.messageId, sent.ok ? sent.messageId : 0)),
    ).toHaveLength(1);
  });
});

describe("history", () => {
  it("pages backwards by message id, newest page first, each message once", async () => {
    const p = await pair();
    const id = await opened(p);
    for (let i = 1; i <= 65; i++)
      await sendMessage(db, {
        senderUserId: i % 2 ? p.seekerId : p.advisor.userId,
        conversationId: id,
        body: `m${i}`,
        now,
        rateLimitScale: 10,
      });
    const record = (await loadConversation(db, id, p.seeker))!;
    const seen: string[] = [];
    let page = await conversationMessages(db, p.seeker, record);
    seen.unshift(...page.messages.map((m) => m.body));
    while (page.hasOlder) {
      page = await conversationMessages(db, p.seeker, record, { before: page.messages[0]!.id });
      seen.unshift(...page.messages.map((m) => m.body));
    }
    expect(seen).toEqual(Array.from({ length: 65 }, (_, i) => `m${i + 1}`));
  });
});

describe("session notices from the booking events", () => {
  it("writes booked, rescheduled and cancelled notices in the booking's transaction, in each reader's zone", async () => {
    const p = await pair();
    const events = createBookingEvents([sessionNotices]);
    const start = new Date("2026-12-05T04:30:00Z"); // 10:00 AM in India
    const booking = await createBooking(db, {
      advisorId: p.advisorId,
      userId: p.seekerId,
      datetime: start,
    });
    await db.transaction((tx) =>
      events.within(tx, now).publish({ type: "booking.confirmed", bookingId: booking.id }),
    );
    const moved = new Date("2026-12-06T09:00:00Z");
    await db
      .update(bookings)
      .set({ datetime: moved, endsAt: new Date(moved.getTime() + 30 * 60_000) })
      .where(eq(bookings.id, booking.id));
    await db.transaction((tx) =>
      events.within(tx, now).publish({
        type: "booking.rescheduled",
        bookingId: booking.id,
        from: start,
        actor: { userId: p.seekerId, role: "seeker" },
      }),
    );
    await db.transaction((tx) =>
      events.within(tx, now).publish({
        type: "booking.cancelled",
        bookingId: booking.id,
        actor: { userId: p.seekerId, role: "seeker" },
        reason: "x",
        refundPaise: 0,
      }),
    );
    // A rolled-back booking leaves no notice.
    await expect(
      db.transaction(async (tx) => {
        await events.within(tx, now).publish({ type: "booking.confirmed", bookingId: booking.id });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    const [c] = await db.select().from(conversations).where(eq(conversations.seekerId, p.seekerId));
    const record = (await loadConversation(db, c!.id, p.seeker))!;
    const india = (await conversationMessages(db, p.seeker, record)).messages.map((m) => m.notice);
    expect(india).toEqual([
      "Session booked for Sat, 5 Dec, 10:00 AM",
      "Session rescheduled to Sun, 6 Dec, 2:30 PM",
      "Session on Sun, 6 Dec, 2:30 PM cancelled",
    ]);
    const london = { ...p.advisor, timeZone: "Europe/London" };
    const advisorView = (
      await conversationMessages(db, london, (await loadConversation(db, c!.id, london))!)
    ).messages;
    expect(advisorView[0]!.notice).toBe("Session booked for Sat, 5 Dec, 4:30 AM");
    expect(await unreadConversations(db, p.seeker)).toBe(1);
    expect(await unreadConversations(db, p.advisor)).toBe(1);
  });
});

describe("the event stream", () => {
  async function read(stream: ReadableStream<Uint8Array>, until: (text: string) => boolean) {
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!until(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    return { text, reader };
  }
  const ids = (text: string) => [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));

  it("sends a new message to the other party's open conversation, heard through NOTIFY", async () => {
    const p = await pair();
    const id = await opened(p);
    const first = await sendMessage(db, {
      senderUserId: p.seekerId,
      conversationId: id,
      body: "before",
      now,
    });
    const feed = new MessageFeed(database);
    const abort = new AbortController();
    const record = (await loadConversation(db, id, p.advisor))!;
    const stream = messageEventStream({
      db,
      feed,
      reader: p.advisor,
      record,
      after: first.ok ? first.messageId : 0,
      signal: abort.signal,
    });
    const connected = await read(stream, (t) => t.includes(": connected"));
    const sent = await sendMessage(db, {
      senderUserId: p.seekerId,
      conversationId: id,
      body: "live <b>one</b>",
      now,
    });
    let text = connected.text;
    const decoder = new TextDecoder();
    while (!text.includes("live")) text += decoder.decode((await connected.reader.read()).value);
    expect(ids(text)).toEqual([sent.ok ? sent.messageId : -1]);
    expect(text).toContain('"body":"live <b>one</b>"');
    abort.abort();
    expect(feed.streams).toBe(0);
    await feed.stop();
  });

  it("catches up after a dropped stream from its last event id, each message once", async () => {
    const p = await pair();
    const id = await opened(p);
    const sent: number[] = [];
    for (const body of ["a", "b", "c"]) {
      const r = await sendMessage(db, { senderUserId: p.seekerId, conversationId: id, body, now });
      if (r.ok) sent.push(r.messageId);
    }
    const feed = new MessageFeed(database);
    const record = (await loadConversation(db, id, p.advisor))!;
    // The browser had the first message when its connection dropped.
    const stream = messageEventStream({
      db,
      feed,
      reader: p.advisor,
      record,
      after: sent[0]!,
      signal: new AbortController().signal,
      once: true,
    });
    const { text } = await read(stream, () => false);
    expect(ids(text)).toEqual(sent.slice(1));
    // The inbox's stream names the conversation of each new message.
    const inboxStream = messageEventStream({
      db,
      feed,
      reader: p.advisor,
      record: null,
      after: sent[1]!,
      signal: new AbortController().signal,
      once: true,
    });
    const inboxText = (await read(inboxStream, () => false)).text;
    expect(ids(inboxText)).toEqual([sent[2]]);
    expect(inboxText).toContain(`"conversationId":"${id}"`);
    await feed.stop();
  });

  it("catches up more than a page of messages in order, each once", async () => {
    const p = await pair();
    const id = await opened(p);
    const parties = {
      conversationId: id,
      seekerUserId: p.seekerId,
      advisorUserId: p.advisor.userId,
    };
    const sent: number[] = [];
    for (let i = 0; i < 120; i++)
      sent.push(
        (
          await db.transaction((tx) =>
            appendMessage(tx, parties, { kind: "text", senderId: p.seekerId, body: `m${i}` }, now),
          )
        ).id,
      );
    const feed = new MessageFeed(database);
    const record = (await loadConversation(db, id, p.advisor))!;
    for (const which of [record, null]) {
      const stream = messageEventStream({
        db,
        feed,
        reader: p.advisor,
        record: which,
        after: sent[4]!,
        signal: new AbortController().signal,
        once: true,
      });
      expect(ids((await read(stream, () => false)).text)).toEqual(sent.slice(5));
    }
    await feed.stop();
  });

  // Ids follow commit order within a conversation only: two conversations' messages can commit
  // in the other order. PGlite runs one transaction at a time, so only PostgreSQL shows it.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "tells the inbox of a message that commits after a later id in another conversation",
    async () => {
      const p = await pair();
      const first = await opened(p);
      const otherSeeker = await createSeeker(db, { firstName: "Meera" });
      const other = { userId: otherSeeker, advisorId: null, timeZone: "Asia/Kolkata" };
      const second = await openConversation(db, other, { advisorId: p.advisorId }, now);
      if (!second.ok) throw new Error("not opened");
      const feed = new MessageFeed(database);
      const stream = messageEventStream({
        db,
        feed,
        reader: p.advisor,
        record: null,
        after: 0,
        signal: new AbortController().signal,
      });
      const { reader } = await read(stream, (t) => t.includes(": connected"));
      while (feed.streams === 0 || !feed.listening) await new Promise((r) => setTimeout(r, 10));
      const decoder = new TextDecoder();
      let text = "";
      const readUntil = async (id: number) => {
        const deadline = Date.now() + 2000;
        while (!ids(text).includes(id) && Date.now() < deadline) {
          const chunk = await Promise.race([
            reader.read(),
            new Promise<null>((r) => setTimeout(() => r(null), 100)),
          ]);
          if (chunk?.value) text += decoder.decode(chunk.value);
        }
      };
      const append = (conversationId: string, senderId: string, body: string) =>
        appendMessage(
          tx0!,
          { conversationId, seekerUserId: senderId, advisorUserId: p.advisor.userId },
          { kind: "text", senderId, body },
          now,
        );
      // The slow message takes its id first and commits last.
      let tx0: Parameters<Parameters<Db["transaction"]>[0]>[0] | null = null;
      let commit = () => {};
      let slowId = 0;
      const slow = db.transaction(async (tx) => {
        tx0 = tx;
        slowId = (await append(first, p.seekerId, "slow")).id;
        await new Promise<void>((r) => (commit = r));
      });
      while (!slowId) await new Promise((r) => setTimeout(r, 10));
      const fast = await db.transaction(async (tx) => {
        tx0 = tx;
        return append(second.conversationId, otherSeeker, "fast");
      });
      expect(fast.id).toBeGreaterThan(slowId);
      await readUntil(fast.id);
      commit();
      await slow;
      await readUntil(slowId);
      expect(ids(text)).toEqual([fast.id, slowId]);
      await feed.stop();
    },
  );
});

describe("the data export", () => {
  it("holds the person's conversations with every message, the other party by first name", async () => {
    const p = await pair();
    const id = await opened(p);
    await sendMessage(db, {
      senderUserId: p.seekerId,
      conversationId: id,
      body: "Hello Vikram",
      now,
    });
    await sendMessage(db, {
      senderUserId: p.advisor.userId,
      conversationId: id,
      body: "Hi Asha",
      attachments: [
        {
          fileKey: attachmentKey(p.advisor.userId, randomUUID(), "pdf"),
          fileName: "notes.pdf",
          contentType: "application/pdf",
          byteSize: 10,
        },
      ],
      now,
    });
    const seekerData = await collectPersonalData(db, p.seekerId);
    expect(seekerData!.files.messages).toEqual([
      {
        with: "Vikram",
        youAre: "seeker",
        startedAt: now.toISOString(),
        messages: [
          { from: "you", text: "Hello Vikram", files: [], at: now.toISOString() },
          {
            from: "Vikram",
            text: "Hi Asha",
            files: [{ fileName: "notes.pdf", contentType: "application/pdf", byteSize: 10 }],
            at: now.toISOString(),
          },
        ],
      },
    ]);
    const advisorData = await collectPersonalData(db, p.advisor.userId);
    expect((advisorData!.files.messages as { with: string; youAre: string }[])[0]).toMatchObject({
      with: "Asha",
      youAre: "advisor",
    });
    const stranger = await createSeeker(db);
    expect((await collectPersonalData(db, stranger))!.files.messages).toEqual([]);
  });
});
