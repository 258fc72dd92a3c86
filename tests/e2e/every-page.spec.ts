import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import { freshDataDir, startAppProcess } from "../support/app-process";
import { totp } from "../support/totp";
import {
  DEMO_ADMIN,
  DEMO_ADMIN_TOTP_SECRET,
  DEMO_ADVISOR,
  DEMO_PASSWORD,
  DEMO_SEEKER,
} from "./support/auth";
import { gotoHydrated } from "./support/navigation";
import { brokenWords, pageProblems, watchForProblems } from "./support/page-checks";
import { seedTorture, TORTURE, TORTURE_EMAIL, type TortureIds } from "./support/torture";

/*
 * Every page, signed out and as each role, at a phone's and a laptop's width: no axe
 * violation (all WCAG 2.x A/AA rules and best practices), nothing sticking out sideways, no
 * console error, no failed request. The table below is checked against app/routes.ts, so a
 * new route without a row fails here. The app holds the demo data and the "torture" advisor
 * (support/torture.ts): the advisor pages are theirs, they are one of the people, and their
 * sessions and reviews are on the others' dashboards, so every page shows the longest, least
 * breakable texts.
 */

type Who = "visitor" | "seeker" | "advisor" | "admin" | "torture advisor";
const EVERYONE: Who[] = ["visitor", "seeker", "advisor", "admin", "torture advisor"];
const ACCOUNTS: Record<Exclude<Who, "visitor">, string> = {
  seeker: DEMO_SEEKER,
  advisor: DEMO_ADVISOR,
  admin: DEMO_ADMIN,
  "torture advisor": TORTURE_EMAIL,
};

type SignedIn = Awaited<ReturnType<APIRequestContext["storageState"]>>;

/*
 * Each worker runs its own app with the torture advisor, and signs each person in once: a
 * test opens its page with that person's cookies (`who`), at its width (`viewport`).
 */
const test = base.extend<
  { who: Who },
  {
    tortureApp: { url: string; ids: TortureIds };
    signedIn: (who: Exclude<Who, "visitor">) => Promise<SignedIn>;
  }
>({
  who: ["visitor", { option: true }],
  tortureApp: [
    // Playwright reads a fixture's dependencies from this pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const dataDir = freshDataDir();
      await (await startAppProcess({ DATA_DIR: dataDir })).stop(); // the demo data
      const ids = await seedTorture(dataDir);
      // Every test signs in from 127.0.0.1: per-client limits would trip across them.
      const app = await startAppProcess({ DATA_DIR: dataDir, RATE_LIMIT_SCALE: "100" });
      await provide({ url: app.url, ids });
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: "worker", timeout: 180_000 },
  ],
  signedIn: [
    async ({ tortureApp, playwright }, provide) => {
      const sessions = new Map<Who, Promise<SignedIn>>();
      const signIn = async (who: Exclude<Who, "visitor">) => {
        const request = await playwright.request.newContext({ baseURL: tortureApp.url });
        const response = await request.post("/auth", {
          form: { intent: "signin", email: ACCOUNTS[who], password: DEMO_PASSWORD },
          maxRedirects: 0,
        });
        expect(response.status(), `sign in as ${who}`).toBe(302);
        if (who === "admin") {
          // An admin's second step (ADR 92): the demo admin's authenticator code.
          const second = await request.post("/auth/two-factor", {
            form: { method: "totp", code: totp(DEMO_ADMIN_TOTP_SECRET) },
            maxRedirects: 0,
          });
          expect(second.status(), "the admin's second step").toBe(302);
        }
        const state = await request.storageState();
        await request.dispose();
        return state;
      };
      await provide((who) => {
        if (!sessions.has(who)) sessions.set(who, signIn(who));
        return sessions.get(who)!;
      });
    },
    { scope: "worker" },
  ],
  baseURL: async ({ tortureApp }, provide) => provide(tortureApp.url),
  storageState: async ({ who, signedIn }, provide) =>
    provide(who === "visitor" ? undefined : await signedIn(who)),
});
type Row =
  | {
      path: (ids: TortureIds) => string;
      /** The answer each person gets, when it is not 200 (the torture advisor: as an advisor). */
      status?: Partial<Record<Who, number>>;
      /** The document's title, for everyone. */
      title?: string;
    }
  | { skip: string };

