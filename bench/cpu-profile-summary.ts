/**
 * Summarises a V8 .cpuprofile (`node --cpu-prof`): self time per category between two
 * moments, where a function's category comes from its script URL or name, and a function
 * without one (a builtin, a Node internal helper) counts for its caller's category.
 */
export const CATEGORIES = [
  "routing",
  "session",
  "logging",
  "database",
  "app code",
  "rendering",
  "serialization",
  "compression",
  "http & sockets",
  "gc",
  "other",
] as const;
export type Category = (typeof CATEGORIES)[number];

export const CATEGORY_NOTES: Record<Category, string> = {
  routing:
    "express, its router, static files and middleware (server/http), @react-router/express and node (request and stream adapters), react-router's request handling and route matching",
  session: "better-auth, better-call, jose, server/auth",
  logging: "pino, sonic-boom, server/logger, server/http/request-log",
  database: "pg, pg-protocol, pg-pool, drizzle-orm, PGlite (its WebAssembly too), server/db",
  "app code":
    "loaders and the server/ and core/ code bundled into build/server/index.js, luxon, zod (components count as rendering)",
  rendering:
    "react-dom/server, react, and every component it calls (the app's, react-router's Link, Scripts...)",
  serialization:
    "JSON (parse, stringify), turbo-stream (react-router's encoding of loader data into the page)",
  compression: "node:zlib, compression middleware",
  "http & sockets": "Node's http, net and stream internals",
  gc: "garbage collector",
  other: "everything else (V8 internals, unattributed native code)",
};

type CallFrame = { functionName: string; url: string };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
export type CpuProfile = {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
};

const SERIALIZE_FUNCTIONS = new Set([
  "stringify",
  "parse",
  "encode",
  "flatten",
  "flattenValue",
  "unflatten",
  "encodeViaTurboStream",
]);

function ownCategory({ functionName, url }: CallFrame): Category | "idle" | null {
  if (functionName === "(idle)") return "idle";
  if (functionName === "(garbage collector)") return "gc";
  if (functionName === "(program)") return "other";
  if (!url) return SERIALIZE_FUNCTIONS.has(functionName) ? "serialization" : null;
  const has = (re: RegExp) => re.test(url);
  if (has(/node_modules\/(pino|sonic-boom|thread-stream|fast-redact|quick-format)/))
    return "logging";
  if (has(/\/server\/(logger|http\/request-log)/)) return "logging";
  if (has(/node:zlib|node_modules\/compression\//)) return "compression";
  if (has(/node_modules\/(better-auth|better-call|@better-auth|jose|kysely)\/|\/server\/auth\//))
    return "session";
  if (
    has(
      /node_modules\/(pg|pg-protocol|pg-pool|pg-types|pg-connection-string|drizzle-orm|@electric-sql)\//,
    )
  )
    return "database";
  if (has(/\/server\/db\//)) return "database";
  if (has(/turbo-stream/)) return "serialization";
  if (has(/node_modules\/(react-dom|react)\//)) return "rendering";
  if (has(/node_modules\/react-router\//))
    return SERIALIZE_FUNCTIONS.has(functionName) ? "serialization" : "routing";
  if (
    has(
      /node_modules\/(express|router|path-to-regexp|@react-router|body-parser|finalhandler|send|serve-static|qs|on-finished|cookie|helmet)\/|\/server\/http\//,
    )
  )
    return "routing";
  if (has(/node:(internal\/)?(_?http|net|stream|streams|webstreams)/)) return "http & sockets";
  if (has(/\/build\/server\/|\/core\/|\/server\/|node_modules\/(luxon|zod)\//)) return "app code";
  return null;
}

export type ProfileSummary = {
  /** Time the thread was not idle in the window, µs. */
  busyUs: number;
  windowUs: number;
  byCategory: Record<Category, number>;
  /** The functions with the most self time: "name (file)", category, µs. */
  top: { fn: string; category: Category; us: number }[];
};

/** "renderElement (react-dom: react-dom-server.node.production.js)", "loader (build/server/index.js)" */
function label({ functionName, url }: CallFrame) {
  const name = functionName || "(anonymous)";
  if (!url) return name;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
  if (pkg) return `${name} (${pkg}: ${url.slice(url.lastIndexOf("/") + 1)})`;
  if (url.endsWith("/build/server/index.js")) return `${name} (build/server/index.js)`;
  const local = /.*\/((?:server|core|app)\/.*)$/.exec(url)?.[1];
  return `${name} (${local ?? url})`;
}

/** Self time per category of the samples between `fromUs` and `toUs` (profile clock). */
export function summarizeProfile(profile: CpuProfile, fromUs = -Infinity, toUs = Infinity) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const category = new Map<number, Category | "idle">();
  const root = profile.nodes[0]!;
  const visit = (node: ProfileNode, inherited: Category | "idle") => {
    const own = ownCategory(node.callFrame);
    // Components (the app's, react-router's <Link>, <Scripts>...) run inside react-dom's render.
    const rendered = inherited === "rendering" && (own === "app code" || own === "routing");
    const mine = rendered ? "rendering" : (own ?? inherited);
    category.set(node.id, mine);
    for (const child of node.children ?? [])
      visit(byId.get(child)!, mine === "idle" ? "other" : mine);
  };
  visit(root, "other");

  const byCategory = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
  let time = profile.startTime;
  let busyUs = 0;
  const selfByNode = new Map<number, number>();
  let first = Infinity;
  let last = -Infinity;
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i] ?? 0;
    if (time < fromUs || time > toUs) continue;
    // A sample stands for the time until the next one.
    const weight = profile.timeDeltas[i + 1] ?? 0;
    first = Math.min(first, time);
    last = Math.max(last, time);
    const c = category.get(profile.samples[i]!) ?? "other";
    if (c === "idle") continue;
    selfByNode.set(profile.samples[i]!, (selfByNode.get(profile.samples[i]!) ?? 0) + weight);
    byCategory[c] += weight;
    busyUs += weight;
  }
  const byFunction = new Map<string, { fn: string; category: Category; us: number }>();
  for (const [id, us] of selfByNode) {
    const node = byId.get(id)!;
    const fn = label(node.callFrame);
    const entry = byFunction.get(fn) ?? { fn, category: category.get(id) as Category, us: 0 };
    entry.us += us;
    byFunction.set(fn, entry);
  }
  const top = [...byFunction.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, Number(process.env.PROFILE_TOP ?? 8));
  return { busyUs, windowUs: Math.max(0, last - first), byCategory, top } satisfies ProfileSummary;
}
