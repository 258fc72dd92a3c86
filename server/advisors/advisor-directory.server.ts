import { ADVISORS_PAGE_SIZE, parseAdvisorSearch } from "../../core/advisor-search-params";
import type { PublicAdvisor } from "../../core/advisor-card";
import {
  AdvisorSearchIndex,
  type SearchExplanation,
  type SearchSuggestion,
  type SearchableAdvisor,
} from "../../core/search";
import type { ChangeFeed } from "../db/change-feed.server";
import type { Db } from "../db/client.server";
import {
  type DirectoryRows,
  directoryRows,
  type HeldAdvisor,
  type SearchableRow,
} from "./directory-rows.server";

export type SearchPage = {
  total: number;
  page: number;
  pageCount: number;
  advisors: PublicAdvisor[];
  explanation: SearchExplanation;
};

/** What the directory needs of the change feed: whether it vouches now, and what changed. */
export type DirectoryFeed = Pick<ChangeFeed, "listening" | "directoryChanges">;

export type AdvisorDirectory = ReturnType<typeof createAdvisorDirectory>;

/**
 * More changed advisors than this are found by comparing every advisor's fingerprint with
 * the database, not by loading each one named.
 */
const MOST_NAMED = 200;

/**
 * Everything public about the approved advisors (the team's too: its page is public, though
 * it is not listed), as of one version of the directory.
 */
type HeldDirectory = {
  version: number;
  byId: Map<string, HeldAdvisor>;
  /** Ids oldest first, as the landing grid shows them; null once someone joined or left. */
  order: string[] | null;
};

/**
 * The public advisor directory of one database, built once by the composition root (ADR 68).
 *
 * While the feed listens, the whole public directory is held in memory, so search, profiles
 * and the landing grid need no database round trip. It is loaded once, in the background
 * (the database answers meanwhile), and then kept current advisor by advisor: the feed says
 * which advisors changed and only they are read again (ADR 79). When it cannot say (a
 * reconnect, a bulk change, the feed's maximum age, ADR 63), every advisor's fingerprint is
 * compared with the database and only those that differ are read. Without a listening feed
 * nothing vouches for a copy: every read queries, and only the searchable fields are reused
 * while a cheap count-and-latest-change query says they are current. Either way one search
 * index serves the listing, updated advisor by advisor (ADR 71).
 */
