import type { Browser, Page } from "@playwright/test";
import { giveSecondFactor, TEST_TOTP_SECRET } from "../../server/auth/second-factor.test-support";
import type { Db } from "../../server/db/client.server";
import { createUserWithLogin } from "../../server/db/factories.test-support";
import { advisors } from "../../server/db/schema";
import { signIn } from "./support/auth";
import { gotoHydrated } from "./support/navigation";
import { expect, test } from "./support/own-data";
import { axeViolations, sidewaysOverflow } from "./support/page-checks";

/*
 * Packages an advisor sells (issue 40), on an app of its own: Kabir (₹4,000 an hour, so a
 * 30-minute session is ₹2,360 with GST) adds a package, first at a price above the same
 * sessions one by one (refused), then at an honest one, and edits it; his profile and card
 * show it with its exact summary; an admin hides it and it is gone from both at once.
 */
const PASSWORD = "Packages@12345";
const ADVISOR = "kabir.das@example.com";
const ADMIN = "packages.admin@example.com";
const ADVISOR_ID = "5a1e5a1e-0000-4000-8000-00000000ca6e";

test.use({
  ownData: {
    make: async (db: Db, { authSecret }) => {
      const userId = await createUserWithLogin(db, PASSWORD, {
        firstName: "Kabir",
        lastName: "Das",
        email: ADVISOR,
      });
      await db.insert(advisors).values({
        id: ADVISOR_ID,
        userId,
        profileStatus: "approved",
        jobTitle: "Engineering Manager",
        hourlyRateInr: 4000,
        skills: ["Interviews"],
      });
      await createUserWithLogin(db, PASSWORD, { email: ADMIN, admin: "Y" });
      await giveSecondFactor(db, ADMIN, authSecret);
    },
  },
});

async function personAt(browser: Browser, baseURL: string, width: number, email?: string) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  const page = await context.newPage();
  if (email)
    await signIn(
      page,
      email,
      PASSWORD,
      "/dashboard",
      email === ADMIN ? TEST_TOTP_SECRET : undefined,
    );
  return page;
}

async function clean(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
  expect(await sidewaysOverflow(page)).toBeNull();
}

const TOO_DEAR =
  "The price must not be more than the same sessions one by one (₹6,000 before GST).";

