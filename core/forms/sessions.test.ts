import { describe, expect, it } from "vitest";
import { validateForm } from "../form";
import { cancelReasonSchema, reviewSchema } from "./sessions";

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
  const RATING = "Please choose a rating from 1 to 5 stars.";
  it.each([
    [{ ratingActionability: 3, recommendAdvisor: "yes" }, { ratingHelpfulness: RATING }],
    [
      { ratingHelpfulness: 0, ratingActionability: 0, recommendAdvisor: "yes" },
      { ratingHelpfulness: RATING, ratingActionability: RATING },
    ],
    [
      { ratingHelpfulness: 6, ratingActionability: 3, recommendAdvisor: "yes" },
      { ratingHelpfulness: RATING },
    ],
    [
      { ratingHelpfulness: 2.5, ratingActionability: 3, recommendAdvisor: "yes" },
      { ratingHelpfulness: RATING },
    ],
    [
      { ratingHelpfulness: 2, ratingActionability: 3 },
      { recommendAdvisor: "Please choose Yes or No." },
    ],
  ])("refuses %j with a message beside each missing answer", (input, expected) => {
    expect(validateForm(reviewSchema, input)).toEqual({ success: false, fieldErrors: expected });
  });
});

describe("cancelReasonSchema", () => {
  it("trims and refuses a blank reason", () => {
    expect(cancelReasonSchema.safeParse("  Moved  ").data).toBe("Moved");
    expect(cancelReasonSchema.safeParse(" \n ").error?.issues[0]?.message).toBe(
      "Please tell us why you are cancelling.",
    );
    expect(cancelReasonSchema.safeParse("x".repeat(1001)).error?.issues[0]?.message).toBe(
      "Please keep your reason to 1000 characters or fewer.",
    );
  });
});