const PAGES: Record<string, Row> = {
  "routes/home.tsx": { path: () => "/" },
  "routes/advisors.tsx": { path: () => "/advisors", title: "Find Advisors | BeenThere" },
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
  "routes/settings/layout.tsx": { skip: "the tabs around every settings section, below" },
  "routes/settings/profile.tsx": { path: () => "/settings" },
  "routes/settings/notifications.tsx": { path: () => "/settings/notifications" },
  "routes/settings/privacy.tsx": { path: () => "/settings/privacy" },
  // No title: a visitor is sent to sign in (account-settings.spec.ts checks the page's).
  "routes/settings/account.tsx": { path: () => "/settings/account" },
  "routes/account-undo-email-change.tsx": {
    path: () => "/account/undo-email-change?token=not-a-real-token",
  },
  "routes/api/profile-photo.ts": { skip: "an action, no page" },
  "routes/settings/export-download.ts": { skip: "a ZIP download: privacy.spec.ts downloads one" },
  "routes/settings/security.tsx": { path: () => "/settings/security" },
  // Without a password step it says the sign-in timed out; signed in, it sends them on.
  "routes/auth/two-factor.tsx": { path: () => "/auth/two-factor" },
  "routes/api/passkey-sign-in.ts": { skip: "a JSON API: passkeys.spec.ts uses it" },
  "routes/api/passkey-register.ts": { skip: "a JSON API: passkeys.spec.ts uses it" },
  "routes/dashboard.availability.tsx": {
    path: () => "/dashboard/availability",
    status: { seeker: 403, admin: 403 },
  },
  "routes/dashboard.packages.tsx": {
    path: () => "/dashboard/packages",
    status: { seeker: 403, admin: 403 },
  },
  "routes/dashboard.earnings.tsx": {
    path: () => "/dashboard/earnings",
    status: { seeker: 403, admin: 403 },
  },
  "routes/dashboard.earnings.statement.tsx": {
    path: () => "/dashboard/earnings/statement",
    status: { seeker: 403, admin: 403 },
  },
  "routes/dashboard.earnings.statement-csv.ts": {
    skip: "a CSV download: earnings.spec.ts reads one",
  },
  "routes/dev/outbox.tsx": { path: () => "/dev/outbox" },
  "routes/dev/messages.tsx": { path: () => "/dev/messages" },
  "routes/not-found.tsx": {
    path: () => "/no-such-page",
    status: { visitor: 404, seeker: 404, advisor: 404, admin: 404 },
  },
  "routes/auth/callback.tsx": { skip: "passes straight on to where the sign-in started" },
  "routes/auth/logout.ts": { skip: "an action, no page" },
  "routes/api/advisors.ts": { skip: "JSON" },
  "routes/api/advisor-suggestions.ts": { skip: "JSON" },
  "routes/api/advisor-slots.ts": { skip: "JSON" },
  "routes/api/advisor-dates.ts": { skip: "JSON" },
  "routes/api/auth.ts": { skip: "better-auth's endpoints" },
  "routes/api/role.ts": { skip: "an action, no page" },
  "routes/seo/sitemap.ts": { skip: "XML" },
  "routes/seo/robots.ts": { skip: "text" },
  "routes/free-discovery-call.tsx": {
    path: () => "/free-discovery-call",
    title: "Book Free Discovery Call | BeenThere",
  },
  "routes/booking-confirmed.tsx": {
    path: () => "/booking-confirmed",
    // Without a payment id it is the dashboard (or sign-in); booking.spec.ts opens real ones.
  },
  "routes/booking-receipt.tsx": { skip: "a booking's own receipt: booking.spec.ts prints one" },
  "routes/session-calendar.ts": { skip: "an .ics download: calendar.spec.ts opens one" },
  "routes/api/bookings.ts": { skip: "JSON" },
  "routes/api/discovery-calls.ts": { skip: "JSON" },
  "routes/api/payments.verify.ts": { skip: "JSON" },
  "routes/api/payments.release.ts": { skip: "JSON" },
  "routes/api/test-checkout.ts": { skip: "JSON" },
  "routes/api/webhooks.razorpay.ts": { skip: "Razorpay's calls" },
  "routes/api/webhooks.whatsapp.ts": { skip: "Meta's calls (text and JSON)" },
  "routes/api/webhooks.msg91.ts": { skip: "MSG91's delivery reports" },
  "routes/dashboard.availability.google-calendar.ts": {
    skip: "Google's way back and the calendar card's actions: advisor-calendar.spec.ts",
  },
  "routes/api/calendar-notifications.ts": { skip: "Google's calls" },
  "routes/messages/inbox.tsx": { path: () => "/messages" },
  "routes/messages/conversation.tsx": {
    // The demo seeker's with the torture advisor; nobody else's to read, admins included.
    path: ({ conversationId }) => `/messages/${conversationId}`,
    status: { advisor: 404, admin: 404, "torture advisor": 200 },
  },
  "routes/messages/open.ts": { skip: "an action, no page: messages.spec.ts opens conversations" },
  // Packages (issue 40): the demo seeker bought the torture advisor's longest package.
  "routes/packages/buy.tsx": {
    path: ({ advisorId, packageId }) => `/advisor/${advisorId}/packages/${packageId}/buy`,
  },
  "routes/api/package-orders.ts": { skip: "JSON: packages.spec.ts orders a package" },
  "routes/packages/list.tsx": { path: () => "/packages" },
  "routes/packages/package.tsx": {
    path: ({ purchaseId }) => `/packages/${purchaseId}`,
    status: { advisor: 404, "torture advisor": 200 },
  },
  "routes/packages/receipt.tsx": {
    path: ({ purchaseId }) => `/packages/${purchaseId}/receipt`,
    status: { advisor: 404, "torture advisor": 200 },
  },
  // Paid questions (issue 40): the demo seeker's open question to the torture advisor, at its
  // longest; nobody but those two reads it, admins included.
  "routes/questions/ask.tsx": { path: ({ advisorId }) => `/advisor/${advisorId}/ask` },
  "routes/api/question-orders.ts": { skip: "JSON: paid-questions.spec.ts asks a question" },
  "routes/questions/list.tsx": { path: () => "/questions" },
  "routes/questions/question.tsx": {
    path: ({ questionId }) => `/questions/${questionId}`,
    status: { advisor: 404, admin: 404, "torture advisor": 200 },
  },
  "routes/questions/receipt.tsx": {
    path: ({ questionId }) => `/questions/${questionId}/receipt`,
    status: { advisor: 404, admin: 404, "torture advisor": 200 },
  },
  "routes/dashboard.questions.tsx": {
    path: () => "/dashboard/questions",
    status: { seeker: 403, admin: 403 },
  },
  "routes/messages/stream.ts": { skip: "Server-Sent Events: messages.spec.ts listens to them" },
  "routes/become-advisor.tsx": { path: () => "/become-advisor" },
  "routes/become-advisor.apply.tsx": { path: () => "/become-advisor/apply" },
  "routes/advisor-edit.tsx": { path: ({ advisorId }) => `/advisor/${advisorId}/edit` },
  "routes/api/advisor-headshot.ts": { skip: "an upload, no page" },
  "routes/api/advisor-bank-details.ts": { skip: "JSON" },
  "routes/admin/users.tsx": { path: () => "/admin/users", status: { seeker: 404, advisor: 404 } },
  "routes/admin/user-delete.tsx": {
    path: ({ userId }) => `/admin/users/${userId}/delete`,
    status: { seeker: 404, advisor: 404 },
  },
  "routes/admin/advisors.tsx": {
    path: () => "/admin/advisors",
    status: { seeker: 404, advisor: 404 },
  },
  "routes/admin/advisors.new.tsx": {
    path: () => "/admin/advisors/new",
    status: { seeker: 404, advisor: 404 },
  },
  "routes/admin/advisor-profile.ts": { skip: "JSON for the View Profile dialog" },
  "routes/admin/advisor-changes.tsx": {
    skip: "one advisor's waiting edit: profile-review.spec.ts checks it at 1280 and 375 px",
  },
  "routes/admin/audit.tsx": { path: () => "/admin/audit", status: { seeker: 404, advisor: 404 } },
  "routes/admin/payouts.tsx": {
    path: () => "/admin/payouts",
    status: { seeker: 404, advisor: 404 },
  },
  "routes/admin/messages.tsx": {
    path: () => "/admin/messages",
    status: { seeker: 404, advisor: 404 },
  },
  "routes/admin/packages.tsx": {
    path: () => "/admin/packages",
    status: { seeker: 404, advisor: 404 },
  },
  "routes/admin/no-shows.tsx": {
    path: () => "/admin/no-shows",
    status: { seeker: 404, advisor: 404 },
  },
  "routes/admin/advisor-debug.tsx": {
    path: () => "/advisor-debug",
    status: { seeker: 404, advisor: 404 },
  },
  "routes/admin/reports.tsx": {
    path: () => "/admin/reports",
    status: { seeker: 404, advisor: 404 },
  },
  "routes/api/message-attachments.ts": { skip: "an upload action, no page" },
  "routes/messages/attachment-download.ts": {
    skip: "a file download: message-safety.spec.ts downloads one",
  },
  "routes/messages/report.ts": { skip: "the Report dialog's action, no page" },
};

