import { rmSync } from "node:fs";
import path from "node:path";
import { test as base } from "@playwright/test";
import { buildConfig } from "../../../server/config.server";
import { type Db, openDatabase } from "../../../server/db/client.server";
import { freshDataDir, startAppProcess } from "../../support/app-process";

/**
 * A `test` whose journeys each run their own app over data they make themselves: a fresh
 * data directory, migrated but without the demo data (SEED=false), filled by the journey's
 * `ownData` (`test.use({ ownData: { make } })`) through the test factories before the app
 * opens it. What the journey asserts is then what it made, not what the demo data holds.
 */
export const test = base.extend<{
  /** An object, since Playwright would take a function given to `test.use` for a fixture. */
  ownData: { make: (db: Db, app: { authSecret: string }) => Promise<void> };
  ownDataApp: { url: string };
}>({
  ownData: [{ make: async () => {} }, { option: true }],
  ownDataApp: [
    async ({ ownData }, provide) => {
      const dataDir = freshDataDir();
      const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
      try {
        await database.migrate();
        // The app's own secret (kept in the data directory), for data sealed with it.
        await ownData.make(database.db, {
          authSecret: buildConfig({ DATA_DIR: dataDir }).authSecret,
        });
      } finally {
        await database.close();
      }
      const app = await startAppProcess({ DATA_DIR: dataDir, SEED: "false" });
      await provide(app);
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    // Starting a process is not the journey: its own time, so a busy machine fails no step.
    { timeout: 90_000 },
  ],
  baseURL: async ({ ownDataApp }, provide) => provide(ownDataApp.url),
});

export { expect } from "@playwright/test";
