import { describe, expect, it } from "vitest";
import { firstErrorPerField } from "../form";
import { noShowDecisionSchema, noShowNoteSchema } from "./no-shows";

describe("the no-show forms", () => {
  it("ask for a note of at most 1,000 characters", () => {
    const errors = (note: unknown) => {
      const parsed = noShowNoteSchema.safeParse({ note });
      return parsed.success ? {} : firstErrorPerField(parsed.error);
    };
    expect(errors("   ")).toEqual({ note: "Please tell us what happened." });
    expect(errors(undefined)).toEqual({ note: "Please tell us what happened." });
    expect(errors("x".repeat(1001))).toEqual({
      note: "Please keep your note under 1000 characters.",
    });
    expect(noShowNoteSchema.parse({ note: " Waited 20 minutes. " })).toEqual({
      note: "Waited 20 minutes.",
    });
  });

  it("take only the three decisions", () => {
    expect(noShowDecisionSchema.safeParse({ outcome: "no_fault" }).success).toBe(true);
    const bad = noShowDecisionSchema.safeParse({ outcome: "refund" });
    expect(bad.success ? {} : firstErrorPerField(bad.error)).toEqual({
      outcome: "Please choose a decision.",
    });
  });
});
