import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  CALENDAR_CONNECTION_STATUSES,
  CALENDAR_EVENT_WANTS,
  type ConnectedCalendar,
} from "../../core/advisor-calendar";
import { ADVISOR_STATUSES } from "../../core/admin/advisor-status";
import { CONSENT_ACTIONS, CONSENT_KINDS, CONSENT_SOURCES } from "../../core/consents";
import { REPORT_OUTCOMES, REPORT_STATUSES, SESSION_NOTICE_EVENTS } from "../../core/conversation";
import { LEDGER_KINDS, PAYOUT_ACCOUNT_STATUSES, TRANSFER_STATUSES } from "../../core/ledger";
import { NOTIFICATION_CHANNELS, SWITCHABLE_KINDS } from "../../core/notifications";
import { CHANNEL_MESSAGE_STATUSES, PHONE_CHANNELS } from "../../core/channels";
import { NO_SHOW_OUTCOMES, NO_SHOW_STATUSES } from "../../core/no-show";
import { PACKAGE_LIMITS, PACKAGE_STATUSES, PURCHASE_STATUSES } from "../../core/packages";
import { QUESTION_STATUSES } from "../../core/questions";
import type { StoredAttachment } from "../../core/attachments";
import {
  BOOKING_STATUSES,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
  SESSION_TYPES,
} from "../../core/booking";

/*
 * One schema for every entity of the product, with the product's agreed table and column names
 * (snake_case; missing ones are added rather than existing ones renamed). Constraints that
 * protect data live here; the one Drizzle cannot declare (the booking exclusion constraint,
 * ADR 2) is a custom SQL migration.
 */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const textList = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);

export { BOOKING_STATUSES, PAYMENT_STATUSES, REFUND_STATUSES, SESSION_TYPES };
export const EMAIL_STATUSES = ["queued", "sent", "failed"] as const;

// ---------------------------------------------------------------- auth (better-auth)

export const authUsers = pgTable("auth_users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  /**
   * better-auth's twoFactor plugin asks for a second step after the password when this is set;
   * we keep it true while the person has any second factor (TOTP or a passkey, ADR 92).
   */
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const authSessions = pgTable(
  "auth_sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
  },
  (t) => [
    // A user's sessions, and their last sign-in by one probe (the admin users page).
    index("auth_sessions_user_created_idx").on(t.userId, t.createdAt.desc()),
  ],
);

export const authAccounts = pgTable(
  "auth_accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("auth_accounts_user_id_idx").on(t.userId)],
);

export const authVerifications = pgTable(
  "auth_verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("auth_verifications_identifier_idx").on(t.identifier)],
);

/** An authenticator app's secret and the backup codes, both encrypted by better-auth (ADR 92). */
export const authTwoFactors = pgTable(
  "auth_two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    /** False between "turn on" and the first correct code. */
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [uniqueIndex("auth_two_factors_user_id_idx").on(t.userId)],
);

/** WebAuthn credentials (@better-auth/passkey): a second factor or a password-less sign-in. */
export const authPasskeys = pgTable(
  "auth_passkeys",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull().unique(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    aaguid: text("aaguid"),
    createdAt: createdAt(),
  },
  (t) => [index("auth_passkeys_user_id_idx").on(t.userId)],
);

/** better-auth's own request rate limiter, kept in the database so it holds across instances. */
export const authRateLimits = pgTable("auth_rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// ---------------------------------------------------------------- product

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Empty until the person has credentials (invited advisors are created without).
    authUserId: text("auth_user_id")
      .unique()
      .references(() => authUsers.id, { onDelete: "set null" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    profession: text("profession"),
    admin: text("admin").notNull().default("N"),
    isActive: boolean("is_active").notNull().default(true),
    ageRange: text("age_range"),
    city: text("city"),
    country: text("country"),
    /** E.164 ("+919876543210"), optional (core/phone.ts). */
    phone: text("phone"),
    /** When `phone` was proved by a code sent to it (issue 41); a changed number clears it. */
    phoneVerifiedAt: timestamp("phone_verified_at", { withTimezone: true }),
    /** The person's own IANA zone for every date shown or e-mailed; null: the browser's. */
    timeZone: text("time_zone"),
    /** A seeker's profile photo (advisors show the headshot of their advisor profile). */
    photoUrl: text("photo_url"),
    // Set when the person deleted their account (ADR 91): the row stays, pseudonymised, for
    // the payments, ledger and audit entries that must keep pointing at someone.
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    // Set by an admin closing a report (issue 39): the person can read but not send messages.
    messagingBlockedAt: timestamp("messaging_blocked_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    // The admin users page: newest first by keys, the admins alone, and the search's part of
    // a name or e-mail (the expression server/admin/users.server.ts searches).
    index("users_created_id_idx").on(t.createdAt, t.id),
    // The few deleted accounts, which admin counts leave out (ADR 91).
    index("users_deleted_idx")
      .on(t.id)
      .where(sql`${t.deletedAt} is not null`),
    index("users_admins_created_id_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.admin} = 'Y'`),
    index("users_search_trgm_idx").using(
      "gin",
      sql`(${t.firstName} || ' ' || ${t.lastName} || E'\\n' || ${t.email}) gin_trgm_ops`,
    ),
    check("users_admin_check", sql`${t.admin} in ('Y', 'N')`),
    check("users_email_check", sql`position('@' in ${t.email}) > 1`),
    check("users_phone_check", sql.raw(`phone ~ '^\\+[1-9][0-9]{6,14}$'`)),
  ],
);

/**
 * A person's choice for one kind of message on one channel (core/notifications.ts). Only
 * choices made are stored; a missing row means the kind's default. A new channel (WhatsApp,
 * SMS) is a new value of `channel`, not a new table.
 */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: SWITCHABLE_KINDS }).notNull(),
    channel: text("channel", { enum: NOTIFICATION_CHANNELS }).notNull(),
    enabled: boolean("enabled").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.channel] }),
    check("notification_preferences_kind_check", inList("kind", SWITCHABLE_KINDS)),
    check("notification_preferences_channel_check", inList("channel", NOTIFICATION_CHANNELS)),
  ],
);