test("the table names every route module", () => {
  const source = readFileSync(path.resolve("app/routes.ts"), "utf8");
  // A module may serve several paths (/become-advisor and /join-as-advisor): one row each.
  const files = new Set([...source.matchAll(/"(routes\/[^"]+)"/g)].map((m) => m[1]));
  expect([...files].sort()).toEqual(Object.keys(PAGES).sort());
});

test("the broken-word check finds a squeezed heading, and the site keeps its own words whole", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await gotoHydrated(page, "/about");
  // A narrow table whose other column holds one long word, as a torture row would.
  await page.evaluate(() => {
    const table = document.createElement("table");
    table.style.width = "300px";
    table.innerHTML = `<thead><tr><th>PHOTO</th><th></th><th></th><th></th></tr></thead><tbody><tr><td></td><td><span data-label>Pending</span></td><td><span data-email>priya.<wbr>sharma<wbr>@example.<wbr>com</span></td><td>${"x".repeat(400)}</td></tr></tbody>`;
    document.querySelector("main")!.prepend(table);
  });
  expect(await brokenWords(page)).toEqual([]);
  await page.evaluate(() => {
    for (const e of document.querySelectorAll<HTMLElement>("th, [data-label], [data-email]")) {
      e.style.overflowWrap = "anywhere";
    }
    for (const e of document.querySelectorAll<HTMLElement>("[data-email]")) {
      e.style.wordBreak = "break-all";
    }
  });
  const broken = await brokenWords(page);
  expect(broken.slice(0, 2)).toEqual(['"PHOTO" in <th>', '"Pending" in <span>']);
  // An address broken inside a part (".co / m"), as `break-all` did.
  expect(broken.slice(2).length).toBeGreaterThan(0);
  expect(broken.slice(2).every((entry) => entry.endsWith("in <span>"))).toBe(true);
});

