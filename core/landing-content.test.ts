import { AdvisorSearchIndex } from "./search";
import { describe, expect, it } from "vitest";
import {
  advisorSearchHref,
  EMPLOYERS,
  HERO_PHRASES,
  HERO_SHORT_PHRASES,
  MARKETING_FIGURES,
  QUICK_TOPICS,
  TESTIMONIALS,
  WHY_CHOOSE_POINTS,
} from "./landing-content";

describe("landing content", () => {
  it("holds as many entries as the spec's landing page shows", () => {
    expect(HERO_PHRASES).toHaveLength(17);
    expect(HERO_SHORT_PHRASES).toHaveLength(8);
    expect(TESTIMONIALS).toHaveLength(4);
    expect(EMPLOYERS).toHaveLength(12);
  });

  it.each([
    ["long phrases", HERO_PHRASES],
    ["short phrases", HERO_SHORT_PHRASES],
    ["quick topics", QUICK_TOPICS],
    ["employers", EMPLOYERS],
  ] as const)("has no empty or duplicate %s", (_name, list) => {
    expect(list.every((entry) => entry.trim() === entry && entry.length > 0)).toBe(true);
    expect(new Set(list).size).toBe(list.length);
  });

  it("keeps short phrases short and offers 6 to 8 chips", () => {
    const longestShort = Math.max(...HERO_SHORT_PHRASES.map((phrase) => phrase.length));
    const shortestLong = Math.min(...HERO_PHRASES.map((phrase) => phrase.length));
    expect(longestShort).toBeLessThan(shortestLong);
    expect(QUICK_TOPICS.length).toBeGreaterThanOrEqual(6);
    expect(QUICK_TOPICS.length).toBeLessThanOrEqual(8);
  });

  it("fills every testimonial field", () => {
    for (const testimonial of TESTIMONIALS) {
      expect(testimonial.text.length).toBeGreaterThan(40);
      expect(testimonial.author).not.toBe("");
      expect(testimonial.role).not.toBe("");
      expect(testimonial.company).not.toBe("");
    }
  });

  it("lists the four why-choose points", () => {
    expect(WHY_CHOOSE_POINTS.map((point) => point.title)).toEqual([
      "Expert Advisors",
      "Flexible Scheduling",
      "Secure Platform",
      "Quality Assured",
    ]);
  });

  it("shows the fixed marketing figures as final text, counting up to them", () => {
    expect(MARKETING_FIGURES.map((figure) => figure.display)).toEqual(["500+", "10000+", "4.9/5"]);
    for (const { display, countUp } of MARKETING_FIGURES) {
      if (countUp) expect(`${countUp.to}${countUp.suffix}`).toBe(display);
    }
    expect(MARKETING_FIGURES[1]?.countUp?.from).toBe(5000);
  });

  it.each([
    ["Moving to Dubai", "/advisors?search=Moving%20to%20Dubai"],
    ["McKinsey & Company", "/advisors?search=McKinsey%20%26%20Company"],
    ["C++ / Rust?", "/advisors?search=C%2B%2B%20%2F%20Rust%3F"],
    ["", "/advisors?search="],
  ])("advisorSearchHref(%j) is %s", (text, href) => {
    expect(advisorSearchHref(text)).toBe(href);
  });
});

describe("quick topics and search", () => {
  it("every chip keeps at least one word that search can use", () => {
    const index = new AdvisorSearchIndex([]);
    for (const chip of QUICK_TOPICS)
      expect(index.search(chip).explanation.showingAll, chip).toBe(false);
  });
});