export const advisors = pgTable(
  "advisors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    headshotUrl: text("headshot_url"),
    jobTitle: text("job_title"),
    currentCompany: text("current_company"),
    totalExperienceYears: smallint("total_experience_years"),
    shortIntro: text("short_intro"),
    about: text("about"),
    hourlyRateInr: numeric("hourly_rate_inr", { precision: 10, scale: 2, mode: "number" })
      .notNull()
      .default(0),
    phone: text("phone"),
    linkedinUrl: text("linkedin_url"),
    skills: textList("skills"),
    workLocations: textList("work_locations"),
    personalAdviceTopics: textList("personal_advice_topics"),
    careerAdviceTopics: textList("career_advice_topics"),
    businessAdviceTopics: textList("business_advice_topics"),
    sessionTimezone: text("session_timezone").notNull().default("Asia/Kolkata"),
    termsAccepted: boolean("terms_accepted").notNull().default(false),
    profileStatus: text("profile_status", { enum: ADVISOR_STATUSES }).notNull().default("draft"),
    bankAccountHolderName: text("bank_account_holder_name"),
    bankName: text("bank_name"),
    // AES-256-GCM ciphertext (server/security/bank-cipher.server.ts, ADR 22); only the owner sees it.
    bankAccountNumber: text("bank_account_number"),
    bankIfscCode: text("bank_ifsc_code"),
    bankBranch: text("bank_branch"),
    // The unfinished application (step, completed steps, form values) while status is draft.
    applicationDraft: jsonb("application_draft").$type<Record<string, unknown>>(),
    // Hidden from search by upheld no-shows (core/no-show.ts) until an admin restores them.
    hiddenForNoShowsAt: timestamp("hidden_for_no_shows_at", { withTimezone: true }),
    // Paid questions (issue 40): offered while both are set; whole rupees without GST, and days.
    questionPriceInr: integer("question_price_inr"),
    questionAnswerDays: smallint("question_answer_days"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("advisors_profile_status_idx").on(t.profileStatus),
    // The admin review sections and debug page, newest first by keys.
    index("advisors_status_created_id_idx").on(t.profileStatus, t.createdAt, t.id),
    index("advisors_created_id_idx").on(t.createdAt, t.id),
    check("advisors_profile_status_check", inList("profile_status", ADVISOR_STATUSES)),
    check(
      "advisors_experience_check",
      sql`${t.totalExperienceYears} is null or ${t.totalExperienceYears} between 0 and 50`,
    ),
    check("advisors_rate_check", sql`${t.hourlyRateInr} >= 0`),
    check(
      "advisors_question_offer_check",
      sql`num_nonnulls(${t.questionPriceInr}, ${t.questionAnswerDays}) in (0, 2) and coalesce(${t.questionAnswerDays} between 1 and 7, true) and coalesce(${t.questionPriceInr} > 0, true)`,
    ),
    check(
      "advisors_short_intro_check",
      sql`${t.shortIntro} is null or char_length(${t.shortIntro}) <= 120`,
    ),
  ],
);

/** Whether an approved advisor's proposed edit waits for an admin or was turned down. */
export const PROPOSAL_STATUSES = ["pending", "rejected"] as const;

/**
 * An approved advisor's edit waiting for review (ADR 83): at most one per advisor, beside the
 * live profile in `advisors`, which stays public until an admin approves (the proposal
 * replaces it and is deleted) or rejects (kept with the reason, so the advisor can fix it).
 */
