import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import pg from "pg";
import { format, resolveConfig } from "prettier";
import type * as ComposeModule from "../server/compose.server";
import type * as ConfigModule from "../server/config.server";
import type * as ClientModule from "../server/db/client.server";
import type * as LoggerModule from "../server/logger.server";
import { startAppProcess } from "../tests/support/app-process";
import { baselineBuild, type Build } from "./builds";
import { startPostgres } from "./postgres-server";
import { APP_ENV } from "./read-path-bench";
import { say } from "./stats";
import { countRows, growTemplate, printReport, YEAR_BANK_KEY } from "./year-data";

/**
 * "A year of data" (bench/year-data.ts): a copy of the year's template database, the
 * checkout's pending migrations applied to it, every server job run once in-process, then the
 * built app started on it and the pages a year makes slow timed with a signed-in admin,
 * advisor (Priya Sharma, a few thousand sessions) and seeker. Each figure beside its goal.
 *
 *   node --import tsx bench/year.ts      (also a section of `npm run bench`, BENCH_SKIP=year)
 *
 * Knobs: YEAR_SCALE (1), YEAR_TEMPLATE (year_full at scale 1, year_10 at 0.1), YEAR_SKIP_GROW=1
 * (copy the template as it is instead of growing it again), YEAR_SERVER (a PostgreSQL server
 * URL without a database, e.g. postgres://postgres@127.0.0.1:55432; unset: a throw-away
 * server), YEAR_REF=<git ref> (build and measure that ref in a temporary worktree instead of
 * this checkout's build/), YEAR_LIMIT_SECONDS (120: a page or job still running then is
 * stopped and shown as over it), BENCH_OUT.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SCALE = Number(process.env.YEAR_SCALE ?? 1);
const TEMPLATE =
  process.env.YEAR_TEMPLATE ??
  (SCALE === 1
    ? "year_full"
    : SCALE === 0.1
      ? "year_10"
      : `year_${String(SCALE).replace(".", "_")}`);
const LIMIT_MS = Number(process.env.YEAR_LIMIT_SECONDS ?? 120) * 1000;
const GOAL = { page: 1000, firstListing: 3000, job: 10_000, rssMb: 512 };
const PASSWORD = "Demo@12345";
const PEOPLE = {
  admin: "admin@example.com",
  advisor: "priya.sharma@example.com",
  seeker: "aarav.mehta@example.com",
};

const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");

type Timed = { name: string; ms: number; goalMs: number; note: string };
export type YearFigures = {
  label: string;
  template: string;
  rows: Record<string, number>;
  megabytes: number;
  setup: Timed[];
  jobs: Timed[];
  pages: Timed[];
  rssMb: number;
  load: string;
};

/** Runs the stage on the server at `serverUrl` with the build in `cwd`. */
export async function benchYear(serverUrl: string, cwd = ROOT, label = "this checkout's build/") {
  say(`a year of data (scale ${SCALE}, template ${TEMPLATE}):`);
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  const copy = `year_run_${process.pid}`;
  const url = `${serverUrl}/${copy}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "year-app-"));
  const figures: YearFigures = {
    label,
    template: TEMPLATE,
    rows: {},
    megabytes: 0,
    setup: [],
    jobs: [],
    pages: [],
    rssMb: 0,
    load: loadAverage(),
  };
  try {
    if (process.env.YEAR_SKIP_GROW !== "1") {
      say(`  growing ${TEMPLATE}...`);
      printReport(await growTemplate(serverUrl, TEMPLATE, SCALE));
    }
    figures.setup.push(
      await time("copy of the template", 0, () =>
        admin.query(`create database ${copy} template ${TEMPLATE}`),
      ),
    );
    const server = await serverCode(cwd);
    figures.setup.push(
      await time("pending migrations of the measured code", 0, async () => {
        const database = await server.client.openDatabase({ url });
        await database.migrate().finally(() => database.close());
      }),
    );
    figures.jobs = await runJobs(server, url, dataDir, () => cancelQueries(admin, copy));
    Object.assign(figures, await measurePages(cwd, url, dataDir, figures.setup));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    figures.rows = await countRows(client);
    const size = await client.query(`select pg_database_size(current_database())::bigint as b`);
    figures.megabytes = Number(size.rows[0].b) / 1_048_576;
    figures.load += ` at the start, ${loadAverage()} at the end`;
    await client.end();
  } finally {
    await admin.query(`drop database if exists ${copy} with (force)`).catch(() => {});
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

/** Times `work`; past the limit, `stop` cancels its queries (again each second until it ends). */
async function time(
  name: string,
  goalMs: number,
  work: () => Promise<unknown>,
  stop?: () => Promise<void>,
): Promise<Timed> {
  const began = performance.now();
  let note = "";
  let done = false;
  const running = work()
    .then(
      (result) => (note = describe(result)),
      (error: unknown) =>
        (note = `failed: ${String(error instanceof Error ? error.message : error).slice(0, 80)}`),
    )
    .finally(() => (done = true));
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  if (stop) {
    while (!done && performance.now() - began < LIMIT_MS) await Promise.race([running, sleep(250)]);
    while (!done) {
      await stop();
      await Promise.race([running, sleep(1000)]);
    }
  }
  await running;
  const stopped = performance.now() - began > LIMIT_MS && stop !== undefined;
  if (stopped) note = `stopped after ${LIMIT_MS / 1000} s`;
  const ms = stopped ? LIMIT_MS : performance.now() - began;
  say(`  ${name}: ${(ms / 1000).toFixed(2)} s${note ? ` (${note})` : ""}`);
  return { name, ms, goalMs, note };
}

/** What a job reports it did, in a few words. */
function describe(result: unknown): string {
  if (typeof result === "string") return result;
  if (Array.isArray(result)) return `returned ${result.length}`;
  if (typeof result === "number") return `${result} done`;
  if (result && typeof result === "object" && !("rows" in result))
    return Object.entries(result)
      .map(([k, v]) => `${k} ${typeof v === "object" ? JSON.stringify(v) : v}`)
      .join(", ")
      .slice(0, 80);
  return "";
}

/** The server code of the measured checkout, loaded from its sources (tsx). */
async function serverCode(cwd: string) {
  const load = (file: string) => import(pathToFileURL(path.join(cwd, file)).href);
  return {
    client: (await load("server/db/client.server.ts")) as typeof ClientModule,
    config: (await load("server/config.server.ts")) as typeof ConfigModule,
    logger: (await load("server/logger.server.ts")) as typeof LoggerModule,
    compose: (await load("server/compose.server.ts")) as typeof ComposeModule,
  };
}

async function cancelQueries(admin: pg.Client, database: string) {
  await admin.query(
    `select pg_cancel_backend(pid) from pg_stat_activity
     where datname = $1 and pid <> pg_backend_pid()`,
    [database],
  );
}

/** Every job the server runs (serverJobs), once each, in-process, the app not running. */
async function runJobs(
  server: Awaited<ReturnType<typeof serverCode>>,
  url: string,
  dataDir: string,
  stop: () => Promise<void>,
) {
  const config = server.config.buildConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    BANK_ENCRYPTION_KEY: YEAR_BANK_KEY,
  });
  const logger = server.logger.createLogger({ level: "silent", pretty: false });
  const database = await server.client.openDatabase({ url });
  try {
    const services = server.compose.composeServices({ config, logger, database });
    const jobs = [];
    // The reconciliation reads everything: last, so the others are timed whatever it does.
    const all = server.compose.serverJobs(services);
    for (const job of [
      ...all.filter((j) => j.name !== "reconcile-ledger"),
      ...all.filter((j) => j.name === "reconcile-ledger"),
    ])
      jobs.push(await time(job.name, GOAL.job, () => job.run(new AbortController().signal), stop));
    // The first reconciliation after a migration checks everything; the hourly one after it
    // checks what changed since (ADR 80).
    const reconcile = all.find((j) => j.name === "reconcile-ledger");
    if (reconcile)
      jobs.push(
        await time(
          "reconcile-ledger, the next run",
          GOAL.job,
          () => reconcile.run(new AbortController().signal),
          stop,
        ),
      );
    return jobs;
  } finally {
    await database.close();
  }
}

type Session = { cookie: string };

/** Signs in through the /auth form, as the browser without JavaScript does. */
async function signIn(base: string, email: string): Promise<Session> {
  const response = await fetch(`${base}/auth`, {
    method: "POST",
    body: new URLSearchParams({ intent: "signin", email, password: PASSWORD, rememberMe: "on" }),
    redirect: "manual",
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return { cookie };
}

/** One GET, read to its end; the note says what was not a 200. */
async function page(base: string, pathname: string, session?: Session, retried = false) {
  try {
    const response = await fetch(`${base}${pathname}`, {
      redirect: "manual",
      headers: { ...(session ? { cookie: session.cookie } : {}), "accept-encoding": "gzip" },
      signal: AbortSignal.timeout(LIMIT_MS),
    });
    const bytes = (await response.arrayBuffer()).byteLength;
    const again = retried ? ", asked again after a reset connection" : "";
    if (response.status !== 200) return `HTTP ${response.status}${again}`;
    return `${Math.round(bytes / 1024)} kB${again}`;
  } catch (error) {
    // A kept-alive connection the server closed just as it was reused ("fetch failed", not a
    // timeout): once more, on a new connection.
    if (retried || !(error instanceof TypeError)) throw error;
    return page(base, pathname, session, true);
  }
}

async function measurePages(cwd: string, url: string, dataDir: string, setup: Timed[]) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const one = async <T>(text: string) => (await db.query(text)).rows[0] as T;
  const { users, audit } = await one<{ users: number; audit: number }>(
    `select (select count(*) from users)::int as users, (select count(*) from audit_log)::int as audit`,
  );
  // The admin lists' page sizes, as the measured checkout has them.
  const load = (file: string) => import(pathToFileURL(path.join(cwd, file)).href);
  const usersPage = Number((await load("server/admin/users.server.ts")).USERS_PAGE_SIZE ?? 20);
  const auditPage = Number((await load("server/admin/audit.server.ts")).AUDIT_PAGE_SIZE ?? 25);
  const lastUsers = Math.ceil(users / usersPage);
  const lastAudit = Math.ceil(audit / auditPage);
  const ist = new Date(Date.now() + 330 * 60_000);
  const lastMonth = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth() - 1, 1))
    .toISOString()
    .slice(0, 7);

  const started = performance.now();
  const app = await startAppProcess(
    { ...APP_ENV, DATABASE_URL: url, DATA_DIR: dataDir, BANK_ENCRYPTION_KEY: YEAR_BANK_KEY },
    { cwd, timeoutMs: 600_000 },
  );
  const pages: Timed[] = [];
  try {
    setup.push({
      name: "app start (until /healthz answers)",
      ms: performance.now() - started,
      goalMs: 0,
      note: "",
    });
    const base = app.url;
    const first = await time("first /advisors after a restart", GOAL.firstListing, () =>
      page(base, "/advisors"),
    );
    pages.push(first);
    const as = {
      admin: await signIn(base, PEOPLE.admin),
      advisor: await signIn(base, PEOPLE.advisor),
      seeker: await signIn(base, PEOPLE.seeker),
    };
    const list: [string, string, Session | undefined][] = [
      ["/admin/payouts", "/admin/payouts", as.admin],
      ["/admin/advisors", "/admin/advisors", as.admin],
      ["/advisor-debug", "/advisor-debug", as.admin],
      ["/admin/users, first page", "/admin/users", as.admin],
      // Both ways of asking for the last page: by number (offset paging) and by keys (ADR 78).
      [`/admin/users, last page (${lastUsers})`, `/admin/users?page=${lastUsers}&last=1`, as.admin],
      ["/admin/audit, first page", "/admin/audit", as.admin],
      [`/admin/audit, last page (${lastAudit})`, `/admin/audit?page=${lastAudit}&last=1`, as.admin],
      // There is no /admin route: the admin's dashboard is /dashboard.
      ["/dashboard (admin)", "/dashboard", as.admin],
      ["/dashboard (seeker)", "/dashboard", as.seeker],
      ["/dashboard (advisor)", "/dashboard", as.advisor],
      ["/dashboard/earnings (advisor)", "/dashboard/earnings", as.advisor],
      [
        `statement CSV, ${lastMonth} (advisor)`,
        `/dashboard/earnings/statement.csv?month=${lastMonth}`,
        as.advisor,
      ],
      ["/sitemap.xml", "/sitemap.xml", undefined],
    ];
    // Each page twice, the first request since start and again: the slower counts.
    for (const [name, pathname, session] of list) {
      const first = await time(name, GOAL.page, () => page(base, pathname, session));
      if (first.note.startsWith("failed")) {
        pages.push(first);
        continue;
      }
      const again = await time(name, GOAL.page, () => page(base, pathname, session));
      const said = first.note === again.note ? first.note : `${first.note}, then ${again.note}`;
      const times = `${ms(first.ms)} then ${ms(again.ms)}`;
      pages.push({ ...first, ms: Math.max(first.ms, again.ms), note: `${said}; ${times}` });
    }
    pages.push(await searchAfterReview(base, db));
    // The largest resident set the server had, start-up and jobs included.
    const status = readFileSync(`/proc/${app.pid}/status`, "utf8");
    const rssMb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
    return { pages, rssMb };
  } finally {
    await app.stop();
    await db.end();
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;

/** A seeker reviews a completed session, then the listing is searched right away. */
async function searchAfterReview(base: string, db: pg.Client): Promise<Timed> {
  const { rows } = await db.query(
    `select b.id, u.email, a.job_title from bookings b join users u on u.id = b.user_id
     join advisors a on a.id = b.advisor_id
     where b.status = 'completed' and not b.review_submitted and a.profile_status = 'approved'
     order by (u.email = $1) desc, b.datetime desc limit 1`,
    [PEOPLE.seeker],
  );
  const target = rows[0] as { id: string; email: string; job_title: string };
  const seeker = await signIn(base, target.email);
  const review = await fetch(`${base}/dashboard`, {
    method: "POST",
    headers: { cookie: seeker.cookie },
    body: new URLSearchParams({
      intent: "review",
      bookingId: target.id,
      ratingHelpfulness: "5",
      ratingActionability: "4",
      recommendAdvisor: "yes",
      writtenFeedback: "Clear and practical.",
    }),
    redirect: "manual",
  });
  await review.arrayBuffer();
  // The first search after the change, and the slowest of those in the next two seconds.
  const search = `/advisors?search=${encodeURIComponent(target.job_title)}`;
  let slowest = 0;
  let note = "";
  const until = performance.now() + 2000;
  do {
    const t = performance.now();
    note = await page(base, search);
    slowest = Math.max(slowest, performance.now() - t);
  } while (performance.now() < until);
  const name = `search right after a review (review answered ${review.status})`;
  say(`  ${name}: slowest ${(slowest / 1000).toFixed(2)} s`);
  return { name, ms: slowest, goalMs: GOAL.page, note: `"${target.job_title}", ${note}` };
}

const seconds = (t: Timed) => (t.ms / 1000).toFixed(2);
// A goal of 0: a set-up figure, measured but not judged.
const goal = (t: Timed) => (t.goalMs ? (t.goalMs / 1000).toFixed(0) : "");
const verdict = (t: Timed) =>
  !t.goalMs ? "" : t.ms <= t.goalMs && !/^(stopped|failed:|HTTP )/.test(t.note) ? "yes" : "**no**";

export function yearSection(f: YearFigures): string {
  const row = (t: Timed) =>
    `| ${t.name} | ${seconds(t)} | ${goal(t)} | ${verdict(t)} | ${t.note} |`;
  const head = "| | s | goal s | meets | |\n| --- | ---: | ---: | --- | --- |";
  const biggest = Object.entries(f.rows)
    .filter(([, n]) => n >= 1000)
    .map(([table, n]) => `${table} ${n.toLocaleString("en")}`)
    .join(", ");
  return `## A year of data

\`bench/year.ts\` measures ${f.label} on a copy of the \`${f.template}\` template, a year of a
successful marketplace grown by \`bench/year-data.ts\` (scale ${SCALE}, ${f.megabytes.toFixed(0)} MB on
PostgreSQL; ${biggest}).
The measured code's pending migrations are applied to the copy, every server job
(\`serverJobs\`) runs once in-process with the app stopped (the note says what a run did or
returned: complete-sessions the sessions it completed, reconcile-ledger the differences it
found), then the built app starts on it and each page is asked twice by a signed-in person
(admin, Priya Sharma as the advisor, Aarav Mehta as the seeker); the slower answer counts.
Anything still running after ${LIMIT_MS / 1000} s is stopped and shown at that limit. The app's
own jobs run from its start on, as in production, while the pages are timed. Measured on
${new Date().toISOString().slice(0, 10)}, load average ${f.load} (shared machine: figures
from a busy machine are slower and noisier).

### Set-up

${head}
${f.setup.map(row).join("\n")}

### Jobs, one run each

${head}
${f.jobs.map(row).join("\n")}

### Pages

${head}
${f.pages.map(row).join("\n")}

### Memory

Largest resident set of the app process over the run: ${f.rssMb.toFixed(0)} MB (goal ${GOAL.rssMb} MB:
${f.rssMb <= GOAL.rssMb ? "meets it" : "**does not meet it**"}).
`;
}

