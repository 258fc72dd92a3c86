import { describe, expect, it } from "vitest";
import { needsReview, profileChanges, type ReviewedProfile } from "./profile-review";

const live: ReviewedProfile = {
  jobTitle: "Product Lead",
  currentCompany: "Razorpay",
  totalExperience: 9,
  linkedinUrl: "https://www.linkedin.com/in/priya",
  workLocations: ["Bengaluru", "Berlin"],
  shortIntro: "Product lead who moved to Berlin",
  about: "I help product managers move abroad.\nTwo paragraphs.",
  skills: ["Roadmaps", "Hiring"],
  careerAdviceTopics: ["Career Change", "Interviews", "Salary"],
  personalAdviceTopics: ["Relocation", "Visas", "Housing"],
  businessAdviceTopics: [],
  hourlyRate: 4500,
};

describe("profile changes for review", () => {
  it("says nothing changed when nothing did", () => {
    expect(profileChanges(live, { ...live })).toEqual([]);
    expect(needsReview(live, { ...live, workLocations: [...live.workLocations] })).toBe(false);
  });

  it("names each changed field with its form label, in the form's order, in words", () => {
    const changes = profileChanges(live, {
      ...live,
      hourlyRate: 5000,
      about: "I help product managers move abroad.\nThree paragraphs now.",
      totalExperience: 1,
      skills: ["Roadmaps", "Pricing"],
      businessAdviceTopics: ["Fundraising"],
    });
    expect(changes).toEqual([
      {
        field: "totalExperience",
        label: "Total experience",
        kind: "value",
        before: "9 years",
        after: "1 year",
      },
      {
        field: "about",
        label: "About",
        kind: "value",
        before: "I help product managers move abroad.\nTwo paragraphs.",
        after: "I help product managers move abroad.\nThree paragraphs now.",
      },
      {
        field: "skills",
        label: "Skills",
        kind: "list",
        added: ["Pricing"],
        removed: ["Hiring"],
        reordered: false,
      },
      {
        field: "businessAdviceTopics",
        label: "Business advice topics",
        kind: "list",
        added: ["Fundraising"],
        removed: [],
        reordered: false,
      },
      {
        field: "hourlyRate",
        label: "Hourly rate (₹)",
        kind: "value",
        before: "₹4,500 an hour",
        after: "₹5,000 an hour",
      },
    ]);
  });

  it("shows a rate of 0 as pro bono, an emptied field as a dash, and a new order as such", () => {
    expect(profileChanges(live, { ...live, hourlyRate: 0, currentCompany: "" })).toEqual([
      { field: "currentCompany", label: "Company", kind: "value", before: "Razorpay", after: "—" },
      {
        field: "hourlyRate",
        label: "Hourly rate (₹)",
        kind: "value",
        before: "₹4,500 an hour",
        after: "Pro bono",
      },
    ]);
    const reordered = profileChanges(live, { ...live, skills: ["Hiring", "Roadmaps"] });
    expect(reordered).toEqual([
      { field: "skills", label: "Skills", kind: "list", added: [], removed: [], reordered: true },
    ]);
    expect(needsReview(live, { ...live, skills: ["Hiring", "Roadmaps"] })).toBe(true);
  });
});
