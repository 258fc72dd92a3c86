import type { Services } from "./compose.server";
import { seedIfEmpty } from "./seed/seed.server";

/**
 * Start-up work on the database: pending migrations, then the demo data on an empty database
 * (unless SEED=false). Several instances starting at once on one PostgreSQL take turns, so
 * the migrations apply once and one copy of the demo data is written (ADR 70).
 */
export async function prepareDatabase({
  database,
  config,
  storage,
  bankCipher,
  now,
}: Pick<Services, "database" | "config" | "storage" | "bankCipher" | "now">) {
  await database.migrate();
  if (!config.seed) return null;
  return database.exclusively(() =>
    seedIfEmpty(database.db, { config, storage, bankCipher }, now()),
  );
}
