import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../db/client.server";
import { startTestApp, type TestApp } from "../http/app.test-support";
import { ADVISORS_PAGE_SIZE, DEBUG_PAGE_SIZE } from "../advisors/advisor-review.server";
import { USERS_PAGE_SIZE } from "./users.server";

/*
 * The admin pages over HTTP, as the production build serves them: the advisors page and the
 * debug page send one page of advisors (in the HTML and in the loader's data), never all of
 * them; a page's Next and Previous are plain links that work without JavaScript; a malformed
 * cursor in the URL answers the first page.
 */
let app: TestApp;
let cookie: string;
let adminUserId: string;
const PER_STATUS = 60;
const STATUSES = ["pending", "pending_activation", "approved", "rejected"] as const;
let advisorIds: string[];

beforeAll(async () => {
  app = await startTestApp();
  const admin = await app.createPerson({ admin: true });
  cookie = admin.cookie;
  adminUserId = admin.userId;
  const db = app.database.db;
  await db.execute(sql`
    insert into users (first_name, last_name, email, created_at)
    select 'Paged', 'Person ' || i, 'paged' || i || '@pages.example',
      timestamptz '2025-01-01T00:00:00Z' + (i / 2) * interval '1 minute'
    from generate_series(1, ${PER_STATUS * STATUSES.length}) as i`);
  await db.execute(sql`
    insert into advisors (user_id, profile_status, job_title, created_at)
    select id, (array['pending', 'pending_activation', 'approved', 'rejected'])[n % 4 + 1],
      'Engineer ' || n, created_at
    from (select id, created_at, row_number() over (order by created_at, id) as n
      from users where email like 'paged%') as u`);
  advisorIds = (await queryRows<{ id: string }>(db, sql`select id from advisors`)).map((r) => r.id);
});
afterAll(() => app?.close());

const get = async (path: string) => {
  const res = await fetch(`${app.baseUrl}${path}`, { headers: { cookie }, redirect: "manual" });
  return { status: res.status, body: await res.text() };
};
/** Whether the page's text (without React's markers between text parts) says `words`. */
const says = (body: string, words: string) => body.replaceAll("<!-- -->", "").includes(words);
/** The seeded advisors whose id the answer holds, anywhere (markup or data). */
const advisorsIn = (body: string) => advisorIds.filter((id) => body.includes(id));
/** The seeded users' e-mails the answer shows, in order. */
const emailsIn = (body: string) => [...new Set(body.match(/paged\d+@pages\.example/g) ?? [])];
/** A link of the page's pager (rel="next" or "prev"): its path and query. */
function link(body: string, rel: "next" | "prev") {
  const tag = body.match(new RegExp(`<a[^>]*rel="${rel}"[^>]*>`))?.[0];
  const href = tag?.match(/href="([^"]*)"/)?.[1];
  return href?.replaceAll("&amp;", "&");
}

describe("the debug page", () => {
  it("sends one page of advisors and says how many there are", async () => {
    const page = await get("/advisor-debug");
    expect(page.status).toBe(200);
    expect(says(page.body, `Found ${advisorIds.length} advisors`)).toBe(true);
    expect(advisorsIn(page.body)).toHaveLength(DEBUG_PAGE_SIZE);
    const data = await get("/advisor-debug.data");
    expect(data.status).toBe(200);
    expect(advisorsIn(data.body)).toHaveLength(DEBUG_PAGE_SIZE);
  });

  it("pages on with a plain Next link, to different advisors", async () => {
    const first = await get("/advisor-debug");
    const next = link(first.body, "next");
    expect(next).toMatch(/^\/advisor-debug\?after=/);
    const second = await get(next!);
    expect(advisorsIn(second.body)).toHaveLength(DEBUG_PAGE_SIZE);
    expect(advisorsIn(second.body).filter((id) => advisorsIn(first.body).includes(id))).toEqual([]);
  });
});

describe("the advisors page", () => {
  it("sends one page of each section, and each section's count", async () => {
    const page = await get("/admin/advisors");
    expect(page.status).toBe(200);
    for (const title of [
      "Pending Approval",
      "Pending Activation",
      "Approved",
      "Rejected and Others",
    ]) {
      expect(says(page.body, `${title} (${PER_STATUS})`), title).toBe(true);
    }
    const data = await get("/admin/advisors.data");
    expect(advisorsIn(data.body).length).toBeLessThanOrEqual(STATUSES.length * ADVISORS_PAGE_SIZE);
    expect(advisorsIn(page.body).length).toBeLessThanOrEqual(STATUSES.length * ADVISORS_PAGE_SIZE);
  });

  it("pages one section by its own links", async () => {
    const first = await get("/admin/advisors");
    const next = link(first.body, "next");
    expect(next).toMatch(/^\/admin\/advisors\?section=pending&after=/);
    const second = await get(next!);
    const firstIds = advisorsIn((await get("/admin/advisors.data")).body);
    const secondIds = advisorsIn((await get(next!.replace("?", ".data?"))).body);
    expect(secondIds.length).toBeLessThanOrEqual(STATUSES.length * ADVISORS_PAGE_SIZE);
    // The other sections' first pages again; the pending section's next page instead.
    expect(secondIds.filter((id) => !firstIds.includes(id))).toHaveLength(ADVISORS_PAGE_SIZE);
    expect(link(second.body, "prev")).toMatch(/^\/admin\/advisors\?section=pending&before=/);
  });

  it("opens the section a link pages, without JavaScript", async () => {
    const last = await get("/admin/advisors?section=approved&last=1");
    expect(link(last.body, "prev")).toMatch(/^\/admin\/advisors\?section=approved&before=/);
  });
});

