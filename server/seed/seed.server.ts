import { randomBytes, randomUUID } from "node:crypto";
import { hashPassword, symmetricEncrypt } from "better-auth/crypto";
import { count, eq, inArray } from "drizzle-orm";
import { DateTime } from "luxon";
import { sessionPrice } from "../../core/pricing";
import { TEAM_ADVISOR_ID, type Config } from "../config.server";
import { insertVerifiedLogin } from "../auth/verified-login.server";
import { recordConsent, recordSignUpConsent } from "../consents/consents.server";
import type { Services } from "../compose.server";
import type { BankCipher } from "../security/bank-cipher.server";
import type { FileStorage } from "../storage/storage.server";
import type { Db, Tx } from "../db/client.server";
import * as s from "../db/schema";
import { renderHeadshot } from "./headshot.server";
import { seedLedger } from "./ledger.server";
import { seedServiceBookings } from "./service-bookings.server";
import { ADVISORS, SEEKERS, TEAM_ADVISOR, type SeedAdvisor, type Weekday } from "./profiles";

/*
 * Demo data for a fresh database, so every screen shows something on a first `npm start`.
 * It runs only when the users table is empty, inside one transaction: a second start keeps
 * whatever is there, and a failure half-way leaves nothing behind.
 */

export const DEMO_PASSWORD = "Demo@12345";
export const DEMO_ADMIN = {
  firstName: "Ananya",
  lastName: "Rao",
  email: "admin@example.com",
} as const;

/**
 * The demo admin's authenticator key (admins must have a second factor, ADR 92): add it to an
 * authenticator app, or compute its codes (RFC 6238, SHA-1, 6 digits, 30 s) as the tests do.
 */
export const DEMO_ADMIN_TOTP_SECRET = "DEMOADMIN2FABEENTHERE234567ABCDE";

type Login = { role: string; email: string; totpSecret?: string };
type SeedResult = { seeded: boolean; logins: Login[] };

/** Seeds an empty database (headshots into `storage`); reports the demo log-ins that exist either way. */
export async function seedIfEmpty(
  db: Db,
  { config, storage, bankCipher }: Pick<Services, "config" | "storage" | "bankCipher">,
  now: Date,
): Promise<SeedResult> {
  const [row] = await db.select({ n: count() }).from(s.users);
  const seeded = (row?.n ?? 0) === 0;
  if (seeded) await seedDemoData(db, config, storage, bankCipher, now);
  return { seeded, logins: await existingDemoLogins(db) };
}

function demoLoginList(): Login[] {
  const approved = ADVISORS.filter((a) => a.status === "approved");
  const pending = ADVISORS.find((a) => a.status === "pending");
  return [
    { role: "Admin", email: DEMO_ADMIN.email, totpSecret: DEMO_ADMIN_TOTP_SECRET },
    ...SEEKERS.slice(0, 2).map((p) => ({ role: "Advice seeker", email: p.email })),
    ...approved.slice(0, 1).map((a) => ({ role: "Advisor (approved)", email: a.email })),
    ...(pending ? [{ role: "Advisor (pending review)", email: pending.email }] : []),
  ];
}

async function existingDemoLogins(db: Db): Promise<Login[]> {
  const wanted = demoLoginList();
  const found = await db
    .select({ email: s.users.email })
    .from(s.users)
    .where(
      inArray(
        s.users.email,
        wanted.map((l) => l.email),
      ),
    );
  const present = new Set(found.map((f) => f.email));
  return wanted.filter((l) => present.has(l.email));
}

