import type { Browser, Page } from "@playwright/test";
import { ADMIN_MESSAGES } from "../../core/messages/admin";
import { PROFILE_EDIT_MESSAGES as P, STATUS_BANNERS } from "../../core/messages/advisor";
import { DEMO_ADMIN, DEMO_ADVISOR, mailLink, signIn } from "./support/auth";
import { expect, test } from "./support/fresh-app";
import { gotoHydrated } from "./support/navigation";
import { pageProblems } from "./support/page-checks";

/*
 * Issue 36, point 1: a typo fix no longer takes an advisor offline. Priya's edit of her
 * introduction and rate waits for review while her public page, search and bookings keep the
 * approved version; the admin sees what changed field by field, rejects with a reason (Priya
 * sees it and her public page is unchanged), then approves the fixed version, which goes live.
 */
test.setTimeout(150_000);

const OLD_INTRO =
  "Went from Infosys support engineer to Google PM. I'll help you make the services-to-product jump.";
const TYPO_INTRO = "Went from Infosys support engineer to Google PM. Call me on 98150 42731.";
const NEW_INTRO =
  "Went from Infosys support engineer to Google PM. I'll help you make the services-to-product switch.";

async function signedInPage(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, email, undefined, "/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

async function publicProfile(page: Page, advisorId: string) {
  const answer = await page.request.get(`/advisor/${advisorId}`);
  return { status: answer.status(), html: await answer.text() };
}

async function editAndSave(page: Page, changes: { intro: string; rate: string }) {
  await gotoHydrated(page, "/dashboard");
  await page.getByRole("link", { name: "Edit Profile" }).click();
  await expect(page.getByRole("heading", { name: "Edit Profile" })).toBeVisible();
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await page.getByLabel("Short introduction").fill(changes.intro);
  await page.getByLabel("Hourly rate (₹)").fill(changes.rate);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(P.savedForReview)).toBeVisible();
}