for (const width of [375, 1280]) {
  test(`an advisor offers a package, the profile shows it, an admin hides it at ${width} px`, async ({
    browser,
    baseURL,
  }) => {
    test.slow();
    // From the dashboard to the advisor's packages.
    const advisor = await personAt(browser, baseURL!, width, ADVISOR);
    await advisor.getByRole("link", { name: "Packages", exact: true }).click();
    await expect(advisor).toHaveURL(/\/dashboard\/packages$/);
    await expect(advisor.getByRole("heading", { level: 1 })).toHaveText("Packages");
    await expect(advisor.getByText("You have no packages yet.")).toBeVisible();

    // A price above the same sessions one by one: the live comparison says so, the server refuses it.
    const form = advisor.locator("#package-form");
    await form.getByLabel("Name").fill("Job search sprint");
    await form
      .getByLabel("Description")
      .fill("Three calls:\nCV review, a mock interview, the offer's negotiation.");
    await form.getByLabel("Number of sessions").selectOption("3");
    await form.getByLabel("Session length").selectOption("30");
    await form.getByLabel("Validity in days").fill("60");
    await form.getByLabel("Price in rupees, before GST").fill("7000");
    const live = advisor.getByTestId("package-live-total");
    await expect(live).toContainText("₹8,260 (incl. GST): ₹7,000 + ₹1,260 GST");
    await expect(live).toContainText("₹7,080 one by one · ₹1,180 more as a package");
    await form.getByRole("button", { name: "Add package" }).click();
    await expect(form.getByText(TOO_DEAR)).toBeVisible();
    await expect(advisor.getByText("You have no packages yet.")).toBeVisible();

    // An honest price: the total with GST and the saving as the advisor types.
    await form.getByLabel("Price in rupees, before GST").fill("5085");
    await expect(live).toContainText("₹6,000 (incl. GST): ₹5,085 + ₹915 GST");
    await expect(live).toContainText("₹7,080 one by one · save ₹1,080 (15%)");
    await clean(advisor);
    await form.getByRole("button", { name: "Add package" }).click();
    await expect(advisor.getByText("Package added").first()).toBeVisible();
    const card = advisor.getByTestId("own-package");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("Job search sprint");
    await expect(card).toContainText("On sale");
    await expect(card).toContainText("3 × 30 minutes");
    await expect(card).toContainText("Use within 60 days of purchase");
    await expect(card).toContainText("₹6,000 (incl. GST)");
    await expect(card).toContainText("₹7,080 one by one · save ₹1,080 (15%)");

    // Edited: four sessions for ₹6,800 before GST.
    await card.getByRole("link", { name: "Edit Job search sprint" }).click();
    const edit = advisor.locator("#package-form");
    await expect(edit.getByRole("heading")).toHaveText("Edit Job search sprint");
    await expect(edit.getByLabel("Price in rupees, before GST")).toHaveValue("5085");
    await edit.getByLabel("Number of sessions").selectOption("4");
    await edit.getByLabel("Price in rupees, before GST").fill("6800");
    await expect(live).toContainText("₹8,024 (incl. GST): ₹6,800 + ₹1,224 GST");
    await expect(live).toContainText("₹9,440 one by one · save ₹1,416 (15%)");
    await clean(advisor);
    await edit.getByRole("button", { name: "Save package" }).click();
    await expect(advisor.getByText("Package saved").first()).toBeVisible();
    await expect(card).toContainText("4 × 30 minutes");
    await expect(card).toContainText("₹8,024 (incl. GST)");
    await expect(card).toContainText("₹9,440 one by one · save ₹1,416 (15%)");

    // A visitor sees it on the profile with its exact summary, and on the card in the listing.
    const visitor = await personAt(browser, baseURL!, width);
    await gotoHydrated(visitor, `/advisor/${ADVISOR_ID}`);
    const offered = visitor.getByTestId("profile-package");
    await expect(offered).toHaveCount(1);
    await expect(offered.getByRole("heading")).toHaveText("Job search sprint");
    // Its line break kept (whitespace-pre-line): the text reads as typed.
    await expect(offered.getByText("Three calls:")).toHaveCSS("white-space", "pre-line");
    await expect(offered).toContainText(
      "Three calls: CV review, a mock interview, the offer's negotiation.",
    );
    await expect(offered.getByTestId("package-summary")).toHaveText(
      "4 sessions · ₹8,024 (incl. GST) · save 15%",
    );
    await expect(offered.getByTestId("package-terms")).toHaveText(
      "30-minute sessions · use within 60 days of purchase",
    );
    const buy = offered.getByRole("link", { name: "Buy package: Job search sprint" });
    await expect(buy).toHaveAttribute(
      "href",
      new RegExp(`^/advisor/${ADVISOR_ID}/packages/[0-9a-f-]{36}/buy$`),
    );
    await clean(visitor);
    await gotoHydrated(visitor, "/advisors");
    await expect(visitor.getByTestId("advisor-package")).toHaveText(
      "Package: 4 sessions · ₹8,024 (incl. GST) · save 15%",
    );

    // The admin hides it: audited, and gone from the profile and the card at once.
    const admin = await personAt(browser, baseURL!, width, ADMIN);
    await gotoHydrated(admin, "/admin/packages");
    const listed = admin.getByTestId("admin-package");
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText("Job search sprint");
    await expect(listed).toContainText("by Kabir Das");
    await expect(listed).toContainText("₹8,024 (incl. GST)");
    await expect(listed).toContainText("On sale");
    await clean(admin);
    await listed.getByRole("button", { name: "Hide Job search sprint" }).click();
    await expect(admin.getByText("Package hidden")).toBeVisible();
    await expect(listed).toContainText("Hidden");
    await admin.getByRole("link", { name: "Hidden", exact: true }).click();
    await expect(admin.getByTestId("admin-package")).toHaveCount(1);
    await gotoHydrated(admin, "/admin/audit");
    await expect(
      admin.getByText('hid Kabir Das\'s package "Job search sprint".').first(),
    ).toBeVisible();

    await gotoHydrated(visitor, `/advisor/${ADVISOR_ID}`);
    await expect(visitor.getByRole("heading", { name: "Kabir Das" })).toBeVisible();
    await expect(visitor.getByTestId("profile-packages")).toHaveCount(0);
    await gotoHydrated(visitor, "/advisors");
    await expect(visitor.getByRole("heading", { name: "Kabir Das" })).toBeVisible();
    await expect(visitor.getByTestId("advisor-package")).toHaveCount(0);

    // The advisor sees it hidden; withdrawing still works and is said plainly.
    await gotoHydrated(advisor, "/dashboard/packages");
    await expect(card).toContainText("Hidden");
    await expect(card).toContainText("Hidden by our team: it does not show on your profile.");
    await card.getByRole("button", { name: "Withdraw Job search sprint" }).click();
    await expect(advisor.getByText("Package withdrawn").first()).toBeVisible();
    await expect(card.getByRole("button", { name: "Offer again Job search sprint" })).toBeVisible();

    // Before any script runs, the form is a plain POST: the server's refusal and its save.
    const plain = await browser.newContext({
      baseURL,
      viewport: { width, height: 900 },
      javaScriptEnabled: false,
      storageState: await advisor.context().storageState(),
    });
    const noScript = await plain.newPage();
    await noScript.goto("/dashboard/packages");
    const plainForm = noScript.locator("#package-form");
    await plainForm.getByLabel("Name").fill("Interview prep");
    await plainForm.getByLabel("Validity in days").fill("30");
    await plainForm.getByLabel("Price in rupees, before GST").fill("6001");
    await plainForm.getByRole("button", { name: "Add package" }).click();
    await expect(noScript.locator("#package-form").getByText(TOO_DEAR)).toBeVisible();
    await expect(noScript.getByLabel("Name")).toHaveValue("Interview prep");
    await noScript.getByLabel("Price in rupees, before GST").fill("5000");
    await noScript.getByRole("button", { name: "Add package" }).click();
    await expect(noScript).toHaveURL(/\/dashboard\/packages$/);
    const plainCards = noScript.getByTestId("own-package");
    await expect(plainCards).toHaveCount(2);
    await expect(plainCards.nth(1)).toContainText("Interview prep");
    await expect(plainCards.nth(1)).toContainText("3 × 30 minutes");
    await expect(plainCards.nth(1)).toContainText("Use within 30 days of purchase");
    await expect(plainCards.nth(1)).toContainText("₹5,900 (incl. GST)");
    await plain.close();
  });
}
