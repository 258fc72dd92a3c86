import { expect, type Page, test } from "@playwright/test";
import { axeViolations } from "./support/page-checks";

const SUPPORT_EMAIL = "support@beenthere.example"; // the configuration's default

const PAGES = [
  {
    path: "/about",
    title: "About Us | BeenThere",
    h1: "Advice from people who have already made your move",
    facts: ["Our story", "Meet the founders", "What we believe", "How BeenThere works"],
  },
  {
    path: "/contact",
    title: "Contact Us | BeenThere",
    h1: "Contact Us",
    facts: ["2-4 hours", "Monday to Friday", "9:00-18:00 IST", "10:00-16:00 IST", SUPPORT_EMAIL],
  },
  {
    path: "/terms",
    title: "Terms & Conditions | BeenThere",
    h1: "Terms & Conditions",
    facts: [
      "Last updated: 30th June 2025",
      "not legal, medical or financial advice",
      "includes 18% GST",
      "Razorpay",
      "BeenThere is a platform only",
    ],
  },
  {
    path: "/privacy",
    title: "Privacy Policy | BeenThere",
    h1: "Privacy Policy",
    facts: [
      "Last updated: 28 November 2026",
      "Download my data",
      "Delete my account",
      "We never see or store card numbers",
      "encrypted at rest",
      "session cookie",
    ],
  },
  {
    path: "/cancellation-refunds",
    title: "Cancellation & Refunds | BeenThere",
    h1: "Cancellation & Refunds",
    facts: [
      "Last updated: 30th June 2025",
      "Sessions cannot be cancelled within 12 hours of start time",
      "We recommend giving at least 24 hours' notice",
      "Cancelled 24 hours or more before the start: automatic full refund.",
      "Cancelled by your advisor or by our team: full refund.",
      "7-10 business days",
    ],
  },
  {
    path: "/advisor-agreement",
    title: "Advisor Agreement | BeenThere",
    h1: "Advisor Agreement",
    facts: [
      "Last updated: 30th June 2025",
      "Stay within your expertise",
      "Keep sessions confidential",
      "immediate termination",
      "pro bono",
      "Indian bank account",
      "repeated complaints",
    ],
  },
  {
    path: "/code-of-conduct",
    title: "Code of Conduct | BeenThere",
    h1: "Code of Conduct",
    facts: [
      "Last updated: 30th June 2025",
      "No harassment or discrimination",
      "Be punctual and prepared",
      "No recording without consent",
      "Reporting a concern",
    ],
  },
] as const;

/** Heading levels inside the main content never skip a level, and there is one h1. */
async function expectHeadingOrder(page: Page) {
  const levels = await page
    .locator("main")
    .locator("h1, h2, h3, h4, h5, h6")
    .evaluateAll((headings) => headings.map((h) => Number(h.tagName.slice(1))));
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  expect(levels[0]).toBe(1);
  for (let i = 1; i < levels.length; i++) {
    expect(levels[i]! - levels[i - 1]!, `heading ${i} after h${levels[i - 1]}`).toBeLessThanOrEqual(
      1,
    );
  }
}

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