export const advisorProfileProposals = pgTable(
  "advisor_profile_proposals",
  {
    advisorId: uuid("advisor_id")
      .primaryKey()
      .references(() => advisors.id, { onDelete: "cascade" }),
    // The reviewed fields as the advisor last saved them (core/profile-review.ts), or null
    // when only the photo changes.
    fields: jsonb("fields").$type<Record<string, unknown>>(),
    // A proposed new photo, stored but not public until approved.
    headshotUrl: text("headshot_url"),
    status: text("status", { enum: PROPOSAL_STATUSES }).notNull().default("pending"),
    reason: text("reason"),
    // Bumped by every save, so an admin approves exactly the version they looked at.
    revision: integer("revision").notNull().default(1),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    check("advisor_profile_proposals_status_check", inList("status", PROPOSAL_STATUSES)),
    // The admin's queue: pending proposals, oldest first.
    index("advisor_profile_proposals_queue_idx")
      .on(t.submittedAt, t.advisorId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const advisorSchedules = pgTable(
  "advisor_schedules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    advisorId: uuid("advisor_id")
      .notNull()
      .references(() => advisors.id, { onDelete: "cascade" }),
    timezone: text("timezone").notNull().default("Asia/Kolkata"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One active schedule per advisor.
    uniqueIndex("advisor_schedules_active_idx")
      .on(t.advisorId)
      .where(sql`${t.isActive}`),
  ],
);

const HHMM = "'^([01][0-9]|2[0-3]):[0-5][0-9]$'";
export const scheduleSlots = pgTable(
  "schedule_slots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    scheduleId: uuid("schedule_id")
      .notNull()
      .references(() => advisorSchedules.id, { onDelete: "cascade" }),
    dayOfWeek: smallint("day_of_week").notNull(), // ISO: 1 = Monday … 7 = Sunday
    startTime: text("start_time").notNull(), // local wall clock "HH:mm"
    endTime: text("end_time").notNull(), // "HH:mm", or "24:00" for end of day
    isAvailable: boolean("is_available").notNull().default(true),
  },
  (t) => [
    index("schedule_slots_schedule_idx").on(t.scheduleId, t.dayOfWeek),
    check("schedule_slots_day_check", sql`${t.dayOfWeek} between 1 and 7`),
    check("schedule_slots_start_check", sql.raw(`start_time ~ ${HHMM}`)),
    check("schedule_slots_end_check", sql.raw(`end_time ~ ${HHMM} or end_time = '24:00'`)),
    check("schedule_slots_order_check", sql`${t.startTime} < ${t.endTime}`),
  ],
);

export const blockedSlots = pgTable(
  "blocked_slots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    advisorId: uuid("advisor_id")
      .notNull()
      .references(() => advisors.id, { onDelete: "cascade" }),
    startTime: timestamp("start_time", { withTimezone: true }).notNull(),
    endTime: timestamp("end_time", { withTimezone: true }).notNull(),
    reason: text("reason"),
    bookedBy: uuid("booked_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("blocked_slots_advisor_time_idx").on(t.advisorId, t.startTime),
    check("blocked_slots_order_check", sql`${t.startTime} < ${t.endTime}`),
  ],
);

export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    amount: integer("amount").notNull(), // paise, GST included
    feeAmount: integer("fee_amount").notNull().default(0), // paise
    gstAmount: integer("gst_amount").notNull().default(0), // paise
    currency: text("currency").notNull().default("INR"),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("created"),
    provider: text("provider").notNull().default("razorpay"),
    razorpayOrderId: text("razorpay_order_id").unique(),
    razorpayPaymentId: text("razorpay_payment_id").unique(),
    razorpaySignature: text("razorpay_signature"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("payments_status_check", inList("status", PAYMENT_STATUSES)),
    check("payments_amount_check", sql`${t.amount} >= 0`),
    check("payments_split_check", sql`${t.feeAmount} + ${t.gstAmount} = ${t.amount}`),
    // The reconciliation's months, swept one at a time (migration 0014).
    index("payments_paid_created_idx")
      .on(t.createdAt)
      .where(sql`${t.status} in ('paid', 'refunded')`),
  ],
);

export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paymentId: uuid("payment_id").references(() => payments.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    advisorId: uuid("advisor_id")
      .notNull()
      .references(() => advisors.id),
    datetime: timestamp("datetime", { withTimezone: true }).notNull(),
    duration: smallint("duration").notNull(),
    // Stored end so the exclusion constraint can index an immutable range.
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: BOOKING_STATUSES }).notNull().default("pending_payment"),
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    sessionType: text("session_type", { enum: SESSION_TYPES }).notNull(),
    topics: textList("topics"),
    additionalInfo: text("additional_info"),
    cancellationReason: text("cancellation_reason"),
    cancelledBy: uuid("cancelled_by").references(() => users.id),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    googleMeetLink: text("google_meet_link"),
    videoCallLink: text("video_call_link"),
    calendarEventId: text("calendar_event_id"),
    calendarSequence: integer("calendar_sequence").notNull().default(0),
    advisorTimezone: text("advisor_timezone").notNull(),
    seekerTimezone: text("seeker_timezone").notNull(),
    reviewSubmitted: boolean("review_submitted").notNull().default(false),
    // A session of a bought package (paid with the package, so no payment of its own), and
    // whether cancelling it gave the session back to the package.
    packagePurchaseId: uuid("package_purchase_id").references(() => packagePurchases.id),
    packageSessionReturned: boolean("package_session_returned").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("bookings_user_idx").on(t.userId, t.datetime),
    index("bookings_package_purchase_idx")
      .on(t.packagePurchaseId)
      .where(sql`${t.packagePurchaseId} is not null`),
    index("bookings_advisor_idx").on(t.advisorId, t.datetime),
    index("bookings_status_idx").on(t.status, t.endsAt),
    // A payment's booking, for the reconciliation and the monthly money (0014).
    index("bookings_payment_idx").on(t.paymentId),
    // The jobs read only what is due: reminders by start, completion by end, lapsed holds;
    // each holds only rows of its status, so it stays small as sessions complete.
    index("bookings_confirmed_start_idx")
      .on(t.datetime)
      .where(sql`${t.status} = 'confirmed'`),
    index("bookings_confirmed_end_idx")
      .on(t.endsAt)
      .where(sql`${t.status} = 'confirmed'`),
    index("bookings_hold_expiry_idx")
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'pending_payment'`),
    check("bookings_status_check", inList("status", BOOKING_STATUSES)),
    check("bookings_session_type_check", inList("session_type", SESSION_TYPES)),
    check("bookings_duration_check", sql`${t.duration} in (15, 30)`),
    check(
      "bookings_ends_at_check",
      sql`${t.endsAt} = ${t.datetime} + make_interval(mins => ${t.duration})`,
    ),
    check(
      "bookings_hold_check",
      sql`${t.status} <> 'pending_payment' or ${t.holdExpiresAt} is not null`,
    ),
    check(
      "bookings_cancellation_check",
      sql`${t.status} <> 'cancelled' or ${t.cancellationReason} is not null`,
    ),
  ],
);

export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id),
    // A booking's refund, or a package's refund of its unused sessions.
    bookingId: uuid("booking_id").references(() => bookings.id),
    packagePurchaseId: uuid("package_purchase_id").references(() => packagePurchases.id),
    // A paid question left unanswered past its deadline (or paid when it could not be asked).
    questionId: uuid("question_id").references(() => paidQuestions.id),
    amount: integer("amount").notNull(), // paise
    // The GST part of the amount: a package's refund returns only its unused sessions' GST.
    gstAmount: integer("gst_amount").notNull().default(0),
    status: text("status", { enum: REFUND_STATUSES }).notNull().default("pending"),
    reason: text("reason"),
    razorpayRefundId: text("razorpay_refund_id").unique(),
    // Retry bookkeeping of the refund job: a refund the provider did not accept is tried
    // again after `next_attempt_at`, for as long as it takes.
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    // When the provider settled it: the date the seeker is shown ("processed on …").
    processedAt: timestamp("processed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("refunds_booking_idx").on(t.bookingId),
    uniqueIndex("refunds_package_purchase_idx").on(t.packagePurchaseId),
    uniqueIndex("refunds_question_idx").on(t.questionId),
    check(
      "refunds_subject_check",
      sql`num_nonnulls(${t.bookingId}, ${t.packagePurchaseId}, ${t.questionId}) = 1`,
    ),
    check("refunds_gst_check", sql`${t.gstAmount} between 0 and ${t.amount}`),
    index("refunds_due_idx").on(t.status, t.nextAttemptAt),
    // A payment's refunds, for the reconciliation and the monthly money (0014).
    index("refunds_payment_idx").on(t.paymentId),
    check("refunds_status_check", inList("status", REFUND_STATUSES)),
    check("refunds_amount_check", sql`${t.amount} > 0`),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .unique()
      .references(() => bookings.id),
    advisorId: uuid("advisor_id")
      .notNull()
      .references(() => advisors.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    ratingHelpfulness: smallint("rating_helpfulness").notNull(),
    ratingActionability: smallint("rating_actionability").notNull(),
    recommendAdvisor: boolean("recommend_advisor").notNull(),
    writtenFeedback: text("written_feedback"),
    createdAt: createdAt(),
  },
  (t) => [
    // An advisor's rating (migration 0015): the totals read from the index alone, the latest
    // written review by one probe.
    index("reviews_advisor_rating_idx").on(
      t.advisorId,
      t.ratingHelpfulness,
      t.ratingActionability,
      t.recommendAdvisor,
    ),
    index("reviews_advisor_latest_idx")
      .on(t.advisorId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.writtenFeedback} is not null`),
    // Whether a person is a reviewer: their name change must reach cached pages (migration 0005).
    index("reviews_user_idx").on(t.userId),
    check("reviews_helpfulness_check", sql`${t.ratingHelpfulness} between 1 and 5`),
    check("reviews_actionability_check", sql`${t.ratingActionability} between 1 and 5`),
  ],
);