export function createAdvisorDirectory({
  db,
  feed = null,
  rows = directoryRows(db),
}: {
  db: Db;
  feed?: DirectoryFeed | null;
  /** What the directory reads; a test watches or holds it. */
  rows?: DirectoryRows;
}) {
  let held: HeldDirectory | null = null;
  let loading: Promise<void> | null = null;
  let catchingUp: Promise<void> | null = null;
  let searchable: { version: string; rows: Promise<SearchableRow[]> } | null = null;
  let kept: KeptIndex | null = null;

  /** The held directory, current with the feed; null while the database must answer. */
  async function heldDirectory(): Promise<HeldDirectory | null> {
    if (!feed?.listening) return null;
    const directory = held;
    if (!directory) {
      loadInBackground(feed);
      return null;
    }
    const wanted = feed.directoryChanges(directory.version).version;
    while (directory.version < wanted) {
      catchingUp ??= catchUp(feed, directory).finally(() => (catchingUp = null));
      await catchingUp;
    }
    return feed.listening ? directory : null;
  }

  function loadInBackground(feed: DirectoryFeed) {
    loading ??= (async () => {
      // Changes from here on are caught up with afterwards.
      const { version } = feed.directoryChanges(null);
      const all = await rows.all();
      held = {
        version,
        byId: new Map(all.map((a) => [a.advisor.id, a])),
        order: all.map((a) => a.advisor.id),
      };
      searchable = null;
    })()
      // Not kept on failure: the next read starts another while the database answers.
      .catch(() => {})
      .finally(() => (loading = null));
  }

  /** Reads again the advisors changed since `directory`'s version, and only them. */
  async function catchUp(feed: DirectoryFeed, directory: HeldDirectory) {
    const { version, advisorIds } = feed.directoryChanges(directory.version);
    const changed =
      advisorIds && advisorIds.size <= MOST_NAMED ? [...advisorIds] : await outOfDate(directory);
    if (changed.length > 0) {
      const fresh = changed.length > MOST_NAMED ? await rows.all() : await rows.some(changed);
      replace(directory, changed, new Map(fresh.map((a) => [a.advisor.id, a])));
    }
    directory.version = version;
  }

  /** Puts in the `fresh` copies of the `changed` advisors; those without one are gone. */
  function replace(
    directory: HeldDirectory,
    changed: readonly string[],
    fresh: Map<string, HeldAdvisor>,
  ) {
    for (const id of changed) {
      const advisor = fresh.get(id);
      // Someone approved or gone: the landing grid's order is made again when next asked for.
      if (!advisor !== !directory.byId.has(id)) directory.order = null;
      if (advisor) directory.byId.set(id, advisor);
      else directory.byId.delete(id);
      if (kept?.source !== directory) continue; // the index catches up when next used
      if (advisor) kept.put(advisor);
      else kept.drop(id);
    }
  }

  /** The advisors whose held copy differs from the database: changed, approved or gone. */
  async function outOfDate(directory: HeldDirectory): Promise<string[]> {
    const current = await rows.fingerprints();
    const differ = [...current.keys()].filter(
      (id) => directory.byId.get(id)?.fingerprint !== current.get(id),
    );
    return [...differ, ...[...directory.byId.keys()].filter((id) => !current.has(id))];
  }

  /** The search index of the listed advisors, current with `directory` or the database. */
  async function searchIndex(directory: HeldDirectory | null, team: string) {
    if (kept?.team !== team) kept = new KeptIndex(team);
    if (directory) {
      if (kept.source !== directory) kept.sync(directory.byId.values(), directory);
      return kept.index;
    }
    const listed = await searchableRows(team);
    if (kept.source !== listed) kept.sync(listed, listed);
    return kept.index;
  }

  /** Without the held directory: the listed advisors' searchable fields, as of now. */
  async function searchableRows(team: string): Promise<readonly SearchableRow[]> {
    const version = await rows.listingVersion(team);
    if (searchable?.version === version) return searchable.rows;
    const loaded = rows.searchable(team);
    searchable = { version, rows: loaded };
    // A failed load is not kept: the next search tries again.
    loaded.catch(() => {
      if (searchable?.rows === loaded) searchable = null;
    });
    return loaded;
  }

  /** Approved advisors for the landing grid, oldest first so it is stable between visits. */
  async function listApproved(options: {
    limit: number;
    teamAdvisorId: string;
  }): Promise<PublicAdvisor[]> {
    const { limit, teamAdvisorId: team } = options;
    const directory = await heldDirectory();
    if (!directory) return (await rows.oldest(limit, team)).map((a) => a.advisor);
    directory.order ??= [...directory.byId.values()]
      .sort((a, b) => +a.createdAt - +b.createdAt || (a.advisor.id < b.advisor.id ? -1 : 1))
      .map((a) => a.advisor.id);
    const listed: PublicAdvisor[] = [];
    for (const id of directory.order) {
      if (listed.length === limit) break;
      const held = directory.byId.get(id)!;
      if (id !== team && !held.hidden) listed.push(held.advisor);
    }
    return listed;
  }

  /** One approved advisor's public profile, or null (missing or not approved look the same). */
  async function findApproved(id: string): Promise<PublicAdvisor | null> {
    const directory = await heldDirectory();
    const found = directory ? directory.byId.get(id) : (await rows.some([id]))[0];
    return found?.advisor ?? null;
  }

  /**
   * Ranks the listed advisors through the index of core/search.ts, then takes the public
   * fields of one page only, so the response stays small with 10,000 advisors.
   */
  async function search(options: {
    query: string;
    page: number;
    pageSize: number;
    teamAdvisorId: string;
  }): Promise<SearchPage> {
    const directory = await heldDirectory();
    const index = await searchIndex(directory, options.teamAdvisorId);
    const { pageSize } = options;
    const window = (page: number) => ({ offset: (page - 1) * pageSize, limit: pageSize });
    let found = index.search(options.query, window(Math.max(1, options.page)));
    const pageCount = Math.max(1, Math.ceil(found.total / pageSize));
    const page = Math.min(Math.max(1, options.page), pageCount);
    // A page past the end shows the last one.
    if (page !== options.page) found = index.search(options.query, window(page));
    const { total, explanation } = found;
    const ids = found.ranked.map((r) => r.advisor.id);
    const byId = directory?.byId ?? new Map((await rows.some(ids)).map((a) => [a.advisor.id, a]));
    return {
      total,
      page,
      pageCount,
      advisors: ids.flatMap((id) => byId.get(id)?.advisor ?? []),
      explanation,
    };
  }

  /** What the search boxes offer as the person types (see AdvisorSearchIndex.suggest). */
  async function suggest(typed: string, teamAdvisorId: string): Promise<SearchSuggestion[]> {
    return (await searchIndex(await heldDirectory(), teamAdvisorId)).suggest(typed);
  }

  /** The listing a query string asks for; shared by the /advisors page and its JSON API. */
  async function searchFor(params: URLSearchParams, teamAdvisorId: string) {
    const { search: query, page } = parseAdvisorSearch(params);
    const result = await search({ query, page, pageSize: ADVISORS_PAGE_SIZE, teamAdvisorId });
    return { search: query, ...result };
  }

  /** Ids and last change of every approved profile (the team's too: its page is public). */
  const sitemap = () => rows.sitemap();

  /**
   * Builds the search index for the team's listing (from the database's rows while the held
   * directory loads) and holds the directory if the feed listens, so that start-up pays for
   * them rather than the first visitors. Resolves once both are done (a failed load is left
   * to the next read).
   */
  async function warm(teamAdvisorId?: string) {
    const directory = await heldDirectory(); // starts the load
    if (teamAdvisorId !== undefined) await searchIndex(directory, teamAdvisorId);
    await loading;
  }

  return { listApproved, findApproved, search, searchFor, suggest, sitemap, warm };
}

/**
 * One search index of the listed advisors (all but the team), kept across versions of the
 * directory: an advisor is indexed again only when their searchable fields changed.
 */
class KeptIndex {
  readonly index = new AdvisorSearchIndex<SearchableAdvisor>();
  /** What the index is current with: the held directory, or rows read without it. */
  source: unknown = null;
  readonly #keys = new Map<string, string>();

  constructor(readonly team: string) {}

  put({ advisor, searchKey, hidden }: SearchableRow) {
    if (advisor.id === this.team || hidden) return this.drop(advisor.id);
    if (this.#keys.get(advisor.id) === searchKey) return;
    this.index.upsert(advisor);
    this.#keys.set(advisor.id, searchKey);
  }

  drop(id: string) {
    if (this.#keys.delete(id)) this.index.remove(id);
  }

  /** Makes the index hold exactly `rows`, as of `source`. */
  sync(rows: Iterable<SearchableRow>, source: unknown) {
    const now = new Set<string>();
    for (const row of rows) {
      now.add(row.advisor.id);
      this.put(row);
    }
    for (const id of this.#keys.keys()) if (!now.has(id)) this.drop(id);
    this.source = source;
  }
}
