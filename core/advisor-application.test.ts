import { describe, expect, it } from "vitest";
import {
  type ApplicationValues,
  checkApplication,
  checkStep,
  emptyApplication,
  hasProgress,
  reachableStep,
  readWizardStep,
  settleDraft,
} from "./advisor-application";
import { addToList, cleanList, countWords } from "./advisor-fields";
import { validApplication } from "./advisor-application-fixture.test-support";

const HEADSHOT = "/uploads/headshots/x.webp";

const errorsOf = (step: 1 | 2 | 3 | 4 | 5, values: ApplicationValues, headshot = HEADSHOT) => {
  const result = checkStep(step, values, headshot);
  return result.ok ? {} : result.errors;
};

describe("step 1: Profile Basics", () => {
  it("names every missing field with its message", () => {
    const empty = emptyApplication({ firstName: " ", lastName: "" }, null);
    expect(errorsOf(1, empty)).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      phone: "Phone number is required",
      jobTitle: "Job title is required",
      currentCompany: "Company is required",
      totalExperience: "Total experience is required (0 to 50 years)",
      linkedinUrl: "LinkedIn URL is required. Put 'NA' if you do not have a LinkedIn profile.",
      workLocations: "At least one work location is required",
    });
  });
  it("takes experience 0 to 50 and LinkedIn as an https URL or NA", () => {
    expect(errorsOf(1, validApplication({ totalExperience: "0" }))).toEqual({});
    expect(errorsOf(1, validApplication({ totalExperience: "51" })).totalExperience).toBe(
      "Total experience is required (0 to 50 years)",
    );
    expect(errorsOf(1, validApplication({ linkedinUrl: "https://linkedin.com/in/asha" }))).toEqual(
      {},
    );
    expect(errorsOf(1, validApplication({ linkedinUrl: "javascript:alert(1)" })).linkedinUrl).toBe(
      "Please enter a full LinkedIn URL (https://…) or 'NA'",
    );
  });
});

describe("step 2: Profile Content", () => {
  it("limits the intro to 120 characters and wants 20 words of about, and a headshot", () => {
    expect(errorsOf(2, validApplication({ shortIntro: "x".repeat(120) }))).toEqual({});
    expect(errorsOf(2, validApplication({ shortIntro: "x".repeat(121) }))).toEqual({
      shortIntro: "Short introduction must be 120 characters or less",
    });
    expect(errorsOf(2, validApplication({ about: "too short" })).about).toBe(
      "About section must contain at least 20 words",
    );
    expect(errorsOf(2, validApplication({ shortIntro: "", about: "" }), "")).toEqual({
      shortIntro: "Short introduction is required",
      about: "About section is required",
      headshotUrl: "Professional headshot is required",
    });
  });
});

describe("step 3: Your Expertise", () => {
  it("counts lists after trimming and de-duplicating", () => {
    const errors = errorsOf(
      3,
      validApplication({
        skills: ["Go", " go ", "GO"],
        careerAdviceTopics: ["a", "b"],
        personalAdviceTopics: Array.from({ length: 11 }, (_, i) => `topic ${i}`),
      }),
    );
    expect(errors).toEqual({
      skills: "At least 3 skills are required",
      careerAdviceTopics: "Minimum 3 required",
      personalAdviceTopics: "Maximum 10 allowed",
    });
    expect(errorsOf(3, validApplication({ businessAdviceTopics: [] }))).toEqual({});
  });
  it("list helpers trim, drop blanks and keep the first spelling", () => {
    expect(cleanList([" Berlin ", "berlin", "", "  ", "Pune"])).toEqual(["Berlin", "Pune"]);
    expect(addToList(["Berlin"], "  BERLIN ")).toEqual(["Berlin"]);
    expect(countWords("  one two\nthree  ")).toBe(3);
    expect(countWords("   ")).toBe(0);
  });
});

