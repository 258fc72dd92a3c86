import type { Locator, Page } from "@playwright/test";
import { BANK_MESSAGES } from "../../core/messages/advisor";
import { BOOKING_MESSAGES } from "../../core/messages/booking";
import { SESSION_MESSAGES } from "../../core/messages/sessions";
import { DEMO_PASSWORD, DEMO_SEEKER, signIn } from "./support/auth";
import { advisorPath, chooseFirstTime } from "./support/booking";
import { expect, test } from "./support/fresh-app";
import { gotoHydrated } from "./support/navigation";

/*
 * Issue 22, points 4 and 7, for the booking steps, the discovery call, the session dialogs and
 * the payment settings: every form on the form kit. A field's error sits beside it in a polite
 * live region (never role=alert per field), names the real problem in the catalogue's words,
 * and takes focus to the field; a form's one summary sits above its buttons, not in a toast.
 */

test.slow(); // each journey starts its own app

/** The field's error: what describes it first, in a polite live region, and no alert. */
async function expectFieldError(field: Locator, message: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const escaped = message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await expect(field).toHaveAccessibleDescription(new RegExp(`^${escaped}`));
  const ids = (await field.getAttribute("aria-describedby"))!.split(" ");
  const error = field.page().locator(`[id="${ids[0]}"]`);
  await expect(error).toHaveText(message);
  await expect(error).toHaveAttribute("aria-live", "polite");
  await expect(error.locator("[role=alert]")).toHaveCount(0);
}

const toasts = (page: Page) => page.locator("[data-sonner-toast]");

test("booking step 1: Continue without a topic says so beside the topics and focuses the first", async ({
  page,
}) => {
  await gotoHydrated(page, await advisorPath(page, "Kavya Rao"));
  const booking = page.locator("#booking");
  const topics = booking.getByRole("group", { name: "What would you like to discuss?" });
  await booking.getByRole("button", { name: "Continue" }).click();
  const first = topics.getByRole("checkbox").first();
  await expectFieldError(first, BOOKING_MESSAGES.topicsRequired);
  await expect(first).toBeFocused();
  await expect(topics.getByText(BOOKING_MESSAGES.topicsRequired)).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page).not.toHaveURL(/step=/);

  // Choosing a topic clears the message at once, and Continue goes on.
  await topics.locator("label").first().click();
  await expect(topics.getByText(BOOKING_MESSAGES.topicsRequired)).toHaveCount(0);
  await expect(first).not.toHaveAttribute("aria-invalid", "true");
  await booking.getByRole("button", { name: "Continue" }).click();
  // A visitor's one option, the First Call, has no step of its own (issue 36).
  await expect(page.getByRole("region", { name: "Select Date & Time" })).toBeVisible();
});

test("the free discovery call: an empty or too long question is said beside it", async ({
  page,
}) => {
  await gotoHydrated(page, "/free-discovery-call");
  await chooseFirstTime(page);

  const question = page.getByLabel("What advice are you seeking?");
  await page.getByRole("button", { name: "Continue" }).click();
  await expectFieldError(question, BOOKING_MESSAGES.adviceRequired);
  await expect(question).toBeFocused();

  await question.fill("x".repeat(1001));
  await page.getByRole("button", { name: "Continue" }).click();
  await expectFieldError(question, BOOKING_MESSAGES.additionalInfoTooLong);
  await expect(page.getByText("1001 / 1000")).toBeVisible();

  await question.fill("Should I move to Germany for work?");
  await expect(question).not.toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Review your discovery call" })).toBeVisible();
});

