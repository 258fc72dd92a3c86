import { expect, type Locator } from "@playwright/test";
import { formatLongDate } from "../../../core/format";

/*
 * Picking dates in the booking calendar whatever today is. The calendar opens on the month of
 * the first open date and the window runs 30 days on, so "the n-th open date" may lie in the
 * next month (late in a month) and the visible month may hold a single one: never count on
 * the visible month alone.
 */

const OPEN_DAYS = "td[data-day]:not([data-disabled]):not([data-hidden]):not([data-outside])";

/**
 * Clicks the n-th (0-based) open date that `accept` allows, turning the months as needed, and
 * returns it ("YYYY-MM-DD"). Fails when the window has no such date.
 */
export async function chooseOpenDate(
  step: Locator,
  options: { nth?: number; accept?: (date: string) => boolean } = {},
): Promise<string> {
  let skip = options.nth ?? 0;
  const next = step.getByRole("button", { name: "Go to the Next Month" });
  await expect(step.locator(OPEN_DAYS).first()).toBeVisible();
  for (let month = 0; month < 3; month++) {
    const days = step.locator(OPEN_DAYS);
    const dates = await days.evaluateAll((cells) => cells.map((c) => c.getAttribute("data-day")!));
    for (const [i, date] of dates.entries()) {
      if (options.accept && !options.accept(date)) continue;
      if (skip-- > 0) continue;
      await days.nth(i).getByRole("button").click();
      return date;
    }
    if ((await next.getAttribute("aria-disabled")) === "true") break;
    const shown = await step.locator("td[data-day]").first().getAttribute("data-day");
    await next.click();
    await expect(step.locator(`td[data-day="${shown}"]`)).toHaveCount(0);
  }
  throw new Error("The calendar has no such open date");
}

/** The time buttons of `date` once its times have loaded (the picker's "Tuesday, 3 March 2026"). */
export function timesOn(step: Locator, date: string): Locator {
  return step
    .getByRole("group", { name: `Available times on ${formatLongDate(date)}` })
    .getByRole("button");
}

/** The date ("YYYY-MM-DD") an instant falls on in `timeZone`. */
export function dateIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone }).format(instant);
}
