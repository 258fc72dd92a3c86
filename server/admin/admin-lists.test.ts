import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PageKeys, type PageMove, pageHref } from "../../core/admin/list-page";
import { type Db, queryRows } from "../db/client.server";
import { type Position, readPosition, START } from "../db/keyset";
import { createTestDatabase } from "../db/database.test-support";
import {
  ADVISORS_PAGE_SIZE,
  DEBUG_PAGE_SIZE,
  countAdvisorsBySection,
  listAdvisorsForDebug,
  listAdvisorsForReview,
} from "../advisors/advisor-review.server";
import { AUDIT_PAGE_SIZE, listAudit, listAuditActors } from "../audit/audit.server";
import { USERS_PAGE_SIZE, listUsers } from "./users.server";

/*
 * The admin lists over a few thousand rows made in SQL: paged by keys, every page's rows are
 * the next in (created_at desc, id desc) order, none twice, both ends reachable, and each
 * query reads its table through an index: no Seq Scan on users, auth_sessions, advisors or
 * audit_log once the tables are analysed. Many rows share a created_at, and some differ from
 * each other by a microsecond only, which a millisecond key would lose.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;

const USERS = 4000;
const ADVISORS = 700;
const ENTRIES = 4000;
const ADMINS = 8;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  // Four users per hour: two at the hour, two a microsecond later. Every 500th is an admin;
  // every 1000th is a Zebrafinch (the rare name the search tests look for).
  await db.execute(sql`
    insert into auth_users (id, name, email, email_verified)
    select 'auth-' || i, 'Seed ' || i, 'seed' || i || '@lists.example', true
    from generate_series(1, ${USERS}) as i`);
  await db.execute(sql`
    insert into users (auth_user_id, first_name, last_name, email, admin, created_at)
    select 'auth-' || i, 'Seed' || i,
      case when i % 1000 = 1 then 'Zebrafinch' else (array['Rao', 'Iyer', 'Menon'])[i % 3 + 1] end,
      'seed' || i || '@lists.example',
      case when i % ${USERS / ADMINS} = 0 then 'Y' else 'N' end,
      timestamptz '2025-01-01T00:00:00Z' + (i / 4) * interval '1 hour'
        + (i % 2) * interval '1 microsecond'
    from generate_series(1, ${USERS}) as i`);
  // Three sign-ins each, the last a day after joining.
  await db.execute(sql`
    insert into auth_sessions (id, token, user_id, expires_at, created_at)
    select 'session-' || i || '-' || k, 'token-' || i || '-' || k, 'auth-' || i,
      u.created_at + interval '30 days', u.created_at + k * interval '8 hours'
    from generate_series(1, ${USERS}) as i, generate_series(1, 3) as k,
      lateral (select created_at from users where auth_user_id = 'auth-' || i) as u`);
  // Advisors of the oldest users, in every status.
  await db.execute(sql`
    insert into advisors (user_id, profile_status, job_title, created_at)
    select id, (array['pending', 'pending_activation', 'approved', 'approved', 'rejected', 'draft'])[n % 6 + 1],
      'Engineer ' || n, created_at
    from (select id, created_at, row_number() over (order by created_at, id) as n from users) as u
    where n <= ${ADVISORS}`);
  // The log: the admins' actions on the users, three in each minute.
  await db.execute(sql`
    with admins as (select array_agg(id order by id) as ids from users where admin = 'Y'),
      targets as (select *, row_number() over (order by id) as n from users)
    insert into audit_log (actor_user_id, action, target_type, target_id, details, created_at)
    select admins.ids[i % ${ADMINS} + 1],
      case when i % 7 = 0 then 'advisor.approve' else 'admin.grant' end, 'user', t.id::text,
      jsonb_build_object('targetLabel', t.first_name || ' ' || t.last_name || ' <' || t.email || '>'),
      timestamptz '2025-06-01T00:00:00Z' + (i / 3) * interval '1 minute'
    from generate_series(1, ${ENTRIES}) as i
      join targets as t on t.n = i % ${USERS} + 1
      cross join admins`);
  // What autovacuum does to tables this size: statistics, the visibility map, and the new
  // rows moved from the trigram indexes' pending lists into the indexes proper.
  for (const table of ["auth_users", "users", "auth_sessions", "advisors", "audit_log"]) {
    await database.privileged.execute(sql.raw(`vacuum analyze ${table}`));
  }
});
afterAll(() => database.destroy());

/** Every row of a list in order, by the ids in `order by created_at desc, id desc`. */
const idsInOrder = async (query: string) =>
  (await queryRows<{ id: string }>(db, sql.raw(query))).map((r) => r.id);

