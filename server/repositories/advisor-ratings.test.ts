import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/client.server";
import { bookings, reviews } from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import { createAdvisor, createSeeker } from "../db/factories.test-support";
import { ratingsFor } from "./advisor-ratings.server";

/*
 * An advisor's rating (ratings.server.ts), read per advisor through the indexes of migration
 * 0015: the mean of each review's two scores to one decimal, the share who recommend, and the
 * newest review with words, signed with its writer's first name.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let hour = 0;

async function review(
  db: Db,
  advisorId: string,
  scores: [number, number],
  recommend: boolean,
  words: string | null,
  firstName = "Kavya",
) {
  const userId = await createSeeker(db, { firstName });
  hour += 1;
  const datetime = new Date(Date.UTC(2026, 0, 5, hour));
  const [booking] = await db
    .insert(bookings)
    .values({
      userId,
      advisorId,
      datetime,
      duration: 30,
      endsAt: new Date(datetime.getTime() + 30 * 60_000),
      status: "completed",
      sessionType: "First Call",
      advisorTimezone: "Asia/Kolkata",
      seekerTimezone: "UTC",
    })
    .returning({ id: bookings.id });
  await db.insert(reviews).values({
    bookingId: booking!.id,
    advisorId,
    userId,
    ratingHelpfulness: scores[0],
    ratingActionability: scores[1],
    recommendAdvisor: recommend,
    writtenFeedback: words,
    createdAt: new Date(Date.UTC(2026, 1, 1, hour)),
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe("ratingsFor", () => {
  it("averages both scores to one decimal, counts recommendations, and signs the newest words", async () => {
    const db = database.db;
    const [rated, unrated] = [await createAdvisor(db), await createAdvisor(db)];
    await review(db, rated, [5, 4], true, "Clear next steps.", "Asha");
    await review(db, rated, [3, 3], false, "Kind and direct.", "Ravi");
    await review(db, rated, [5, 5], true, null); // newest, but without words
    const ratings = await ratingsFor(db, [rated, unrated, rated]);
    expect([...ratings.keys()]).toEqual([rated]); // no reviews, no rating
    expect(ratings.get(rated)).toEqual({
      average: 4.2, // (4.5 + 3 + 5) / 3 = 4.1666…
      count: 3,
      recommendPercent: 67,
      latest: { feedback: "Kind and direct.", firstName: "Ravi", createdAt: expect.any(Date) },
    });
    expect(await ratingsFor(db, [])).toEqual(new Map());
  });

  it("has no latest words when no review has any", async () => {
    const db = database.db;
    const advisorId = await createAdvisor(db);
    await review(db, advisorId, [2, 3], false, null);
    expect((await ratingsFor(db, [advisorId])).get(advisorId)).toEqual({
      average: 2.5,
      count: 1,
      recommendPercent: 0,
      latest: null,
    });
  });
});