async function seedDemoData(
  db: Db,
  config: Config,
  storage: FileStorage,
  bankCipher: BankCipher,
  now: Date,
): Promise<void> {
  // Slow work (hashing, image rendering) happens before the transaction opens.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const everyAdvisor = [TEAM_ADVISOR, ...ADVISORS];
  const headshots = new Map<string, string>();
  await Promise.all(
    everyAdvisor.map(async (a, i) => {
      if (a.status === "draft") return; // a draft has not uploaded a photo yet
      const url = await storage.put(
        `headshots/${a.key}.webp`,
        await renderHeadshot(a.look, i),
        "image/webp",
      );
      headshots.set(a.key, url);
    }),
  );

  await db.transaction(async (tx) => {
    // The demo people signed up (and agreed) as the seed runs.
    const login = { passwordHash, now };
    const adminId = await createPerson(
      tx,
      { ...DEMO_ADMIN, admin: "Y", profession: "Operations" },
      login,
    );
    await giveDemoTotp(tx, config, adminId);
    const seekerIds = [];
    for (const { key: _key, ...seeker } of SEEKERS)
      seekerIds.push(await createPerson(tx, seeker, login));

    const advisorIds = new Map<string, { id: string; userId: string }>();
    for (const a of everyAdvisor) {
      // Invited advisors have no credentials and an inactive user until they set a password.
      const invited = a.status === "pending_activation";
      const { firstName, lastName, email } = a;
      const userId = await createPerson(
        tx,
        { firstName, lastName, email, isActive: !invited },
        invited ? null : login,
      );
      const id = a === TEAM_ADVISOR ? TEAM_ADVISOR_ID : randomUUID();
      await insertAdvisor(tx, a, { id, userId, headshotUrl: headshots.get(a.key) ?? null });
      if (!invited && a.status !== "draft")
        await recordConsent(tx, userId, ["advisor_agreement"], "granted", "application", now);
      advisorIds.set(a.key, { id, userId });
    }

    await seedBookings(tx, { now, seekerIds, advisorIds });
    const key = (k: string) => advisorIds.get(k)!.id;
    await seedServiceBookings(tx, { ...config, discoveryAdvisorId: TEAM_ADVISOR_ID }, now, {
      paidSeeker: seekerIds[2]!,
      paidAdvisor: key(ADVISORS.find((a) => a.firstName === "Niharika")!.key),
      freeSeeker: seekerIds[4]!,
      freeAdvisor: key(ADVISORS.find((a) => a.hourlyRateInr === 0 && a.status === "approved")!.key),
      discoverySeeker: seekerIds[5]!,
    });
    await seedLedger(tx, { config, cipher: bankCipher }, now, key(ADVISORS[0]!.key));
  });
}

type NewUser = typeof s.users.$inferInsert;

async function createPerson(
  tx: Tx,
  person: Omit<NewUser, "authUserId">,
  login: { passwordHash: string; now: Date } | null,
): Promise<string> {
  const authUserId = login
    ? await insertVerifiedLogin(tx, {
        name: `${person.firstName} ${person.lastName}`,
        email: person.email,
        passwordHash: login.passwordHash,
      })
    : null;
  const [user] = await tx
    .insert(s.users)
    .values({ ...person, authUserId })
    .returning({ id: s.users.id });
  if (login) await recordSignUpConsent(tx, user!.id, login.now);
  return user!.id;
}

/** A confirmed authenticator app for a demo person, as better-auth's twoFactor plugin stores it. */
async function giveDemoTotp(tx: Tx, config: Config, userId: string) {
  const [user] = await tx
    .select({ authUserId: s.users.authUserId })
    .from(s.users)
    .where(eq(s.users.id, userId));
  const authUserId = user!.authUserId!;
  const key = config.authSecret;
  await tx.insert(s.authTwoFactors).values({
    id: randomUUID(),
    userId: authUserId,
    secret: await symmetricEncrypt({ key, data: `base32:${DEMO_ADMIN_TOTP_SECRET}` }),
    backupCodes: await symmetricEncrypt({ key, data: "[]" }),
    verified: true,
  });
  await tx
    .update(s.authUsers)
    .set({ twoFactorEnabled: true })
    .where(eq(s.authUsers.id, authUserId));
}

async function insertAdvisor(
  tx: Tx,
  a: SeedAdvisor,
  ids: { id: string; userId: string; headshotUrl: string | null },
) {
  await tx.insert(s.advisors).values({
    ...ids,
    jobTitle: a.jobTitle,
    currentCompany: a.currentCompany,
    totalExperienceYears: a.totalExperienceYears,
    shortIntro: a.shortIntro,
    about: a.about,
    hourlyRateInr: a.hourlyRateInr,
    questionPriceInr: a.questions?.priceInr ?? null,
    questionAnswerDays: a.questions?.answerDays ?? null,
    phone: a.phone,
    linkedinUrl: a.linkedinUrl,
    skills: a.skills,
    workLocations: a.workLocations,
    personalAdviceTopics: a.personalAdviceTopics,
    careerAdviceTopics: a.careerAdviceTopics,
    businessAdviceTopics: a.businessAdviceTopics,
    sessionTimezone: a.timeZone,
    termsAccepted: a.status !== "draft",
    profileStatus: a.status,
  });
  const [schedule] = await tx
    .insert(s.advisorSchedules)
    .values({ advisorId: ids.id, timezone: a.timeZone })
    .returning({ id: s.advisorSchedules.id });
  const rows = Object.entries(a.schedule).flatMap(([day, windows]) =>
    (windows ?? []).map((w) => ({
      scheduleId: schedule!.id,
      dayOfWeek: Number(day),
      startTime: w.start,
      endTime: w.end,
    })),
  );
  if (rows.length > 0) await tx.insert(s.scheduleSlots).values(rows);
}