type Page = { ids: string[]; keys: PageKeys };

/**
 * Follows a list's links as the pager renders them: from the first page `move` by `move`
 * until that end, reading each link's URL back as the loaders do.
 */
async function walk(read: (position: Position) => Promise<Page>, from: Position, move: PageMove) {
  const pages: Page[] = [await read(from)];
  for (;;) {
    const href = pageHref({}, pages.at(-1)!.keys, move);
    if (!href) return pages;
    if (pages.length > 1000) throw new Error("the pager never reached the end");
    pages.push(await read(readPosition(new URLSearchParams(href.slice(1)))));
  }
}

function expectPagesOf(pages: Page[], expected: string[], size: number) {
  expect(pages.map((p) => p.ids.length).slice(0, -1)).toEqual(Array(pages.length - 1).fill(size));
  const seen = pages.flatMap((p) => p.ids);
  expect(new Set(seen).size).toBe(seen.length);
  expect(seen).toEqual(expected);
}

const usersPage =
  (q = "", role: "all" | "admin" = "all") =>
  async (position: Position) => {
    const page = await listUsers(db, { q, role, position });
    return { ids: page.users.map((u) => u.id), keys: page.keys };
  };

describe("the users list, paged by keys", () => {
  it("visits every user once, newest first, from the first page to the last and back", async () => {
    const all = await idsInOrder("select id from users order by created_at desc, id desc");
    const forward = await walk(usersPage(), START, "next");
    expectPagesOf(forward, all, USERS_PAGE_SIZE);
    expect(forward).toHaveLength(USERS / USERS_PAGE_SIZE);
    expect(forward[0]!.keys.previous).toBeNull();
    expect(forward.at(-1)!.keys.next).toBeNull();

    // Last, then Previous to the first: the same pages in reverse.
    const backward = await walk(usersPage(), { from: "end" }, "previous");
    expect(backward.map((p) => p.ids).reverse()).toEqual(forward.map((p) => p.ids));
  });

  it("shows the nearest end for a cursor beyond either end (its rows since gone)", async () => {
    const key = (at: string) =>
      Buffer.from(JSON.stringify([at, "00000000-0000-4000-8000-000000000000"])).toString(
        "base64url",
      );
    const at = (param: string, value: string) =>
      usersPage()(readPosition(new URLSearchParams({ [param]: value })));
    const before2000 = await at("after", key("2000-01-01T00:00:00.000000Z"));
    expect(before2000).toEqual(await usersPage()({ from: "end" }));
    expect(before2000.keys.next).toBeNull();
    const after2100 = await at("before", key("2100-01-01T00:00:00.000000Z"));
    expect(after2100).toEqual(await usersPage()(START));
    expect(after2100.keys.previous).toBeNull();
  });

  it("pages a search and a role filter the same way", async () => {
    const rao = await idsInOrder(
      "select id from users where last_name = 'Rao' order by created_at desc, id desc",
    );
    expectPagesOf(await walk(usersPage("rao"), START, "next"), rao, USERS_PAGE_SIZE);
    const admins = await idsInOrder(
      "select id from users where admin = 'Y' order by created_at desc, id desc",
    );
    expect((await usersPage("", "admin")(START)).ids).toEqual(admins);
  });

  it("shows each listed user's last sign-in and a bounded count", async () => {
    const page = await listUsers(db, { q: "seed4000@" });
    expect(page.users).toMatchObject([{ email: "seed4000@lists.example", sessionsBooked: 0 }]);
    const [joined] = await queryRows<{ last: string }>(
      db,
      sql`select to_char(max(created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as last
        from auth_sessions where user_id = 'auth-4000'`,
    );
    expect(new Date(page.users[0]!.lastSignInAt!).toISOString().slice(0, 19)).toBe(joined!.last);
    expect(page.total).toEqual({ n: 1, more: false });
    expect((await listUsers(db, {})).total).toEqual({ n: USERS, more: false });
  });
});

describe("the audit log, paged by keys", () => {
  it("visits every entry of an admin once, newest first, both ways", async () => {
    const [admin] = await listAuditActors(db);
    const expected = await idsInOrder(
      `select id from audit_log where actor_user_id = '${admin!.id}'
       order by created_at desc, id desc`,
    );
    const read = async (position: Position) => {
      const page = await listAudit(db, { actorUserId: admin!.id }, position);
      return { ids: page.entries.map((e) => e.id), keys: page.keys };
    };
    const forward = await walk(read, START, "next");
    expectPagesOf(forward, expected, AUDIT_PAGE_SIZE);
    const backward = await walk(read, { from: "end" }, "previous");
    expect(backward.map((p) => p.ids).reverse()).toEqual(forward.map((p) => p.ids));
  });

  it("offers the admins as its admin filter, and one chosen who no longer is", async () => {
    const admins = await idsInOrder("select id from users where admin = 'Y' order by id");
    const [former] = await idsInOrder("select id from users where admin = 'N' limit 1");
    expect((await listAuditActors(db)).map((a) => a.id).sort()).toEqual(admins);
    expect((await listAuditActors(db, former)).map((a) => a.id).sort()).toEqual(
      [...admins, former!].sort(),
    );
  });
});

