import type { Page } from "@playwright/test";
import { axeViolations } from "./support/page-checks";
import { addEntries, continueTo, fillBasicsAndContent, headshot } from "./support/advisor-wizard";
import {
  APPLICATION_MESSAGES,
  BANK_MESSAGES,
  PROFILE_EDIT_MESSAGES,
  STATUS_BANNERS,
} from "../../core/messages/advisor";
import { BANK_DETAILS_URL } from "../../app/components/advisor/payment-settings-dialog";
import {
  DEMO_ADVISOR,
  DEMO_PASSWORD,
  DEMO_SEEKER,
  mailLink,
  signIn,
  signUp,
  uniqueEmail,
} from "./support/auth";
import { expect, test } from "./support/fresh-app";
import { gotoHydrated } from "./support/navigation";

/*
 * Issue 11, done means: a new person applies in five steps (with a photo and availability),
 * reloads half-way and continues from the server's draft, submits and sees the pending
 * dashboard; an approved advisor edits their profile (the edit waits for review) and saves bank
 * details, shown masked. Each journey runs on its own fresh app: they change demo data.
 */
// Starting the app is part of each journey; the first one is long (e-mail, five steps, upload).
test.setTimeout(180_000);

async function noAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

test("a new person applies in five steps, continues a draft after a reload, and waits for review", async ({
  page,
}) => {
  const email = uniqueEmail("applicant");
  await signUp(page, { first: "Ira", last: "Kapoor", email, password: "long-enough-1" });
  await page.goto(await mailLink(page, email, "Confirm your e-mail"));

  // Signed out, the call to action goes through sign-in and comes back.
  await page.context().clearCookies();
  await gotoHydrated(page, "/join-as-advisor");
  await expect(page).toHaveTitle("Join as an Advisor | BeenThere");
  await page.getByRole("link", { name: "Become an Advisor" }).first().click();
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fbecome-advisor/);
  await signIn(page, email, "long-enough-1", "/become-advisor");
  await expect(page).toHaveURL(/\/become-advisor$/);
  await expect(page).toHaveTitle("Become An Advisor | BeenThere");
  await noAxeViolations(page);
  await page.getByRole("link", { name: "Become an Advisor" }).first().click();

  // Step 1: Profile Basics. Continue is blocked until every field is right.
  await expect(page.getByRole("heading", { name: "Profile Basics" })).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Ira");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await page.getByRole("button", { name: "Save & Continue" }).click();
  await expect(page.getByRole("alert")).toContainText(APPLICATION_MESSAGES.fixErrorsBody);
  await expect(page.getByText(APPLICATION_MESSAGES.phoneRequired)).toBeVisible();
  await expect(page.getByText(APPLICATION_MESSAGES.linkedinRequired)).toBeVisible();
  await page.getByLabel("Phone number").fill("+91 98200 11111");
  await page.getByLabel("Job title").fill("Senior Data Engineer");
  await page.getByLabel("Company").fill("Spotify");
  await page.getByLabel("Total experience").selectOption("9");
  await page.getByLabel("LinkedIn URL").fill("NA");
  await addEntries(page, "Work locations", ["Sweden", " sweden ", "India"]);
  await expect(page.getByRole("button", { name: /^Remove / })).toHaveCount(2);
  await noAxeViolations(page);
  await continueTo(page, "Profile Content");

  // Step 2: Profile Content, with live counters and the photo.
  await page
    .getByLabel("Short introduction")
    .fill("Data engineer who moved from Bengaluru to Stockholm");
  await expect(page.getByText("51/120 characters")).toBeVisible();
  await page
    .getByLabel("About")
    .fill(
      "I moved from Bengaluru to Stockholm in 2019 for a data engineering role. I can help with Swedish job hunting, visas, salaries, finding a flat and settling into Nordic work culture.",
    );
  await expect(page.getByText("31 words (minimum 20)")).toBeVisible();
  await page.getByLabel("Professional headshot").setInputFiles(await headshot());
  await expect(page.getByText(APPLICATION_MESSAGES.submittedTitle)).toHaveCount(0);
  await expect(page.getByText("Headshot uploaded successfully.")).toBeVisible();
  await expect(page.getByRole("img", { name: "Your headshot" })).toBeVisible();
  // The draft is on the server a second later: a reload offers to continue it.
  const saved = page.waitForResponse(
    (r) =>
      r.request().method() === "POST" &&
      r.url().includes("/become-advisor/apply") &&
      (r.request().postData() ?? "").includes('"currentStep":3'),
  );
  await continueTo(page, "Your Expertise");
  expect((await saved).status()).toBe(200);
  await gotoHydrated(page, "/become-advisor/apply");
  await expect(page.getByRole("heading", { name: "Continue Your Profile" })).toBeVisible();
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Your Expertise" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Application steps" })).toContainText(
    "Step 2: Profile Content (completed)",
  );

  // Step 3: Your Expertise.
  await addEntries(page, "Skills", ["Data Engineering", "Spark", "Job Search in Sweden"]);
  await addEntries(page, "Career advice topics", [
    "Working Abroad",
    "Salary Negotiation",
    "Interview Preparation",
  ]);
  await addEntries(page, "Personal advice topics", [
    "Visa & Immigration",
    "Finding Housing Abroad",
    "Cultural Adjustment",
  ]);
  await continueTo(page, "Your Availability");

  // Step 4: the suggested weekdays 9:00-17:00 are there; add a Saturday morning half hour.
  await expect(
    page.getByRole("gridcell", { name: "Monday 09:00 to 09:30", exact: true }),
  ).toHaveAttribute("aria-selected", "true");
  await page.getByRole("gridcell", { name: "Saturday 10:00 to 10:30", exact: true }).click();
  await continueTo(page, "Pricing & Agreement");

  // Step 5: paid needs a rate above 0, and the terms.
  await page.getByLabel("Paid").check();
  await page.getByRole("button", { name: "Submit Application" }).click();
  await expect(page.getByText(APPLICATION_MESSAGES.hourlyRateRequired)).toBeVisible();
  await expect(page.getByText(APPLICATION_MESSAGES.termsRequired)).toBeVisible();
  await page.getByLabel("Hourly rate (₹)").fill("1800");
  await page.getByLabel(/I accept the terms and conditions/).check();
  await noAxeViolations(page);
  await page.getByRole("button", { name: "Submit Application" }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(APPLICATION_MESSAGES.submittedTitle)).toBeVisible();
  await expect(page.getByText(STATUS_BANNERS.pending)).toBeVisible();
  await expect(page.getByTestId("advisor-status")).toHaveText("Pending");

  // Applying again is refused: the page says so and goes back to the dashboard.
  await gotoHydrated(page, "/become-advisor");
  await expect(page.getByRole("heading", { name: "Already an Advisor" })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5000 });
});

