import { defineConfig } from "drizzle-kit";

// Used only to generate SQL migrations from server/db/schema.ts (`npm run db:generate`).
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema.ts",
  out: "./server/db/migrations",
});
