import { expect, type Page } from "@playwright/test";
import sharp from "sharp";

/* The advisor application wizard's steps as journeys fill them in (issue 11 and issue 22). */

/** A small PNG to pick as a headshot. */
export const headshot = async () => ({
  name: "me.png",
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 300, height: 400, channels: 3, background: "#6b8cae" } })
    .png()
    .toBuffer(),
});

/** Types each entry of a list field and presses Enter. */
export async function addEntries(page: Page, label: string, entries: string[]) {
  const input = page.getByLabel(label, { exact: true });
  for (const entry of entries) {
    await input.fill(entry);
    await input.press("Enter");
  }
}

/** Save & Continue, then the next step's heading. */
export async function continueTo(page: Page, heading: string) {
  await page.getByRole("button", { name: "Save & Continue" }).click();
  await expect(page.getByRole("heading", { name: heading, level: 2 })).toBeVisible();
}

export type Basics = { company: string; location: string };
export type Content = { intro: string; about: string };

/** Step 1 with valid values (the names come from the account). */
export async function fillBasics(page: Page, { company, location }: Basics) {
  await page.getByLabel("Phone number").fill("+91 98200 22222");
  await page.getByLabel("Job title").fill("Product Manager");
  await page.getByLabel("Company").fill(company);
  await page.getByLabel("Total experience").selectOption("7");
  await page.getByLabel("LinkedIn URL").fill("NA");
  await addEntries(page, "Work locations", [location]);
}

/** Step 2 with valid values and an uploaded photo. */
export async function fillContent(page: Page, { intro, about }: Content) {
  await page.getByLabel("Short introduction").fill(intro);
  await page.getByLabel("About").fill(about);
  await page.getByLabel("Professional headshot").setInputFiles(await headshot());
  await expect(page.getByText("Headshot uploaded successfully.")).toBeVisible();
}

/** Steps 1 and 2 from the start, ending on step 3. */
export async function fillBasicsAndContent(page: Page, values: Basics & Content) {
  await expect(page.getByRole("heading", { name: "Profile Basics" })).toBeVisible();
  await fillBasics(page, values);
  await continueTo(page, "Profile Content");
  await fillContent(page, values);
  await continueTo(page, "Your Expertise");
}
