import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_ADMIN, DEMO_ADVISOR, DEMO_PASSWORD, DEMO_SEEKER } from "./support/auth";
import { gotoHydrated } from "./support/navigation";
import { axeViolations, overflowsSideways, watchForProblems } from "./support/page-checks";

/*
 * Every page, signed out and as each role, at a phone's and a laptop's width: no axe
 * violation (all WCAG 2.x A/AA rules), nothing sticking out sideways, no console error, no
 * failed request. The table below is checked against app/routes.ts, so a new route without a
 * row fails here.
 */

type Who = "visitor" | "seeker" | "advisor" | "admin";
const EVERYONE: Who[] = ["visitor", "seeker", "advisor", "admin"];
type Row =
  | {
      path: (ids: { advisorId: string }) => string;
      /** The answer each person gets, when it is not 200. */
      status?: Partial<Record<Who, number>>;
    }
  | { skip: string };

const PAGES: Record<string, Row> = {
  "routes/home.tsx": { path: () => "/" },
  "routes/advisors.tsx": { path: () => "/advisors" },
  "routes/advisor-profile.tsx": { path: ({ advisorId }) => `/advisor/${advisorId}` },
  "routes/pages/about.tsx": { path: () => "/about" },
  "routes/pages/contact.tsx": { path: () => "/contact" },
  "routes/pages/terms.tsx": { path: () => "/terms" },
  "routes/pages/privacy.tsx": { path: () => "/privacy" },
  "routes/pages/cancellation-refunds.tsx": { path: () => "/cancellation-refunds" },
  "routes/pages/advisor-agreement.tsx": { path: () => "/advisor-agreement" },
  "routes/pages/code-of-conduct.tsx": { path: () => "/code-of-conduct" },
  "routes/auth/auth.tsx": { path: () => "/auth" },
  "routes/auth/forgot-password.tsx": { path: () => "/forgot-password" },
  "routes/auth/reset-password.tsx": { path: () => "/reset-password?token=not-a-real-token" },
  "routes/dashboard.tsx": { path: () => "/dashboard" },
  "routes/settings.tsx": { path: () => "/settings" },
  "routes/dashboard.availability.tsx": {
    path: () => "/dashboard/availability",
    status: { seeker: 403, admin: 403 },
  },
  "routes/dev/outbox.tsx": { path: () => "/dev/outbox" },
  "routes/not-found.tsx": {
    path: () => "/no-such-page",
    status: { visitor: 404, seeker: 404, advisor: 404, admin: 404 },
  },
  "routes/auth/callback.tsx": { skip: "passes straight on to where the sign-in started" },
  "routes/auth/logout.ts": { skip: "an action, no page" },
  "routes/api/advisors.ts": { skip: "JSON" },
  "routes/api/advisor-slots.ts": { skip: "JSON" },
  "routes/api/advisor-dates.ts": { skip: "JSON" },
  "routes/api/auth.ts": { skip: "better-auth's endpoints" },
  "routes/api/role.ts": { skip: "an action, no page" },
  "routes/seo/sitemap.ts": { skip: "XML" },
  "routes/seo/robots.ts": { skip: "text" },
  "routes/free-discovery-call.tsx": { path: () => "/free-discovery-call" },
  "routes/booking-confirmed.tsx": {
    path: () => "/booking-confirmed",
    // Without a payment id it is the dashboard (or sign-in); booking.spec.ts opens real ones.
  },
  "routes/booking-receipt.tsx": { skip: "a booking's own receipt: booking.spec.ts prints one" },
  "routes/api/bookings.ts": { skip: "JSON" },
  "routes/api/discovery-calls.ts": { skip: "JSON" },
  "routes/api/payments.verify.ts": { skip: "JSON" },
  "routes/api/payments.release.ts": { skip: "JSON" },
  "routes/api/test-checkout.ts": { skip: "JSON" },
  "routes/api/webhooks.razorpay.ts": { skip: "Razorpay's calls" },
  "routes/become-advisor.tsx": { path: () => "/become-advisor" },
  "routes/become-advisor.apply.tsx": { path: () => "/become-advisor/apply" },
  "routes/advisor-edit.tsx": { path: ({ advisorId }) => `/advisor/${advisorId}/edit` },
  "routes/api/advisor-headshot.ts": { skip: "an upload, no page" },
  "routes/api/advisor-bank-details.ts": { skip: "JSON" },
  "routes/admin/users.tsx": { path: () => "/admin/users", status: { seeker: 404, advisor: 404 } },
  "routes/admin/advisors.tsx": {
    path: () => "/admin/advisors",
    status: { seeker: 404, advisor: 404 },
  },
  "routes/admin/advisors.new.tsx": {
    path: () => "/admin/advisors/new",
    status: { seeker: 404, advisor: 404 },
  },
  "routes/admin/advisor-profile.ts": { skip: "JSON for the View Profile dialog" },
  "routes/admin/audit.tsx": { path: () => "/admin/audit", status: { seeker: 404, advisor: 404 } },
  "routes/admin/advisor-debug.tsx": {
    path: () => "/advisor-debug",
    status: { seeker: 404, advisor: 404 },
  },
};

test("the table names every route module", () => {
  const source = readFileSync(path.resolve("app/routes.ts"), "utf8");
  // A module may serve several paths (/become-advisor and /join-as-advisor): one row each.
  const files = new Set([...source.matchAll(/"(routes\/[^"]+)"/g)].map((m) => m[1]));
  expect([...files].sort()).toEqual(Object.keys(PAGES).sort());
});

const ACCOUNTS: Record<Exclude<Who, "visitor">, string> = {
  seeker: DEMO_SEEKER,
  advisor: DEMO_ADVISOR,
  admin: DEMO_ADMIN,
};

async function signInAs(page: Page, who: Who) {
  if (who === "visitor") return;
  const response = await page.request.post("/auth", {
    form: { intent: "signin", email: ACCOUNTS[who], password: DEMO_PASSWORD },
    maxRedirects: 0,
  });
  expect(response.status(), `sign in as ${who}`).toBe(302);
}

for (const who of EVERYONE) {
  for (const width of [375, 1280]) {
    test(`every page is clean for a ${who} at ${width} px`, async ({ page }) => {
      test.setTimeout(600_000); // some 17 pages, each with a full axe scan, on a shared machine
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.setViewportSize({ width, height: 900 });
      await signInAs(page, who);
      const advisors = await (await page.request.get("/api/advisors")).json();
      const ids = { advisorId: advisors.advisors[0].id as string };

      const found: Record<string, unknown> = {};
      for (const [file, row] of Object.entries(PAGES)) {
        if ("skip" in row) continue;
        const url = row.path(ids);
        const status = row.status?.[who] ?? 200;
        const watch = watchForProblems(page, url, status);
        // A page that sends this person elsewhere (a signed-in person on /auth) ends on 200.
        const response = await gotoHydrated(page, url);
        const problems: Record<string, unknown> = {};
        if (response?.status() !== status) problems.status = response?.status();
        const violations = await axeViolations(page);
        if (violations.length > 0) problems.axe = violations;
        if (await overflowsSideways(page)) {
          problems.overflow = await page.evaluate(() => document.documentElement.scrollWidth);
        }
        await page.waitForLoadState("networkidle");
        if (watch.problems.length > 0) problems.browser = watch.problems;
        watch.stop();
        if (Object.keys(problems).length > 0) found[`${url} (${file})`] = problems;
      }
      expect(found).toEqual({});
    });
  }
}
