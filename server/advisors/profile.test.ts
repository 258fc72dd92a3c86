import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advisors } from "../db/schema";
import { createTestDatabase } from "../db/database.test-support";
import { getSchedule } from "../scheduling/schedule.server";
import { createAdvisor } from "../db/factories.test-support";
import { createBankCipher } from "../security/bank-cipher.server";
import { loadOwnBankDetails, saveBankDetails } from "../repositories/bank-details.server";
import { loadEditableProfile, saveProfile } from "./profile-edit.server";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});
const db = () => database.db;
const cipher = createBankCipher("a-test-key-that-is-long-enough-for-aes-256");
const statusOf = async (id: string) =>
  (await db().select().from(advisors).where(eq(advisors.id, id)))[0]?.profileStatus;

const bank = {
  bankAccountHolderName: "Asha Rao",
  bankName: "HDFC Bank",
  bankAccountNumber: "50100123456789",
  bankIfscCode: "HDFC0000123",
  bankBranch: "Baner, Pune",
};

describe("bank details", () => {
  it("stores the account number encrypted and shows its owner the number, others the mask", async () => {
    const advisorId = await createAdvisor(db());
    const saved = await saveBankDetails(db(), cipher, advisorId, bank);
    expect(saved).toEqual({
      ok: true,
      details: {
        bankAccountHolderName: "Asha Rao",
        bankName: "HDFC Bank",
        bankIfscCode: "HDFC0000123",
        bankBranch: "Baner, Pune",
        maskedAccountNumber: "•••• 6789",
      },
    });
    const [row] = await db().select().from(advisors).where(eq(advisors.id, advisorId));
    expect(row!.bankAccountNumber).not.toContain("50100123456789");
    expect(row!.bankAccountNumber).not.toContain("6789");
    expect(row!.bankAccountNumber).toMatch(/^v1\./);
    expect(await loadOwnBankDetails(db(), cipher, advisorId)).toMatchObject({
      bankAccountNumber: "50100123456789",
      maskedAccountNumber: "•••• 6789",
    });
    // Copied onto another advisor's row, the ciphertext does not open.
    const other = await createAdvisor(db(), { bankAccountNumber: row!.bankAccountNumber });
    await expect(loadOwnBankDetails(db(), cipher, other)).rejects.toThrow();
    // Nor under another key.
    const wrongKey = createBankCipher("another-key-that-is-also-long-enough-000");
    await expect(loadOwnBankDetails(db(), wrongKey, advisorId)).rejects.toThrow();
  });

  it("refuses a missing field or a bad IFSC and keeps what was there", async () => {
    const advisorId = await createAdvisor(db());
    await saveBankDetails(db(), cipher, advisorId, bank);
    expect(
      await saveBankDetails(db(), cipher, advisorId, {
        ...bank,
        bankName: "",
        bankAccountNumber: "1",
      }),
    ).toMatchObject({ ok: false, message: "All fields are required" });
    expect(
      await saveBankDetails(db(), cipher, advisorId, { ...bank, bankIfscCode: "HDFC123" }),
    ).toMatchObject({
      ok: false,
      message: "Please enter a valid IFSC code (11 characters, e.g. SBIN0001234)",
    });
    expect(await loadOwnBankDetails(db(), cipher, advisorId)).toMatchObject(bank);
  });
});

const profile = {
  phone: "+91 90000 00000",
  jobTitle: "Data Scientist",
  currentCompany: "Flipkart",
  totalExperience: "6",
  linkedinUrl: "https://www.linkedin.com/in/someone",
  workLocations: ["India", "Remote"],
  shortIntro: "Data scientist in Bengaluru",
  about:
    "I help people move into data science from engineering, analytics and research roles, with honest advice about skills, interviews, salaries and the first year.",
  skills: ["Python", "Statistics", "Interviews"],
  careerAdviceTopics: ["Career Change", "Interview Preparation", "Salary Negotiation"],
  personalAdviceTopics: ["Work-Life Balance", "Networking", "Managing Stress"],
  businessAdviceTopics: [],
  hourlyRate: "2000",
  availability: { timeZone: "Asia/Kolkata", windows: { 3: [{ start: "18:00", end: "20:00" }] } },
};

describe("profile edit", () => {
  it("an advisor's own save of a rejected profile sends it back to review; an admin's keeps the status", async () => {
    const advisorId = await createAdvisor(db(), { profileStatus: "rejected" });
    expect(await saveProfile(db(), { advisorId, byAdmin: false, values: profile })).toEqual({
      ok: true,
      underReview: true,
      discardedPhoto: null,
      availabilitySaved: true,
    });
    expect(await statusOf(advisorId)).toBe("pending");
    const loaded = await loadEditableProfile(db(), advisorId);
    expect(loaded?.values).toMatchObject({ ...profile, workLocations: ["India", "Remote"] });
    expect(await getSchedule(db(), advisorId)).toEqual(profile.availability);

    const approved = await createAdvisor(db());
    await saveProfile(db(), { advisorId: approved, byAdmin: true, values: profile });
    expect(await statusOf(approved)).toBe("approved");
  });

  it("refuses invalid values with the form's messages and changes nothing", async () => {
    const advisorId = await createAdvisor(db(), { jobTitle: "Before" });
    const result = await saveProfile(db(), {
      advisorId,
      byAdmin: false,
      values: { ...profile, jobTitle: " ", about: "too short" },
    });
    expect(result).toEqual({
      ok: false,
      status: 400,
      fieldErrors: {
        jobTitle: "Job title is required",
        about: "Minimum 20 words required. Current: 2 words",
      },
    });
    const [row] = await db().select().from(advisors).where(eq(advisors.id, advisorId));
    expect(row).toMatchObject({ jobTitle: "Before", profileStatus: "approved" });
  });

  it("a draft has no profile to edit", async () => {
    const advisorId = await createAdvisor(db(), { profileStatus: "draft" });
    expect(await loadEditableProfile(db(), advisorId)).toBeNull();
  });
});
