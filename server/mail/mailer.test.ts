import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import nodemailer from "nodemailer";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildConfig } from "../config.server";
import { emailOutbox } from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import { createTransport, deliverOutbox, queueEmail } from "./mailer.server";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const config = buildConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "mail-test-")) });
const logger = pino({ level: "silent" });
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());
// Each test starts from an empty outbox and queues the mails it is about.
beforeEach(async () => {
  await database.db.delete(emailOutbox);
});

const mail = {
  name: "auth.verify-email" as const,
  to: "seeker@example.com",
  subject: "Confirm your e-mail",
  heading: "Welcome <aboard>",
  paragraphs: ["Tap the button to confirm."],
  action: { label: "Confirm e-mail", url: "http://localhost:3000/confirm?token=abc&x=1" },
};

describe("the mailer", () => {
  it("queues a branded HTML and text mail, escaping what it shows", async () => {
    const id = (await queueEmail(database.db, mail))!;
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ toAddress: mail.to, subject: mail.subject, status: "queued" });
    expect(row!.html).toContain("Welcome &lt;aboard&gt;");
    expect(row!.html).toContain('href="http://localhost:3000/confirm?token=abc&amp;x=1"');
    expect(row!.text).toContain("Confirm e-mail: http://localhost:3000/confirm?token=abc&x=1");
  });

  it("leaves no mail behind when the caller's transaction fails", async () => {
    await database.db
      .transaction(async (tx) => {
        await queueEmail(tx, { ...mail, to: "rollback@example.com" });
        throw new Error("half-way failure");
      })
      .catch(() => {});
    const rows = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "rollback@example.com"));
    expect(rows).toEqual([]);
  });

  it("delivers queued mails through the transport and marks them sent", async () => {
    const first = (await queueEmail(database.db, mail))!;
    const second = (await queueEmail(database.db, { ...mail, to: "advisor@example.com" }))!;
    const sent: unknown[] = [];
    const transport = { sendMail: async (m: unknown) => void sent.push(m) };
    const count = await deliverOutbox(database.db, {
      config,
      logger,
      transport: transport as never,
    });
    expect(count).toBe(2);
    expect(sent).toHaveLength(2);
    expect(sent).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ to: mail.to, subject: mail.subject }),
        expect.objectContaining({ to: "advisor@example.com", subject: mail.subject }),
      ]),
    );
    const rows = await database.db.select().from(emailOutbox);
    expect(rows.map((r) => [r.id, r.status, r.sentAt !== null]).sort()).toEqual(
      [
        [first, "sent", true],
        [second, "sent", true],
      ].sort(),
    );
  });

  it("records a failed delivery and retries it later", async () => {
    await queueEmail(database.db, { ...mail, to: "bounce@example.com" });
    const failing = { sendMail: async () => Promise.reject(new Error("SMTP down")) };
    expect(await deliverOutbox(database.db, { config, logger, transport: failing as never })).toBe(
      0,
    );
    const [row] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "bounce@example.com"));
    expect(row).toMatchObject({ status: "queued", attempts: 1, lastError: "Error: SMTP down" });
  });

  it("sends through nodemailer's local transport when no SMTP is configured", async () => {
    const id = (await queueEmail(database.db, mail))!;
    expect(
      await deliverOutbox(database.db, { config, logger, transport: createTransport(config) }),
    ).toBe(1);
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: "sent" });
  });

  it("writes a subject quoting typed text on one line: no header can follow it", async () => {
    const subject =
      "Contact form: Other from Aditya\r\nBcc: victim@example.com\rX-INJ:1\u2028\u0085x";
    const id = (await queueEmail(database.db, { ...mail, subject }))!;
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row!.subject).toBe("Contact form: Other from Aditya Bcc: victim@example.com X-INJ:1 x");

    // The message as SMTP would carry it: its header names are exactly the expected ones.
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const sent: string[] = [];
    const recording = {
      sendMail: async (message: object) => {
        const info = await transport.sendMail(message);
        sent.push(String(info.message));
      },
    };
    expect(
      await deliverOutbox(database.db, { config, logger, transport: recording as never }),
    ).toBe(1);
    const head = sent[0]!.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
    const names = head.split(/\r?\n/).map((line) => line.slice(0, line.indexOf(":")));
    expect(names.sort()).toEqual(
      ["Content-Type", "From", "To", "Subject", "Message-ID", "Date", "MIME-Version"].sort(),
    );
    expect(head).toContain(`To: ${mail.to}`);
  });

  it("sends nothing to a recipient that is not one plain address, and does not retry", async () => {
    const bad = [
      "a@example.com, b@example.com",
      "a@example.com\r\nBcc: b@example.com",
      "Mallory <a@example.com>",
      "a@example.com\u0007",
    ];
    for (const to of bad) await queueEmail(database.db, { ...mail, to });
    const sent: unknown[] = [];
    const transport = { sendMail: async (m: unknown) => void sent.push(m) };
    expect(
      await deliverOutbox(database.db, { config, logger, transport: transport as never }),
    ).toBe(0);
    expect(sent).toEqual([]);
    const rows = await database.db.select().from(emailOutbox);
    expect(rows.map((r) => [r.status, r.attempts, r.lastError])).toEqual(
      bad.map(() => ["failed", 1, "not sent: the recipient is not one plain e-mail address"]),
    );
  });

  it("stops at shutdown after the mail being sent and leaves the rest to the next run", async () => {
    for (const to of ["one@example.com", "two@example.com", "three@example.com"])
      await queueEmail(database.db, { ...mail, to });
    const shutdown = new AbortController();
    const sent: string[] = [];
    const stopping = {
      sendMail: async (m: { to: string }) => {
        sent.push(m.to);
        shutdown.abort(); // the signal arrives while the first mail is on its way
      },
    };
    expect(
      await deliverOutbox(database.db, {
        config,
        logger,
        transport: stopping as never,
        signal: shutdown.signal,
      }),
    ).toBe(1);
    expect(sent).toEqual(["one@example.com"]);

    // Another run (here or on another instance) sends the rest now, not after the lease.
    const transport = { sendMail: async (m: { to: string }) => void sent.push(m.to) };
    expect(
      await deliverOutbox(database.db, { config, logger, transport: transport as never }),
    ).toBe(2);
    expect(sent.sort()).toEqual(["one@example.com", "three@example.com", "two@example.com"]);
  });

  it("sends a mail once when a slow batch outlasts its lease and another run takes the rest", async () => {
    const ids: string[] = [];
    for (const to of ["one@example.com", "two@example.com", "three@example.com"])
      ids.push((await queueEmail(database.db, { ...mail, to }))!);
    let clock = Date.now();
    const now = () => new Date(clock);
    const sent: string[] = [];
    const quick = { sendMail: async (m: { to: string }) => void sent.push(m.to) };
    const slow = {
      sendMail: async (m: { to: string }) => {
        sent.push(m.to);
        if (sent.length > 1) return;
        // The first mail takes over half the lease, and the other two's leases ran out (as
        // they would on a host whose clock runs ahead): another run takes them.
        clock += 60_000;
        await database.db
          .update(emailOutbox)
          .set({ lockedUntil: new Date(clock - 1) })
          .where(inArray(emailOutbox.id, ids.slice(1)));
        const other = { config, logger, transport: quick as never, now };
        expect(await deliverOutbox(database.db, other)).toBe(2);
      },
    };
    const run = { config, logger, transport: slow as never, now };
    expect(await deliverOutbox(database.db, run)).toBe(1);
    expect(sent.sort()).toEqual(["one@example.com", "three@example.com", "two@example.com"]);
  });

  it("writes no lease renewal per mail while a batch is well within its lease", async () => {
    for (let i = 0; i < 5; i++) await queueEmail(database.db, { ...mail, to: `p${i}@example.com` });
    const updates: string[] = [];
    const counting = new Proxy(database.db, {
      get: (target, key, receiver) =>
        key === "update"
          ? (table: unknown) => (updates.push("update"), target.update(table as never))
          : Reflect.get(target, key, receiver),
    });
    const transport = { sendMail: async () => {} };
    expect(await deliverOutbox(counting, { config, logger, transport: transport as never })).toBe(
      5,
    );
    expect(updates).toHaveLength(5); // one "sent" per mail; the claim is its own transaction
  });
});