describe("the advisor lists, paged by keys", () => {
  it("page each review section, and count each", async () => {
    // Six statuses in turn over 700 advisors (see beforeAll).
    expect(await countAdvisorsBySection(db)).toEqual({
      pending: 116,
      pending_activation: 117,
      approved: 234,
      other: 233,
    });
    const expected = await idsInOrder(
      `select id from advisors where profile_status in ('rejected', 'draft')
       order by created_at desc, id desc`,
    );
    const read = async (position: Position) => {
      const page = await listAdvisorsForReview(db, "other", position);
      return { ids: page.rows.map((a) => a.id), keys: page.keys };
    };
    expectPagesOf(await walk(read, START, "next"), expected, ADVISORS_PAGE_SIZE);
  });

  it("give the debug page one page at a time and the whole count", async () => {
    const expected = await idsInOrder("select id from advisors order by created_at desc, id desc");
    const read = async (position: Position) => {
      const page = await listAdvisorsForDebug(db, position);
      expect(page.total).toBe(ADVISORS);
      return { ids: page.advisors.map((a) => a.id), keys: page.keys };
    };
    expectPagesOf(await walk(read, START, "next"), expected, DEBUG_PAGE_SIZE);
  });
});

describe("a list URL's position", () => {
  const key = (...parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString("base64url");
  const id = "0b0e8a4e-3a6f-4f55-9a77-0a2f4c1d9e01";
  const good = key("2025-03-01T10:00:00.000001Z", id);

  it("reads after, before and last", () => {
    expect(readPosition(new URLSearchParams({ after: good }))).toEqual({
      after: ["2025-03-01T10:00:00.000001Z", id],
    });
    expect(readPosition(new URLSearchParams({ before: good }))).toEqual({
      before: ["2025-03-01T10:00:00.000001Z", id],
    });
    expect(readPosition(new URLSearchParams({ last: "1" }))).toEqual({ from: "end" });
  });

  it.each([
    ["nothing", ""],
    ["not base64", "%%%"],
    ["not JSON", Buffer.from("2025-03-01T10:00:00.000001Z x").toString("base64url")],
    ["an object", Buffer.from('{"0":"2025-03-01T10:00:00.000001Z"}').toString("base64url")],
    ["no id", key("2025-03-01T10:00:00.000001Z")],
    ["a part too many", key("2025-03-01T10:00:00.000001Z", id, id)],
    ["a number for a part", key(20250301, id)],
    ["a date that does not exist", key("2025-02-30T10:00:00.000001Z", id)],
    ["an id that is no uuid", key("2025-03-01T10:00:00.000001Z", "1 or 1=1")],
    ["a day 31 of a short month", key("2025-04-31T10:00:00.000001Z", id)],
    ["milliseconds only", key("2025-03-01T10:00:00.000Z", id)],
    ["a long string", "A".repeat(5000)],
  ])("asks for the first page when the cursor is %s", (_what, cursor) => {
    expect(readPosition(new URLSearchParams({ after: cursor, before: cursor }))).toEqual(START);
  });
});

type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Loops"?: number;
  Plans?: PlanNode[];
};
const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

/**
 * The plans of every query `run` sends: it runs on a copy of `db` that logs each statement,
 * which is then explained with its parameters (and run, for `analyze`).
 */
async function plansOf(run: (db: Db) => Promise<unknown>, analyze = false) {
  const sent: { query: string; params: unknown[] }[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => sent.push({ query, params }) };
  const client = (db as unknown as { $client: never }).$client;
  const logged = (database.kind === "pglite"
    ? drizzlePglite({ client, logger })
    : drizzlePg({ client, logger })) as unknown as Db;
  await run(logged);
  const explain = `explain (format json${analyze ? ", analyze" : ""}) `;
  const plans: PlanNode[] = [];
  for (const { query, params } of sent) {
    const [row] = await queryRows<{ "QUERY PLAN": unknown }>(
      db,
      sql.join([sql.raw(explain), sqlWithParams(query, params)]),
    );
    const json = row!["QUERY PLAN"];
    plans.push(
      ((typeof json === "string" ? JSON.parse(json) : json) as [{ Plan: PlanNode }])[0].Plan,
    );
  }
  return plans;
}

