import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { hashPassword } from "better-auth/crypto";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { createBankCipher } from "../server/security/bank-cipher.server";
import { buildConfig, TEAM_ADVISOR_ID } from "../server/config.server";
import { openDatabase } from "../server/db/client.server";
import { DEMO_ADMIN, DEMO_PASSWORD, seedIfEmpty } from "../server/seed/seed.server";
import { createLocalStorage } from "../server/storage/local-storage.server";
import { COMPANIES, FIRST, LAST, PLACES, TITLES, TOPICS } from "./marketplace-data";
import { say } from "./stats";

/**
 * A year of a successful marketplace, grown by set-based SQL on top of the demo data: at
 * scale 1 about 110,500 users, 10,500 advisors (most approved, with weekly schedules), 323,500
 * bookings with their payments over the last 12 months and the next 30 days, 104,500 refunds,
 * the ledger and payout transfers that go with them (they reconcile), reviews, sent reminders,
 * 200,000 audit entries and 221,000 sign-in sessions. The demo log-ins work (password
 * Demo@12345 for every person, generated ones too); Priya Sharma has a few thousand sessions
 * and Aarav Mehta a few dozen. Start the app on it with BANK_ENCRYPTION_KEY=YEAR_BANK_KEY, or
 * the bank details written here do not decrypt.
 *
 * The database is migrated with the migrations committed at HEAD only (YEAR_MIGRATIONS=all:
 * those of the working tree): a template must not record as applied a migration someone is
 * still writing, or its final text would never run on a copy. The app applies newer ones on
 * start (bench/year.ts does just before it).
 *
 *   node --import tsx bench/year-data.ts <empty-database-url> [scale]
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const YEAR_BANK_KEY = "year-of-data-bank-key-not-secret-0000";
const TARGET = {
  users: 110_539,
  advisors: 10_527,
  bookings: 323_556,
  audit: 200_000,
  sessions: 221_000,
};
const DEMO_ADVISOR = "priya.sharma@example.com";
const DEMO_SEEKER = "aarav.mehta@example.com";

const list = (values: readonly (string | number)[]) =>
  `array[${values.map((v) => (typeof v === "number" ? v : `'${v.replace(/'/g, "''")}'`)).join(", ")}]`;
const MORE_FIRST = ["Nikhil", "Pooja", "Siddharth", "Riya", "Varun", "Tara", "Zoya", "Imran"];
const MORE_LAST = ["Joshi", "Pillai", "Chopra", "Mishra", "Khan", "Fernandes", "Banerjee"];
const RATES = [500, 800, 1000, 1200, 1500, 2000, 2500, 3000, 4000, 5000];
const REASONS = [
  "Something came up at work, sorry.",
  "My interview got moved to the same day.",
  "Advisor asked to move it; will rebook.",
  "Booked the wrong time zone by mistake.",
];
const FEEDBACK = [
  "Practical and honest. I left with a clear list of next steps.",
  "Very helpful on salary negotiation, exactly what I needed.",
  "Good session, though we ran out of time for my second question.",
  "Shared real numbers about relocating, which no blog post does.",
];

export type GrowReport = { rows: Record<string, number>; megabytes: number; seconds: number };

/** Migrates the EMPTY database at `url`, adds the demo data and grows a year on top. */
export async function growYear(url: string, scale = 1, now = new Date()): Promise<GrowReport> {
  const began = performance.now();
  const step = async (label: string, work: () => Promise<unknown>) => {
    const t = performance.now();
    await work();
    say(`  ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  const dataDir = mkdtempSync(path.join(tmpdir(), "year-data-"));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const q = (text: string) => client.query(text);
    const existing = await q(`select count(*)::int as n from information_schema.tables
      where table_schema = 'public'`);
    if (existing.rows[0].n > 0) throw new Error(`${url} is not empty: growYear needs a new one`);

    await step("migrations", () => migrateDatabase(url));
    await step("demo data (the app's seed)", async () => {
      const config = buildConfig({ DATA_DIR: dataDir, BANK_ENCRYPTION_KEY: YEAR_BANK_KEY });
      const database = await openDatabase({ url });
      try {
        const storage = createLocalStorage(path.join(dataDir, "up"));
        const bankCipher = createBankCipher(config.bankEncryptionKey);
        await seedIfEmpty(database.db, { config, storage, bankCipher }, now);
      } finally {
        await database.close();
      }
    });

    // Counts at this scale, less what the demo data already holds.
    const seeded = (
      await q(`select (select count(*) from users)::int as users,
      (select count(*) from advisors)::int as advisors`)
    ).rows[0];
    const NA = Math.max(1, Math.round(TARGET.advisors * scale) - seeded.advisors);
    const NS = Math.max(10, Math.round(TARGET.users * scale) - seeded.users - NA);
    const N = Math.round(TARGET.bookings * scale);
    const hash = await hashPassword(DEMO_PASSWORD);
    const NOW = `'${now.toISOString()}'::timestamptz`;
    const HOLD_DAYS = buildConfig({ DATA_DIR: dataDir }).payouts.holdDays;

    // Bulk-load settings for this session only; every constraint and trigger stays on.
    await q(`set synchronous_commit = off; set work_mem = '256MB';
      set maintenance_work_mem = '512MB'`);
    // Deterministic ids (valid v4 UUIDs from md5) and hashes, so rows find each other
    // by computation instead of lookups. pg_temp: nothing is left in the template.
    await q(`
      create function pg_temp.yid(t text) returns uuid language sql immutable as
        $$ select overlay(overlay(md5(t) placing '4' from 13) placing '8' from 17)::uuid $$;
      create function pg_temp.u(k bigint, salt int) returns float8 language sql immutable as
        $$ select (hashint8extended(k, salt) & 140737488355327)::float8 / 140737488355328 $$;
      create function pg_temp.pick(l text[], k bigint, salt int) returns text
        language sql immutable as
        $$ select l[1 + floor(pg_temp.u(k, salt) * array_length(l, 1))::int] $$;
      create function pg_temp.person(n bigint) returns text language sql immutable as $$
        select pg_temp.pick(${list([...FIRST, ...MORE_FIRST])}, n, 1) || ' '
          || pg_temp.pick(${list([...LAST, ...MORE_LAST])}, n, 2) $$;
      create function pg_temp.email(n bigint) returns text language sql immutable as $$
        select case when n <= ${NA} then 'advisor.' else 'seeker.' end || n || '@year.example' $$;`);

    await step(`${(NA + NS).toLocaleString("en")} people with log-ins`, async () => {
      await q(`create temp table yu as
        select n, pg_temp.yid('user' || n) as id, 'year-' || n as auth_id,
          pg_temp.person(n) as name, pg_temp.email(n) as email,
          ${NOW} - interval '1 day' * (420 - 410.0 * n / ${NA + NS}) as created
        from generate_series(1, ${NA + NS}) n`);
      await q(`insert into auth_users (id, name, email, email_verified, created_at, updated_at)
        select auth_id, name, email, true, created, created from yu`);
      await q(`insert into auth_accounts (id, account_id, provider_id, user_id, password,
          created_at, updated_at)
        select 'year-acc-' || n, auth_id, 'credential', auth_id, '${hash}', created, created
        from yu`);
      // A few more admins beside the demo one; a few people deactivated.
      await q(`insert into users (id, auth_user_id, first_name, last_name, email, profession,
          admin, is_active, age_range, city, country, created_at, updated_at)
        select id, auth_id, split_part(name, ' ', 1), split_part(name, ' ', 2), email,
          pg_temp.pick(${list(TITLES)}, n, 3), case when n between ${NA + 1} and ${NA + 3}
          then 'Y' else 'N' end, pg_temp.u(n, 4) > 0.003,
          pg_temp.pick(array['18-24', '25-34', '35-44', '45-54'], n, 5),
          pg_temp.pick(${list(PLACES)}, n, 6), 'India', created, created
        from yu`);
    });

    await step(`${NA.toLocaleString("en")} advisors, schedules, payout accounts`, async () => {
      await q(`create temp table yadv as
        select n, pg_temp.yid('adv' || n) as id, u.id as user_id, u.created,
          case when pg_temp.u(n, 10) < 0.88 then 'approved' when pg_temp.u(n, 10) < 0.92
            then 'pending' when pg_temp.u(n, 10) < 0.96 then 'rejected' else 'draft' end
            as status,
          case when pg_temp.u(n, 11) < 0.06 then 0
            else (${list(RATES)})[1 + floor(pg_temp.u(n, 12) * ${RATES.length})::int] end
            as rate,
          pg_temp.u(n, 13) as account
        from yu u where n <= ${NA}`);
      await q(`insert into advisors (id, user_id, job_title, current_company,
          total_experience_years, short_intro, about, hourly_rate_inr, skills, work_locations,
          career_advice_topics, terms_accepted, profile_status, created_at, updated_at)
        select id, user_id, t.title, pg_temp.pick(${list(COMPANIES)}, n, 21),
          2 + floor(pg_temp.u(n, 22) * 23)::int,
          t.title || ' who moved to ' || t.place || '.',
          'I help people with ' || lower(t.topic) || ' and moving to ' || t.place || '.',
          rate, array['Mentoring', t.title], array[t.place, pg_temp.pick(${list(PLACES)}, n, 24)],
          array[t.topic, pg_temp.pick(${list(TOPICS)}, n, 25)], status <> 'draft', status,
          created, created
        from yadv, lateral (select pg_temp.pick(${list(TITLES)}, n, 20) as title,
          pg_temp.pick(${list(PLACES)}, n, 23) as place,
          pg_temp.pick(${list(TOPICS)}, n, 26) as topic) t`);
      await q(`insert into advisor_schedules (id, advisor_id, timezone, created_at, updated_at)
        select pg_temp.yid('sch' || n), id, 'Asia/Kolkata', created, created
        from yadv where status in ('approved', 'pending')`);
      await q(`insert into schedule_slots (schedule_id, day_of_week, start_time, end_time)
        select pg_temp.yid('sch' || n), d, w.s, w.e
        from yadv, generate_series(1, 6) d,
          (values ('09:00', '13:00'), ('14:00', '20:00')) w(s, e)
        where status in ('approved', 'pending')`);
      // Most approved advisors have a linked account; a few are stuck or being synced.
      await q(`insert into payout_accounts (advisor_id, provider_account_id, provider_product_id,
          status, last_error, needs_sync, created_at, updated_at)
        select id, 'acc_year' || n, 'acc_prd_year' || n,
          case when account < 0.57 then 'activated' when account < 0.59
            then 'needs_clarification' else 'pending' end,
          case when account between 0.57 and 0.59 then 'Beneficiary name does not match' end,
          account >= 0.59, created, created
        from yadv where status = 'approved' and account < 0.595`);
    });
    await step("bank details (AES-GCM, in JS)", async () => {
      const { rows } = await client.query<{ id: string; n: number }>(
        `select a.id, a.n from yadv a join payout_accounts p on p.advisor_id = a.id`,
      );
      const cipher = createBankCipher(YEAR_BANK_KEY);
      await client.query(
        `update advisors a set bank_account_holder_name = u.first_name || ' ' || u.last_name,
          bank_name = 'HDFC Bank', bank_ifsc_code = 'HDFC0001234', bank_branch = 'Bengaluru',
          bank_account_number = v.number
        from unnest($1::uuid[], $2::text[]) v(id, number), users u
        where a.id = v.id and u.id = a.user_id`,
        [
          rows.map((r) => r.id),
          rows.map((r) => cipher.encrypt(`5010${String(r.n).padStart(10, "0")}`, r.id)),
        ],
      );
    });

    await step(`${N.toLocaleString("en")} bookings planned`, async () => {
      // Who is booked: generated approved advisors by popularity (rank 0 the busiest), the demo
      // advisor (a = -1, one booking in a hundred) and the team's free discovery calls (a = -2).
      await q(`create temp table yall as
        select (row_number() over (order by pg_temp.u(n, 30)) - 1)::int as a, id,
          user_id, rate, account < 0.57 as activated
        from yadv where status = 'approved'
        union all
        select -1, a.id, a.user_id, a.hourly_rate_inr, true
        from advisors a join users u on u.id = a.user_id where u.email = '${DEMO_ADVISOR}'
        union all
        select -2, a.id, a.user_id, a.hourly_rate_inr, false from advisors a
        where a.id = '${TEAM_ADVISOR_ID}'`);
      // Half-hour cells Mon-Sat 09:00-13:00 and 14:00-20:00 (Kolkata), a year back, 30 days on.
      await q(`create temp table yc as
        select (row_number() over (order by d, s) - 1)::int as cell,
          (d + time '09:00' + s * interval '30 minutes'
            + case when s >= 8 then interval '1 hour' else interval '0' end)
            at time zone 'Asia/Kolkata' as start
        from generate_series((${NOW} at time zone 'Asia/Kolkata')::date - 365,
          (${NOW} at time zone 'Asia/Kolkata')::date + 30, interval '1 day') d,
          generate_series(0, 19) s
        where extract(isodow from d) < 7`);
      const cells = (await q(`select count(*)::int as n from yc`)).rows[0].n;
      const approved = (await q(`select count(*)::int as n from yall where a >= 0`)).rows[0].n;
      // An advisor's j-th booking takes cell (j * P + offset) mod C: distinct for j < C (P is a
      // prime above C), so an advisor's live bookings never overlap. Bookings sharing a cell
      // get distinct seekers ((cell * 7919 + rank * P) mod NS), so a seeker's never do.
      await q(`create temp table yk as
        with base as (
          select k, case when k % 100 = 0 then -1 when k % 80 = 1 then -2
            else floor(${approved} * pg_temp.u(k, 31) ^ 2)::int end as a
          from generate_series(1, ${N}) k
        ), placed as (
          select k, a, ((row_number() over (partition by a order by k) - 1) * 1000003
            + floor(pg_temp.u(a + 2, 29) * ${cells})::int) % ${cells} as cell, row_number() over (partition by a order by k) as j
          from base
        ), ranked as (
          select k, a, cell::int, row_number() over (partition by cell order by k) - 1 as r
          from placed where j <= ${cells}
        ), timed as (
          select r.k, r.cell, c.start, y.id as advisor_id, y.user_id as advisor_user_id,
            y.rate, y.activated, r.a = -2 as discovery,
            case when r.r = 0 and r.cell % 150 = 0 then (select id from users
                where email = '${DEMO_SEEKER}')
              else pg_temp.yid('user' || (${NA + 1} + (r.cell::bigint * 7919 + r.r * 1000003)
                % ${NS})) end as seeker_id,
            case when r.a = -2 or pg_temp.u(r.k, 32) < 0.2 then 15 else 30 end as duration,
            pg_temp.u(r.k, 33) as u
          from ranked r join yc c using (cell) join yall y using (a)
        ), statused as (
          select t.*, t.start + make_interval(mins => t.duration) as ends, t.rate = 0 as free,
            case
              when t.start > ${NOW} then case when t.rate > 0 and t.u < 0.002
                then 'pending_payment' when t.u < 0.10 then 'cancelled' else 'confirmed' end
              when t.start + make_interval(mins => t.duration) > ${NOW} - interval '20 minutes'
                then 'confirmed'
              when t.rate > 0 and t.u < 0.013 then 'expired'
              when t.u < 0.40 then 'cancelled'
              else 'completed' end as status
          from timed t
        ), made as (
          select s.*,
            case when status = 'pending_payment' then ${NOW} - case when pg_temp.u(k, 34) < 0.25
                then interval '20 minutes' else interval '5 minutes' end
              else least(start - interval '1 day' * (2 + 20 * pg_temp.u(k, 35)),
                ${NOW} - interval '1 hour' * (3 + 48 * pg_temp.u(k, 36))) end as created,
            status = 'cancelled' and rate > 0 and (start > ${NOW} or pg_temp.u(k, 37) < 0.94)
              as refunded
          from statused s
        )
        select m.*,
          case when status <> 'cancelled' then null
            when refunded or free then created + (least(start - interval '25 hours',
              ${NOW} - interval '1 hour') - created) * pg_temp.u(k, 38)
            else start - interval '2 hours' end as cancelled_at,
          -- Fee and GST as core/pricing.ts: halves round up, in whole rupees.
          floor((2 * (rate * 100)::bigint * duration + 6000) / 12000)::int * 100 as fee,
          floor((2 * (rate * 100)::bigint * duration * 118 + 600000) / 1200000)::int * 100
            as amount,
          -- The commission went from 0 to 12.5 % half a year ago.
          case when created < ${NOW} - interval '180 days' then 0 else 12.5 end as commission
        from made m`);
      // The demo data's own live bookings keep their times.
      await q(`delete from yk y using bookings b
        where (b.advisor_id = y.advisor_id or b.user_id = y.seeker_id)
          and tstzrange(b.datetime, b.ends_at, '[)') && tstzrange(y.start, y.ends, '[)')`);
      await q(`alter table yk add column refund_status text, add column processed_at timestamptz,
          add column pay_status text, add column share int, add column transfer text,
          add column released_at timestamptz, add column reviewed boolean`);
      await q(`update yk set
        refund_status = case when not refunded then null
          when cancelled_at < ${NOW} - interval '3 days' then 'processed'
          when pg_temp.u(k, 39) < 0.05 then 'failed' else 'pending' end,
        share = fee - floor((fee * commission * 100 + 5000) / 10000)::int,
        reviewed = status = 'completed' and pg_temp.u(k, 40) < 0.45`);
      await q(`update yk set
        processed_at = case when refund_status = 'processed'
          then cancelled_at + interval '1 day' * (1 + 2 * pg_temp.u(k, 41)) end,
        pay_status = case when free then 'free'
          when status in ('expired', 'pending_payment') then 'created'
          when refund_status = 'processed' then 'refunded' else 'paid' end,
        released_at = case when activated and status in ('completed', 'cancelled')
          and not refunded and ends + interval '${HOLD_DAYS} days' <= ${NOW}
          then ends + interval '${HOLD_DAYS} days 1 minute' end`);
      // A transfer per credited session: held, released, settled; cancelled or reversed when
      // refunded; waiting while the advisor has no account; a few refused by the provider.
      await q(`update yk set transfer = case
          when refunded then case when activated then 'reversed' else 'cancelled' end
          when not activated then 'awaiting_account'
          when pg_temp.u(k, 42) < 0.003 then 'failed'
          when released_at is null then 'on_hold'
          when released_at > ${NOW} - interval '2 days' then 'released' else 'settled' end,
        released_at = case when pg_temp.u(k, 42) < 0.003 then null else released_at end
        where pay_status in ('paid', 'refunded') and status in ('confirmed', 'completed',
          'cancelled') and fee > 0`);
    });

    await step("payments, bookings, refunds", async () => {
      await q(`insert into payments (id, user_id, amount, fee_amount, gst_amount, status, provider,
          razorpay_order_id, razorpay_payment_id, created_at, updated_at)
        select pg_temp.yid('pay' || k), seeker_id, amount, fee, amount - fee, pay_status,
          case when free then 'none' else 'razorpay' end,
          case when not free then 'order_year' || k end,
          case when pay_status in ('paid', 'refunded') then 'pay_year' || k end,
          created, coalesce(processed_at, created + interval '2 minutes')
        from yk order by created`);
      await q(`insert into bookings (id, payment_id, user_id, advisor_id, datetime, duration,
          ends_at, status, hold_expires_at, session_type, topics, additional_info,
          cancellation_reason, cancelled_by, cancelled_at, video_call_link, advisor_timezone,
          seeker_timezone, review_submitted, created_at, updated_at)
        select pg_temp.yid('bk' || k), pg_temp.yid('pay' || k), seeker_id, advisor_id, start,
          duration, ends, status,
          case when status = 'pending_payment' then created + interval '15 minutes' end,
          case when discovery then 'Discovery Call' when duration = 15 then 'Follow up call'
            else 'First Call' end,
          array[pg_temp.pick(${list(TOPICS)}, k, 43)],
          case when pg_temp.u(k, 44) < 0.3 then 'I would like a concrete plan for the next six months.' end,
          case when status = 'cancelled' then pg_temp.pick(${list(REASONS)}, k, 45) end,
          case when status = 'cancelled' then case when pg_temp.u(k, 46) < 0.7 then seeker_id
            else advisor_user_id end end,
          cancelled_at, 'https://meet.jit.si/beenthere-year-' || k, 'Asia/Kolkata',
          pg_temp.pick(array['Asia/Kolkata', 'Asia/Kolkata', 'Asia/Dubai', 'Europe/London'], k, 47),
          reviewed, created,
          coalesce(cancelled_at, case when status = 'completed' then ends end, created)
        from yk order by created`);
      // A session's refund is all of its payment, so all of its GST.
      await q(`insert into refunds (id, payment_id, booking_id, amount, gst_amount, status, reason,
          razorpay_refund_id, attempts, next_attempt_at, last_error, processed_at, created_at,
          updated_at)
        select pg_temp.yid('ref' || k), pg_temp.yid('pay' || k), pg_temp.yid('bk' || k), amount,
          amount - fee, refund_status, 'Cancelled 24 hours or more before the start', 'rfnd_year' || k, 1,
          cancelled_at + interval '1 hour',
          case when refund_status = 'failed' then 'refused by the provider' end,
          processed_at, cancelled_at, coalesce(processed_at, cancelled_at)
        from yk where refunded order by cancelled_at`);
    });

    await step("payout transfers and the ledger", async () => {
      await q(`insert into payout_transfers (id, advisor_id, booking_id, payment_id, amount, status,
          provider_transfer_id, provider_settlement_id, next_attempt_at, last_error, released_at,
          settled_at, created_at, updated_at)
        select pg_temp.yid('trf' || k), advisor_id, pg_temp.yid('bk' || k),
          pg_temp.yid('pay' || k), share, transfer,
          case when transfer in ('on_hold', 'released', 'settled', 'reversed')
            then 'trf_year' || k end,
          case when transfer = 'settled' then 'setl_year' || k end,
          created + interval '2 minutes',
          case when transfer = 'failed' then 'The linked account is not active' end,
          released_at,
          case when transfer = 'settled' then released_at + interval '1 day' end,
          created + interval '2 minutes',
          greatest(created + interval '2 minutes', released_at, cancelled_at)
        from yk where transfer is not null order by created`);
      await q(`insert into ledger_entries (advisor_id, kind, amount, booking_id, payment_id,
          refund_id, transfer_id, provider_transfer_id, fee_amount, commission_percent,
          commission_amount, created_at)
        select * from (
          select advisor_id, 'session_credit', share, pg_temp.yid('bk' || k),
            pg_temp.yid('pay' || k), null::uuid, null::uuid, null, fee, commission,
            fee - share, created + interval '2 minutes' as at
          from yk where transfer is not null
          union all
          select advisor_id, 'refund_debit', -share, pg_temp.yid('bk' || k),
            pg_temp.yid('pay' || k), pg_temp.yid('ref' || k), null, null, null, null, null,
            cancelled_at
          from yk where transfer is not null and refunded
          union all
          select advisor_id, 'payout', -share, pg_temp.yid('bk' || k), pg_temp.yid('pay' || k),
            null, pg_temp.yid('trf' || k), 'trf_year' || k, null, null, null, released_at
          from yk where transfer in ('released', 'settled')
        ) e order by at`);
    });

    await step("reviews and sent reminders", async () => {
      await q(`insert into reviews (booking_id, advisor_id, user_id, rating_helpfulness,
          rating_actionability, recommend_advisor, written_feedback, created_at)
        select pg_temp.yid('bk' || k), advisor_id, seeker_id, h, a, h >= 4,
          case when pg_temp.u(k, 50) < 0.6 then pg_temp.pick(${list(FEEDBACK)}, k, 51) end,
          least(ends + interval '3 days' * pg_temp.u(k, 52), ${NOW})
        from yk, lateral (select 5 - floor(4 * pg_temp.u(k, 53) ^ 3)::int as h,
          5 - floor(4 * pg_temp.u(k, 54) ^ 2)::int as a) r
        where reviewed order by ends`);
      // Every reminder whose moment has passed went out (the job's steady state).
      await q(`insert into booking_reminders (booking_id, hours_before, session_start, sent_at)
        select pg_temp.yid('bk' || k), h, start, least(start - make_interval(hours => h)
          + interval '2 minutes', ${NOW})
        from yk, (values (24), (1)) r(h)
        where status in ('confirmed', 'completed') and start - make_interval(hours => h) <= ${NOW}
          and (h = 1 or created <= start - interval '24 hours')`);
    });

    await step("paid questions: asked, answered, refunded, open", async () => {
      // One question beside every tenth session, at ₹500 + GST, answered within 3 days: most
      // answered (credited, held, released), some refunded when late, the last days' open (a
      // few just past their deadline, for the deadline job).
      await q(`create temp table yq as
        select k, seeker_id, advisor_id, st as status, asked,
          asked + interval '2 minutes' as paid,
          asked + interval '2 minutes' + interval '3 days' as deadline,
          asked + interval '2 minutes' + interval '1 day' * 2.5 * pg_temp.u(k, 63) as answered,
          case when asked < ${NOW} - interval '180 days' then 0 else 12.5 end as commission
        from yk, lateral (select case when pg_temp.u(k, 61) < 0.85 then 'answered'
            when pg_temp.u(k, 61) < 0.95 then 'refunded' else 'open' end as st) s,
          lateral (select case when st = 'open'
            then ${NOW} - interval '1 day' * 3.05 * pg_temp.u(k, 62)
            else least(created, ${NOW} - interval '4 days') end as asked) a
        where k % 10 = 3`);
      await q(`alter table yq add column share int;
        update yq set share = 50000 - floor((50000 * commission * 100 + 5000) / 10000)::int`);
      await q(`insert into conversations (seeker_id, advisor_id, created_at)
        select distinct on (seeker_id, advisor_id) seeker_id, advisor_id, asked from yq
        order by seeker_id, advisor_id, asked on conflict do nothing`);
      await q(`insert into payments (id, user_id, amount, fee_amount, gst_amount, status, provider,
          razorpay_order_id, razorpay_payment_id, created_at, updated_at)
        select pg_temp.yid('qpay' || k), seeker_id, 59000, 50000, 9000,
          case when status = 'refunded' then 'refunded' else 'paid' end, 'razorpay',
          'order_yq' || k, 'pay_yq' || k, asked, paid
        from yq order by asked`);
      await q(`insert into paid_questions (id, conversation_id, user_id, advisor_id, payment_id,
          body, price_inr, answer_days, status, paid_at, deadline, answered_at, refunded_at,
          created_at, updated_at)
        select pg_temp.yid('q' || k), c.id, yq.seeker_id, yq.advisor_id, pg_temp.yid('qpay' || k),
          'Is this offer fair for someone with my experience?', 500, 3, status, paid, deadline,
          case when status = 'answered' then answered end,
          case when status = 'refunded' then deadline end, asked, paid
        from yq join conversations c on c.seeker_id = yq.seeker_id and c.advisor_id = yq.advisor_id
        order by asked`);
      await q(`insert into refunds (id, payment_id, question_id, amount, gst_amount, status, reason,
          razorpay_refund_id, attempts, next_attempt_at, processed_at, created_at, updated_at)
        select pg_temp.yid('qref' || k), pg_temp.yid('qpay' || k), pg_temp.yid('q' || k), 59000,
          9000, 'processed', 'The question was not answered in time: refunded in full.',
          'rfnd_yq' || k, 1, deadline + interval '1 hour', deadline + interval '1 hour', deadline,
          deadline + interval '1 hour'
        from yq where status = 'refunded' order by deadline`);
      await q(`insert into payout_transfers (id, advisor_id, question_id, payment_id, amount,
          status, provider_transfer_id, next_attempt_at, released_at, created_at, updated_at)
        select pg_temp.yid('qtrf' || k), advisor_id, pg_temp.yid('q' || k),
          pg_temp.yid('qpay' || k), share, case when rel <= ${NOW} then 'released' else 'on_hold'
          end, 'trf_yq' || k, rel, case when rel <= ${NOW} then rel end, answered,
          least(rel, ${NOW})
        from yq, lateral (select answered + interval '1 day' * ${HOLD_DAYS} as rel) r
        where status = 'answered' order by answered`);
      await q(`insert into ledger_entries (advisor_id, kind, amount, question_id, payment_id,
          transfer_id, provider_transfer_id, fee_amount, commission_percent, commission_amount,
          created_at)
        select * from (
          select advisor_id, 'session_credit', share, pg_temp.yid('q' || k),
            pg_temp.yid('qpay' || k), null::uuid, null, 50000, commission, 50000 - share,
            answered as at
          from yq where status = 'answered'
          union all
          select advisor_id, 'payout', -share, pg_temp.yid('q' || k), pg_temp.yid('qpay' || k),
            pg_temp.yid('qtrf' || k), 'trf_yq' || k, null, null, null,
            answered + interval '1 day' * ${HOLD_DAYS}
          from yq where status = 'answered'
            and answered + interval '1 day' * ${HOLD_DAYS} <= ${NOW}
        ) e order by at`);
    });

    await step("audit log, sign-in sessions, reconciliation runs", async () => {
      const audit = Math.round(TARGET.audit * scale);
      await q(`insert into audit_log (actor_user_id, action, target_type, target_id, details,
          request_id, created_at)
        select case when pg_temp.u(n, 60) < 0.7 then (select id from users
            where email = '${DEMO_ADMIN.email}') else pg_temp.yid('user' || (${NA + 1} + n % 3)) end,
          x.action, x.target_type, x.target_id,
          jsonb_build_object('targetLabel', x.label, 'before', x.before, 'after', x.after),
          'req-year-' || n, ${NOW} - interval '365 days' * (1 - n::float8 / ${audit})
        from generate_series(1, ${audit}) n, lateral (
          select pg_temp.u(n, 61) as u, 1 + n % ${N} as k, 1 + n % ${NA} as adv,
            ${NA + 1} + n % ${NS} as seeker) t, lateral (
          select case when u < 0.55 then 'booking.cancel' when u < 0.70 then 'booking.reschedule'
              when u < 0.80 then 'advisor.edit' when u < 0.86 then 'advisor.approve'
              when u < 0.89 then 'advisor.reject' when u < 0.94 then 'payout.retry'
              when u < 0.975 then 'ledger.reconcile' when u < 0.985 then 'admin.grant'
              when u < 0.99 then 'admin.revoke' else 'advisor.invite_resent' end as action,
            case when u < 0.70 then 'booking' when u < 0.89 or u >= 0.99 then 'advisor'
              when u < 0.94 then 'transfer' when u < 0.975 then 'ledger' else 'user' end
              as target_type,
            case when u < 0.70 then pg_temp.yid('bk' || k)::text
              when u < 0.89 or u >= 0.99 then pg_temp.yid('adv' || adv)::text
              when u < 0.94 then pg_temp.yid('trf' || k)::text
              when u < 0.975 then pg_temp.yid('run' || n)::text
              else pg_temp.yid('user' || seeker)::text end as target_id,
            case when u < 0.70 then pg_temp.person(seeker) || ' <' || pg_temp.email(seeker)
                || '> with ' || pg_temp.person(adv) || ' <' || pg_temp.email(adv) || '>'
              when u < 0.89 or u >= 0.99 then pg_temp.person(adv) || ' <'
                || pg_temp.email(adv) || '>'
              when u >= 0.975 then pg_temp.person(seeker) || ' <' || pg_temp.email(seeker) || '>'
              else null end as label,
            case when u < 0.55 then '{"status": "confirmed"}'::jsonb
              when u between 0.80 and 0.89 then '{"status": "pending"}'::jsonb end as before,
            case when u < 0.55 then '{"status": "cancelled"}'::jsonb
              when u between 0.80 and 0.86 then '{"status": "approved"}'::jsonb
              when u between 0.86 and 0.89 then '{"status": "rejected"}'::jsonb end as after) x`);
      await q(`insert into auth_sessions (id, expires_at, token, created_at, updated_at,
          ip_address, user_agent, user_id)
        select 'year-sess-' || n, at + interval '7 days', md5('token' || n) || md5('salt' || n),
          at, at, '10.' || n % 250 || '.' || n % 199 || '.' || n % 97,
          pg_temp.pick(array['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0',
            'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1',
            'Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile'], n, 62),
          'year-' || (1 + (n * 7919) % ${NA + NS})
        from generate_series(1, ${Math.round(TARGET.sessions * scale)}) n,
          lateral (select ${NOW} - interval '365 days' * pg_temp.u(n, 63) as at) t
        order by at`);
      await q(`insert into reconciliation_runs (ran_at, differences)
        select ${NOW} - interval '1 hour' * h, '[]' from generate_series(8760, 1, -1) h`);
    });
    // A year-old database has been vacuumed and analysed by autovacuum many times over.
    await step("vacuum analyze", () => q(`vacuum analyze`));

    await q(`discard temp`); // the staging tables would count in the database's size
    const rows = await countRows(client);
    const size = (await q(`select pg_database_size(current_database())::bigint as b`)).rows[0];
    return {
      rows,
      megabytes: Number(size.b) / 1_048_576,
      seconds: (performance.now() - began) / 1000,
    };
  } finally {
    await client.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The committed migrations (see above), or every one with YEAR_MIGRATIONS=all. */
async function migrateDatabase(url: string) {
  if (process.env.YEAR_MIGRATIONS === "all") {
    const database = await openDatabase({ url });
    await database.migrate().finally(() => database.close());
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), "year-migrations-"));
  const client = new pg.Client({ connectionString: url });
  try {
    execFileSync("sh", ["-c", `git archive HEAD server/db/migrations | tar -x -C '${dir}'`], {
      cwd: ROOT,
    });
    await client.connect();
    await migrate(drizzle({ client }), {
      migrationsFolder: path.join(dir, "server/db/migrations"),
    });
  } finally {
    await client.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Exact row counts of every table of the app, largest first. */
export async function countRows(client: pg.Client): Promise<Record<string, number>> {
  const { rows: tables } = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const counts: [string, number][] = [];
  for (const { name } of tables) {
    const { rows } = await client.query(`select count(*)::int as n from "${name}"`);
    counts.push([name, rows[0].n]);
  }
  return Object.fromEntries(counts.sort((a, b) => b[1] - a[1]));
}

/**
 * (Re)creates database `name` on the server at `serverUrl` (no database in it) as a template
 * of a year: grown under another name and renamed, so the old template stays usable until
 * the new one is whole.
 */
export async function growTemplate(serverUrl: string, name: string, scale: number) {
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  try {
    const growing = `${name}_growing`;
    await admin.query(`drop database if exists ${growing}`);
    await admin.query(`create database ${growing}`);
    const report = await growYear(`${serverUrl}/${growing}`, scale);
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`alter database ${growing} rename to ${name}`);
    return report;
  } finally {
    await admin.end();
  }
}

export function printReport(report: GrowReport) {
  for (const [table, n] of Object.entries(report.rows))
    say(`  ${table.padEnd(30)} ${n.toLocaleString("en").padStart(10)}`);
  say(`  ${report.megabytes.toFixed(0)} MB in ${report.seconds.toFixed(0)} s`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [url, scale = "1"] = process.argv.slice(2);
  if (!url) {
    say("usage: node --import tsx bench/year-data.ts <empty-database-url> [scale]");
    process.exit(2);
  }
  printReport(await growYear(url, Number(scale)));
  process.exit(0);
}
