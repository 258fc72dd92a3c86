import { cpSync, rmSync } from "node:fs";
import { test as base } from "@playwright/test";
import { freshDataDir, startAppProcess } from "../../support/app-process";

/**
 * A `test` whose every journey runs against its own copy of the built app on a fresh database
 * holding only the demo data, with the real rate limits: no journey sees another's accounts,
 * mails or lockouts. Each worker seeds one database once and copies it per journey, because
 * creating a database from nothing costs several seconds.
 */
export const test = base.extend<{ freshApp: { url: string } }, { seededDataDir: string }>({
  seededDataDir: [
    // Playwright reads a fixture's dependencies from this pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const dataDir = freshDataDir();
      await (await startAppProcess({ DATA_DIR: dataDir })).stop();
      await provide(dataDir);
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: "worker", timeout: 120_000 },
  ],
  freshApp: [
    async ({ seededDataDir }, provide) => {
      const dataDir = freshDataDir();
      cpSync(seededDataDir, dataDir, { recursive: true });
      const app = await startAppProcess({ DATA_DIR: dataDir });
      await provide(app);
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    // Starting a process is not the journey: its own time, so a busy machine fails no step.
    { timeout: 90_000 },
  ],
  baseURL: async ({ freshApp }, provide) => provide(freshApp.url),
});

export { expect } from "@playwright/test";