/**
 * Reminder e-mails settled: one row per booking, reminder and start time, so each goes once.
 * A reminder whose moment had already come when the session was booked or moved is recorded
 * at that moment without an e-mail (server/bookings/session-jobs.server.ts,
 * passOverLateReminders).
 */
export const bookingReminders = pgTable(
  "booking_reminders",
  {
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    hoursBefore: smallint("hours_before").notNull(),
    // A rescheduled session gets its reminders again for the new time.
    sessionStart: timestamp("session_start", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.hoursBefore, t.sessionStart] })],
);

// ---------------------------------------------------------------- advisors' money (ADR 74)

/** An advisor's account at the payment provider (a Razorpay Route linked account). */
export const payoutAccounts = pgTable(
  "payout_accounts",
  {
    advisorId: uuid("advisor_id")
      .primaryKey()
      .references(() => advisors.id, { onDelete: "cascade" }),
    providerAccountId: text("provider_account_id").unique(),
    providerProductId: text("provider_product_id"),
    status: text("status", { enum: PAYOUT_ACCOUNT_STATUSES }).notNull().default("pending"),
    // The provider's reason when it could not create or verify the account.
    lastError: text("last_error"),
    // Bank details changed since the provider last heard them: the payout job sends them.
    needsSync: boolean("needs_sync").notNull().default(true),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The accounts the payout job must send to the provider (0014).
    index("payout_accounts_sync_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.needsSync}`),
    check("payout_accounts_status_check", inList("status", PAYOUT_ACCOUNT_STATUSES)),
  ],
);

/** One session's share on its way to the advisor: a Route transfer and its life. */
export const payoutTransfers = pgTable(
  "payout_transfers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    advisorId: uuid("advisor_id")
      .notNull()
      .references(() => advisors.id),
    // A session's share, or an answered paid question's.
    bookingId: uuid("booking_id")
      .unique()
      .references(() => bookings.id),
    questionId: uuid("question_id")
      .unique()
      .references(() => paidQuestions.id),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id),
    amount: integer("amount").notNull(), // paise
    status: text("status", { enum: TRANSFER_STATUSES }).notNull(),
    providerTransferId: text("provider_transfer_id").unique(),
    // The provider's settlement to the advisor's bank, once reported.
    providerSettlementId: text("provider_settlement_id"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Only the open transfers, in the order they fall due (the payout job's due scan, the
    // Payouts page's holds by release: a held transfer's next attempt is its release; status
    // and amount for counts from the index alone), and the failed ones newest first, by keys;
    // never the released history (0014).
    index("payout_transfers_open_idx")
      .on(t.nextAttemptAt, t.id, t.status, t.amount)
      .where(sql`${t.status} in ('pending', 'on_hold', 'reversing')`),
    index("payout_transfers_failed_idx")
      .on(t.updatedAt, t.id)
      .where(sql`${t.status} = 'failed'`),
    index("payout_transfers_advisor_idx").on(t.advisorId),
    // A package's transfers (one per session used), for the reconciliation (ADR 97).
    index("payout_transfers_payment_idx").on(t.paymentId),
    check("payout_transfers_status_check", inList("status", TRANSFER_STATUSES)),
    check("payout_transfers_amount_check", sql`${t.amount} > 0`),
    check("payout_transfers_subject_check", sql`num_nonnulls(${t.bookingId}, ${t.questionId}) = 1`),
  ],
);

/**
 * What each advisor is owed, as entries that are never changed or deleted (migration 0009).
 * A session credit records the fee and the commission rate it was split with, so a later
 * change of the rate never rewrites history.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    advisorId: uuid("advisor_id")
      .notNull()
      .references(() => advisors.id),
    kind: text("kind", { enum: LEDGER_KINDS }).notNull(),
    amount: integer("amount").notNull(), // paise: credit > 0, debit < 0
    // A session's entry, or an answered paid question's (the same kinds: a question's credit
    // is a `session_credit` split like a session's fee).
    bookingId: uuid("booking_id").references(() => bookings.id),
    questionId: uuid("question_id").references(() => paidQuestions.id),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id),
    refundId: uuid("refund_id").references(() => refunds.id),
    transferId: uuid("transfer_id").references(() => payoutTransfers.id),
    // The provider transfer a payout (or its return) moved: one entry each, however often told.
    providerTransferId: text("provider_transfer_id"),
    feeAmount: integer("fee_amount"), // paise, GST excluded: session credits
    commissionPercent: numeric("commission_percent", { precision: 5, scale: 2, mode: "number" }),
    commissionAmount: integer("commission_amount"),
    createdAt: createdAt(),
  },
  (t) => [
    index("ledger_entries_advisor_idx").on(t.advisorId, t.createdAt),
    // A payment's entries, for the reconciliation (0014).
    index("ledger_entries_payment_idx").on(t.paymentId),
    uniqueIndex("ledger_entries_once_per_booking_idx")
      .on(t.bookingId, t.kind)
      .where(sql`${t.kind} in ('session_credit', 'refund_debit')`),
    uniqueIndex("ledger_entries_once_per_question_idx")
      .on(t.questionId, t.kind)
      .where(sql`${t.kind} in ('session_credit', 'refund_debit')`),
    index("ledger_entries_question_idx").on(t.questionId),
    uniqueIndex("ledger_entries_once_per_transfer_idx")
      .on(t.providerTransferId, t.kind)
      .where(sql`${t.kind} in ('payout', 'payout_returned')`),
    check("ledger_entries_kind_check", inList("kind", LEDGER_KINDS)),
    check("ledger_entries_subject_check", sql`num_nonnulls(${t.bookingId}, ${t.questionId}) = 1`),
    check(
      "ledger_entries_sign_check",
      // A session credit may be zero: at a 100 % commission it records the commission alone.
      sql`case ${t.kind} when 'session_credit' then ${t.amount} >= 0 when 'payout_returned' then ${t.amount} > 0 else ${t.amount} < 0 end`,
    ),
    check(
      "ledger_entries_credit_check",
      sql`${t.kind} <> 'session_credit' or (${t.feeAmount} is not null and ${t.commissionPercent} is not null and ${t.commissionAmount} is not null and ${t.feeAmount} = ${t.amount} + ${t.commissionAmount})`,
    ),
    check(
      "ledger_entries_payout_check",
      sql`${t.kind} not in ('payout', 'payout_returned') or ${t.providerTransferId} is not null`,
    ),
  ],
);

/** Each run of the reconciliation job and the differences it found (empty when all agree). */
export const reconciliationRuns = pgTable(
  "reconciliation_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ranAt: timestamp("ran_at", { withTimezone: true }).notNull().defaultNow(),
    differences: jsonb("differences")
      .$type<{ check: string; ref: string; detail: string }[]>()
      .notNull(),
    // The next run checks what was written from here on (by the `changed_at` stamps that
    // migration 0014 keeps on the money tables, in the database's clock; ADR 80).
    watermark: timestamp("watermark", { withTimezone: true }),
    // The last month this run checked in full: the next run goes on from there.
    sweptTo: text("swept_to"),
  },
  (t) => [index("reconciliation_runs_ran_at_idx").on(t.ranAt)],
);