test.describe("static and policy pages", () => {
  for (const spec of PAGES) {
    test(`${spec.path} shows its title, heading and key facts`, async ({ page }) => {
      await page.goto(spec.path);
      await expect(page).toHaveTitle(spec.title);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(spec.h1);
      const description = page.locator('meta[name="description"]');
      await expect(description).toHaveAttribute("content", /.{60,}/);
      const main = page.getByRole("main");
      for (const fact of spec.facts) await expect(main).toContainText(fact);
      await expectHeadingOrder(page);
    });

    test(`${spec.path} has no axe violations at 1280 px`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(spec.path);
      await expectNoAxeViolations(page);
    });
  }

  for (const path of ["/contact", "/terms"]) {
    test(`${path} has no axe violations and no sideways scrolling at 375 px`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(path);
      await expectNoAxeViolations(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth > window.innerWidth,
      );
      expect(overflow).toBe(false);
    });
  }

  test("the about page links to the discovery call, the advisors and joining", async ({ page }) => {
    await page.goto("/about");
    const main = page.getByRole("main");
    for (const [name, href] of [
      ["Book Free Discovery Call", "/free-discovery-call"],
      ["Find Advisors", "/advisors"],
      ["Join as Advisor", "/join-as-advisor"],
    ] as const) {
      await expect(main.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(main.getByRole("heading", { name: "Ritika Sharma" })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Arjun Menon" })).toBeVisible();
  });

  test("a long policy page has a table of contents that jumps to its sections", async ({
    page,
  }) => {
    await page.goto("/terms");
    const toc = page.getByRole("navigation", { name: "On this page" });
    await expect(toc.getByRole("link")).toHaveCount(16);
    await toc.getByRole("link", { name: "Cancellations, rescheduling and refunds" }).click();
    await expect(page).toHaveURL(/#cancellations$/);
    await expect(
      page.getByRole("heading", { name: /Cancellations, rescheduling and refunds/ }),
    ).toBeInViewport();
  });
});

test.describe("the contact form", () => {
  test("shows the support address from the configuration", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("main").getByRole("link", { name: SUPPORT_EMAIL })).toHaveAttribute(
      "href",
      `mailto:${SUPPORT_EMAIL}`,
    );
  });

  test("explains every problem inline when sent empty, and stays accessible", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send message" }).click();
    const errors = {
      "Your name": "Please enter your name.",
      "Email address": "Please enter a valid email address.",
      Topic: "Please choose a topic.",
      Message: "Please write at least 10 characters.",
    } as const;
    for (const [label, message] of Object.entries(errors)) {
      const field = page.getByLabel(label, { exact: true });
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(".", "\\.")));
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(page.getByLabel("Your name", { exact: true })).toBeFocused();
    await expectNoAxeViolations(page);

    // Errors clear as they are fixed.
    await page.getByLabel("Your name", { exact: true }).fill("Asha");
    await expect(page.getByText("Please enter your name.")).toBeHidden();
    await page.getByLabel("Email address").fill("asha@");
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    await page.getByLabel("Email address").fill("asha@example.com");
    await expect(page.getByText("Please enter a valid email address.")).toBeHidden();
    await expect(page.getByText("Please choose a topic.")).toBeVisible();
  });

  test("sends a filled-in message and confirms it", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("Your name", { exact: true }).fill("Asha Verma");
    await page.getByLabel("Email address").fill("asha.verma@example.com");
    await page.getByLabel("Topic").selectOption("Booking or payment");
    await page
      .getByLabel("Message", { exact: true })
      .fill("I paid for a session yesterday but cannot see it in my dashboard.");
    await page.getByRole("button", { name: "Send message" }).click();

    await expect(
      page.getByRole("heading", { name: "Thanks, we've got your message" }),
    ).toBeVisible();
    await expect(page.getByRole("main")).toContainText("asha.verma@example.com");
    await expect(page.getByRole("main")).toContainText("within 2-4 hours");
    await expect(page.getByText("Message sent")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send message" })).toBeHidden();

    await page.getByRole("link", { name: "Send another message" }).click();
    await expect(page.getByLabel("Your name", { exact: true })).toHaveValue("");
  });

  test("can be filled in and sent with the keyboard alone", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("Your name", { exact: true }).focus();
    await page.keyboard.type("Kiran Rao");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Email address")).toBeFocused();
    await page.keyboard.type("kiran@example.com");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Topic")).toBeFocused();
    await page.keyboard.press("ArrowDown"); // the first topic
    await expect(page.getByLabel("Topic")).toHaveValue("Booking or payment");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Message", { exact: true })).toBeFocused();
    // Passing through fields does not flag the ones not filled in yet.
    await expect(page.getByLabel("Message", { exact: true })).not.toHaveAttribute("aria-invalid");
    await page.keyboard.type("How do I reschedule a session booked for next week?");
    await page.keyboard.press("Tab"); // the privacy policy link beside the button
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Send message" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(
      page.getByRole("heading", { name: "Thanks, we've got your message" }),
    ).toBeFocused();
  });

  test("is validated on the server too, even without the browser's help", async ({ request }) => {
    const response = await request.post("/contact", {
      form: { name: "", email: "nope", topic: "Refund", message: "short" },
    });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please enter your name.");
    expect(html).toContain("Please enter a valid email address.");
    expect(html).toContain("Please write at least 10 characters.");
  });
});
