import { describe, expect, it } from "vitest";
import { validateForm } from "../form";
import { COMMON_MESSAGES } from "../messages/common";
import { PACKAGE_MESSAGES as M } from "../messages/packages";
import { packageOfferSchema } from "./packages";

const good = {
  name: "  Job   search sprint ",
  description: "Three calls:\r\nCV, interviews,\rnegotiation. ",
  sessions: "3",
  duration: "30",
  validityDays: "60",
  priceInr: "5085",
};

const errors = (values: Record<string, string>) => {
  const found = validateForm(packageOfferSchema, values);
  return found.success ? {} : found.fieldErrors;
};

describe("the package form", () => {
  it("trims the name to one line and keeps the description's line breaks as \\n", () => {
    const found = validateForm(packageOfferSchema, good);
    expect(found).toEqual({
      success: true,
      data: {
        name: "Job search sprint",
        description: "Three calls:\nCV, interviews,\nnegotiation.",
        sessions: 3,
        duration: 30,
        validityDays: 60,
        priceInr: 5085,
      },
    });
  });

  it("takes an empty description", () => {
    expect(errors({ ...good, description: "" })).toEqual({});
  });

  it("asks for a name, and one line of at most 80 characters", () => {
    expect(errors({ ...good, name: "   " })).toEqual({ name: M.nameRequired });
    expect(errors({ ...good, name: "x".repeat(81) })).toEqual({ name: M.nameTooLong });
    expect(errors({ ...good, name: "x".repeat(80) })).toEqual({});
    expect(errors({ ...good, name: "Two\nlines" }).name).toBe(COMMON_MESSAGES.singleLineOnly);
  });

  it("refuses a description over 600 characters or with control characters", () => {
    expect(errors({ ...good, description: "x".repeat(601) })).toEqual({
      description: M.descriptionTooLong,
    });
    // A CRLF counts as one character, as the browser shows it.
    expect(errors({ ...good, description: `${"x".repeat(299)}\r\n${"x".repeat(300)}` })).toEqual(
      {},
    );
    expect(errors({ ...good, description: "bell\u0007" }).description).toBeDefined();
  });

  it.each([
    ["sessions", "1", M.sessionsInvalid],
    ["sessions", "13", M.sessionsInvalid],
    ["sessions", "2.5", M.sessionsInvalid],
    ["sessions", "", M.sessionsInvalid],
    ["duration", "45", M.durationInvalid],
    ["duration", "", M.durationInvalid],
    ["validityDays", "13", M.validityInvalid],
    ["validityDays", "181", M.validityInvalid],
    ["priceInr", "99", M.priceInvalid],
    ["priceInr", "1000001", M.priceInvalid],
    ["priceInr", "5085.50", M.priceInvalid],
    ["priceInr", "-100", M.priceInvalid],
    ["priceInr", "1e4", M.priceInvalid],
  ])("refuses %s %j", (field, value, message) => {
    expect(errors({ ...good, [field]: value })).toEqual({ [field]: message });
  });

  it("takes every limit's edge", () => {
    expect(
      errors({ ...good, sessions: "12", duration: "15", validityDays: "180", priceInr: "100" }),
    ).toEqual({});
    expect(errors({ ...good, sessions: "2", validityDays: "14", priceInr: "1000000" })).toEqual({});
  });

  it("says what is missing when nothing is sent", () => {
    expect(errors({})).toEqual({
      name: M.nameRequired,
      description: M.descriptionTooLong,
      sessions: M.sessionsInvalid,
      duration: M.durationInvalid,
      validityDays: M.validityInvalid,
      priceInr: M.priceInvalid,
    });
  });
});
