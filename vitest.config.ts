import { defineConfig } from "vitest/config";

// Unit tests cover pure logic in core/; integration tests run services against a
// fresh database (PGlite in memory, or real PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    env: { TZ: "UTC" },
    projects: [
      {
        test: {
          name: "unit",
          include: ["core/**/*.test.ts", "app/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          include: ["server/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