test("a review without ratings says so beside each missing answer; the stars work with the arrow keys", async ({
  page,
}) => {
  await signIn(page, DEMO_SEEKER);
  await gotoHydrated(page, "/dashboard?tab=completed");
  await page
    .getByTestId("session-row")
    .filter({ hasText: "Karthik Subramanian" })
    .getByRole("button", { name: "Review Session" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Review Your Session" });
  const helpful = dialog.getByRole("group", { name: "How helpful was the session?" });
  const actionable = dialog.getByRole("group", { name: "How actionable was the advice?" });
  const recommend = dialog.getByRole("group", { name: "Would you recommend this advisor?" });

  await dialog.getByRole("button", { name: "Submit Review" }).click();
  await expectFieldError(helpful.getByRole("radio").first(), SESSION_MESSAGES.ratingRequired);
  await expectFieldError(actionable.getByRole("radio").first(), SESSION_MESSAGES.ratingRequired);
  await expectFieldError(recommend.getByRole("radio").first(), SESSION_MESSAGES.recommendRequired);
  await expect(helpful.getByRole("radio", { name: "1 star", exact: true })).toBeFocused();
  // The spec's summary, once, above the buttons.
  const summary = dialog.getByRole("alert");
  await expect(summary).toHaveText(
    "Please complete all required fields." + "Star ratings and recommendation are required",
  );
  await expect(toasts(page)).toHaveCount(0);

  // One tab stop per rating; the arrows move and choose.
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(helpful.getByRole("radio", { name: "4 stars" })).toBeFocused();
  await expect(helpful.getByRole("radio", { name: "4 stars" })).toBeChecked();
  await expect(helpful.getByText(SESSION_MESSAGES.ratingRequired)).toHaveCount(0);
  await page.keyboard.press("ArrowLeft");
  await expect(helpful.getByRole("radio", { name: "3 stars" })).toBeChecked();
  await expect(helpful.getByRole("radio", { checked: true })).toHaveCount(1);
  await page.keyboard.press("Tab");
  await expect(actionable.getByRole("radio", { name: "1 star", exact: true })).toBeFocused();
  await page.keyboard.press("End");
  await expect(actionable.getByRole("radio", { name: "5 stars" })).toBeChecked();
  await recommend.getByLabel("Yes").check();
  await expect(summary).toBeHidden();

  await dialog.getByRole("button", { name: "Submit Review" }).click();
  await expect(page.getByText(SESSION_MESSAGES.reviewSubmittedTitle)).toBeVisible();
});

test("a cancellation without a reason says so beside the reason", async ({ page }) => {
  await signIn(page, DEMO_SEEKER);
  await gotoHydrated(page, "/dashboard");
  await page
    .getByTestId("session-row")
    .filter({ hasText: "Ananya Chatterjee" })
    .getByRole("button", { name: "Cancel" })
    .click();
  await page
    .getByRole("dialog", { name: "Cancel Session" })
    .getByRole("button", { name: "Cancel Session" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Cancellation Reason" });
  const reason = dialog.getByLabel("Reason");
  await reason.fill("  \n ");
  await dialog.getByRole("button", { name: "Confirm Cancellation" }).click();
  await expectFieldError(reason, SESSION_MESSAGES.reasonRequired);
  await expect(reason).toBeFocused();
  await expect(toasts(page)).toHaveCount(0);
  await reason.fill("My interview moved to that day");
  await expect(reason).not.toHaveAttribute("aria-invalid", "true");
});

test("payment settings: an invalid IFSC is said beside it, the summary stays in the form", async ({
  page,
}) => {
  await signIn(page, "sunita.joshi@example.com", DEMO_PASSWORD, "/dashboard");
  await page.getByRole("button", { name: "Add Bank Details" }).click();
  const dialog = page.getByRole("dialog", { name: "Bank details" });
  const save = dialog.getByRole("button", { name: "Save Bank Details" });

  await save.click();
  const holder = dialog.getByLabel("Account holder name");
  await expectFieldError(holder, BANK_MESSAGES.allRequired);
  await expect(holder).toBeFocused();
  await expect(dialog.getByRole("alert")).toHaveText(BANK_MESSAGES.allRequired);

  await holder.fill("Sunita Joshi");
  await dialog.getByLabel("Bank name").fill("HDFC Bank");
  await dialog.getByLabel("Account number").fill("50100987654321");
  await dialog.getByLabel("Branch").fill("Kothrud, Pune");
  const ifsc = dialog.getByLabel("IFSC code");
  await ifsc.fill("HDFC12345");
  await save.click();
  await expectFieldError(ifsc, BANK_MESSAGES.ifscInvalid);
  await expect(ifsc).toBeFocused();
  // The form's one message sits above its buttons, inside the dialog; no toast covers them.
  const summary = dialog.getByRole("alert");
  await expect(summary).toHaveText(BANK_MESSAGES.ifscInvalid);
  const [summaryBox, saveBox] = [await summary.boundingBox(), await save.boundingBox()];
  expect(summaryBox!.y + summaryBox!.height).toBeLessThanOrEqual(saveBox!.y);
  await expect(toasts(page)).toHaveCount(0);

  await ifsc.fill("hdfc0001234");
  await expect(summary).toBeHidden();
  await save.click();
  await expect(page.getByText(BANK_MESSAGES.saved)).toBeVisible();
  await expect(page.getByTestId("bank-summary")).toHaveText(
    "Payouts go to HDFC Bank, account •••• 4321.",
  );
});
