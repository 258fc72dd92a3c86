import { describe, expect, test } from "vitest";
import { APPLICATION_MESSAGES } from "./advisor";
import { SESSION_MESSAGES } from "./sessions";

// The specification's texts, typed here word for word: a catalogue edit that loses one fails.
describe("the spec's texts the form kit shows", () => {
  test("the wizard's error summary", () => {
    expect(APPLICATION_MESSAGES.fixErrorsTitle).toBe("Please fix errors");
    expect(APPLICATION_MESSAGES.fixErrorsBody).toBe(
      "Complete all required fields before continuing.",
    );
  });

  test("the review form's incomplete message, with its full stop", () => {
    expect(SESSION_MESSAGES.reviewIncompleteTitle).toBe("Please complete all required fields.");
    expect(SESSION_MESSAGES.reviewIncompleteBody).toBe(
      "Star ratings and recommendation are required",
    );
  });
});
