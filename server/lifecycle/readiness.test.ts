import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/client.server";
import { createReadiness } from "./readiness.server";

/* Readiness over fakes, and the migration check against a real embedded database. */
function fakes({ up = true, migrated = true, listening = true } = {}) {
  return {
    database: { ping: async () => up, migrated: async () => migrated },
    changes: { listening },
  };
}

describe("readiness", () => {
  it("is ready when the database answers, is migrated and the change feed listens", async () => {
    expect(await createReadiness(fakes()).check()).toEqual({
      status: "ready",
      checks: { database: true, migrations: true, changeFeed: true, serving: true },
      failing: [],
    });
  });

  it("names what is missing", async () => {
    expect((await createReadiness(fakes({ up: false })).check()).failing).toEqual([
      "database",
      "migrations",
    ]);
    expect((await createReadiness(fakes({ migrated: false })).check()).failing).toEqual([
      "migrations",
    ]);
    const deaf = await createReadiness(fakes({ listening: false })).check();
    expect(deaf).toMatchObject({ status: "not ready", failing: ["changeFeed"] });
    const { changes: _none, ...withoutFeed } = fakes();
    expect((await createReadiness(withoutFeed).check()).failing).toEqual(["changeFeed"]);
  });

  it("is not ready once the instance is shutting down", async () => {
    const readiness = createReadiness(fakes());
    readiness.stopServing();
    expect((await readiness.check()).failing).toEqual(["serving"]);
  });
});

describe("the migration check", () => {
  let database: Database | undefined;
  afterAll(() => database?.close());

  it("holds only when every migration of the app is in the database's journal", async () => {
    database = await openDatabase({ dataDir: "memory://" });
    expect(await database.migrated()).toBe(false); // no journal at all
    await database.migrate();
    expect(await database.migrated()).toBe(true);
    // A database one migration behind this build (an older instance migrated it).
    await database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
    );
    expect(await database.migrated()).toBe(false);
  });
});