test("an approved advisor edits the profile, which waits for review while it stays live, and saves bank details", async ({
  page,
}) => {
  await signIn(page, "sunita.joshi@example.com", DEMO_PASSWORD, "/dashboard");
  await expect(page.getByTestId("advisor-status")).toHaveText("Approved");
  await expect(page.getByText(STATUS_BANNERS.pending)).toHaveCount(0);

  // Bank details: every field is needed and the IFSC is checked.
  await page.getByRole("button", { name: "Add Bank Details" }).click();
  const dialog = page.getByRole("dialog", { name: "Bank details" });
  await dialog.getByLabel("Account holder name").fill("Sunita Joshi");
  await dialog.getByLabel("Bank name").fill("HDFC Bank");
  await dialog.getByLabel("Account number").fill("50100987654321");
  await dialog.getByLabel("IFSC code").fill("HDFC12345");
  await dialog.getByRole("button", { name: "Save Bank Details" }).click();
  await expect(dialog.getByRole("alert").first()).toHaveText(BANK_MESSAGES.allRequired);
  await dialog.getByLabel("Branch").fill("Kothrud, Pune");
  await dialog.getByRole("button", { name: "Save Bank Details" }).click();
  await expect(
    dialog.getByText("Please enter a valid IFSC code (11 characters, e.g. SBIN0001234)").first(),
  ).toBeVisible();
  await dialog.getByLabel("IFSC code").fill("hdfc0001234");
  await dialog.getByRole("button", { name: "Save Bank Details" }).click();
  await expect(page.getByText(BANK_MESSAGES.saved)).toBeVisible();
  await expect(page.getByTestId("bank-summary")).toHaveText(
    "Payouts go to HDFC Bank, account •••• 4321.",
  );
  await page.reload();
  await expect(page.getByTestId("bank-summary")).toHaveText(
    "Payouts go to HDFC Bank, account •••• 4321.",
  );
  expect(await page.content()).not.toContain("50100987654321");

  // The profile edit: bad values are held back, a good save goes to review.
  await page.getByRole("link", { name: "Edit Profile" }).click();
  await expect(page.getByRole("heading", { name: "Edit Profile" })).toBeVisible();
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  const intro = page.getByLabel("Short introduction");
  await intro.fill("x".repeat(121));
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText(PROFILE_EDIT_MESSAGES.validationError)).toBeVisible();
  await expect(page.getByText(PROFILE_EDIT_MESSAGES.shortIntroMax)).toBeVisible();
  await intro.fill("Finance leader who moved from Pune to Singapore");
  await noAxeViolations(page);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(PROFILE_EDIT_MESSAGES.savedForReview)).toBeVisible();
  // The edit waits for review beside the live profile (ADR 83): still approved, still public.
  await expect(page.getByTestId("advisor-status")).toHaveText("Approved");
  await expect(page.getByText(STATUS_BANNERS.pending)).toHaveCount(0);
});