/** Start of the advisor's first window on the n-th working day after (or before) `now`. */
function windowStart(a: SeedAdvisor, now: Date, direction: 1 | -1, nth: number): Date {
  let day = DateTime.fromJSDate(now, { zone: a.timeZone }).startOf("day");
  let found = 0;
  for (let i = 0; i < 60; i++) {
    day = day.plus({ days: direction });
    const window = a.schedule[day.weekday as Weekday]?.[0];
    if (window && ++found === nth) {
      const [h, m] = window.start.split(":").map(Number);
      return day.set({ hour: h, minute: m }).toJSDate();
    }
  }
  throw new Error(`Advisor ${a.key} has no availability to seed bookings into`);
}

type BookingContext = {
  now: Date;
  seekerIds: string[];
  advisorIds: Map<string, { id: string; userId: string }>;
};

/** Past, upcoming, cancelled, held and expired sessions, with payments, a refund and a review. */
async function seedBookings(tx: Tx, ctx: BookingContext) {
  const approved = ADVISORS.filter((a) => a.status === "approved" && a.hourlyRateInr > 0);
  const pick = (i: number) => approved[i % approved.length]!;
  const plans: Array<{
    seeker: number;
    advisor: SeedAdvisor;
    when: Date;
    duration: 15 | 30;
    status: (typeof s.BOOKING_STATUSES)[number];
    sessionType: (typeof s.SESSION_TYPES)[number];
    review?: true;
    cancelledBy?: "seeker" | "advisor";
  }> = [
    {
      seeker: 0,
      advisor: pick(0),
      when: windowStart(pick(0), ctx.now, -1, 3),
      duration: 30,
      status: "completed",
      sessionType: "First Call",
      review: true,
    },
    {
      seeker: 0,
      advisor: pick(1),
      when: windowStart(pick(1), ctx.now, -1, 1),
      duration: 30,
      status: "completed",
      sessionType: "First Call",
    },
    {
      seeker: 0,
      advisor: pick(0),
      when: windowStart(pick(0), ctx.now, 1, 2),
      duration: 15,
      status: "confirmed",
      sessionType: "Follow up call",
    },
    {
      seeker: 0,
      advisor: pick(2),
      when: windowStart(pick(2), ctx.now, 1, 4),
      duration: 30,
      status: "confirmed",
      sessionType: "First Call",
    },
    {
      seeker: 0,
      advisor: pick(3),
      when: windowStart(pick(3), ctx.now, 1, 3),
      duration: 30,
      status: "cancelled",
      sessionType: "First Call",
      cancelledBy: "seeker",
    },
    {
      seeker: 1,
      advisor: pick(4),
      when: windowStart(pick(4), ctx.now, 1, 2),
      duration: 30,
      status: "confirmed",
      sessionType: "First Call",
    },
    {
      seeker: 1,
      advisor: pick(5),
      when: windowStart(pick(5), ctx.now, -1, 2),
      duration: 30,
      status: "completed",
      sessionType: "First Call",
      review: true,
    },
    {
      seeker: 1,
      advisor: pick(6),
      when: windowStart(pick(6), ctx.now, 1, 5),
      duration: 30,
      status: "cancelled",
      sessionType: "First Call",
      cancelledBy: "advisor",
    },
    // The demo advisor's statement: a session long enough ago to be paid out, and one
    // she had to cancel, refunded to the seeker.
    {
      seeker: 5,
      advisor: pick(0),
      when: windowStart(pick(0), ctx.now, -1, 8),
      duration: 30,
      status: "completed",
      sessionType: "First Call",
    },
    {
      seeker: 5,
      advisor: pick(0),
      when: windowStart(pick(0), ctx.now, 1, 7),
      duration: 30,
      status: "cancelled",
      sessionType: "First Call",
      cancelledBy: "advisor",
    },
    {
      seeker: 2,
      advisor: pick(0),
      when: windowStart(pick(0), ctx.now, 1, 6),
      duration: 30,
      status: "pending_payment",
      sessionType: "First Call",
    },
    {
      seeker: 2,
      advisor: pick(7),
      when: windowStart(pick(7), ctx.now, 1, 3),
      duration: 30,
      status: "expired",
      sessionType: "First Call",
    },
    {
      seeker: 3,
      advisor: TEAM_ADVISOR,
      when: windowStart(TEAM_ADVISOR, ctx.now, 1, 1),
      duration: 15,
      status: "confirmed",
      sessionType: "Discovery Call",
    },
    {
      seeker: 4,
      advisor: TEAM_ADVISOR,
      when: windowStart(TEAM_ADVISOR, ctx.now, -1, 1),
      duration: 15,
      status: "completed",
      sessionType: "Discovery Call",
    },
  ];

  for (const plan of plans) {
    const userId = ctx.seekerIds[plan.seeker]!;
    const { id: advisorId, userId: advisorUserId } = ctx.advisorIds.get(plan.advisor.key)!;
    const price = sessionPrice(plan.advisor.hourlyRateInr, plan.duration);
    const paid = !price.isFree && plan.status !== "pending_payment" && plan.status !== "expired";
    const refunded = plan.status === "cancelled" && !price.isFree;
    const [payment] = await tx
      .insert(s.payments)
      .values({
        userId,
        amount: price.totalPaise,
        feeAmount: price.feeInr * 100,
        gstAmount: price.gstInr * 100,
        status: price.isFree ? "free" : refunded ? "refunded" : paid ? "paid" : "created",
        provider: price.isFree ? "none" : "test-checkout",
        razorpayOrderId: price.isFree ? null : `order_demo${randomBytes(6).toString("hex")}`,
        razorpayPaymentId: paid ? `pay_demo${randomBytes(6).toString("hex")}` : null,
      })
      .returning({ id: s.payments.id });
    const cancelled = plan.status === "cancelled";
    const [booking] = await tx
      .insert(s.bookings)
      .values({
        paymentId: payment!.id,
        userId,
        advisorId,
        datetime: plan.when,
        duration: plan.duration,
        endsAt: new Date(plan.when.getTime() + plan.duration * 60_000),
        status: plan.status,
        holdExpiresAt:
          plan.status === "pending_payment" ? new Date(ctx.now.getTime() + 15 * 60_000) : null,
        sessionType: plan.sessionType,
        topics: plan.advisor.careerAdviceTopics.slice(0, 2),
        additionalInfo: "I would like a concrete plan for the next six months.",
        cancellationReason: cancelled
          ? plan.cancelledBy === "advisor"
            ? "Advisor had a family emergency and asked to cancel."
            : "My interview got moved to the same day, sorry!"
          : null,
        cancelledBy: cancelled ? (plan.cancelledBy === "seeker" ? userId : advisorUserId) : null,
        cancelledAt: cancelled ? ctx.now : null,
        videoCallLink: `https://meet.jit.si/beenthere-${randomBytes(9).toString("base64url")}`,
        advisorTimezone: plan.advisor.timeZone,
        seekerTimezone: "Asia/Kolkata",
        reviewSubmitted: plan.review === true,
      })
      .returning({ id: s.bookings.id });
    if (refunded) {
      await tx.insert(s.refunds).values({
        paymentId: payment!.id,
        bookingId: booking!.id,
        amount: price.totalPaise,
        gstAmount: price.gstInr * 100,
        status: "processed",
        reason: "Cancelled 24 hours or more before the start",
        razorpayRefundId: `rfnd_demo${randomBytes(6).toString("hex")}`,
        processedAt: ctx.now,
      });
    }
    if (plan.review) {
      await tx.insert(s.reviews).values({
        bookingId: booking!.id,
        advisorId,
        userId,
        ratingHelpfulness: 5,
        ratingActionability: 4,
        recommendAdvisor: true,
        writtenFeedback: "Practical and honest. I left with a clear list of next steps.",
      });
    }
  }
}
