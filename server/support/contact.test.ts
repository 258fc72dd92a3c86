import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox, rateLimits } from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import { sendContactMessage } from "./contact.server";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());
beforeEach(async () => {
  await database.db.delete(emailOutbox);
  await database.db.delete(rateLimits);
});

const config = {
  supportEmail: "support@beenthere.test",
  appUrl: "http://localhost:3000",
  rateLimitScale: 1,
};
const message = {
  name: "Priya Nair",
  email: "priya@example.com",
  topic: "Refund",
  message: "My advisor cancelled yesterday's session.\nWhen will the refund reach my card?",
};
const outbox = () => database.db.select().from(emailOutbox).orderBy(asc(emailOutbox.toAddress));

describe("sendContactMessage", () => {
  it("queues one mail to support and one acknowledgement to the sender", async () => {
    const result = await sendContactMessage(database.db, config, message, "203.0.113.10");
    expect(result).toEqual({ status: "sent", name: "Priya Nair", email: "priya@example.com" });

    const mails = await outbox();
    expect(mails.map((m) => [m.toAddress, m.subject])).toEqual([
      ["priya@example.com", "We've got your message | BeenThere Support"],
      ["support@beenthere.test", "Contact form: Refund from Priya Nair"],
    ]);
    const [ack, support] = mails;
    expect(support!.text).toContain("My advisor cancelled yesterday's session.");
    expect(support!.text).toContain("When will the refund reach my card?");
    expect(support!.text).toContain("From: Priya Nair <priya@example.com>");
    expect(support!.text).toContain("Reply to: priya@example.com");
    expect(support!.html).toContain("Priya Nair &lt;priya@example.com&gt;");

    expect(ack!.text).toContain("Thanks, we've got your message");
    expect(ack!.text).toContain("within 2-4 hours");
    expect(ack!.text).toContain(
      "Read our refund policy: http://localhost:3000/cancellation-refunds",
    );
    // Anyone can type any address: the acknowledgement never repeats the message text.
    expect(ack!.text).not.toContain("My advisor cancelled");
  });

  it("queues nothing and counts nothing for invalid input", async () => {
    const result = await sendContactMessage(
      database.db,
      config,
      { name: " ", email: "not-an-email", topic: "Refund", message: "short" },
      "203.0.113.11",
    );
    expect(result).toEqual({
      status: "invalid",
      fieldErrors: {
        name: "Please enter your name.",
        email: "Please enter a valid email address.",
        message: "Please write at least 10 characters.",
      },
    });
    expect(await outbox()).toEqual([]);
    expect(await database.db.select().from(rateLimits)).toEqual([]);
  });

  it("refuses the 6th message from one address within the hour and queues nothing for it", async () => {
    const ip = "198.51.100.7";
    for (let i = 1; i <= 5; i++) {
      const result = await sendContactMessage(database.db, config, message, ip);
      expect(result.status).toBe("sent");
    }
    expect(await outbox()).toHaveLength(10);

    const sixth = await sendContactMessage(database.db, config, message, ip);
    expect(sixth).toEqual({
      status: "rate-limited",
      message: "Too many messages. Please try again in 60 minutes.",
      retryAfterSeconds: expect.any(Number),
    });
    expect(await outbox()).toHaveLength(10);

    const other = await sendContactMessage(database.db, config, message, "198.51.100.8");
    expect(other.status).toBe("sent");
    expect(await outbox()).toHaveLength(12);
  });

  it("thanks a bot that fills in the hidden field, and sends nothing", async () => {
    const result = await sendContactMessage(
      database.db,
      config,
      { ...message, website: "https://spam.example" },
      "203.0.113.12",
    );
    expect(result.status).toBe("sent");
    expect(await outbox()).toEqual([]);
    const counters = await database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, "contact:203.0.113.12"));
    expect(counters).toEqual([]);
  });
});
