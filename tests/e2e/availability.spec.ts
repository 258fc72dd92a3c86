import { expect, type Page, test } from "@playwright/test";
import { axeViolations } from "./support/page-checks";
import { DateTime } from "luxon";
import { AVAILABILITY_REQUIRED_MESSAGE } from "../../core/availability";
import { formatSlotLabel } from "../../core/slots";
import { DEMO_ADVISOR, DEMO_PASSWORD, signIn } from "./support/auth";
import { chooseTopicAndOption } from "./support/booking";
import { chooseOpenDate } from "./support/calendar";
import { gotoHydrated } from "./support/navigation";

/*
 * Issue 4, done means: an advisor sets availability in the editor in one zone; a visitor in
 * another zone sees those hours shifted on the profile. Both halves share the demo advisor,
 * so they run in order.
 */
test.describe.configure({ mode: "serial" });

const ADVISOR_ZONE = "Europe/London";
const VISITOR_ZONE = "America/New_York";
const WINDOW = ["10:00", "10:30", "11:00", "11:30"]; // every day 10:00-12:00 in London
let profilePath = "";

const cell = (page: Page, name: string) => page.getByRole("gridcell", { name, exact: true });

test("the whole week is on the page: no scroll box hides hours, and each day's hours are named", async ({
  page,
}) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, DEMO_ADVISOR, DEMO_PASSWORD, "/dashboard/availability");
    const week = page.getByRole("list", { name: "Your week" });
    await expect(week.getByRole("listitem")).toHaveText([
      "Tue 19:00–21:30",
      "Thu 19:00–21:30",
      "Sat 10:00–13:00",
    ]);
    // Nothing between the grid and the page scrolls on its own, so no hour is out of reach.
    const boxes = await page.getByRole("grid").evaluate((grid) => {
      const found: string[] = [];
      for (let e = grid.parentElement; e && e !== document.body; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (/auto|scroll|hidden/.test(style.overflowY) && e.scrollHeight > e.clientHeight + 1)
          found.push(`${e.tagName}.${e.className}`);
      }
      return found;
    });
    expect(boxes, `at ${width} px`).toEqual([]);
    const evening = cell(page, "Tuesday 19:00 to 19:30");
    await evening.scrollIntoViewIfNeeded();
    await expect(evening).toHaveAttribute("aria-selected", "true");
    await expect(evening).toBeInViewport();
    await page.context().clearCookies();
  }
});