/**
 * Each advisor's balance, kept by a trigger as their ledger entries are written (migration
 * 0014): held is pending + available (every entry), paid is payouts less returns.
 */
export const advisorBalances = pgTable(
  "advisor_balances",
  {
    advisorId: uuid("advisor_id")
      .primaryKey()
      .references(() => advisors.id, { onDelete: "cascade" }),
    held: bigint("held", { mode: "number" }).notNull(),
    paid: bigint("paid", { mode: "number" }).notNull(),
  },
  // The Payouts page lists them most owed first, a page at a time.
  (t) => [index("advisor_balances_held_idx").on(t.held, t.advisorId)],
);

const moneyColumns = () => ({
  payments: integer("payments").notNull(),
  collected: bigint("collected", { mode: "number" }).notNull(),
  advisorShares: bigint("advisor_shares", { mode: "number" }).notNull(),
  commission: bigint("commission", { mode: "number" }).notNull(),
  gst: bigint("gst", { mode: "number" }).notNull(),
  refunds: bigint("refunds", { mode: "number" }).notNull(),
  // Paid for package sessions not yet used nor refunded (ADR 97).
  prepaid: bigint("prepaid", { mode: "number" }).notNull().default(0),
});

/**
 * Each paid payment's part of its month as last counted, and the months' sums: kept by
 * triggers in the transactions that move the money, from the view payment_money_now
 * (migration 0014, ADR 80). Only the database writes them.
 */
export const paymentMoney = pgTable("payment_money", {
  paymentId: uuid("payment_id").primaryKey(),
  month: text("month").notNull(),
  ...moneyColumns(),
});

export const moneyMonths = pgTable("money_months", {
  month: text("month").primaryKey(),
  ...moneyColumns(),
});

// ---------------------------------------------------------------- operations

export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(), // e.g. "admin.grant", "advisor.approve"
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    requestId: text("request_id"),
    createdAt: createdAt(),
  },
  // The audit page: newest first by keys, by admin, by action, by target.
  (t) => [
    index("audit_log_created_id_idx").on(t.createdAt, t.id),
    index("audit_log_actor_created_id_idx").on(t.actorUserId, t.createdAt, t.id),
    index("audit_log_action_created_id_idx").on(t.action, t.createdAt, t.id),
    index("audit_log_target_id_idx").on(t.targetId),
    index("audit_log_target_label_trgm_idx").using(
      "gin",
      sql`(${t.details} ->> 'targetLabel') gin_trgm_ops`,
    ),
  ],
);

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** Which e-mail this is (core/notifications.ts EMAILS), for the record and the export. */
    name: text("name"),
    attachments:
      jsonb("attachments").$type<{ filename: string; contentType: string; content: string }[]>(),
    status: text("status", { enum: EMAIL_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    // A delivery run leases the rows it sends so another instance skips them.
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("email_outbox_status_idx").on(t.status, t.createdAt),
    // The e-mails a person was sent, for a session's timeline in the no-show queue.
    index("email_outbox_to_created_idx").on(t.toAddress, t.createdAt),
    check("email_outbox_status_check", inList("status", EMAIL_STATUSES)),
  ],
);

export const DATA_EXPORT_STATUSES = ["queued", "ready", "failed", "expired"] as const;

/**
 * A person's request for their data (ADR 91): queued by the request, built by the privacy job
 * into a private file in storage, downloadable by them alone until `expires_at`, then the
 * file is deleted by the same job and the row kept as `expired` (the record of the request).
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: DATA_EXPORT_STATUSES }).notNull().default("queued"),
    // The private storage key of the ZIP once built.
    fileKey: text("file_key"),
    byteSize: integer("byte_size"),
    attempts: integer("attempts").notNull().default(0),
    // When a queued export is due: now, after a failure's back-off, or when a run's claim lapses.
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("data_exports_user_created_idx").on(t.userId, t.createdAt),
    // The privacy job's two scans: exports to build, and ready files whose time is up.
    index("data_exports_queued_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    index("data_exports_ready_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'ready'`),
    check("data_exports_status_check", inList("status", DATA_EXPORT_STATUSES)),
  ],
);

/** Failed sign-ins per e-mail: the server-side lockout (5 in 15 minutes). */
export const loginAttempts = pgTable("login_attempts", {
  email: text("email").primaryKey(), // lower-cased
  failedCount: integer("failed_count").notNull().default(0),
  firstFailedAt: timestamp("first_failed_at", { withTimezone: true }).notNull(),
  lastFailedAt: timestamp("last_failed_at", { withTimezone: true }).notNull(),
});