// One test per page, person and width, so Playwright's workers share them out.
for (const who of EVERYONE) {
  for (const width of [375, 1280]) {
    test.describe(`for a ${who} at ${width} px`, () => {
      test.use({ who, viewport: { width, height: 900 } });
      for (const [file, row] of Object.entries(PAGES)) {
        if ("skip" in row) continue;
        test(`${file} is clean`, async ({ page, tortureApp }) => {
          test.setTimeout(90_000); // a full axe scan, on a shared machine
          await page.emulateMedia({ reducedMotion: "reduce" });
          const url = row.path(tortureApp.ids);
          const status =
            row.status?.[who] ?? row.status?.[who === "torture advisor" ? "advisor" : who] ?? 200;
          const watch = watchForProblems(page, url, status);
          // A page that sends this person elsewhere (a signed-in person on /auth) ends on 200.
          const response = await gotoHydrated(page, url);
          const problems: Record<string, unknown> = {};
          if (response?.status() !== status) problems.status = response?.status();
          if (row.title && (await page.title()) !== row.title) {
            problems.title = await page.title();
          }
          Object.assign(problems, await pageProblems(page));
          await page.waitForLoadState("networkidle");
          if (watch.problems.length > 0) problems.browser = watch.problems;
          watch.stop();
          expect(problems, url).toEqual({});
        });
      }
    });
  }
}