test("the full account number is fetched only when its owner opens the dialog, and never stored by a cache", async ({
  page,
  baseURL,
}) => {
  const account = "917020012345678";
  const signedIn = await page.request.post("/auth", {
    form: { intent: "signin", email: DEMO_ADVISOR, password: DEMO_PASSWORD },
    maxRedirects: 0,
  });
  expect(signedIn.status()).toBe(302);
  const saved = await page.request.post("/api/advisor/bank-details", {
    headers: { Origin: baseURL! },
    data: {
      bankAccountHolderName: "Priya Sharma",
      bankName: "Axis Bank",
      bankAccountNumber: account,
      bankIfscCode: "UTIB0000123",
      bankBranch: "Andheri",
    },
  });
  expect(saved.status()).toBe(200);

  // Every request for /api/advisor/bank-details while the dashboard loads and sits there.
  const requested: string[] = [];
  const cacheControls: (string | undefined)[] = [];
  const isBankDetails = (url: string) => new URL(url).pathname.startsWith(BANK_DETAILS_URL);
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (isBankDetails(url.href))
      requested.push(url.searchParams.has("summary") ? "masked" : "full");
  });
  page.on("response", (response) => {
    if (isBankDetails(response.url())) cacheControls.push(response.headers()["cache-control"]);
  });
  await gotoHydrated(page, "/dashboard");
  await expect(page.getByTestId("bank-summary")).toHaveText(
    "Payouts go to Axis Bank, account •••• 5678.",
  );
  await page.waitForLoadState("networkidle");
  expect(requested).toEqual(["masked"]);
  expect(await page.content()).not.toContain(account);

  await page.getByRole("button", { name: "Update Bank Details" }).click();
  const dialog = page.getByRole("dialog", { name: "Bank details" });
  await expect(dialog.getByLabel("Account number")).toHaveValue(account);
  expect(requested).toEqual(["masked", "full"]);
  expect(cacheControls).toEqual(["no-store", "no-store"]);

  // Over plain HTTP: what each answer holds, and that no cache may keep it.
  for (const [url, full] of [
    [`${BANK_DETAILS_URL}.data?summary`, false],
    [`${BANK_DETAILS_URL}.data`, true],
    [BANK_DETAILS_URL, true],
  ] as const) {
    const answer = await page.request.get(url);
    expect(answer.status(), url).toBe(200);
    expect(answer.headers()["cache-control"], url).toBe("no-store");
    expect((await answer.text()).includes(account), url).toBe(full);
  }
});

