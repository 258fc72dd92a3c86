import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** app/ never speaks SQL. */
const noSql = [
  { group: ["drizzle-orm", "drizzle-orm/*"], message: "Query in a server/ service." },
  { group: ["**/server/db/schema"], message: "Query in a server/ service." },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "data/",
      "scratch/",
      ".react-router/",
      "test-results/",
      "playwright-report/",
      "node_modules/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // The dependency rules' file is CommonJS, as dependency-cruiser reads it.
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { module: "writable" } },
  },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    // Pure logic must stay free of I/O and of the layers above it.
    files: ["core/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: ["**/server/**", "**/app/**", "node:*", "react", "react-router"] },
      ],
    },
  },
  {
    files: ["server/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["react", "react-dom", "**/components/**"] }],
    },
  },
  {
    // Routes and UI call services; only server/ speaks SQL.
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: noSql }],
    },
  },
  {
    // Components render in the browser too: the data shapes they show live in core/ (ADR 68).
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...noSql,
            { group: ["**/server/**"], message: "Take the data shape from core/, not server/." },
          ],
        },
      ],
    },
  },
);