/*
 * What the pages above show only after a click: the torture advisor's card in a search, the
 * sessions' details (topics, notes, a cancellation reason, a meeting link) on both parties'
 * dashboards, and the admin's advisor list and View Profile dialog.
 */
const tortureName = `${TORTURE.firstName} ${TORTURE.lastName}`;

async function eachSessionDetails(page: Page, check: (where: string) => Promise<void>) {
  for (const tab of ["upcoming", "completed", "cancelled"]) {
    await gotoHydrated(page, `/dashboard?tab=${tab}`);
    await check(`/dashboard?tab=${tab}`);
    const rows = page.getByTestId("session-row");
    const count = await rows.count();
    expect(count, `sessions under ${tab}`).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      await rows.nth(i).getByRole("button", { name: "View Details" }).click();
      const dialog = page.getByRole("dialog", { name: "Session Details" });
      await expect(dialog).toBeVisible();
      await check(`/dashboard?tab=${tab}: details of session ${i + 1}`);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    }
  }
}

/** Runs `look` and collects what is wrong wherever it calls `check`; expects nothing. */
async function checkEach(
  page: Page,
  look: (check: (where: string) => Promise<void>) => Promise<void>,
) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const found: Record<string, unknown> = {};
  await look(async (where) => {
    const problems = await pageProblems(page);
    if (Object.keys(problems).length > 0) found[where] = problems;
  });
  expect(found).toEqual({});
}

for (const width of [375, 1280]) {
  test.describe(`the torture advisor's texts wrap at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("in the listing's search", async ({ page }) => {
      await checkEach(page, async (check) => {
        await gotoHydrated(page, `/advisors?search=${TORTURE.firstName.slice(0, 24)}`);
        await expect(page.getByRole("heading", { name: tortureName })).toBeVisible();
        await check("the listing's search");
      });
    });

    test("in the search boxes' suggestions", async ({ page }) => {
      test.setTimeout(90_000); // six full-page checks (axe over the whole page each)
      await checkEach(page, async (check) => {
        const boxes = { "/": "What advice are you seeking?", "/advisors": "Search advisors" };
        const longest = {
          Supercal: TORTURE.currentCompany,
          Thiruvanan: TORTURE.workLocations[0]!,
          Careerchange: TORTURE.careerAdviceTopics[1]!,
        };
        for (const [path, name] of Object.entries(boxes)) {
          await gotoHydrated(page, path);
          const box = page.getByRole("combobox", { name });
          const list = page.locator(`#${await box.getAttribute("aria-controls")}`);
          for (const [typed, text] of Object.entries(longest)) {
            await box.fill(typed);
            await expect(list.getByRole("option").filter({ hasText: text })).toBeVisible();
            await check(`${path}: suggestions for ${typed}`);
          }
        }
      });
    });

    for (const who of ["seeker", "torture advisor"] as const) {
      test.describe(() => {
        test.use({ who });
        test(`in the ${who}'s session details`, async ({ page }) => {
          test.setTimeout(120_000);
          await checkEach(page, (check) =>
            eachSessionDetails(page, (where) => check(`${who}: ${where}`)),
          );
        });
      });
    }

    test.describe(() => {
      test.use({ who: "admin" });
      test("in the admin's advisor list, View Profile and user search", async ({ page }) => {
        test.setTimeout(60_000);
        await checkEach(page, async (check) => {
          await gotoHydrated(page, "/admin/advisors");
          await page.getByRole("button", { name: /^Approved \(/ }).click();
          await expect(page.getByText(TORTURE_EMAIL, { exact: true })).toBeVisible();
          await check("/admin/advisors, approved");
          await page.getByRole("button", { name: `View Profile: ${tortureName}` }).click();
          const dialog = page.getByRole("dialog", { name: tortureName });
          await expect(dialog.getByLabel("Short introduction")).toHaveValue(TORTURE.shortIntro);
          await check("/admin/advisors: View Profile");
          await page.keyboard.press("Escape");
          await gotoHydrated(page, `/admin/users?q=${TORTURE_EMAIL}`);
          await expect(page.getByText(TORTURE_EMAIL, { exact: true })).toBeVisible();
          await check("/admin/users, searched");
        });
      });
    });
  });
}
