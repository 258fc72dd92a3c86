import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../server/db/client.server";
import { advisors, authSessions, authUsers, conversations, users } from "../server/db/schema";
import { type AppProcess, startAppProcess } from "../tests/support/app-process";
import { SKIP } from "./measure";
import { type ProcessUsage, sampleProcess, waitUntilIdle } from "./process-sampler";
import type { PostgresServer } from "./postgres-server";
import { APP_ENV } from "./read-path-bench";
import { ms, say, summarize, type Summary } from "./stats";

/**
 * Open conversation streams (issue 39): STREAMS_OPEN seeker-advisor pairs, each advisor signed
 * in with a session written to the database and holding one event stream on instance A (half
 * on the conversation's page, half on the inbox); then each seeker sends one message through
 * the real send route (POST /messages/<id>.data, as the page's form does) for STREAMS_SECONDS
 * at each of STREAMS_RATES a second, and each message is timed from the send's start until the advisor's stream delivers
 * it. On PostgreSQL once through A (same instance) and once through instance B (across
 * instances: LISTEN/NOTIFY); on PGlite through A only (one process holds the database).
 *
 * Knobs: STREAMS_OPEN (1000), STREAMS_RATES (50,20 messages/s), STREAMS_SECONDS (20),
 * STREAMS_IDLE_SECONDS (10),
 * STREAMS_CPU_PROF=<dir> (instance A under `node --cpu-prof`, its profile written there), and
 * BENCH_SKIP=postgres or pglite.
 */
const OPEN = Number(process.env.STREAMS_OPEN ?? 1000);
const RATES = (process.env.STREAMS_RATES ?? "50,20").split(",").map(Number);
const SECONDS = Number(process.env.STREAMS_SECONDS ?? 20);
const IDLE_SECONDS = Number(process.env.STREAMS_IDLE_SECONDS ?? 10);
/** Messages each instance sends first, unmeasured, so that its code is compiled (JIT). */
const WARM_UP = 100;
/** How long a message may take before it counts as lost. */
const LOST_AFTER_MS = 10_000;
const SECRET = "bench-streams-auth-secret-0123456789abcdef";
/** The default per-sender limit (20 a minute) holds: a seeker sends one message a phase. */
const ENV = { ...APP_ENV, RATE_LIMIT_SCALE: "1", AUTH_SECRET: SECRET };

type Pair = { conversationId: string; seekerCookie: string; advisorCookie: string };
type Delivery = { id: number; at: number; body?: string };
type Stream = { events: Delivery[]; kind: "conversation" | "inbox"; close: () => void };

export type StreamPhase = {
  label: string;
  rate: number;
  sent: number;
  refused: number;
  seconds: number;
  latency: Summary;
  byKind: Record<Stream["kind"], Summary>;
  lost: number;
  duplicates: number;
  strays: number;
  send: Summary;
  server: ProcessUsage;
  other?: ProcessUsage;
  /** Server CPU time per message sent, ms: both instances' across instances. */
  cpuMsPerMessage: number;
};

export type StreamFigures = {
  database: string;
  /** The machine's load average at the start and the end. */
  load: string;
  streams: number;
  openSeconds: number;
  open: Summary;
  before: ProcessUsage & { sockets: number };
  idle: ProcessUsage & { sockets: number; connections: number | null };
  afterClose: { sockets: number; rssMb: number };
  phases: StreamPhase[];
};

/** better-auth's signed session cookie, as its sign-in sets it (HMAC-SHA256, base64). */
const sessionCookie = (token: string) =>
  `bt.session_token=${encodeURIComponent(`${token}.${createHmac("sha256", SECRET).update(token).digest("base64")}`)}`;