/**
 * A confirmed change of a person's sign-in address, and the undo link its notice to the old
 * address carries (only the link's hash is kept). Undoing restores `old_email` (ADR 89).
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    oldEmail: text("old_email").notNull(),
    newEmail: text("new_email").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
    undoTokenHash: text("undo_token_hash").notNull().unique(),
    undoExpiresAt: timestamp("undo_expires_at", { withTimezone: true }).notNull(),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
  },
  (t) => [index("email_changes_user_idx").on(t.userId, t.changedAt.desc())],
);

/** Fixed-window counters for the app's own rate limits (contact form, e-mail check, …). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
});

/** Payment webhook deliveries already handled: they repeat and arrive out of order. */
export const webhookEvents = pgTable("webhook_events", {
  eventId: text("event_id").primaryKey(),
  eventType: text("event_type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An advisor's own Google Calendar (ADR 75). The OAuth tokens stay in better-auth's
 * `auth_accounts` row (encrypted); this row says which calendars count and how Google answers.
 */
export const advisorCalendarConnections = pgTable(
  "advisor_calendar_connections",
  {
    advisorId: uuid("advisor_id")
      .primaryKey()
      .references(() => advisors.id, { onDelete: "cascade" }),
    authAccountId: text("auth_account_id")
      .notNull()
      .unique()
      .references(() => authAccounts.id, { onDelete: "cascade" }),
    // The primary calendar's id, which is the Google account's address; null until listed.
    googleEmail: text("google_email"),
    // The advisor's calendars as last listed: [{ id, name, primary, writable }].
    calendars: jsonb("calendars").$type<ConnectedCalendar[]>().notNull().default([]),
    busyCalendarIds: textList("busy_calendar_ids"),
    eventCalendarId: text("event_calendar_id"),
    status: text("status", { enum: CALENDAR_CONNECTION_STATUSES }).notNull().default("ok"),
    lastError: text("last_error"),
    // The last successful fetch of busy times; those older than a day are not used.
    busyCheckedAt: timestamp("busy_checked_at", { withTimezone: true }),
    nextRefreshAt: timestamp("next_refresh_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("advisor_calendar_connections_refresh_idx").on(t.nextRefreshAt),
    check(
      "advisor_calendar_connections_status_check",
      inList("status", CALENDAR_CONNECTION_STATUSES),
    ),
  ],
);

/** Busy times of the advisor's chosen calendars as Google last gave them (merged). */
export const advisorCalendarBusy = pgTable(
  "advisor_calendar_busy",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    advisorId: uuid("advisor_id")
      .notNull()
      .references(() => advisorCalendarConnections.advisorId, { onDelete: "cascade" }),
    startTime: timestamp("start_time", { withTimezone: true }).notNull(),
    endTime: timestamp("end_time", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("advisor_calendar_busy_advisor_time_idx").on(t.advisorId, t.startTime),
    check("advisor_calendar_busy_order_check", sql`${t.startTime} < ${t.endTime}`),
  ],
);

/** A Google push channel (events.watch) on one of the advisor's busy calendars. */
export const calendarWatchChannels = pgTable(
  "calendar_watch_channels",
  {
    id: text("id").primaryKey(),
    advisorId: uuid("advisor_id")
      .notNull()
      .references(() => advisorCalendarConnections.advisorId, { onDelete: "cascade" }),
    calendarId: text("calendar_id").notNull(),
    resourceId: text("resource_id").notNull(),
    // Google echoes it in X-Goog-Channel-Token: a notification without it is not Google's.
    token: text("token").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("calendar_watch_channels_advisor_idx").on(t.advisorId, t.calendarId)],
);

/**
 * A session's event in the advisor's own calendar: what it should be (`wanted`, bumped with
 * `wantedVersion` by the transaction that confirms, moves or cancels the session) and what the
 * sync job last made of it (`syncedVersion`), so Google is never called inside a transaction.
 */
export const advisorCalendarEvents = pgTable(
  "advisor_calendar_events",
  {
    bookingId: uuid("booking_id")
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    advisorId: uuid("advisor_id")
      .notNull()
      .references(() => advisorCalendarConnections.advisorId, { onDelete: "cascade" }),
    calendarId: text("calendar_id").notNull(),
    eventId: text("event_id"),
    wanted: text("wanted", { enum: CALENDAR_EVENT_WANTS }).notNull().default("present"),
    wantedVersion: integer("wanted_version").notNull().default(1),
    syncedVersion: integer("synced_version").notNull().default(0),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("advisor_calendar_events_due_idx").on(t.nextAttemptAt),
    check("advisor_calendar_events_wanted_check", inList("wanted", CALENDAR_EVENT_WANTS)),
  ],
);

/**
 * What a person agreed to or withdrew, and when (ADR 88): append-only, one row per event, with
 * the document's version and the words they were shown. The latest row of a kind is its state.
 */
export const consentEvents = pgTable(
  "consent_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CONSENT_KINDS }).notNull(),
    action: text("action", { enum: CONSENT_ACTIONS }).notNull(),
    version: text("version").notNull(),
    wording: text("wording").notNull(),
    source: text("source", { enum: CONSENT_SOURCES }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("consent_events_user_idx").on(t.userId, t.kind, t.at),
    check("consent_events_kind_check", inList("kind", CONSENT_KINDS)),
    check("consent_events_action_check", inList("action", CONSENT_ACTIONS)),
    check("consent_events_source_check", inList("source", CONSENT_SOURCES)),
  ],
);

// ---------------------------------------------------------------- conversations (issue 39)

/**
 * One conversation per seeker and advisor. Read and e-mailed markers are message ids (ids
 * only grow), so "unread" is `messages.id > read_through` from the other party.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seekerId: uuid("seeker_id")
      .notNull()
      .references(() => users.id),
    advisorId: uuid("advisor_id")
      .notNull()
      .references(() => advisors.id),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    lastMessageId: bigint("last_message_id", { mode: "number" }).notNull().default(0),
    seekerReadThrough: bigint("seeker_read_through", { mode: "number" }).notNull().default(0),
    advisorReadThrough: bigint("advisor_read_through", { mode: "number" }).notNull().default(0),
    // The last message each side was e-mailed about while away (one e-mail per conversation).
    seekerNotifiedThrough: bigint("seeker_notified_through", { mode: "number" })
      .notNull()
      .default(0),
    advisorNotifiedThrough: bigint("advisor_notified_through", { mode: "number" })
      .notNull()
      .default(0),
    // Either party may block the conversation: nobody can send in it until they unblock.
    seekerBlockedAt: timestamp("seeker_blocked_at", { withTimezone: true }),
    advisorBlockedAt: timestamp("advisor_blocked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("conversations_pair_idx").on(t.seekerId, t.advisorId),
    index("conversations_seeker_recent_idx").on(t.seekerId, t.lastMessageAt),
    index("conversations_advisor_recent_idx").on(t.advisorId, t.lastMessageAt),
  ],
);

/**
 * A message: text from a party (`sender_id`), or a session notice the booking events wrote
 * (`sender_id` null, `booking_id` and `session_event` set). The id is the global order that
 * catch-up after a dropped connection asks from ("everything after id n").
 */
export const messages = pgTable(
  "messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: uuid("sender_id").references(() => users.id),
    body: text("body").notNull().default(""),
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    sessionEvent: text("session_event", { enum: SESSION_NOTICE_EVENTS }),
    sessionStart: timestamp("session_start", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_conversation_id_idx").on(t.conversationId, t.id),
    index("messages_sender_created_idx").on(t.senderId, t.createdAt),
    check("messages_session_event_check", inList("session_event", SESSION_NOTICE_EVENTS)),
    check(
      "messages_kind_check",
      sql`(${t.senderId} is not null and ${t.sessionEvent} is null) or (${t.senderId} is null and ${t.sessionEvent} is not null)`,
    ),
  ],
);

/** A file sent with a message, kept in private storage, readable by the two parties. */
export const messageAttachments = pgTable(
  "message_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    fileKey: text("file_key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("message_attachments_message_idx").on(t.messageId)],
);

/** A party's report of a conversation, in the admins' queue until closed with an outcome. */
export const conversationReports = pgTable(
  "conversation_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => users.id),
    reason: text("reason").notNull(),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("open"),
    outcome: text("outcome", { enum: REPORT_OUTCOMES }),
    closedBy: uuid("closed_by").references(() => users.id),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("conversation_reports_status_created_idx").on(t.status, t.createdAt, t.id),
    index("conversation_reports_conversation_idx").on(t.conversationId),
    check("conversation_reports_status_check", inList("status", REPORT_STATUSES)),
    check("conversation_reports_outcome_check", inList("outcome", REPORT_OUTCOMES)),
    check(
      "conversation_reports_closed_check",
      sql`(${t.status} = 'open') = (${t.outcome} is null)`,
    ),
  ],
);

// ---------------------------------------------------------------- WhatsApp and SMS (issue 41)

/**
 * The one code in flight to prove a person's phone (ADR 95): its HMAC, never the code; the
 * number it was sent to (a code proves that number only); wrong tries; and the codes sent in
 * the current window (the resend limit).
 */
export const phoneVerifications = pgTable("phone_verifications", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  phone: text("phone").notNull(),
  codeHash: text("code_hash").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  attempts: integer("attempts").notNull().default(0),
  sends: integer("sends").notNull().default(1),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
});

/**
 * The WhatsApp/SMS outbox (ADR 95): written in the transaction of the change that caused it,
 * sent by a job that leases due rows (`locked_until`, FOR UPDATE SKIP LOCKED), retried with
 * back-off until `failed` (the dead letter an admin may retry). A reminder names its booking
 * and start, so one for a session moved or cancelled meanwhile is withdrawn, never sent.
 */
export const channelMessages = pgTable(
  "channel_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: PHONE_CHANNELS }).notNull(),
    toPhone: text("to_phone").notNull(),
    /** Which message (core/channels.ts CHANNEL_MESSAGES). */
    name: text("name").notNull(),
    params: jsonb("params").$type<string[]>().notNull(),
    body: text("body").notNull(),
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "cascade" }),
    sessionStart: timestamp("session_start", { withTimezone: true }),
    status: text("status", { enum: CHANNEL_MESSAGE_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** The provider's id of the sent message (WhatsApp's wamid, MSG91's request id). */
    providerId: text("provider_id"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    readAt: timestamp("read_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
  },
  (t) => [
    // The job reads only what is due; webhooks find a message by the provider's id; the admin
    // lists dead letters newest first.
    index("channel_messages_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    uniqueIndex("channel_messages_provider_idx").on(t.channel, t.providerId),
    index("channel_messages_failed_idx")
      .on(t.failedAt, t.id)
      .where(sql`${t.status} = 'failed'`),
    index("channel_messages_user_idx").on(t.userId, t.createdAt),
    index("channel_messages_booking_idx").on(t.bookingId),
    check("channel_messages_channel_check", inList("channel", PHONE_CHANNELS)),
    check("channel_messages_status_check", inList("status", CHANNEL_MESSAGE_STATUSES)),
  ],
);

/**
 * Delivery figures per day, channel (e-mail too) and message, kept as the outboxes' rows
 * change (ADR 95): the admin dashboard sums at most a year of days, never the messages.
 */
export const channelDeliveryDays = pgTable(
  "channel_delivery_days",
  {
    day: text("day").notNull(),
    channel: text("channel", { enum: NOTIFICATION_CHANNELS }).notNull(),
    name: text("name").notNull(),
    sent: integer("sent").notNull().default(0),
    delivered: integer("delivered").notNull().default(0),
    read: integer("read").notNull().default(0),
    failed: integer("failed").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.channel, t.name] })],
);
/**
 * A party's report that the other did not come to a session (issue 41): one per booking,
 * settled by rule once undisputed for 48 hours, or by an admin when disputed.
 */