test("step 3 says its minimums before any error, and every input shows an example", async ({
  page,
}) => {
  await signIn(page, DEMO_SEEKER, DEMO_PASSWORD, "/become-advisor/apply");
  await fillBasicsAndContent(page, {
    company: "Zalando",
    location: "Germany",
    intro: "Product manager who moved from Pune to Berlin",
    about:
      "I moved from Pune to Berlin in 2020 as a product manager. I can help with German job hunting, the Blue Card, salaries, flats and the way teams here plan and decide.",
  });

  // Before anything is pressed: the minimums are on the page and no error is.
  await expect(
    page.getByText(
      "Add at least 3 skills, 3 career advice topics and 3 personal advice topics (9 in all).",
      { exact: false },
    ),
  ).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveCount(0);
  await expect(page.locator("[aria-invalid=true]")).toHaveCount(0);
  const form = page.locator("form").filter({ has: page.getByLabel("Skills", { exact: true }) });
  const inputs = form.locator("input:not([type=hidden])");
  expect(await inputs.count()).toBe(4);
  for (const input of await inputs.all()) {
    await expect(input).toHaveAttribute("placeholder", /^e\.g\. \S/);
  }
  await noAxeViolations(page);
});

// Issue 22, point 1: the wizard's step lives in the URL (ADR 72).
test("the wizard keeps its step through a reload, and Back and Forward move one step", async ({
  page,
}) => {
  await signIn(page, DEMO_SEEKER, DEMO_PASSWORD, "/become-advisor/apply");
  const intro = "Product manager who moved from services to a product company";
  await fillBasicsAndContent(page, {
    company: "Flipkart",
    location: "Bengaluru",
    intro,
    about:
      "I spent six years in IT services before moving into product management at a large e-commerce company, and I can help with that switch, interviews and the first ninety days.",
  });
  await expect(page).toHaveURL(/\?step=3$/);

  // A value typed at step 3 is in the draft a second later; the reload stays on step 3 with it.
  const saved = page.waitForResponse(
    (r) =>
      r.request().method() === "POST" &&
      r.url().includes("/become-advisor/apply") &&
      (r.request().postData() ?? "").includes("Product Roadmaps"),
  );
  await addEntries(page, "Skills", ["Product Roadmaps"]);
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await expect(page.getByRole("heading", { name: "Your Expertise", level: 2 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Continue Your Profile" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Remove Product Roadmaps" })).toBeVisible();

  // The browser's Back is one step, with its values; Forward returns.
  await page.goBack();
  await expect(page.getByRole("heading", { name: "Profile Content", level: 2 })).toBeVisible();
  await expect(page.getByLabel("Short introduction")).toHaveValue(intro);
  await page.goForward();
  await expect(page.getByRole("heading", { name: "Your Expertise", level: 2 })).toBeVisible();
  // So is the wizard's own Back button.
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByRole("heading", { name: "Profile Content", level: 2 })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole("heading", { name: "Your Expertise", level: 2 })).toBeVisible();

  // A link to a later step opens the first step that still needs filling.
  await gotoHydrated(page, "/become-advisor/apply?step=5");
  await expect(page.getByRole("heading", { name: "Your Expertise", level: 2 })).toBeVisible();
  await expect(page).toHaveURL(/\?step=3$/);
});