/** A logged statement again, its $n placeholders bound to the logged values. */
function sqlWithParams(query: string, params: unknown[]) {
  const parts = query.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 ? sql`${params[Number(part) - 1]}` : sql.raw(part))),
  );
}

const scans = (plans: PlanNode[]) =>
  plans.flatMap(flatten).filter((node) => node["Node Type"].includes("Scan"));
const seqScans = (plans: PlanNode[]) =>
  scans(plans)
    .filter((node) => node["Node Type"] === "Seq Scan")
    .map((node) => node["Relation Name"]);
const indexesUsed = (plans: PlanNode[]) => scans(plans).map((node) => node["Index Name"]);

describe("the admin lists' queries", () => {
  const lastKey = async () => (await listUsers(db, { position: { from: "end" } })).keys;

  it.each([
    ["the first page", () => START],
    ["the last page", () => ({ from: "end" }) as const],
  ])("read %s of users through indexes only", async (_what, position) => {
    const plans = await plansOf((logged) => listUsers(logged, { position: position() }));
    expect(seqScans(plans)).toEqual([]);
    expect(indexesUsed(plans)).toContain("users_created_id_idx");
  });

  it("read a page in the middle from its key, through the index", async () => {
    const keys = await lastKey();
    const position = readPosition(new URLSearchParams({ before: keys.previous! }));
    const plans = await plansOf((logged) => listUsers(logged, { position }));
    expect(seqScans(plans)).toEqual([]);
    expect(indexesUsed(plans)).toContain("users_created_id_idx");
  });

  it.each([
    ["a name", "zebrafinch"],
    ["an e-mail", "seed3999@lists"],
  ])("search users by part of %s through the trigram index", async (_what, q) => {
    const plans = await plansOf((logged) => listUsers(logged, { q }));
    expect(seqScans(plans)).toEqual([]);
    expect(indexesUsed(plans)).toContain("users_search_trgm_idx");
  });

  it("look up the last sign-in and sessions booked for the page's rows only", async () => {
    const plans = await plansOf((logged) => listUsers(logged, {}), true);
    const sessions = plans
      .flatMap(flatten)
      .filter((node) => node["Relation Name"] === "auth_sessions");
    expect(sessions.length).toBeGreaterThan(0);
    for (const node of sessions) {
      expect(node["Node Type"]).toMatch(/Index/);
      expect(node["Actual Loops"]).toBeLessThanOrEqual(USERS_PAGE_SIZE + 1);
    }
    const bookings = plans.flatMap(flatten).filter((node) => node["Relation Name"] === "bookings");
    for (const node of bookings) {
      expect(node["Actual Loops"]).toBeLessThanOrEqual(USERS_PAGE_SIZE + 1);
    }
  });

  it("filter the admins through their partial index", async () => {
    const plans = await plansOf(async (logged) => {
      await listUsers(logged, { role: "admin" });
      await listAuditActors(logged);
    });
    // (The 700 advisors are hashed whole at this size to join a few admins: not users.)
    expect(seqScans(plans)).not.toContain("users");
    expect(indexesUsed(plans)).toContain("users_admins_created_id_idx");
    // The admin filter's list reads no audit log.
    expect(plans.flatMap(flatten).map((n) => n["Relation Name"])).not.toContain("audit_log");
  });

  it.each([
    ["all of it", {}],
    ["by admin", { byAdmin: true }],
    ["by action", { action: "advisor.approve" as const }],
    ["by a target's name", { target: "zebrafinch" }],
  ])("read the audit log, %s, through indexes", async (_what, filters) => {
    const plans = await plansOf(async (logged) => {
      const [admin] = await listAuditActors(db);
      const { byAdmin, ...rest } = filters as { byAdmin?: boolean };
      const where = { ...rest, ...(byAdmin ? { actorUserId: admin!.id } : {}) };
      await listAudit(logged, where);
      await listAudit(logged, where, { from: "end" });
    });
    expect(seqScans(plans)).toEqual([]);
  });

  it("read the review sections and the debug page through indexes", async () => {
    const plans = await plansOf(async (logged) => {
      await countAdvisorsBySection(logged);
      await listAdvisorsForReview(logged, "approved");
      await listAdvisorsForReview(logged, "other", { from: "end" });
      await listAdvisorsForDebug(logged, { from: "end" });
    });
    expect(seqScans(plans)).toEqual([]);
  });
});