test("an approved advisor's edit waits for review while the live profile stays public", async ({
  browser,
  baseURL,
}) => {
  const priya = await signedInPage(browser, baseURL!, DEMO_ADVISOR);
  const edit = priya.getByRole("link", { name: "Edit Profile" });
  const advisorId = /\/advisor\/([0-9a-f-]+)\/edit/.exec((await edit.getAttribute("href"))!)![1]!;

  await editAndSave(priya, { intro: TYPO_INTRO, rate: "5000" });
  // Still approved, still public, still found; the edit page says the edit waits.
  await expect(priya.getByTestId("advisor-status")).toHaveText("Approved");
  await expect(priya.getByText(STATUS_BANNERS.pending)).toHaveCount(0);
  await expect(priya.getByText(STATUS_BANNERS.changesWaiting)).toBeVisible();
  const live = await publicProfile(priya, advisorId);
  expect(live.status).toBe(200);
  expect(live.html.includes(OLD_INTRO.replace("'", "&#x27;"))).toBe(true);
  expect(live.html.includes("Call me on")).toBe(false);
  const search = await priya.request.get("/api/advisors?search=Priya%20Sharma");
  expect(JSON.stringify(await search.json())).toContain(advisorId);
  await gotoHydrated(priya, `/advisor/${advisorId}/edit`);
  await expect(priya.getByRole("status").filter({ hasText: P.changesWaiting })).toContainText(
    P.changesWaitingNext,
  );
  await expect(priya.getByLabel("Short introduction")).toHaveValue(TYPO_INTRO);

  // The admin sees the edit in its own section and what it changes, field by field.
  const admin = await signedInPage(browser, baseURL!, DEMO_ADMIN);
  await gotoHydrated(admin, "/admin/advisors");
  await expect(admin.getByRole("button", { name: "Profile Changes (1)" })).toBeVisible();
  const row = admin.getByRole("row").filter({ hasText: "Priya Sharma" });
  await expect(row).toContainText("Short introduction, Hourly rate (₹)");
  await row.getByRole("link", { name: "Review Changes: Priya Sharma" }).click();
  await expect(admin.getByRole("heading", { name: "Profile changes: Priya Sharma" })).toBeVisible();
  const rate = admin.locator("section, div").filter({
    has: admin.getByRole("heading", { name: "Hourly rate (₹)" }),
  });
  await expect(rate.last()).toContainText("Live now₹4,500 an hour");
  await expect(rate.last()).toContainText("Proposed₹5,000 an hour");
  await expect(admin.getByText(OLD_INTRO)).toBeVisible();
  await expect(admin.getByText(TYPO_INTRO)).toBeVisible();
  // Other fields are not listed as changes.
  await expect(admin.getByRole("heading", { name: "Job title" })).toHaveCount(0);
  // Clean at a laptop's width and a phone's (axe, overflow, words broken inside).
  expect(await pageProblems(admin)).toEqual({});
  await admin.setViewportSize({ width: 375, height: 800 });
  expect(await pageProblems(admin)).toEqual({});
  await admin.setViewportSize({ width: 1280, height: 800 });

  // Rejected with a reason: Priya is told why, her public page is unchanged.
  await admin
    .getByLabel("Reason for the advisor")
    .fill("Please keep contact details off your profile.");
  await admin.getByRole("button", { name: "Reject Changes" }).click();
  await expect(admin).toHaveURL(/\/admin\/advisors$/);
  await expect(admin.getByText(ADMIN_MESSAGES.changesRejected)).toBeVisible();
  await expect(admin.getByRole("button", { name: "Profile Changes (0)" })).toBeVisible();
  expect((await publicProfile(priya, advisorId)).html.includes("Call me on")).toBe(false);
  expect(
    await mailLink(priya, DEMO_ADVISOR, "An update on your BeenThere profile changes"),
  ).toContain(`/advisor/${advisorId}/edit`);
  await gotoHydrated(priya, "/dashboard");
  await expect(priya.getByText(STATUS_BANNERS.changesRejected)).toBeVisible();
  await priya.getByRole("link", { name: "See why" }).click();
  await expect(priya).toHaveURL(new RegExp(`/advisor/${advisorId}/edit$`));
  const notice = priya.getByRole("status").filter({ hasText: P.changesRejected });
  await expect(notice).toContainText(
    "Reason from our team: Please keep contact details off your profile.",
  );
  await expect(priya.getByLabel("Short introduction")).toHaveValue(TYPO_INTRO);

  // Fixed and sent again, then approved: the new version is what seekers see.
  await editAndSave(priya, { intro: NEW_INTRO, rate: "5000" });
  await gotoHydrated(admin, "/admin/advisors");
  await admin.getByRole("link", { name: "Review Changes: Priya Sharma" }).click();
  await admin.getByRole("button", { name: "Approve Changes" }).click();
  await expect(admin).toHaveURL(/\/admin\/advisors$/);
  await expect(admin.getByText(ADMIN_MESSAGES.changesApproved)).toBeVisible();
  await expect
    .poll(async () =>
      (await publicProfile(priya, advisorId)).html.includes(NEW_INTRO.replace("'", "&#x27;")),
    )
    .toBe(true);
  // ₹5,000 an hour: a 15-minute session is ₹1,250 + 18% GST.
  expect((await publicProfile(priya, advisorId)).html.includes("₹1,475")).toBe(true);
  await gotoHydrated(priya, `/advisor/${advisorId}/edit`);
  await expect(priya.getByText(P.liveProfileNote)).toBeVisible();

  // The audit log reads the approval as a sentence with the rate's change.
  await gotoHydrated(admin, "/admin/audit");
  await expect(admin.getByText(/approved Priya Sharma's profile changes\./)).toBeVisible();
  await expect(
    admin.getByText("Priya Sharma's hourly rate: ₹4,500 → ₹5,000").first(),
  ).toBeVisible();
});

test("the review page is the admin's alone and a stale decision is refused", async ({
  browser,
  baseURL,
}) => {
  const priya = await signedInPage(browser, baseURL!, DEMO_ADVISOR);
  const href = await priya.getByRole("link", { name: "Edit Profile" }).getAttribute("href");
  const advisorId = /\/advisor\/([0-9a-f-]+)\/edit/.exec(href!)![1]!;
  await editAndSave(priya, { intro: NEW_INTRO, rate: "4500" });
  // The advisor cannot open or decide their own review.
  expect((await priya.request.get(`/admin/advisors/${advisorId}/changes`)).status()).toBe(404);
  const selfApproval = await priya.request.post(`/admin/advisors/${advisorId}/changes`, {
    form: { intent: "approve", revision: "1" },
    headers: { Origin: baseURL! },
  });
  expect(selfApproval.status()).toBe(404);

  const admin = await signedInPage(browser, baseURL!, DEMO_ADMIN);
  await gotoHydrated(admin, `/admin/advisors/${advisorId}/changes`);
  await expect(admin.getByText(NEW_INTRO)).toBeVisible();
  // Priya saves again while the admin looks at the first version.
  await editAndSave(priya, { intro: TYPO_INTRO, rate: "4500" });
  await admin.getByRole("button", { name: "Approve Changes" }).click();
  await expect(admin.getByRole("alert")).toHaveText(ADMIN_MESSAGES.changesMoved);
  await admin.reload();
  await expect(admin.getByText(TYPO_INTRO)).toBeVisible();
  expect((await publicProfile(admin, advisorId)).html.includes("Call me on")).toBe(false);
});
