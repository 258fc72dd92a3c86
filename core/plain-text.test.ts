import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { advisorReviewForm } from "./forms/admin";
import { addAdvisorSchema } from "./forms/add-advisor";
import { newAdvisorValues } from "./admin/add-advisor-fixture.test-support";
import { step1Schema, step2Schema, step3Schema } from "./forms/advisor-application";
import { validApplication } from "./advisor-application-fixture.test-support";
import { profileEditSchema } from "./forms/advisor-profile";
import { bankDetailsSchema } from "./forms/bank-details";
import { bookingRequestSchema, discoveryRequestSchema } from "./forms/booking";
import { signUpSchema } from "./forms/auth";
import { contactSchema } from "./forms/contact";
import { COMMON_MESSAGES } from "./messages/common";
import {
  isSingleLine,
  normaliseLineBreaks,
  paragraphs,
  singleLine,
  toSingleLine,
} from "./plain-text";
import { cancelReasonSchema, reviewSchema } from "./forms/sessions";

const ONE_LINE = COMMON_MESSAGES.singleLineOnly;
const NO_CONTROLS = COMMON_MESSAGES.noControlCharacters;

/** The calendar-invite injection of issue 19, and every other way to break a line. */
const INJECTION = "\r\nATTACH:https://evil.example/payload.exe\r\nX-INJ:1";
const LINE_BREAKS = [INJECTION, "\rX-INJ:1", "\nX-INJ:1", "\u2028X-INJ:1", "\u2029X-INJ:1"];
/** Control characters no field takes, line breaks aside. */
const CONTROLS = ["\u0000", "\u0007", "\u000b", "\f", "\u001b[31m", "\u007f", "\u0085", "\u009b"];

describe("the text helpers", () => {
  it("a one-line field refuses every line break and control character", () => {
    expect(isSingleLine("Aditya\tx")).toBe(false);
    for (const bad of [...LINE_BREAKS, ...CONTROLS]) {
      expect(isSingleLine(`Aditya${bad}x`), JSON.stringify(bad)).toBe(false);
      expect(singleLine().safeParse(`Aditya${bad}x`).error?.issues[0]?.message).toBe(ONE_LINE);
    }
    // Blanks around the text are trimmed, not refused; letters of any script pass.
    expect(singleLine().parse("  Aditya\r\n")).toBe("Aditya");
    // A pasted tab is a space.
    expect(singleLine().parse("Product\tManager\t")).toBe("Product Manager");
    expect(singleLine().parse("José Ñandú 李 محمد 😀")).toBe("José Ñandú 李 محمد 😀");
  });

  it("a paragraph field keeps line breaks as \\n and tabs, and refuses other controls", () => {
    expect(paragraphs().parse(" a\r\nb\rc\u2028d\u2029e\nf\tg ")).toBe("a\nb\nc\nd\ne\nf\tg");
    for (const bad of CONTROLS) {
      expect(paragraphs().safeParse(`a${bad}b`).error?.issues[0]?.message).toBe(NO_CONTROLS);
    }
  });

  it("normalises line breaks and flattens unchecked text to one line", () => {
    expect(normaliseLineBreaks("a\r\nb\rc\u2028d")).toBe("a\nb\nc\nd");
    expect(toSingleLine(`  Aditya${INJECTION}\u0000\t x `)).toBe(
      "Aditya ATTACH:https://evil.example/payload.exe X-INJ:1 x",
    );
  });
});

type Case = {
  form: string;
  schema: z.ZodType;
  valid: Record<string, unknown>;
  oneLine: string[];
  lists?: string[];
  paragraphs?: string[];
};

const application = { ...validApplication(), headshotUrl: "/uploads/headshots/x.webp" };
const profileLines = ["phone", "jobTitle", "currentCompany", "linkedinUrl", "shortIntro"];
const profileLists = [
  "workLocations",
  "skills",
  "careerAdviceTopics",
  "personalAdviceTopics",
  "businessAdviceTopics",
];
const start = { datetime: "2026-03-10T03:30:00Z", seekerTimezone: "Asia/Kolkata" };
const ADVISOR_ID = "8f14e45f-ceea-4e7a-9c8b-1a2b3c4d5e6f";