describe("the users page", () => {
  it("goes to the next page and back with plain links", async () => {
    const first = await get("/admin/users?q=pages.example");
    const shown = emailsIn(first.body);
    expect(shown).toHaveLength(USERS_PAGE_SIZE);
    const next = link(first.body, "next")!;
    const second = await get(next);
    expect(emailsIn(second.body)).toHaveLength(USERS_PAGE_SIZE);
    expect(emailsIn(second.body).filter((e) => shown.includes(e))).toEqual([]);
    const back = await get(link(second.body, "prev")!);
    expect(emailsIn(back.body)).toEqual(shown);
  });
});

describe("granting and revoking admin without JavaScript", () => {
  const post = async (path: string, form: Record<string, string>) => {
    const res = await fetch(`${app.baseUrl}${path}`, {
      method: "POST",
      headers: { cookie, origin: app.baseUrl },
      body: new URLSearchParams(form),
      redirect: "manual",
    });
    return { status: res.status, body: await res.text() };
  };
  const idOf = async (email: string) =>
    (
      await queryRows<{ id: string; admin: string }>(
        app.database.db,
        sql`select id, admin from users where email = ${email}`,
      )
    )[0]!;

  it("asks first on a page the server renders, naming the person, then changes the role", async () => {
    const person = await idOf("paged7@pages.example");
    // Each row's button asks for the confirmation step with a plain GET form.
    const list = await get("/admin/users?q=paged7%40");
    const button = /<button[^>]*aria-label="Make Admin: Paged Person 7"[^>]*>/.exec(list.body)?.[0];
    expect(button).toContain('type="submit"');
    expect(button).toContain('name="confirm"');
    expect(button).toContain(`value="${person.id}"`);
    expect(says(list.body, "Make Paged Person 7 an admin?")).toBe(false);

    const asked = await get(`/admin/users?q=paged7%40&confirm=${person.id}`);
    expect(asked.status).toBe(200);
    expect(says(asked.body, "Make Paged Person 7 an admin?")).toBe(true);
    expect(
      says(
        asked.body,
        "Paged Person 7 (paged7@pages.example) will be able to approve and reject advisors",
      ),
    ).toBe(true);
    // Its form posts back to the list (without the question) and Cancel links there.
    expect(asked.body).toContain('action="/admin/users?q=paged7%40"');
    expect(asked.body).toContain('href="/admin/users?q=paged7%40"');
    expect((await idOf("paged7@pages.example")).admin).toBe("N");

    const granted = await post("/admin/users?q=paged7%40", { userId: person.id, intent: "grant" });
    expect(granted.status).toBe(200);
    expect(says(granted.body, "Paged Person 7 is now an admin")).toBe(true);
    expect((await idOf("paged7@pages.example")).admin).toBe("Y");

    const again = await get(`/admin/users?q=paged7%40&confirm=${person.id}`);
    expect(says(again.body, "Revoke Paged Person 7&#x27;s admin role?")).toBe(true);
    const revoked = await post("/admin/users", { userId: person.id, intent: "revoke" });
    expect(says(revoked.body, "Paged Person 7 is no longer an admin")).toBe(true);
    expect((await idOf("paged7@pages.example")).admin).toBe("N");
  });

  it("asks nothing for your own admin role, an unknown id or a malformed one", async () => {
    for (const id of [adminUserId, "00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const page = await get(`/admin/users?confirm=${id}`);
      expect(page.status).toBe(200);
      expect(page.body).not.toContain('aria-labelledby="confirm-role-title"');
    }
  });
});

describe("a malformed cursor", () => {
  const garbage = ["%%%", "bm90IGEga2V5", "A".repeat(3000), "2025-01-01", "' or 1=1 --"];

  it.each([
    ["/admin/users", "?q=pages.example"],
    ["/admin/audit", "?"],
    ["/advisor-debug", "?"],
    ["/admin/advisors", "?section=approved"],
  ])("answers %s with its first page", async (path, query) => {
    const first = await get(`${path}${query}`);
    expect(first.status).toBe(200);
    for (const cursor of garbage) {
      for (const param of ["after", "before"]) {
        const url = `${path}${query}&${param}=${encodeURIComponent(cursor)}`;
        const res = await get(url);
        expect(res.status, url).toBe(200);
        expect(advisorsIn(res.body), url).toEqual(advisorsIn(first.body));
        expect(emailsIn(res.body), url).toEqual(emailsIn(first.body));
      }
    }
  });
});
