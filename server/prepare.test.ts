import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { buildConfig } from "./config.server";
import { createBankCipher } from "./security/bank-cipher.server";
import { type Database, openDatabase, queryRows } from "./db/client.server";
import { prepareDatabase } from "./prepare.server";
import { createStorage } from "./storage/storage.server";
import * as s from "./db/schema";
import { createEmptyServerDatabase } from "./db/database.test-support";

/*
 * Two instances started at the same moment on one empty PostgreSQL (ADR 70): both come up,
 * the migrations are applied once and the demo data is written once. PostgreSQL only: an
 * embedded database belongs to one process.
 */
const SERVER = process.env.TEST_DATABASE_URL;
const config = buildConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "prepare-test-")) });
const storage = createStorage(config);
const bankCipher = createBankCipher(config.bankEncryptionKey);

describe.skipIf(!SERVER)("two instances starting at once on an empty database", () => {
  const opened: Database[] = [];
  let dropDatabase = async () => {};
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
    await dropDatabase();
  });

  it("both come up, with the migrations applied once and one copy of the demo data", async () => {
    const empty = await createEmptyServerDatabase(SERVER!);
    dropDatabase = empty.destroy;
    // Two pools: two instances' connections, as two processes would have.
    const instance = () => openDatabase({ url: empty.url, migrationUrl: empty.migrationUrl });
    opened.push(await instance(), await instance());

    const results = await Promise.allSettled(
      opened.map((database) =>
        prepareDatabase({ database, config, storage, bankCipher, now: () => new Date() }),
      ),
    );

    expect(results.map((r) => (r.status === "rejected" ? String(r.reason) : r.status))).toEqual([
      "fulfilled",
      "fulfilled",
    ]);
    const [first, second] = results.map((r) => (r.status === "fulfilled" ? r.value : null));
    // One wrote the demo data; the other found it there and lists the same log-ins.
    expect([first?.seeded, second?.seeded].sort()).toEqual([false, true]);
    expect(second?.logins).toEqual(first?.logins);

    const db = opened[0]!.db;
    const [admins] = await db
      .select({ n: count() })
      .from(s.users)
      .where(sql`${s.users.email} = 'admin@example.com'`);
    expect(admins?.n).toBe(1);
    const journal = await queryRows<{ hash: string; n: number }>(
      db,
      sql`select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash`,
    );
    expect(journal.length).toBeGreaterThan(0);
    expect(journal.filter((m) => m.n !== 1)).toEqual([]);
  });
});
