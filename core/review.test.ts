import { describe, expect, it } from "vitest";
import { cancelReasonSchema, reviewSchema } from "./review";

describe("reviewSchema", () => {
  it("accepts two star ratings and a recommendation, feedback optional", () => {
    const result = reviewSchema.safeParse({
      ratingHelpfulness: "5",
      ratingActionability: "3",
      recommendAdvisor: "yes",
      writtenFeedback: "  ",
    });
    expect(result.success && result.data).toEqual({
      ratingHelpfulness: 5,
      ratingActionability: 3,
      recommendAdvisor: "yes",
      writtenFeedback: null,
    });
  });
  it.each([
    [{ ratingActionability: 3, recommendAdvisor: "yes" }],
    [{ ratingHelpfulness: 0, ratingActionability: 3, recommendAdvisor: "yes" }],
    [{ ratingHelpfulness: 6, ratingActionability: 3, recommendAdvisor: "yes" }],
    [{ ratingHelpfulness: 2.5, ratingActionability: 3, recommendAdvisor: "yes" }],
    [{ ratingHelpfulness: 2, ratingActionability: 3 }],
  ])("refuses %j with the product's message", (input) => {
    const result = reviewSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Star ratings and recommendation are required");
  });
});

describe("cancelReasonSchema", () => {
  it("trims and refuses a blank reason", () => {
    expect(cancelReasonSchema.safeParse("  Moved  ").data).toBe("Moved");
    expect(cancelReasonSchema.safeParse(" \n ").success).toBe(false);
  });
});
