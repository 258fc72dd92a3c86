import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings } from "./schema";
import { createTestDatabase, sqlState } from "./database.test-support";
import { createAdvisor, createSeeker } from "./factories.test-support";

/*
 * ADR 2: a database exclusion constraint makes two live bookings of one advisor that
 * overlap in time impossible, whatever the application does.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let seekerId: string;
let advisorId: string;
let otherAdvisorId: string;
let otherSeekerId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  seekerId = await createSeeker(database.db);
  otherSeekerId = await createSeeker(database.db);
  advisorId = await createAdvisor(database.db);
  otherAdvisorId = await createAdvisor(database.db);
});
afterAll(() => database.destroy());

type Status = (typeof bookings.$inferInsert)["status"];
function book(
  start: string,
  minutes: 15 | 30,
  status: Status = "confirmed",
  advisor = advisorId,
  seeker = seekerId,
) {
  const datetime = new Date(start);
  return database.db
    .insert(bookings)
    .values({
      userId: seeker,
      advisorId: advisor,
      datetime,
      duration: minutes,
      endsAt: new Date(datetime.getTime() + minutes * 60_000),
      status,
      holdExpiresAt: status === "pending_payment" ? new Date(datetime.getTime() - 3600_000) : null,
      cancellationReason: status === "cancelled" ? "Plans changed" : null,
      sessionType: "First Call",
      advisorTimezone: "Asia/Kolkata",
      seekerTimezone: "Asia/Kolkata",
    })
    .returning({ id: bookings.id });
}
const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => sqlState(e),
  );

describe("the booking exclusion constraint", () => {
  it("rejects a booking that overlaps a confirmed one (SQLSTATE 23P01)", async () => {
    await book("2031-03-03T10:00:00Z", 30);
    expect(await failure(book("2031-03-03T10:15:00Z", 30))).toBe("23P01");
    expect(await failure(book("2031-03-03T09:45:00Z", 30))).toBe("23P01");
    expect(await failure(book("2031-03-03T10:00:00Z", 15))).toBe("23P01");
  });

  it("rejects an overlap with a held (pending payment) booking", async () => {
    await book("2031-03-04T10:00:00Z", 30, "pending_payment");
    expect(await failure(book("2031-03-04T10:15:00Z", 15))).toBe("23P01");
  });

  it("lets back-to-back sessions touch", async () => {
    await book("2031-03-05T10:00:00Z", 30);
    await expect(book("2031-03-05T10:30:00Z", 30)).resolves.toHaveLength(1);
    await expect(book("2031-03-05T09:45:00Z", 15)).resolves.toHaveLength(1);
  });

  it("ignores cancelled and expired bookings", async () => {
    await book("2031-03-06T10:00:00Z", 30, "cancelled");
    await book("2031-03-06T10:00:00Z", 30, "expired");
    await expect(book("2031-03-06T10:00:00Z", 30)).resolves.toHaveLength(1);
  });

  it("only compares bookings of the same advisor", async () => {
    await book("2031-03-07T10:00:00Z", 30);
    await expect(
      book("2031-03-07T10:00:00Z", 30, "confirmed", otherAdvisorId, otherSeekerId),
    ).resolves.toHaveLength(1);
  });

  it("refuses a seeker two overlapping live bookings, with any advisors", async () => {
    await book("2031-03-09T10:00:00Z", 30, "pending_payment");
    expect(await failure(book("2031-03-09T10:15:00Z", 15, "confirmed", otherAdvisorId))).toBe(
      "23P01",
    );
    await expect(
      book("2031-03-09T10:30:00Z", 30, "confirmed", otherAdvisorId),
    ).resolves.toHaveLength(1);
  });

  it("refuses an end that does not match start plus duration", async () => {
    const datetime = new Date("2031-03-08T10:00:00Z");
    const error = await failure(
      database.db.insert(bookings).values({
        userId: seekerId,
        advisorId,
        datetime,
        duration: 30,
        endsAt: new Date(datetime.getTime() + 15 * 60_000),
        status: "confirmed",
        sessionType: "First Call",
        advisorTimezone: "UTC",
        seekerTimezone: "UTC",
      }),
    );
    expect(error).toBe("23514");
  });
});
