import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { signUp } from "../auth/accounts.server";
import { giveSecondFactor, signInFully } from "../auth/second-factor.test-support";
import { buildConfig } from "../config.server";
import { startChangeFeed } from "../db/change-feed.server";
import { advisors, authUsers, users } from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import { freePort } from "../../tests/support/app-process";
import { loadServerBundle } from "../../tests/support/server-bundle";

/*
 * The production build's Express app (both from the server bundle) on a loopback port, over a
 * fresh migrated database: what the HTTP tests (headers, CSRF, the authorization matrix) talk
 * to. `npm run build` runs first in `npm test`.
 */

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** `changeFeed`: listen for the database's changes, which turns on visitors' public cache. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: { changeFeed?: boolean } = {},
) {
  const bundle = await loadServerBundle();
  const database = await createTestDatabase();
  const port = await freePort();
  // The app's own URL is where the test talks to it, so our pages' Origin is APP_URL's.
  const config = buildConfig({
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "http-test-")),
    LOG_LEVEL: "silent",
    ...env,
  });
  const logger = pino({ level: "silent" });
  const changes = options.changeFeed ? await startChangeFeed(database) : null;
  const services = bundle.composeServices({ config, logger, database, feed: changes });
  const { auth } = services;
  const app = bundle.createHttpApp({ services, build: bundle });
  const server = app.listen(port, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deps = { db: database.db, auth, config };
  let people = 0;

  /**
   * A confirmed account, optionally an advisor in a given profile status or an admin, with a
   * signed-in session (its `cookie` header) unless `signedIn` is false.
   */
  async function createPerson(
    options: {
      advisor?: "approved" | "pending" | "draft";
      admin?: boolean;
      firstName?: string;
    } = {},
  ) {
    people += 1;
    const email = `person-${people}-${Date.now()}@example.com`;
    const password = "password-1";
    const firstName = options.firstName ?? `Person${people}`;
    const ip = `10.9.${Math.floor(people / 250)}.${people % 250}`;
    const made = await signUp(deps, { firstName, lastName: "Test", email, password }, ip);
    if (!made.ok) throw new Error(made.message);
    await database.db
      .update(authUsers)
      .set({ emailVerified: true })
      .where(eq(authUsers.email, email));
    const [user] = await database.db
      .update(users)
      .set({ admin: options.admin ? "Y" : "N" })
      .where(eq(users.email, email))
      .returning({ id: users.id });
    let advisorId: string | null = null;
    if (options.advisor) {
      const [row] = await database.db
        .insert(advisors)
        .values({ userId: user!.id, profileStatus: options.advisor })
        .returning({ id: advisors.id });
      advisorId = row!.id;
    }
    // Admins must have a second factor (ADR 92): theirs is an authenticator app.
    if (options.admin) await giveSecondFactor(database.db, email, config.authSecret);
    const signInAgain = () => signInFully(deps, { email, password }, ip);
    return { userId: user!.id, advisorId, email, cookie: await signInAgain(), signInAgain };
  }

  return {
    baseUrl,
    config,
    database,
    auth,
    app,
    changes,
    createPerson,
    close: async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await closed;
      await changes?.stop();
      await database.destroy();
    },
  };
}