/** The pairs, their conversations and a live session for each person, written in bulk. */
async function insertPairs(where: Parameters<typeof openDatabase>[0], count: number) {
  const database = await openDatabase(where);
  const pairs: Pair[] = [];
  const expiresAt = new Date(Date.now() + 7 * 86_400_000);
  try {
    for (let from = 0; from < count; from += 250) {
      const rows = Array.from({ length: Math.min(250, count - from) }, (_, j) => {
        const n = from + j;
        const person = (role: string) => ({
          authId: randomUUID(),
          userId: randomUUID(),
          email: `streams.${role}.${n}@example.com`,
          token: randomBytes(24).toString("base64url"),
          role,
        });
        return { seeker: person("seeker"), advisor: person("advisor"), advisorId: randomUUID() };
      });
      const people = rows.flatMap((r) => [r.seeker, r.advisor]);
      await database.db.transaction(async (tx) => {
        await tx.insert(authUsers).values(
          people.map((p) => ({
            id: p.authId,
            name: `Stream ${p.role}`,
            email: p.email,
            emailVerified: true,
          })),
        );
        await tx.insert(users).values(
          people.map((p) => ({
            id: p.userId,
            authUserId: p.authId,
            firstName: "Stream",
            lastName: p.role,
            email: p.email,
          })),
        );
        await tx.insert(advisors).values(
          rows.map((r) => ({
            id: r.advisorId,
            userId: r.advisor.userId,
            profileStatus: "approved" as const,
          })),
        );
        await tx
          .insert(authSessions)
          .values(
            people.map((p) => ({ id: randomUUID(), token: p.token, userId: p.authId, expiresAt })),
          );
        for (const r of rows) {
          const conversationId = randomUUID();
          pairs.push({
            conversationId,
            seekerCookie: sessionCookie(r.seeker.token),
            advisorCookie: sessionCookie(r.advisor.token),
          });
          await tx
            .insert(conversations)
            .values({ id: conversationId, seekerId: r.seeker.userId, advisorId: r.advisorId });
        }
      });
    }
    return pairs;
  } finally {
    await database.close();
  }
}