test("an advisor sets a weekly availability in London time and saves it", async ({ page }) => {
  test.slow(); // a long journey: sign-in, drag, keyboard, save, an axe scan and a reload
  await signIn(page, DEMO_ADVISOR, DEMO_PASSWORD, "/dashboard/availability");
  await expect(page.getByRole("heading", { name: "Your availability" })).toBeVisible();
  await expect(page.locator("html[data-hydrated]")).toBeAttached();

  const zone = page.getByLabel("Your time zone");
  if ((await zone.inputValue()) === ADVISOR_ZONE) {
    await page.getByRole("button", { name: "Clear all" }).click(); // a retry on the same data
  } else {
    // Changing the zone clears the schedule, after a confirmation.
    await zone.selectOption(ADVISOR_ZONE);
    const dialog = page.getByRole("dialog", { name: "Change your time zone?" });
    await dialog.getByRole("button", { name: "Change and clear schedule" }).click();
    await expect(page.getByText("Timezone Changed")).toBeVisible();
    await expect(page.getByText("Please set your new availability.")).toBeVisible();
  }
  await expect(zone).toHaveValue(ADVISOR_ZONE);
  await expect(page.locator('[role="gridcell"][aria-selected="true"]')).toHaveCount(0);

  await page.getByRole("button", { name: "Save availability" }).click();
  // Beside the grid, in the polite live region every field's error uses.
  await expect(
    page.locator("[aria-live=polite]").filter({ hasText: AVAILABILITY_REQUIRED_MESSAGE }),
  ).toBeVisible();

  // Drag a rectangle from Monday 10:00 to Sunday 11:30.
  await cell(page, "Monday 10:00 to 10:30").hover();
  await page.mouse.down();
  await cell(page, "Thursday 11:00 to 11:30").hover();
  await cell(page, "Sunday 11:30 to 12:00").hover();
  await page.mouse.up();
  await expect(page.locator('[role="gridcell"][aria-selected="true"]')).toHaveCount(7 * 4);
  await expect(page.getByText("14 hours a week")).toBeVisible();

  // The keyboard toggles with Space and Enter and moves with the arrows.
  const wednesday = cell(page, "Wednesday 11:00 to 11:30");
  await wednesday.click(); // a click toggles: now clear
  await expect(wednesday).toHaveAttribute("aria-selected", "false");
  await wednesday.press("Space");
  await expect(wednesday).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowDown");
  await expect(cell(page, "Wednesday 11:30 to 12:00")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(cell(page, "Wednesday 12:00 to 12:30")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Space");
  await expect(cell(page, "Wednesday 12:00 to 12:30")).toHaveAttribute("aria-selected", "false");

  await page.getByRole("button", { name: "Save availability" }).click();
  await expect(page.getByText("Availability saved successfully")).toBeVisible();
  await expect(page.getByText("Unsaved changes")).toBeHidden();
  expect(await axeViolations(page)).toEqual([]);

  // The saved schedule is what the page loads again.
  await page.reload();
  await expect(page.getByLabel("Your time zone")).toHaveValue(ADVISOR_ZONE);
  await expect(page.locator('[role="gridcell"][aria-selected="true"]')).toHaveCount(28);
  profilePath =
    (await page.getByRole("link", { name: "View your public profile" }).getAttribute("href")) ?? "";
  expect(profilePath).toMatch(/^\/advisor\/[0-9a-f-]{36}$/);
});

test.describe("a visitor in New York", () => {
  test.use({ timezoneId: VISITOR_ZONE });

  test("sees the advisor's London hours in New York time", async ({ page }) => {
    expect(profilePath, "the first test saved the schedule").not.toBe("");
    await gotoHydrated(page, profilePath);
    // Steps 1 and 2 of the booking flow: a topic, then the (only) First Call option.
    await chooseTopicAndOption(page);
    const step = page.getByRole("region", { name: "Select Date & Time" });
    await expect(step.getByLabel("Times shown in")).toHaveValue(VISITOR_ZONE);
    const continueButton = step.getByRole("button", { name: "Continue to Payment" });
    await expect(continueButton).toBeDisabled();

    // The third bookable date is wholly past the 12-hour lead time: all four slots show.
    const date = await chooseOpenDate(step, { nth: 2 });
    const expected = WINDOW.map((time) =>
      formatSlotLabel(
        DateTime.fromISO(`${date}T${time}`, { zone: ADVISOR_ZONE }).toJSDate(),
        VISITOR_ZONE,
      ),
    );
    expect(expected[0]).toMatch(/^[45]:00 AM$/); // 5 hours behind (4 in the DST gap weeks)
    const slots = step.getByRole("group", { name: /Available times on/ }).getByRole("button");
    await expect(slots).toHaveText(expected);

    await slots.first().click();
    await expect(slots.first()).toHaveAttribute("aria-pressed", "true");
    await expect(step.getByTestId("slot-summary")).toHaveText(
      `${expected[0]} your time · 10:00 AM advisor's time`,
    );
    await expect(continueButton).toBeEnabled();
    expect(await axeViolations(page, "#booking")).toEqual([]);

    // Changing the zone clears the date and the time.
    await step.getByLabel("Times shown in").selectOption("Asia/Kolkata");
    await expect(step.getByText("Pick a highlighted date to see its times.")).toBeVisible();
    await expect(continueButton).toBeDisabled();
  });
});

test("the focused cell shows a focus ring, and leaving with unsaved changes asks first", async ({
  page,
}) => {
  await signIn(page, DEMO_ADVISOR, DEMO_PASSWORD, "/dashboard/availability");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await page.getByRole("button", { name: "Clear all" }).focus();
  await page.keyboard.press("Tab");
  const focused = page.locator('[role="gridcell"]:focus');
  await expect(focused).toHaveCount(1);
  const ring = await focused.evaluate((el) => {
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, width: style.outlineWidth };
  });
  expect(ring).toEqual({ style: "solid", width: "2px" });

  const before = await focused.getAttribute("aria-selected");
  await page.keyboard.press("Space");
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await page.getByRole("link", { name: "Back to dashboard" }).click();
  const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(dialog).toContainText("You have unsaved changes to your availability.");
  await dialog.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page).toHaveURL(/\/dashboard\/availability$/);

  await page.getByRole("link", { name: "Back to dashboard" }).click();
  await dialog.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await gotoHydrated(page, "/dashboard/availability");
  await page.getByRole("button", { name: "Clear all" }).focus();
  await page.keyboard.press("Tab");
  await expect(page.locator('[role="gridcell"]:focus')).toHaveAttribute(
    "aria-selected",
    before ?? "",
  );
});
