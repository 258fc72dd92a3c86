import { expect, type Page, test } from "@playwright/test";
import { axeViolations } from "./support/page-checks";
import {
  EMPLOYERS,
  HERO_PHRASES,
  HERO_SHORT_PHRASES,
  QUICK_TOPICS,
  TESTIMONIALS,
} from "../../core/landing-content";
import { gotoHydrated } from "./support/navigation";

/** The spec's rotation times: the hero topic every 2 seconds, a testimonial every 4. */
const PHRASE_ROTATION_MS = 2000;
const TESTIMONIAL_ROTATION_MS = 4000;

const testimonial = (index: number) => TESTIMONIALS[index]!.author;

function carousel(page: Page) {
  return page.getByRole("region", { name: "Testimonials" });
}

/** The one visible slide (the others are visibility: hidden, so not in the a11y tree). */
function visibleSlide(page: Page) {
  return carousel(page).getByRole("group", { name: / of 4$/ });
}

/** The page's clock is Playwright's and stands still: time moves only when the test moves it. */
async function stopTheClock(page: Page) {
  const start = new Date("2026-01-05T10:00:00+05:30");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}

test.describe("landing page", () => {
  test("has the product's title and a stable, accessible hero heading", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("talk to an expert who has been in your shoes before");
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveAccessibleName(
      /^Get Expert Guidance On .+ From Someone Who's Been in Your Shoes$/,
    );
    await expect(
      page.getByText("Talk 1-1 to An Expert Who Knows the Way & Fast-Track Your Rise to Success"),
    ).toBeVisible();
  });

  test("the hero search button lands on /advisors?search=<text>", async ({ page }) => {
    await page.goto("/");
    const search = page.getByRole("combobox", { name: "What advice are you seeking?" });
    await expect(search).toHaveAttribute(
      "placeholder",
      "What advice are you seeking? Eg. Moving to Dubai",
    );
    await search.fill("Moving to Dubai");
    await page.getByRole("button", { name: "Find Advisors" }).click();
    await expect(page).toHaveURL(/\/advisors\?search=Moving\+to\+Dubai$/);
  });

  test("the Enter key searches from the hero too", async ({ page }) => {
    await page.goto("/");
    const search = page.getByRole("combobox", { name: "What advice are you seeking?" });
    await search.fill("MS in Germany & jobs");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/advisors\?search=MS\+in\+Germany\+%26\+jobs$/);
  });

  test("each quick-topic chip links to its encoded search", async ({ page }) => {
    await page.goto("/");
    const chips = page.getByRole("list", { name: "Popular right now" }).getByRole("link");
    await expect(chips).toHaveText([...QUICK_TOPICS]);
    for (const topic of QUICK_TOPICS) {
      await expect(chips.getByText(topic, { exact: true })).toHaveAttribute(
        "href",
        `/advisors?search=${encodeURIComponent(topic)}`,
      );
    }
    await page.getByRole("link", { name: "Moving to Dubai", exact: true }).click();
    await expect(page).toHaveURL(/\/advisors\?search=Moving%20to%20Dubai$/);
  });

  test("the second search box searches advisors", async ({ page }) => {
    await page.goto("/");
    const search = page.getByRole("combobox", { name: "Search advisors" });
    await expect(search).toHaveAttribute(
      "placeholder",
      "Search advisors by expertise, company, or industry...",
    );
    await search.fill("Goldman Sachs");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/advisors\?search=Goldman\+Sachs$/);
  });

  test("shows 9 advisors and a way to explore them all", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Meet Our Advisors" })).toBeVisible();
    await expect(page.getByRole("link", { name: /^View Profile of / })).toHaveCount(9);
    await page.getByRole("link", { name: "Explore All Advisors" }).click();
    await expect(page).toHaveURL(/\/advisors$/);
  });

  test("shows why to choose BeenThere and where advisors have worked", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Why choose BeenThere" })).toBeVisible();
    for (const point of [
      "Expert Advisors",
      "Flexible Scheduling",
      "Secure Platform",
      "Quality Assured",
    ]) {
      await expect(page.getByRole("heading", { name: point, exact: true })).toBeVisible();
    }
    const strip = page.getByRole("region", { name: "Our Advisors Have Worked At" });
    // The loop copy is aria-hidden, so the accessible list has each employer exactly once.
    await expect(strip.getByRole("listitem")).toHaveText([...EMPLOYERS]);
  });

  test("the employer strip scrolls and can be paused", async ({ page }) => {
    await page.goto("/");
    const track = page.getByTestId("employer-track");
    const playState = () =>
      track.evaluate((element) => getComputedStyle(element).animationPlayState);
    await expect(track).toHaveCSS("animation-name", "landing-marquee");
    expect(await playState()).toBe("running");
    await track.hover({ force: true }); // it moves, so never "stable"
    expect(await playState()).toBe("paused");
    await page.mouse.move(0, 0);
    expect(await playState()).toBe("running");
    const pause = page.getByRole("button", { name: "Pause scrolling" });
    await pause.click();
    await expect(pause).toHaveAttribute("aria-pressed", "true");
    await page.mouse.move(0, 0);
    expect(await playState()).toBe("paused");
  });

  test("the marketing figures end on the fixed marketing text, also without JavaScript", async ({
    page,
    request,
  }) => {
    const html = await (await request.get("/")).text();
    for (const figure of ["500+", "10000+", "4.9/5"]) expect(html).toContain(`>${figure}<`);

    await page.goto("/");
    const figures = page.locator("dl").filter({ hasText: "Sessions Completed" });
    await figures.scrollIntoViewIfNeeded();
    // What is seen once any count-up has finished...
    await expect(figures.getByTestId("figure-value")).toHaveText(["500+", "10000+", "4.9/5"]);
    // ...and what screen readers get at any time.
    await expect(figures).toMatchAriaSnapshot(`
      - term: Expert Advisors
      - definition: 500+
      - term: Sessions Completed
      - definition: 10000+
      - term: Average Rating
      - definition: 4.9/5
    `);
  });

  test("the testimonial carousel moves with next, previous and the dots", async ({ page }) => {
    await stopTheClock(page); // so the carousel's own rotation never races the clicks
    await gotoHydrated(page, "/");
    await carousel(page).scrollIntoViewIfNeeded();
    await expect(visibleSlide(page)).toContainText(testimonial(0));

    await carousel(page).getByRole("button", { name: "Next testimonial" }).click();
    await expect(visibleSlide(page)).toContainText(testimonial(1));
    await expect(page.getByRole("button", { name: "Show testimonial 2" })).toHaveAttribute(
      "aria-current",
      "true",
    );

    await carousel(page).getByRole("button", { name: "Previous testimonial" }).click();
    await expect(visibleSlide(page)).toContainText(testimonial(0));
    await carousel(page).getByRole("button", { name: "Previous testimonial" }).click();
    await expect(visibleSlide(page)).toContainText(testimonial(3));

    await carousel(page).getByRole("button", { name: "Show testimonial 3" }).click();
    await expect(visibleSlide(page)).toContainText(testimonial(2));
    await expect(page.getByRole("button", { name: "Show testimonial 3" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(page.getByRole("button", { name: "Show testimonial 1" })).not.toHaveAttribute(
      "aria-current",
    );
  });

  test("the carousel rotates every 4 seconds, but not while hovered", async ({ page }) => {
    await stopTheClock(page);
    await gotoHydrated(page, "/");
    await carousel(page).scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await expect(visibleSlide(page)).toContainText(testimonial(0));
    await page.clock.runFor(TESTIMONIAL_ROTATION_MS - 100);
    await expect(visibleSlide(page)).toContainText(testimonial(0));
    await page.clock.runFor(100);
    await expect(visibleSlide(page)).toContainText(testimonial(1));

    await visibleSlide(page).hover();
    await page.clock.runFor(TESTIMONIAL_ROTATION_MS * 2);
    await expect(visibleSlide(page)).toContainText(testimonial(1));

    await page.mouse.move(0, 0);
    await page.clock.runFor(TESTIMONIAL_ROTATION_MS);
    await expect(visibleSlide(page)).toContainText(testimonial(2));
  });

  test("the typewriter types the next hero topic out, letter by letter", async ({ page }) => {
    await stopTheClock(page);
    await gotoHydrated(page, "/");
    const topic = page.getByTestId("hero-topic");
    await expect(topic).toHaveText(HERO_PHRASES[0]);
    await page.clock.runFor(PHRASE_ROTATION_MS);
    // Within the next phrase's time it shows growing beginnings of it, then all of it.
    const next = HERO_PHRASES[1];
    const seen: string[] = [];
    for (let step = 0; step < 30; step++) {
      await page.clock.runFor(50);
      seen.push((await topic.textContent()) ?? "");
    }
    const partial = seen.filter((text) => text.length > 0 && text.length < next.length);
    expect(partial.length, seen.join(" | ")).toBeGreaterThan(0);
    expect(partial.every((text) => next.startsWith(text))).toBe(true);
    expect(seen.at(-1)).toBe(next);
  });

  test("with reduced motion the hero topic and the testimonial stay put", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await stopTheClock(page);
    await gotoHydrated(page, "/");
    const topic = page.getByTestId("hero-topic");
    await expect(topic).toHaveText(HERO_PHRASES[0]);
    await expect(visibleSlide(page)).toContainText(testimonial(0));
    await page.clock.runFor(TESTIMONIAL_ROTATION_MS * 3);
    await expect(topic).toHaveText(HERO_PHRASES[0]);
    await expect(visibleSlide(page)).toContainText(testimonial(0));
    // The buttons still work.
    await carousel(page).getByRole("button", { name: "Next testimonial" }).click();
    await expect(visibleSlide(page)).toContainText(testimonial(1));
  });

  test("the bottom call to action offers the three next steps", async ({ page }) => {
    await page.goto("/");
    const cta = page.getByRole("region", {
      name: "Your next move is easier with someone who has made it",
    });
    for (const [name, href] of [
      ["Find an Advisor", "/advisors"],
      ["Book Free Discovery Call", "/free-discovery-call"],
      ["Join as Advisor", "/become-advisor"],
    ] as const) {
      await expect(cta.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
  });

  for (const width of [1280, 375]) {
    test(`has no axe violations and no horizontal overflow at ${width} px`, async ({ page }) => {
      test.slow(); // a full axe scan of a long page takes a while on a busy machine
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      if (width === 375) {
        await expect(page.getByTestId("hero-topic-short")).toHaveText(HERO_SHORT_PHRASES[0]);
        await expect(page.getByTestId("hero-topic")).toBeHidden();
      }
      // Hovering holds the testimonials still; a scan during a slide's fade would measure
      // half-transparent text against the background.
      await page.locator('section[aria-labelledby="testimonials-heading"]').hover();
      await page.waitForFunction(() =>
        document.getAnimations().every((a) => !(a instanceof CSSTransition)),
      );
      expect(await axeViolations(page)).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth > window.innerWidth,
      );
      expect(overflow).toBe(false);
    });
  }
});
