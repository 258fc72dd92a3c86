/**
 * The import graph's rules (ADR 87), checked by `npm run lint:deps` in `npm test`.
 * Type-only imports count: a cycle through types is still a cycle a reader must hold in mind.
 */
/** Production code only: tests may reach across folders to set up what they check. */
const TEST_CODE = "(\\.test\\.tsx?|\\.spec\\.ts|\\.test-support\\.tsx?)$";
const FEATURES =
  "accounts|advisors|admin|bookings|refunds|payouts|calendar|support|channel-notices|conversations|no-shows|packages|questions";
/** Below the features: what any server module may use. */
const SHARED =
  "audit|auth|channels|consents|db|events|mail|metrics|payments|repositories|scheduling|security|storage|lifecycle";

module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      comment: "No file reaches itself through its imports.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "core-is-pure",
      comment: "core/ is pure logic: no server, no UI.",
      severity: "error",
      from: { path: "^core/", pathNot: TEST_CODE },
      to: { path: "^(server|app)/" },
    },
    {
      name: "server-below-app",
      comment: "The server never imports the UI or the routes.",
      severity: "error",
      from: { path: "^server/", pathNot: TEST_CODE },
      to: { path: "^app/" },
    },
    {
      name: "feature-to-feature",
      comment:
        "A feature folder talks to another only through the booking events and the repositories.",
      severity: "error",
      from: { path: `^server/(${FEATURES})/`, pathNot: TEST_CODE },
      to: { path: `^server/(${FEATURES})/`, pathNot: "^server/$1/" },
    },
    {
      name: "shared-below-features",
      comment: "The shared folders serve the features and never reach up into them.",
      severity: "error",
      from: {
        path: [`^server/(${SHARED})/`, "^server/(config|logger)\\.server\\.ts$"],
        pathNot: TEST_CODE,
      },
      to: {
        path: [
          `^server/(${FEATURES})/`,
          "^server/(http|jobs|webhooks|seed)/",
          "^server/(compose|entry|main|prepare)",
        ],
      },
    },
    {
      name: "features-below-the-edge",
      comment: "Routes, jobs, webhooks, the seed and the composition root sit above the features.",
      severity: "error",
      from: { path: `^server/(${FEATURES})/`, pathNot: TEST_CODE },
      to: { path: ["^server/(http|jobs|webhooks|seed)/", "^server/(compose|entry|main|prepare)"] },
    },
    {
      name: "no-test-code-in-production",
      comment: "Production code never imports tests, fakes or factories.",
      severity: "error",
      from: { path: "^(app|server|core)/", pathNot: TEST_CODE },
      to: { path: [TEST_CODE, "^tests/"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|build|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js"] },
  },
};