/** Puts `section` in place of the file's own "## A year of data", or at its end. */
async function writeSection(file: string, section: string) {
  const text = existsSync(file) ? readFileSync(file, "utf8") : "# Benchmark results\n";
  const start = text.indexOf("\n## A year of data\n");
  const next = start < 0 ? -1 : text.indexOf("\n## ", start + 1);
  const updated =
    start < 0
      ? `${text.trimEnd()}\n\n${section}`
      : `${text.slice(0, start + 1)}${section}${next < 0 ? "" : `\n${text.slice(next + 1)}`}`;
  const options = { ...(await resolveConfig(file)), parser: "markdown" };
  writeFileSync(file, await format(updated, options));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = path.resolve(process.env.BENCH_OUT ?? path.join(ROOT, "bench/RESULTS.md"));
  const postgres = process.env.YEAR_SERVER ? null : await startPostgres();
  let build: Build | null = null;
  try {
    if (process.env.YEAR_REF) build = baselineBuild(ROOT, process.env.YEAR_REF);
    const figures = await benchYear(
      process.env.YEAR_SERVER ?? postgres!.url,
      build?.cwd ?? ROOT,
      build
        ? `${process.env.YEAR_REF} ${build.label.replace(/^baseline /, "")}, built in a worktree`
        : undefined,
    );
    await writeSection(out, yearSection(figures));
    say(`wrote ${path.relative(process.cwd(), out)}`);
  } finally {
    build?.remove();
    postgres?.stop();
  }
  process.exit(0);
}
