import { asc, count, desc, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { PAGE_PARAMS, type PageKeys } from "../../core/admin/list-page";
import { isUuid } from "../../core/ids";
import type { Db } from "./client.server";

/*
 * Keyset (seek) pagination for lists shown newest first: ordered by (created_at desc, id desc),
 * the id breaking ties, a page is the rows after (or before) the key of a row, found by an
 * index on (created_at, id) however deep into the list it is. A key is the row's created_at to
 * the microsecond (a JavaScript Date would drop them and skip or repeat rows) and its id,
 * sent to the browser as one opaque base64url string.
 */

type Key = { at: string; id: string };

/** Which page a list request asks for. Anything malformed asks for the first. */
export type Position = { from: "start" } | { from: "end" } | { after: Key } | { before: Key };

export const START: Position = { from: "start" };

const AT = /^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const AT_FORMAT = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';

function decodeKey(text: string | null): Key | null {
  if (!text) return null;
  const [at, id, ...rest] = Buffer.from(text, "base64url").toString("utf8").split(" ");
  if (rest.length || !at || !AT.test(at) || !isUuid(id)) return null;
  // A real instant: 2025-02-30 would pass the pattern and fail in PostgreSQL.
  const date = new Date(at);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 19) !== at.slice(0, 19)) {
    return null;
  }
  return { at, id };
}

const encodeKey = (key: string) => Buffer.from(key, "utf8").toString("base64url");

/** The position a list page's URL asks for: `?after=`, `?before=`, `?last=1`, else the start. */
export function readPosition(params: URLSearchParams): Position {
  const after = decodeKey(params.get(PAGE_PARAMS.after));
  if (after) return { after };
  const before = decodeKey(params.get(PAGE_PARAMS.before));
  if (before) return { before };
  return params.get(PAGE_PARAMS.last) === "1" ? { from: "end" } : START;
}

/** What a list's query adds for one page: its key column, condition, order and limit. */
export type Window = { key: SQL<string>; where: SQL | undefined; orderBy: SQL[]; limit: number };

/**
 * One page of `size` rows at `position`, ordered by `columns` (created_at and a unique id),
 * newest first. `query` runs the list's own select with the window added (its rows carry
 * `key`). A cursor past either end (its rows since deleted) shows the nearest end instead, and
 * a Previous that reaches the start shows the whole first page.
 */
export async function readPage<Row extends { key: string }>(
  columns: { at: PgColumn; id: PgColumn },
  position: Position,
  size: number,
  query: (window: Window) => Promise<Row[]>,
): Promise<{ rows: Omit<Row, "key">[]; keys: PageKeys }> {
  const from = "from" in position ? position.from : null;
  const bound =
    "after" in position ? position.after : "before" in position ? position.before : null;
  // Previous and Last read towards the start (oldest first), then show the rows newest first.
  const towardsStart = from === "end" || "before" in position;
  const order = towardsStart ? asc : desc;
  const found = await query({
    key: sql<string>`to_char(${columns.at} at time zone 'UTC', ${AT_FORMAT}) || ' ' || ${columns.id}`,
    where: bound
      ? sql`(${columns.at}, ${columns.id}) ${sql.raw(towardsStart ? ">" : "<")} (${bound.at}::timestamptz, ${bound.id}::uuid)`
      : undefined,
    orderBy: [order(columns.at), order(columns.id)],
    limit: size + 1,
  });
  const more = found.length > size;
  if ("before" in position && found.length < size) return readPage(columns, START, size, query);
  if ("after" in position && found.length === 0) {
    return readPage(columns, { from: "end" }, size, query);
  }
  const rows = found.slice(0, size);
  if (towardsStart) rows.reverse();
  const atStart = from === "start" || (towardsStart && !more);
  const atEnd = from === "end" || (!towardsStart && !more);
  return {
    rows: rows.map(({ key: _key, ...row }) => row),
    keys: {
      previous: atStart || !rows.length ? null : encodeKey(rows[0]!.key),
      next: atEnd || !rows.length ? null : encodeKey(rows.at(-1)!.key),
    },
  };
}

/** The largest count a list shows exactly; beyond it "10,000+" (the count reads at most this). */
export const COUNT_BOUND = 10_000;

/**
 * How many rows of `table` match `where`, counting no further than `bound`. The rows are taken
 * in the list's own order, so the count reads the index the list's pages read, and stops.
 */
export async function countUpTo(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  columns: { at: PgColumn; id: PgColumn },
  bound = COUNT_BOUND,
) {
  const matching = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .orderBy(desc(columns.at), desc(columns.id))
    .limit(bound + 1)
    .as("matching");
  const [row] = await db.select({ n: count() }).from(matching);
  const n = row?.n ?? 0;
  return { n: Math.min(n, bound), more: n > bound };
}
