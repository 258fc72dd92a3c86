import { asc, count, desc, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { PAGE_PARAMS, type PageKeys } from "../../core/admin/list-page";
import { isUuid } from "../../core/ids";
import type { Db } from "./client.server";

/*
 * Keyset (seek) pagination for the admin's lists: a page is the rows after (or before) the
 * key of a row in the list's order, found through an index in that order however deep into the
 * list it is, and rows added meanwhile neither repeat nor skip one. A key is the row's order
 * columns as text that reads back to the same value (a timestamp to the microsecond: a
 * JavaScript Date would drop them and skip or repeat rows), sent to the browser as one opaque
 * base64url string.
 */

/** A key part's type: how it is written into a link and read back. */
export type KeyType = "timestamptz" | "uuid" | "bigint";

/** A list's order: the key's parts, compared as a row, ascending unless `descending`. */
export type ListOrder = { parts: readonly SQL[]; types: readonly KeyType[]; descending?: boolean };

/** Most lists: newest first, by created_at with the id breaking ties. */
export const newestFirst = (at: PgColumn, id: PgColumn): ListOrder => ({
  parts: [sql`${at}`, sql`${id}`],
  types: ["timestamptz", "uuid"],
  descending: true,
});

/** Which page a list request asks for. Anything malformed asks for the first. */
export type Position =
  { from: "start" } | { from: "end" } | { after: string[] } | { before: string[] };

export const START: Position = { from: "start" };

const INSTANT = /^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const VALID: Record<KeyType, (value: string) => boolean> = {
  // To the microsecond, and a real instant (2025-02-30 matches the pattern, not the calendar).
  timestamptz: (v) => INSTANT.test(v) && new Date(v).toISOString().slice(0, 19) === v.slice(0, 19),
  uuid: isUuid,
  bigint: (v) => /^-?\d{1,18}$/.test(v),
};

/** Whether `key` is a key of a list with these `types`, every part well formed. */
export const isKey = (key: unknown[], types: readonly KeyType[]): key is string[] =>
  key.length === types.length && key.every((v, i) => typeof v === "string" && VALID[types[i]!](v));

/** A link's value as JSON (its parts' own encoding decides what else it carries), or null. */
export function decodeLink(text: string | null | undefined): unknown[] | null {
  if (!text || text.length > 2000) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

export const encodeLink = (value: unknown[]) =>
  Buffer.from(JSON.stringify(value), "utf8").toString("base64url");

/** The position a list page's URL asks for: `?after=`, `?before=`, `?last=1`, else the start. */
export function readPosition(
  params: URLSearchParams,
  types: readonly KeyType[] = ["timestamptz", "uuid"],
): Position {
  const after = decodeLink(params.get(PAGE_PARAMS.after));
  if (after && isKey(after, types)) return { after };
  const before = decodeLink(params.get(PAGE_PARAMS.before));
  if (before && isKey(before, types)) return { before };
  return params.get(PAGE_PARAMS.last) === "1" ? { from: "end" } : START;
}

/** What a list's query adds for one page: its key column, condition, order and limit. */
export type Window = { key: SQL<string[]>; where: SQL | undefined; orderBy: SQL[]; limit: number };

/** A page found by its keys: its rows, whether it is at either end, its first and last keys. */
export type Seek<Row> = {
  rows: Row[];
  /** Where the page is when its key pointed past an end (its rows since deleted). */
  landed: "start" | "end" | null;
  atStart: boolean;
  atEnd: boolean;
  first: string[] | null;
  last: string[] | null;
};

/** A key part as text that reads back to the same value (microseconds included). */
const keyText = (part: SQL, type: KeyType) =>
  type === "timestamptz"
    ? sql`to_char(${part} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : sql`(${part})::text`;

/**
 * One page of `size` rows at `position` in `order`: `query` runs the list's own select with
 * the window added (its rows carry `key`). A key past the end (its rows since deleted) shows
 * the end instead, and a Previous that reaches the start shows the whole first page.
 */
export async function seek<Row extends { key: string[] }>(
  order: ListOrder,
  position: Position,
  size: number,
  query: (window: Window) => Promise<Row[]>,
): Promise<Seek<Omit<Row, "key">>> {
  const from = "from" in position ? position.from : null;
  const bound =
    "after" in position ? position.after : "before" in position ? position.before : null;
  // Previous and Last read against the list's order, then turn the rows round.
  const back = from === "end" || "before" in position;
  const ascending = Boolean(order.descending) === back;
  const values = bound?.map((v, i) => sql`${v}::${sql.raw(order.types[i]!)}`);
  const found = await query({
    key: sql<string[]>`json_build_array(${sql.join(
      order.parts.map((part, i) => keyText(part, order.types[i]!)),
      sql`, `,
    )})`,
    where: values
      ? sql`(${sql.join([...order.parts], sql`, `)}) ${sql.raw(ascending ? ">" : "<")} (${sql.join(values, sql`, `)})`
      : undefined,
    orderBy: order.parts.map((part) => (ascending ? asc(part) : desc(part))),
    limit: size + 1,
  });
  if ("before" in position && found.length < size) {
    return { ...(await seek(order, START, size, query)), landed: "start" };
  }
  if ("after" in position && found.length === 0) {
    return { ...(await seek(order, { from: "end" }, size, query)), landed: "end" };
  }
  const more = found.length > size;
  const rows = found.slice(0, size);
  if (back) rows.reverse();
  return {
    rows: rows.map(({ key: _key, ...row }) => row),
    landed: null,
    atStart: from === "start" || (back && !more),
    atEnd: from === "end" || (!back && !more),
    first: rows[0]?.key ?? null,
    last: rows.at(-1)?.key ?? null,
  };
}

/** One page of a list at `position`, with the keys its Previous and Next links carry. */
export async function readPage<Row extends { key: string[] }>(
  order: ListOrder,
  position: Position,
  size: number,
  query: (window: Window) => Promise<Row[]>,
): Promise<{ rows: Omit<Row, "key">[]; keys: PageKeys }> {
  const page = await seek(order, position, size, query);
  return {
    rows: page.rows,
    keys: {
      previous: page.atStart || !page.first ? null : encodeLink(page.first),
      next: page.atEnd || !page.last ? null : encodeLink(page.last),
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
  order: ListOrder,
  bound = COUNT_BOUND,
) {
  const matching = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .orderBy(...order.parts.map((part) => (order.descending ? desc(part) : asc(part))))
    .limit(bound + 1)
    .as("matching");
  const [row] = await db.select({ n: count() }).from(matching);
  const n = row?.n ?? 0;
  return { n: Math.min(n, bound), more: n > bound };
}