describe("step 4 and step 5", () => {
  it("needs at least one availability slot", () => {
    const none = { timeZone: "Asia/Kolkata", windows: {} };
    expect(errorsOf(4, validApplication({ availability: none }))).toEqual({
      availability: "Please add and save at least one availability slot to continue.",
    });
    expect(errorsOf(4, validApplication({ availability: null })).availability).toBe(
      "Please add and save at least one availability slot to continue.",
    );
  });
  it("takes free, or a rate above 0 when charging, and needs the terms", () => {
    expect(errorsOf(5, validApplication({ isProBono: true, hourlyRate: "" }))).toEqual({});
    expect(errorsOf(5, validApplication({ hourlyRate: "", termsAccepted: false }))).toEqual({
      hourlyRate: "Hourly rate is required when charging",
      termsAccepted: "You must accept the terms and conditions.",
    });
    expect(errorsOf(5, validApplication({ hourlyRate: "-5" })).hourlyRate).toBe(
      "Hourly rate cannot be negative",
    );
    expect(errorsOf(5, validApplication({ hourlyRate: "0" })).hourlyRate).toBe(
      "Hourly rate must be greater than 0 when charging a fee",
    );
    expect(errorsOf(5, validApplication({ termsAccepted: false })).termsAccepted).toBe(
      "You must accept the terms and conditions.",
    );
  });
});

describe("the whole application", () => {
  it("reports the first failing step", () => {
    const result = checkApplication(validApplication({ skills: [] }), HEADSHOT);
    expect(result).toEqual({
      ok: false,
      step: 3,
      errors: { skills: "At least 3 skills are required" },
    });
    expect(checkApplication(validApplication(), null)).toMatchObject({ ok: false, step: 2 });
  });
  it("gives clean data when every step passes", () => {
    const result = checkApplication(
      validApplication({ workLocations: [" Germany", "germany"] }),
      HEADSHOT,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data).toMatchObject({
      totalExperience: 8,
      workLocations: ["Germany"],
      hourlyRate: 1500,
      termsAccepted: true,
    });
    expect(result.data).not.toHaveProperty("headshotUrl");
  });
});

describe("drafts", () => {
  it("cannot claim steps it has not passed (a forged skip lands on the first failing step)", () => {
    const forged = settleDraft(
      { currentStep: 5, completedSteps: [1, 2, 3, 4], values: { firstName: "Asha" } },
      null,
    );
    expect(forged).toMatchObject({ currentStep: 1, completedSteps: [] });
    const honest = settleDraft(
      { currentStep: 3, completedSteps: [1, 2], values: validApplication({ skills: [] }) },
      HEADSHOT,
    );
    expect(honest).toMatchObject({ currentStep: 3, completedSteps: [1, 2] });
    expect(hasProgress(honest)).toBe(true);
  });
  it("drops junk and oversized values instead of storing them", () => {
    const draft = settleDraft(
      { currentStep: "x", values: { about: "x".repeat(10_000), skills: "nope", isProBono: true } },
      null,
    );
    expect(draft.currentStep).toBe(1);
    expect(draft.values).toEqual({ isProBono: true });
    expect(hasProgress(draft)).toBe(false);
  });
});

describe("the wizard's step in the URL", () => {
  const read = (query: string) => readWizardStep(new URLSearchParams(query));

  it("reads one of the five steps, the first of a repeated parameter", () => {
    expect(read("step=3")).toBe(3);
    expect(read("step=5&step=1")).toBe(5);
  });

  it("reads nothing from garbage, huge or out-of-range values", () => {
    for (const value of ["", "0", "6", "-1", "2.0", "03", "three", " 3", "3%00", "9".repeat(1e5)]) {
      expect(read(`step=${value}`), value.slice(0, 10)).toBe(null);
    }
    expect(read("")).toBe(null);
  });

  it("goes no further than the first step whose data does not pass", () => {
    const full = validApplication();
    expect(reachableStep(5, full, HEADSHOT)).toBe(5);
    expect(reachableStep(5, full, null)).toBe(2);
    expect(reachableStep(4, { ...full, skills: [] }, HEADSHOT)).toBe(3);
    expect(reachableStep(3, emptyApplication({ firstName: "A", lastName: "B" }, null), null)).toBe(
      1,
    );
    // The step itself may still need filling: that is what it is for.
    expect(reachableStep(3, { ...full, skills: [] }, HEADSHOT)).toBe(3);
  });
});