export const noShowReports = pgTable(
  "no_show_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .unique()
      .references(() => bookings.id),
    advisorId: uuid("advisor_id")
      .notNull()
      .references(() => advisors.id),
    reporterId: uuid("reporter_id").references(() => users.id, { onDelete: "set null" }),
    reporterRole: text("reporter_role", { enum: ["seeker", "advisor"] }).notNull(),
    note: text("note").notNull(),
    reportedAt: timestamp("reported_at", { withTimezone: true }).notNull(),
    // Stored so the settling job reads only what is due.
    disputeDeadline: timestamp("dispute_deadline", { withTimezone: true }).notNull(),
    disputeNote: text("dispute_note"),
    disputedAt: timestamp("disputed_at", { withTimezone: true }),
    status: text("status", { enum: NO_SHOW_STATUSES }).notNull().default("reported"),
    outcome: text("outcome", { enum: NO_SHOW_OUTCOMES }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    // Null when settled by rule.
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("no_show_reports_due_idx")
      .on(t.disputeDeadline)
      .where(sql`${t.status} = 'reported'`),
    // The admin queue, oldest dispute first, keyset-paged (ADR 78).
    index("no_show_reports_status_reported_id_idx").on(t.status, t.reportedAt, t.id),
    // Upheld no-shows against an advisor in the last 90 days.
    index("no_show_reports_advisor_decided_idx").on(t.advisorId, t.outcome, t.decidedAt),
    // The dashboard's months.
    index("no_show_reports_reported_idx").on(t.reportedAt),
    check("no_show_reports_status_check", inList("status", NO_SHOW_STATUSES)),
    check("no_show_reports_outcome_check", inList("outcome", NO_SHOW_OUTCOMES)),
    check("no_show_reports_role_check", inList("reporter_role", ["seeker", "advisor"])),
    check(
      "no_show_reports_settled_check",
      sql`(${t.status} = 'settled') = (${t.outcome} is not null and ${t.decidedAt} is not null)`,
    ),
    check(
      "no_show_reports_disputed_check",
      sql`(${t.disputedAt} is null) = (${t.disputeNote} is null)`,
    ),
  ],
);

