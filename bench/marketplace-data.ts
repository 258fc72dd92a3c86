import { sql } from "drizzle-orm";
import type { Db } from "../server/db/client.server";
import { REMINDER_HOURS } from "../core/sessions";
import {
  advisorSchedules,
  advisors,
  bookingReminders,
  bookings,
  scheduleSlots,
  users,
} from "../server/db/schema";

/**
 * Marketplace-sized data for the benchmarks: approved advisors with varied titles, places and
 * topics (two places each: about two in seven work in Dubai), optionally each with a weekly schedule (Mon-Sat
 * 09:00-13:00 and 14:00-20:00, Kolkata) and confirmed bookings over the next four weeks, each
 * for a seeker of its own, their reminders already sent (so no backlog of reminder mails runs
 * beside what is measured). Bulk inserts in batches; a few seconds for 10,000 advisors.
 */
export const FIRST = [
  "Aarav",
  "Diya",
  "Kabir",
  "Meera",
  "Rohan",
  "Isha",
  "Vivaan",
  "Ananya",
  "Arjun",
];
export const LAST = ["Sharma", "Iyer", "Reddy", "Gupta", "Nair", "Bose", "Menon", "Kapoor", "Das"];
export const TITLES = [
  "Product Manager",
  "Data Scientist",
  "Software Engineer",
  "Consultant",
  "Designer",
];
export const COMPANIES = ["Google", "Infosys", "Flipkart", "Deloitte", "Amazon", "Zomato", "TCS"];
export const PLACES = ["Dubai", "Bengaluru", "London", "Toronto", "Singapore", "Berlin", "Pune"];
export const TOPICS = [
  "Salary Negotiation",
  "Relocation",
  "Study Abroad",
  "Career Switch",
  "Interviews",
];
// 11 shares no factor with any list's length, so every entry of each list is used.
const pick = <T>(list: readonly T[], i: number, salt = 0) => list[(i * 11 + salt) % list.length]!;

const BATCH = 500;
const DAY = [
  { startTime: "09:00", endTime: "13:00" },
  { startTime: "14:00", endTime: "20:00" },
];
/** Hours after UTC midnight of each advisor's bookings: 09:30 and 10:30 in Kolkata. */
const BOOKING_HOURS_UTC = [4, 5];
const DAY_MS = 86_400_000;

export type MarketplaceOptions = {
  /** Weekly schedules and two confirmed bookings per advisor. */
  schedules?: boolean;
  /** Distinguishes e-mail addresses when several sets go into one database. */
  tag?: string;
  now?: Date;
};

/** Inserts `count` approved advisors; returns their ids in insertion order. */
export async function insertAdvisors(
  db: Db,
  count: number,
  { schedules = false, tag = "bench", now = new Date() }: MarketplaceOptions = {},
): Promise<string[]> {
  const ids: string[] = [];
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (let from = 0; from < count; from += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - from) }, (_, k) => from + k);
    await db.transaction(async (tx) => {
      const made = await tx
        .insert(users)
        .values(
          batch.map((i) => ({
            firstName: pick(FIRST, i),
            lastName: pick(LAST, i, 3),
            email: `advisor${i}@${tag}.example`,
          })),
        )
        .returning({ id: users.id });
      const advisorRows = await tx
        .insert(advisors)
        .values(
          made.map(({ id }, k) => {
            const i = batch[k]!;
            return {
              userId: id,
              profileStatus: "approved" as const,
              termsAccepted: true,
              jobTitle: pick(TITLES, i, 1),
              currentCompany: pick(COMPANIES, i, 2),
              workLocations: [pick(PLACES, i), pick(PLACES, i, 4)],
              careerAdviceTopics: [pick(TOPICS, i), pick(TOPICS, i, 2)],
              skills: ["Mentoring", pick(TITLES, i, 3)],
              shortIntro: `${pick(TITLES, i, 1)} who moved to ${pick(PLACES, i)}.`,
              about: `I help people with ${pick(TOPICS, i, 1).toLowerCase()} and moving abroad.`,
              hourlyRateInr: (i % 20) * 500,
            };
          }),
        )
        .returning({ id: advisors.id });
      ids.push(...advisorRows.map((a) => a.id));
      if (!schedules) return;

      const scheduleRows = await tx
        .insert(advisorSchedules)
        .values(advisorRows.map((a) => ({ advisorId: a.id, timezone: "Asia/Kolkata" })))
        .returning({ id: advisorSchedules.id });
      await tx
        .insert(scheduleSlots)
        .values(
          scheduleRows.flatMap(({ id }) =>
            [1, 2, 3, 4, 5, 6].flatMap((dayOfWeek) =>
              DAY.map((w) => ({ scheduleId: id, dayOfWeek, ...w })),
            ),
          ),
        );
      const seekers = await tx
        .insert(users)
        .values(
          batch.flatMap((i) =>
            BOOKING_HOURS_UTC.map((_, b) => ({
              firstName: pick(FIRST, i, 5),
              lastName: pick(LAST, i, 6),
              email: `seeker${i}-${b}@${tag}.example`,
            })),
          ),
        )
        .returning({ id: users.id });
      const booked = await tx
        .insert(bookings)
        .values(
          advisorRows.flatMap((a, k) =>
            BOOKING_HOURS_UTC.map((hour, b) => {
              const i = batch[k]!;
              const datetime = new Date(
                today + (1 + ((i + b * 11) % 28)) * DAY_MS + hour * 3_600_000,
              );
              return {
                userId: seekers[k * BOOKING_HOURS_UTC.length + b]!.id,
                advisorId: a.id,
                datetime,
                duration: 30,
                endsAt: new Date(datetime.getTime() + 30 * 60_000),
                status: "confirmed" as const,
                sessionType: "First Call" as const,
                topics: [pick(TOPICS, i)],
                advisorTimezone: "Asia/Kolkata",
                seekerTimezone: "Asia/Kolkata",
              };
            }),
          ),
        )
        .returning({ id: bookings.id, datetime: bookings.datetime });
      await tx.insert(bookingReminders).values(
        booked.flatMap((b) =>
          REMINDER_HOURS.map((hours) => ({
            bookingId: b.id,
            hoursBefore: hours,
            sessionStart: b.datetime,
          })),
        ),
      );
    });
  }
  await db.execute(sql`analyze`);
  return ids;
}
