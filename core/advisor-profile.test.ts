import { describe, expect, it } from "vitest";
import { parseRate } from "./forms/advisor-application";
import { checkProfile } from "./advisor-profile";
import { checkBankDetails, maskAccountNumber } from "./bank-details";

const valid = {
  phone: "+91 98765 43210",
  jobTitle: "Engineer",
  currentCompany: "Acme",
  totalExperience: "5",
  linkedinUrl: "NA",
  workLocations: ["India"],
  shortIntro: "Hello",
  about: Array.from({ length: 20 }, (_, i) => `word${i}`).join(" "),
  skills: ["a", "b", "c"],
  careerAdviceTopics: ["a", "b", "c"],
  personalAdviceTopics: ["a", "b", "c"],
  businessAdviceTopics: [],
  hourlyRate: "0",
  availability: { timeZone: "Asia/Kolkata", windows: { 2: [{ start: "10:00", end: "11:00" }] } },
};

describe("profile edit", () => {
  it("accepts a full profile, rate 0 meaning pro bono", () => {
    const result = checkProfile(valid);
    expect(result.ok && result.data.hourlyRate).toBe(0);
  });
  it("uses the edit form's messages", () => {
    const result = checkProfile({
      ...valid,
      phone: "",
      shortIntro: "x".repeat(121),
      about: "only four words here",
      skills: ["a"],
      careerAdviceTopics: [],
      personalAdviceTopics: ["a", "A"],
      workLocations: [],
      hourlyRate: "-1",
      totalExperience: "60",
      availability: { timeZone: "Asia/Kolkata", windows: {} },
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        phone: "Phone number is required",
        shortIntro: "Maximum 120 characters allowed",
        about: "Minimum 20 words required. Current: 4 words",
        skills: "At least 3 skills are required",
        careerAdviceTopics: "At least 3 career topics are required",
        personalAdviceTopics: "At least 3 personal topics are required",
        workLocations: "At least one work location is required",
        hourlyRate: "Hourly rate cannot be negative",
        totalExperience: "Experience must be between 0 and 50 years",
        availability: "Please add and save at least one availability slot to continue.",
      },
    });
  });
});

describe("hourly rate over the limit", () => {
  it("says so, in the edit form and the wizard alike", () => {
    const result = checkProfile({ ...valid, hourlyRate: "2000000" });
    expect(result).toEqual({
      ok: false,
      errors: { hourlyRate: "Hourly rate must be at most ₹10,00,000" },
    });
    expect(parseRate("2000000")).toBe("Hourly rate must be at most ₹10,00,000");
    expect(checkProfile({ ...valid, hourlyRate: "1000000" }).ok).toBe(true);
  });
});

describe("bank details", () => {
  const bank = {
    bankAccountHolderName: "Asha Rao",
    bankName: "State Bank of India",
    bankAccountNumber: "1234 5678 9012",
    bankIfscCode: "sbin0001234",
    bankBranch: "Pune Camp",
  };
  it("normalises the account number and IFSC", () => {
    expect(checkBankDetails(bank)).toEqual({
      ok: true,
      data: { ...bank, bankAccountNumber: "123456789012", bankIfscCode: "SBIN0001234" },
    });
  });
  it("needs all five fields", () => {
    const result = checkBankDetails({ ...bank, bankBranch: " " });
    expect(result).toMatchObject({ ok: false, message: "All fields are required" });
    expect(checkBankDetails({})).toMatchObject({ message: "All fields are required" });
  });
  it("checks the IFSC format and the account number", () => {
    for (const ifsc of ["SBIN1001234", "SBI0001234", "SBIN00012345", "1234056789A"]) {
      expect(checkBankDetails({ ...bank, bankIfscCode: ifsc })).toMatchObject({
        ok: false,
        message: "Please enter a valid IFSC code (11 characters, e.g. SBIN0001234)",
      });
    }
    expect(checkBankDetails({ ...bank, bankAccountNumber: "12ab" })).toMatchObject({
      message: "Please enter a valid account number (9 to 18 digits)",
    });
  });
  it("masks all but the last four digits", () => {
    expect(maskAccountNumber("123456789012")).toBe("•••• 9012");
  });
});