/** One event stream held open (node:http, a connection of its own), its events as they come. */
function openStream(app: AppProcess, pair: Pair, kind: Stream["kind"]): Promise<Stream> {
  const query = kind === "conversation" ? `?conversation=${pair.conversationId}` : "";
  return new Promise((resolve, reject) => {
    const events: Delivery[] = [];
    const req = httpRequest(`http://127.0.0.1:${app.port}/messages/stream${query}`, {
      agent: false,
      headers: { cookie: pair.advisorCookie, accept: "text/event-stream" },
    });
    req.on("response", (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding("utf8");
      let buffer = "";
      res.on("data", (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        for (let end = buffer.indexOf("\n\n"); end !== -1; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes(": connected")) resolve({ events, kind, close: () => req.destroy() });
          const id = /^id: (\d+)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (id && data)
            events.push({ id: Number(id), at, body: (JSON.parse(data) as { body?: string }).body });
        }
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/** The process's open sockets (its connections, listening socket and database connections). */
const sockets = (pid: number) =>
  readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith("socket:");
    } catch {
      return false; // closed meanwhile
    }
  }).length;
const loadAverage = (load = loadavg()) => load.map((l) => l.toFixed(1)).join(" / ");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The first `count` pairs' seekers (`rate` × SECONDS unless said) send one message each through
 * `via`, `rate` a second; each is timed to its stream.
 */
async function sendPhase(
  label: string,
  rate: number,
  via: AppProcess,
  allPairs: Pair[],
  allStreams: Stream[],
  servers: AppProcess[],
  count = Math.round(rate * SECONDS),
): Promise<StreamPhase> {
  const pairs = allPairs.slice(0, count);
  const streams = allStreams.slice(0, pairs.length);
  const marks = streams.map((s) => s.events.length);
  const starts: number[] = [];
  const sendMs: number[] = [];
  const accepted: boolean[] = [];
  for (const server of servers) await waitUntilIdle(server.pid);
  const sampledFrom = performance.now();
  const sampling = servers.map((s) => sampleProcess(s.pid));
  const began = performance.now() + 50;
  await Promise.all(
    pairs.map(async (pair, k) => {
      await sleep(began + (k * 1000) / rate - performance.now());
      const body = `${label} ${k}`;
      starts[k] = performance.now();
      const res = await fetch(`${via.url}/messages/${pair.conversationId}.data`, {
        method: "POST",
        headers: { cookie: pair.seekerCookie, origin: via.url },
        body: new URLSearchParams({ intent: "send", body }),
      });
      const text = await res.text();
      sendMs.push(performance.now() - starts[k]!);
      accepted[k] = res.status === 200 && text.includes('"ok",true');
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  const deadline = performance.now() + LOST_AFTER_MS;
  const arrived = (k: number) => streams[k]!.events.length > marks[k]!;
  while (performance.now() < deadline && pairs.some((_, k) => accepted[k] && !arrived(k)))
    await sleep(50);
  const [server, other] = sampling.map((stop) => stop());
  const cpuMs =
    ((server!.cpuPercent + (other?.cpuPercent ?? 0)) / 100) * (performance.now() - sampledFrom);
  const latencies: number[] = [];
  const byKind = { conversation: [] as number[], inbox: [] as number[] };
  let lost = 0;
  let duplicates = 0;
  let strays = 0;
  streams.forEach((stream, k) => {
    const mine = stream.events.slice(marks[k]);
    if (!accepted[k]) return void (strays += mine.length);
    const [first, ...rest] = mine;
    if (!first) return void lost++;
    const latency = first.at - starts[k]!;
    latencies.push(latency);
    byKind[stream.kind].push(latency);
    if (stream.kind === "conversation" && first.body !== `${label} ${k}`) strays++;
    for (const e of rest) {
      if (e.id === first.id) duplicates++;
      else strays++;
    }
  });
  const phase: StreamPhase = {
    label,
    rate,
    sent: accepted.filter(Boolean).length,
    refused: accepted.filter((a) => !a).length,
    seconds,
    latency: summarize(latencies),
    byKind: { conversation: summarize(byKind.conversation), inbox: summarize(byKind.inbox) },
    lost,
    duplicates,
    strays,
    send: summarize(sendMs),
    server: server!,
    other,
    cpuMsPerMessage: cpuMs / Math.max(1, accepted.filter(Boolean).length),
  };
  say(
    `  ${label}, ${rate}/s: ${phase.sent} sent (${phase.refused} refused) in ${seconds.toFixed(1)} s; delivered p50 ${ms(phase.latency.p50)} ms, p99 ${ms(phase.latency.p99)} ms, max ${ms(phase.latency.max)} ms; lost ${lost}, duplicates ${duplicates}, strays ${strays}; send p50 ${ms(phase.send.p50)} ms; CPU ${server!.cpuPercent.toFixed(0)}%${other ? ` (B ${other.cpuPercent.toFixed(0)}%)` : ""}, ${phase.cpuMsPerMessage.toFixed(1)} ms a message`,
  );
  return phase;
}

/** The stage on one database: `env` points the app at it, `where` lets the bench write to it. */
async function benchDatabase(
  label: string,
  env: Record<string, string>,
  where: Parameters<typeof openDatabase>[0],
  countConnections: (() => Promise<number>) | null,
  twoInstances: boolean,
  cwd: string,
): Promise<StreamFigures> {
  const start = (nodeArgs: string[] = []) => startAppProcess({ ...ENV, ...env }, { cwd, nodeArgs });
  const began = loadavg();
  say(`${label}: migrating and seeding, then ${OPEN} seeker-advisor pairs...`);
  await (await start()).stop();
  const pairs = await insertPairs(where, OPEN);
  const profile = process.env.STREAMS_CPU_PROF;
  const a = await start(profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : []);
  let b: AppProcess | null = null;
  const streams: Stream[] = [];
  try {
    await waitUntilIdle(a.pid);
    const quiet = sampleProcess(a.pid);
    await sleep(3000);
    const before = { ...quiet(), sockets: sockets(a.pid) };
    // Opened 20 at a time, as fast as the server answers.
    const openMs: number[] = [];
    const opening = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        for (let k = next++; k < pairs.length; k = next++) {
          const t0 = performance.now();
          streams[k] = await openStream(a, pairs[k]!, k % 2 === 0 ? "conversation" : "inbox");
          openMs.push(performance.now() - t0);
        }
      }),
    );
    const openSeconds = (performance.now() - opening) / 1000;
    say(`  ${streams.length} streams open in ${openSeconds.toFixed(1)} s`);
    await waitUntilIdle(a.pid);
    const idling = sampleProcess(a.pid);
    await sleep(IDLE_SECONDS * 1000);
    const idle = {
      ...idling(),
      sockets: sockets(a.pid),
      connections: countConnections ? await countConnections() : null,
    };
    say(
      `  idle with ${streams.length} open: CPU ${idle.cpuPercent.toFixed(1)}%, RSS ${idle.maxRssMb.toFixed(0)} MB (before ${before.maxRssMb.toFixed(0)} MB), ${idle.sockets} sockets, ${idle.connections ?? "-"} database connections`,
    );
    // Each sending instance first sends WARM_UP messages, unmeasured, then at each rate.
    const phases: StreamPhase[] = [];
    const send = async (label: string, via: AppProcess, servers: AppProcess[]) => {
      await sendPhase(`${label}, warm-up`, 25, via, pairs, streams, servers, WARM_UP);
      for (const rate of RATES)
        phases.push(await sendPhase(label, rate, via, pairs, streams, servers));
    };
    await send("same instance", a, [a]);
    if (twoInstances) {
      b = await start();
      await send("across instances", b, [a, b]);
    }
    for (const s of streams) s.close();
    // Past the server's 5 s keep-alive timeout: the senders' idle connections are closed too.
    await sleep(6000);
    const afterClose = { sockets: sockets(a.pid), rssMb: sampleProcess(a.pid)().maxRssMb };
    return {
      database: label,
      load: `${loadAverage(began)} at the start, ${loadAverage()} at the end`,
      streams: streams.length,
      openSeconds,
      open: summarize(openMs),
      before,
      idle,
      afterClose,
      phases,
    };
  } finally {
    for (const s of streams) s?.close();
    await Promise.all([a.stop(), b?.stop()]);
  }
}

/** PostgreSQL (both phases) when a server is given, then PGlite (same instance). */
export async function benchStreams(
  postgres: PostgresServer | null,
  cwd = process.cwd(),
): Promise<StreamFigures[]> {
  say("open streams and message fan-out:");
  const figures: StreamFigures[] = [];
  if (postgres) {
    const name = "bench_streams";
    await postgres.query(`drop database if exists ${name}`);
    await postgres.query(`create database ${name}`);
    const dataDir = mkdtempSync(path.join(tmpdir(), "bench-streams-pg-"));
    const admin = new pg.Client({ connectionString: postgres.database("postgres") });
    await admin.connect();
    try {
      const count = async () =>
        Number(
          (
            await admin.query(`select count(*) as n from pg_stat_activity where datname = $1`, [
              name,
            ])
          ).rows[0].n,
        );
      const url = postgres.database(name);
      figures.push(
        await benchDatabase(
          `PostgreSQL ${postgres.version}`,
          { DATABASE_URL: url, DATA_DIR: dataDir },
          { url },
          count,
          true,
          cwd,
        ),
      );
    } finally {
      await admin.end();
      await postgres.query(`drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (SKIP.has("pglite")) return figures;
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-streams-pglite-"));
  try {
    figures.push(
      await benchDatabase(
        "PGlite (embedded)",
        { DATABASE_URL: "", DATA_DIR: dataDir },
        { dataDir: path.join(dataDir, "db") },
        null,
        false,
        cwd,
      ),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

const mb = (n: number) => n.toFixed(0);
const pct = (n: number) => `${n.toFixed(1)}%`;

export function streamsSection(figures: StreamFigures[]): string {
  const held = figures
    .map(
      (f) =>
        `| ${f.database} | ${f.streams} | ${f.openSeconds.toFixed(1)} | ${ms(f.open.p50)} / ${ms(f.open.p99)} | ${mb(f.before.maxRssMb)} | ${mb(f.idle.maxRssMb)} | ${pct(f.idle.cpuPercent)} | ${f.before.sockets} → ${f.idle.sockets} → ${f.afterClose.sockets} | ${f.idle.connections ?? "1 (in-process)"} |`,
    )
    .join("\n");
  const sent = figures
    .flatMap((f) =>
      f.phases.map(
        (p) =>
          `| ${f.database}, ${p.label}, ${p.rate}/s | ${p.sent} in ${p.seconds.toFixed(1)} s | ${p.refused} | ${ms(p.latency.p50)} | ${ms(p.latency.p99)} | ${ms(p.latency.max)} | ${ms(p.byKind.conversation.p50)} / ${ms(p.byKind.inbox.p50)} | ${p.lost} / ${p.duplicates} / ${p.strays} | ${ms(p.send.p50)} / ${ms(p.send.p99)} | ${pct(p.server.cpuPercent)}${p.other ? ` + B ${pct(p.other.cpuPercent)}` : ""} | ${p.cpuMsPerMessage.toFixed(1)} | ${mb(p.server.maxRssMb)} |`,
      ),
    )
    .join("\n");
  return `## Open conversation streams and message fan-out (issue 39)

\`bench/streams.ts\` on ${new Date().toISOString().slice(0, 10)}: the built app (\`NODE_ENV=production\`, the read paths' settings but the default
\`RATE_LIMIT_SCALE=1\`) on a fresh migrated and seeded database holding ${(figures[0]?.streams ?? 0).toLocaleString("en")} more
seeker-advisor pairs, each with its conversation and a session per person written straight to
\`auth_sessions\` (the cookie signed as better-auth signs it). Each advisor opens one event
stream on instance A, each on a loopback connection of its own, 20 opening at a time: the even
ones the conversation's (\`/messages/stream?conversation=\`), the odd ones the inbox's. With all
open, A is sampled for ${IDLE_SECONDS} s. Then each seeker sends one message through the send
route as the page's form does (\`POST /messages/<id>.data\`, \`intent=send\`), from one client
for ${SECONDS} s at ${RATES.join(" and then ")} a second (as many seekers as that makes, one
message each), and each message is timed from the start of its send request until its
advisor's stream hands over the event: p50/p99/max over the messages, "conv. / inbox" the p50 of
each kind of stream. "Lost" is a message accepted but not on its stream
${LOST_AFTER_MS / 1000} s after the last send was answered, "duplicates" the same event twice on a
stream, "strays" an event a stream should not have had (another's message). On PostgreSQL the
messages go once through A itself, then through a second instance B on the same database, so
that they reach A's streams only by LISTEN/NOTIFY; PGlite is one process, A only. Each sending
instance first sends ${WARM_UP} messages unmeasured (a fresh process runs its code unoptimised
at first). Server CPU is over the sending and delivery (100% = one core); "CPU ms a message" is
the CPU time of the instances involved over that window divided by the messages sent (the
send's and the delivery's cost together: the server's capacity whatever the machine's load).
Sockets are the server's before the streams, with them open, and 6 s after the client closed
them (past the server's 5 s keep-alive timeout, which closes the senders' idle connections); database connections are PostgreSQL's \`pg_stat_activity\` for the database while the
streams are open and A alone runs. The bench's client and the servers share the machine's two
cores with whatever else runs: load average ${figures.map((f) => `${f.load} (${f.database})`).join("; ")}. A browser
makes more requests a message than this client: the sender's page reads its loaders again after
the send, and the reader's page posts that it read the message.

### Holding the streams

| | streams | s to open all | open p50 / p99 ms | RSS before MB | RSS open MB | idle CPU | server sockets | database connections |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${held}

### Messages at ${RATES.join(" and ")} a second

| | sent | refused | p50 ms | p99 ms | max ms | conv. / inbox p50 ms | lost / dup. / strays | send answered p50 / p99 ms | server CPU | CPU ms a message | RSS MB |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${sent}
`;
}

// Alone: `node --import tsx bench/streams.ts` (needs a build: `npm run build`), printing the
// section; in `npm run bench` it is the section "streams".
if (process.argv[1]?.endsWith("streams.ts")) {
  const { startPostgres } = await import("./postgres-server");
  const postgres = SKIP.has("postgres") ? null : await startPostgres();
  try {
    say(streamsSection(await benchStreams(postgres)));
  } finally {
    postgres?.stop();
  }
  process.exit(0);
}
