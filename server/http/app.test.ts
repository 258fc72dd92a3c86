import { readFileSync } from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { signIn, signUp } from "../auth/accounts.server";
import { buildConfig } from "../config.server";
import { freePort } from "../../tests/support/app-process";
import { loadServerBundle } from "../../tests/support/server-bundle";
import { advisors, authUsers, users } from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import { createAdvisor } from "../db/factories.test-support";

/*
 * The HTTP server with the real production build (`npm run build` runs first in `npm test`):
 * request ids, health, the 404 page and the friendly error page.
 */
const logLines: Record<string, unknown>[] = [];
const logger = pino(
  { level: "info" },
  new Writable({
    write(chunk, _encoding, done) {
      logLines.push(JSON.parse(String(chunk)));
      done();
    },
  }),
);

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let baseUrl: string;
let close: () => void;
let sessionCookie: string;

beforeAll(async () => {
  const build = await loadServerBundle();
  database = await createTestDatabase();
  // The app must know the address the test posts from: its Origin is checked.
  const port = await freePort();
  const config = buildConfig({
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: path.resolve("data/test-http"),
    LOG_LEVEL: "info",
  });
  const services = build.composeServices({ config, logger, database });
  const { auth } = services;
  // A signed-in advisor, for what pages do when their data cannot be loaded.
  const deps = { db: database.db, auth, config };
  const person = { email: "neha@example.com", password: "password-1" };
  await signUp(deps, { firstName: "Neha", lastName: "Joshi", ...person }, "10.0.0.1");
  await database.db
    .update(authUsers)
    .set({ emailVerified: true })
    .where(eq(authUsers.email, person.email));
  const [user] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, person.email));
  await database.db.insert(advisors).values({ userId: user!.id, profileStatus: "approved" });
  const signedIn = await signIn(
    deps,
    { ...person, rememberMe: false },
    { headers: new Headers(), clientIp: "10.0.0.1" },
  );
  if (!signedIn.ok) throw new Error(signedIn.message);
  sessionCookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const app = build.createHttpApp({ services, build });
  const server = app.listen(port, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${port}`;
  close = () => server.close();
});
afterAll(() => close());

describe("the HTTP server", () => {
  it("answers /healthz with 200 while the database is reachable", async () => {
    const res = await fetch(`${baseUrl}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: true });
  });

  it("gives every response a request id", async () => {
    const res = await fetch(`${baseUrl}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("puts the stylesheet in the page and leaves the scripts to load after it", async () => {
    const html = await (await fetch(`${baseUrl}/terms`)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const inline = /<style data-href="(\/assets\/app-[\w-]+\.css)">([\s\S]*?)<\/style>/.exec(head);
    expect(inline).not.toBeNull();
    expect(inline![2]).toBe(readFileSync(path.join("build/client", inline![1]!), "utf8"));
    expect(head).not.toContain('rel="stylesheet"');
    expect(head).not.toContain('rel="modulepreload"');
    expect(html).toMatch(/<script [^>]*type="module"[^>]*>[^<]*import/);
  });

  it("serves the 404 page for an unknown path and logs the path", async () => {
    const res = await fetch(`${baseUrl}/no/such/page?x=1`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Oops! Page not found");
    expect(html).toContain("Return to Home");
    expect(logLines).toContainEqual(
      expect.objectContaining({ msg: "page not found", path: "/no/such/page" }),
    );
  });

  it("keeps the availability page, with a way to try again, when the schedule cannot load", async () => {
    const page = () =>
      fetch(`${baseUrl}/dashboard/availability`, { headers: { cookie: sessionCookie } });
    await database.privileged.execute(
      sql`alter table schedule_slots rename to schedule_slots_away`,
    );
    try {
      const res = await page();
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("Unable to load availability. Please refresh or try again.");
      expect(html).toContain("Try Again");
      expect(logLines).toContainEqual(
        expect.objectContaining({ msg: "could not load the availability schedule" }),
      );
    } finally {
      await database.privileged.execute(
        sql`alter table schedule_slots_away rename to schedule_slots`,
      );
    }
    const html = await (await page()).text();
    expect(html).not.toContain("Unable to load availability");
    expect(html).toContain("Save availability");
  });

  it("answers a pending advisor's profile with 404 and lists it nowhere", async () => {
    const pending = await createAdvisor(database.db, { profileStatus: "pending" });
    const approved = await createAdvisor(database.db);
    expect((await fetch(`${baseUrl}/advisor/${approved}`)).status).toBe(200);
    const res = await fetch(`${baseUrl}/advisor/${pending}`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Advisor not found");
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain(`/advisor/${approved}`);
    expect(sitemap).not.toContain(pending);
    const listed = (await (await fetch(`${baseUrl}/api/advisors`)).json()) as {
      advisors: { id: string }[];
    };
    expect(listed.advisors.map((a) => a.id)).toContain(approved);
    expect(listed.advisors.map((a) => a.id)).not.toContain(pending);
  });

  it("says in the JSON API how a search was understood", async () => {
    const id = await createAdvisor(database.db, { workLocations: ["Bengaluru"] });
    const asked = async (search: string) => {
      const res = await fetch(`${baseUrl}/api/advisors?search=${encodeURIComponent(search)}`);
      return (await res.json()) as {
        total: number;
        advisors: { id: string }[];
        explanation: Record<string, unknown>;
      };
    };
    const old = await asked("Bangalore");
    expect(old.advisors.map((a) => a.id)).toContain(id);
    expect(old.explanation).toEqual({
      showingResultsFor: "Bengaluru",
      didYouMean: null,
      showingAll: false,
    });
    const emoji = await asked("🙂");
    expect(emoji.explanation).toMatchObject({ showingAll: true });
    expect(emoji.total).toBe((await asked("")).total);
  });

  it("gives a form post that skipped the browser's checks the same errors, beside their fields", async () => {
    const res = await fetch(`${baseUrl}/auth`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
      body: new URLSearchParams({
        intent: "signup",
        firstName: "",
        lastName: "Rao",
        email: "not-an-email",
        password: "tiny7pw",
      }),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    for (const [field, message] of [
      ["firstName", "Please fill in all required fields."],
      ["email", "Please enter a valid email address."],
      ["password", "Password must be at least 8 characters long."],
    ]) {
      expect(html).toMatch(new RegExp(`id="signup-${field}-error"[^>]*>.*?${message}`));
      expect(html).toContain(`aria-describedby="signup-${field}-error`);
    }
    expect(html.match(/aria-invalid="true"/g)).toHaveLength(3);
    expect(html).toContain('value="Rao"'); // what was typed stays...
    expect(html).not.toContain("tiny7pw"); // ...except the password
  });

  describe("when the database goes away", () => {
    beforeAll(() => database.destroy());

    it("answers /healthz with 503", async () => {
      const res = await fetch(`${baseUrl}/healthz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: "unavailable", database: false });
    });

    it("keeps a page without data usable for a signed-in person whose account cannot load", async () => {
      const res = await fetch(`${baseUrl}/terms`, { headers: { cookie: sessionCookie } });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("Terms");
      // Shown as a header without the account menu; the browser toasts `Failed to fetch user roles`.
      expect(html).not.toContain("Account menu for");
      expect(logLines).toContainEqual(
        expect.objectContaining({ msg: "could not load the signed-in user" }),
      );
    });

    it("shows a friendly error page with a reference, logs it, and leaks no stack trace", async () => {
      const res = await fetch(`${baseUrl}/`);
      expect(res.status).toBe(500);
      const requestId = res.headers.get("x-request-id")!;
      const html = await res.text();
      expect(html).toContain("Something went wrong on our side");
      expect(html).toContain(`Reference: <!-- -->${requestId}`);
      expect(html).not.toMatch(/at .+\.(ts|js):\d+/);
      expect(html).not.toMatch(/Error: /);
      const logged = logLines.find((l) => l.msg === "unhandled server error");
      expect(logged).toMatchObject({ req: { id: requestId } });
    });
  });
});
