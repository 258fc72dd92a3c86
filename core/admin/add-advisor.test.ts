import { describe, expect, it } from "vitest";
import { HEADSHOT_MAX_BYTES } from "../advisor-fields";
import { checkNewAdvisor } from "./add-advisor";
import { newAdvisorValues } from "./add-advisor-fixture.test-support";

const errorsOf = (overrides: Parameters<typeof newAdvisorValues>[0]) => {
  const result = checkNewAdvisor(newAdvisorValues(overrides));
  return result.ok ? {} : result.errors;
};

describe("the admin's add-advisor form", () => {
  it("accepts a complete form, pro bono included, with lists cleaned", () => {
    const result = checkNewAdvisor(
      newAdvisorValues({ skills: [" Hiring ", "hiring", "Roadmaps", "Product Strategy"] }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.hourlyRate).toBe(0);
    expect(result.data.skills).toEqual(["Hiring", "Roadmaps", "Product Strategy"]);
    expect(result.data.totalExperience).toBe(12);
  });

  it("names every missing field with the product's messages", () => {
    const errors = errorsOf({
      firstName: " ",
      lastName: "",
      email: "not-an-email",
      headshot: null,
      skills: ["One", "Two"],
      careerAdviceTopics: [],
      personalAdviceTopics: ["Only one"],
      termsAccepted: false,
      availability: { timeZone: "Asia/Kolkata", windows: {} },
    });
    expect(errors).toMatchObject({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Please enter a valid email address.",
      headshot: "Professional headshot is required",
      skills: "At least 3 skills are required",
      careerAdviceTopics: "At least 3 career topics are required",
      personalAdviceTopics: "At least 3 personal topics are required",
      termsAccepted: "You must accept the terms and conditions.",
      availability: "Please add and save at least one availability slot to continue.",
    });
  });

  it("checks the headshot's type and size", () => {
    expect(errorsOf({ headshot: { type: "application/pdf", size: 100 } }).headshot).toBe(
      "Please select a valid image file",
    );
    expect(
      errorsOf({ headshot: { type: "image/jpeg", size: HEADSHOT_MAX_BYTES + 1 } }).headshot,
    ).toBe("Image size must be less than 5MB");
  });

  it("keeps the profile rules: intro length, about words, rate and experience", () => {
    const errors = errorsOf({
      shortIntro: "x".repeat(121),
      about: "Too short to count",
      hourlyRate: "-5",
      totalExperience: "51",
    });
    expect(errors).toMatchObject({
      shortIntro: "Maximum 120 characters allowed",
      about: "Minimum 20 words required. Current: 4 words",
      hourlyRate: "Hourly rate cannot be negative",
      totalExperience: "Experience must be between 0 and 50 years",
    });
  });
});