/** An advisor's package: a number of sessions sold for one price (issue 40, ADR 97). */
export const advisorPackages = pgTable(
  "advisor_packages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    advisorId: uuid("advisor_id")
      .notNull()
      .references(() => advisors.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    sessions: smallint("sessions").notNull(),
    duration: smallint("duration").notNull(),
    validityDays: smallint("validity_days").notNull(),
    priceInr: integer("price_inr").notNull(), // whole rupees, GST excluded
    status: text("status", { enum: PACKAGE_STATUSES }).notNull().default("active"),
    // Hidden by an admin: not offered, whatever its status.
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenBy: uuid("hidden_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("advisor_packages_advisor_idx").on(t.advisorId, t.createdAt),
    // The admin's list, newest first (keyset pages, ADR 78).
    index("advisor_packages_created_idx").on(t.createdAt, t.id),
    check("advisor_packages_status_check", inList("status", PACKAGE_STATUSES)),
    check(
      "advisor_packages_sessions_check",
      sql.raw(`sessions between ${PACKAGE_LIMITS.minSessions} and ${PACKAGE_LIMITS.maxSessions}`),
    ),
    check("advisor_packages_duration_check", sql`${t.duration} in (15, 30)`),
    check(
      "advisor_packages_validity_check",
      sql.raw(
        `validity_days between ${PACKAGE_LIMITS.minValidityDays} and ${PACKAGE_LIMITS.maxValidityDays}`,
      ),
    ),
    check(
      "advisor_packages_price_check",
      sql.raw(`price_inr between ${PACKAGE_LIMITS.minPriceInr} and ${PACKAGE_LIMITS.maxPriceInr}`),
    ),
  ],
);

/**
 * A seeker's bought package: what was sold is copied, so an advisor's later edit never changes
 * a package already paid for. Its payment holds the price; its sessions are bookings.
 */
export const packagePurchases = pgTable(
  "package_purchases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    packageId: uuid("package_id")
      .notNull()
      .references(() => advisorPackages.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    advisorId: uuid("advisor_id")
      .notNull()
      .references(() => advisors.id),
    paymentId: uuid("payment_id")
      .notNull()
      .unique()
      .references(() => payments.id),
    name: text("name").notNull(),
    sessions: smallint("sessions").notNull(),
    duration: smallint("duration").notNull(),
    validityDays: smallint("validity_days").notNull(),
    status: text("status", { enum: PURCHASE_STATUSES }).notNull().default("pending_payment"),
    // From the payment: sessions may be booked to start before this.
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("package_purchases_user_idx").on(t.userId, t.createdAt),
    index("package_purchases_advisor_idx").on(t.advisorId, t.createdAt),
    // The expiry job reads only active packages, by when they end.
    index("package_purchases_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'active'`),
    check("package_purchases_status_check", inList("status", PURCHASE_STATUSES)),
    check("package_purchases_duration_check", sql`${t.duration} in (15, 30)`),
    check(
      "package_purchases_active_check",
      sql`${t.status} not in ('active', 'used', 'expired') or ${t.expiresAt} is not null`,
    ),
  ],
);

// ---------------------------------------------------------------- paid questions (issue 40)

/**
 * A paid question: asked in the seeker's conversation with the advisor (`message_id`, its
 * text and attachments), paid once, answered by the advisor before `deadline` or refunded in
 * full by the deadline job. Price and answer time are copied from the advisor's offer when it
 * is asked, so a later change of the offer never changes a question already asked.
 */
export const paidQuestions = pgTable(
  "paid_questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    advisorId: uuid("advisor_id")
      .notNull()
      .references(() => advisors.id),
    paymentId: uuid("payment_id")
      .notNull()
      .unique()
      .references(() => payments.id),
    // The question's message, written once the payment arrives.
    messageId: bigint("message_id", { mode: "number" }).references(() => messages.id, {
      onDelete: "set null",
    }),
    body: text("body").notNull(),
    // The files the seeker uploaded with it, sent with the question's message once it is paid.
    attachments: jsonb("attachments").$type<StoredAttachment[]>().notNull().default([]),
    priceInr: integer("price_inr").notNull(),
    answerDays: smallint("answer_days").notNull(),
    status: text("status", { enum: QUESTION_STATUSES }).notNull().default("pending_payment"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    deadline: timestamp("deadline", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    // The seeker's rating of the answer, as a session's review asks it (ADR 98: kept apart
    // from the advisor's session rating).
    ratingHelpfulness: smallint("rating_helpfulness"),
    ratingActionability: smallint("rating_actionability"),
    recommendAdvisor: boolean("recommend_advisor"),
    writtenFeedback: text("written_feedback"),
    ratedAt: timestamp("rated_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("paid_questions_user_idx").on(t.userId, t.createdAt),
    index("paid_questions_advisor_idx").on(t.advisorId, t.createdAt),
    index("paid_questions_conversation_idx").on(t.conversationId),
    // The deadline job reads only open questions, by when they fall due.
    index("paid_questions_deadline_idx")
      .on(t.deadline)
      .where(sql`${t.status} = 'open'`),
    check("paid_questions_status_check", inList("status", QUESTION_STATUSES)),
    check("paid_questions_answer_days_check", sql`${t.answerDays} between 1 and 7`),
    check("paid_questions_price_check", sql`${t.priceInr} > 0`),
    check(
      "paid_questions_open_check",
      sql`${t.status} not in ('open', 'answered', 'refunded') or (${t.paidAt} is not null and ${t.deadline} is not null)`,
    ),
    check(
      "paid_questions_rating_check",
      sql`(${t.ratedAt} is null) = (${t.ratingHelpfulness} is null) and (${t.ratedAt} is null or (${t.status} = 'answered' and ${t.ratingHelpfulness} between 1 and 5 and ${t.ratingActionability} between 1 and 5 and ${t.recommendAdvisor} is not null))`,
    ),
    check(
      "paid_questions_answered_check",
      sql`${t.status} <> 'answered' or ${t.answeredAt} is not null`,
    ),
  ],
);