const CASES: Case[] = [
  {
    form: "sign-up",
    schema: signUpSchema,
    valid: { firstName: "Anu", lastName: "Rao", email: "a@b.co", password: "12345678" },
    oneLine: ["firstName", "lastName"],
  },
  {
    form: "contact",
    schema: contactSchema,
    valid: { name: "Priya Nair", email: "p@example.com", topic: "Refund", message: "When?!!!!!!" },
    oneLine: ["name"],
    paragraphs: ["message"],
  },
  {
    form: "application step 1",
    schema: step1Schema,
    valid: application,
    oneLine: ["firstName", "lastName", "phone", "jobTitle", "currentCompany", "linkedinUrl"],
    lists: ["workLocations"],
  },
  {
    form: "application step 2",
    schema: step2Schema,
    valid: application,
    oneLine: ["shortIntro"],
    paragraphs: ["about"],
  },
  {
    form: "application step 3",
    schema: step3Schema,
    valid: application,
    oneLine: [],
    lists: ["skills", "careerAdviceTopics", "personalAdviceTopics", "businessAdviceTopics"],
  },
  {
    form: "profile edit",
    schema: profileEditSchema,
    valid: application,
    oneLine: profileLines,
    lists: profileLists,
    paragraphs: ["about"],
  },
  {
    form: "add advisor",
    schema: addAdvisorSchema,
    valid: newAdvisorValues(),
    oneLine: ["firstName", "lastName", ...profileLines],
    lists: profileLists,
    paragraphs: ["about"],
  },
  {
    form: "booking",
    schema: bookingRequestSchema,
    valid: {
      advisorId: ADVISOR_ID,
      topics: ["Career Change"],
      additionalInfo: "Notes",
      sessionType: "First Call",
      duration: 30,
      ...start,
    },
    oneLine: [],
    lists: ["topics"],
    paragraphs: ["additionalInfo"],
  },
  {
    form: "discovery call",
    schema: discoveryRequestSchema,
    valid: { adviceSought: "Moving to Berlin", ...start },
    oneLine: [],
    paragraphs: ["adviceSought"],
  },
  {
    form: "review",
    schema: reviewSchema,
    valid: {
      ratingHelpfulness: "5",
      ratingActionability: "4",
      recommendAdvisor: "yes",
      writtenFeedback: "Great",
    },
    oneLine: [],
    paragraphs: ["writtenFeedback"],
  },
  {
    form: "admin rejection",
    schema: advisorReviewForm,
    valid: { intent: "reject", advisorId: ADVISOR_ID, reason: "Incomplete" },
    oneLine: [],
    paragraphs: ["reason"],
  },
  {
    form: "bank details",
    schema: bankDetailsSchema,
    valid: {
      bankAccountHolderName: "Asha Rao",
      bankName: "HDFC Bank",
      bankAccountNumber: "123456789012",
      bankIfscCode: "HDFC0001234",
      bankBranch: "Pune",
    },
    oneLine: ["bankAccountHolderName", "bankName", "bankBranch"],
  },
];

/** The first message the schema gives for `field`, or undefined when it passes. */
function messageFor(schema: z.ZodType, values: Record<string, unknown>, field: string) {
  const parsed = schema.safeParse(values);
  return parsed.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

describe.each(CASES)(
  "the $form form",
  ({ schema, valid, oneLine, lists = [], paragraphs = [] }) => {
    it("accepts its valid values (so each refusal below is the field's own)", () => {
      expect(schema.safeParse(valid).error?.issues).toBeUndefined();
    });

    it.each(oneLine)("%s refuses line breaks and control characters", (field) => {
      for (const bad of [...LINE_BREAKS, ...CONTROLS]) {
        const value = `${String(valid[field]).slice(0, 20)}${bad}x`;
        expect(messageFor(schema, { ...valid, [field]: value }, field), JSON.stringify(bad)).toBe(
          ONE_LINE,
        );
      }
    });

    it.each(lists)("each entry of %s refuses line breaks and control characters", (field) => {
      for (const bad of [...LINE_BREAKS, ...CONTROLS]) {
        const list = [...(valid[field] as string[]), `Entry${bad}x`];
        expect(messageFor(schema, { ...valid, [field]: list }, field), JSON.stringify(bad)).toBe(
          ONE_LINE,
        );
      }
    });

    it.each(paragraphs)("%s keeps line breaks as \\n and refuses control characters", (field) => {
      const typed = `${String(valid[field])}${INJECTION}\rmore\u2028end`;
      const parsed = schema.parse({ ...valid, [field]: typed }) as Record<string, unknown>;
      expect(parsed[field]).toBe(
        `${String(valid[field])}\nATTACH:https://evil.example/payload.exe\nX-INJ:1\nmore\nend`,
      );
      for (const bad of CONTROLS) {
        const value = `${String(valid[field])}${bad}x`;
        expect(messageFor(schema, { ...valid, [field]: value }, field), JSON.stringify(bad)).toBe(
          NO_CONTROLS,
        );
      }
    });
  },
);

describe("the cancellation reason", () => {
  it("keeps line breaks as \\n and refuses control characters", () => {
    expect(cancelReasonSchema.parse(`Ill${INJECTION}`)).toBe(
      "Ill\nATTACH:https://evil.example/payload.exe\nX-INJ:1",
    );
    for (const bad of CONTROLS) {
      expect(cancelReasonSchema.safeParse(`Ill${bad}x`).error?.issues[0]?.message).toBe(
        NO_CONTROLS,
      );
    }
  });
});
